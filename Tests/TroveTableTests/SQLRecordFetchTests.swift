import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveTable

/// A table declared with `@SQLRecord`, created, filled through the builder and fetched as its own
/// struct: snake_case and renamed columns decode into their properties, NULL into an optional.
@Suite struct SQLRecordFetchTests {
    @SQLRecord("bookmarks")
    struct Bookmark: Equatable {
        var id: Int64
        var url: String
        var title: String
        var createdAt: Date
        @SQLColumnName("visits") var visitCount: Int64?
        /// Not a column: computed.
        var host: String { URL(string: url)?.host ?? "" }
        /// Not a column: static.
        static let maximumTitleLength = 200
    }

    /// The struct's own JSON keys differ from both its property names and its columns.
    @SQLRecord("tags")
    struct Tag: Codable, Equatable {
        var tagID: Int64
        var displayName: String
        enum CodingKeys: String, CodingKey {
            case tagID = "id"
            case displayName = "name"
        }
    }

    static let day = Date(timeIntervalSince1970: 1_780_000_000)

    static func makeDatabase() throws -> SQLConnection {
        let db = try SQLConnection.inMemory()
        try db.execute("""
            CREATE TABLE bookmarks(id INTEGER PRIMARY KEY, url TEXT NOT NULL, title TEXT NOT NULL,
                                   created_at TEXT NOT NULL, visits INTEGER);
            CREATE TABLE tags(tag_id INTEGER PRIMARY KEY, display_name TEXT NOT NULL);
            """)
        try db.execute(Bookmark.insert {
            $0.id.set(1); $0.url.set("https://swift.org/blog"); $0.title.set("Swift blog")
            $0.createdAt.set(day); $0.visitCount.set(12)
        })
        try db.execute(Bookmark.insert {
            $0.id.set(2); $0.url.set("https://sqlite.org/fts5.html"); $0.title.set("FTS5")
            $0.createdAt.set(day.addingTimeInterval(60)); $0.visitCount.set(nil)
        })
        try db.execute(Bookmark.insert {
            $0.id.set(3); $0.url.set("https://example.com/swift-testing"); $0.title.set("Swift Testing")
            $0.createdAt.set(day.addingTimeInterval(120)); $0.visitCount.set(nil)
        })
        return db
    }

    @Test func theDeclarationNamesTheTableAndItsColumnsInSnakeCaseOrAsRenamed() {
        #expect(Bookmark.tableName == "bookmarks")
        #expect(Bookmark.columns.declaredColumnNames == ["id", "url", "title", "created_at", "visits"])
        #expect(Bookmark.columnNamesByCodingKey == ["createdAt": "created_at", "visitCount": "visits"])
    }

    @Test func aTypedFetchDecodesRenamedColumnsAndANilOptional() throws {
        let db = try Self.makeDatabase()
        let query = Bookmark.where { $0.title.contains("Swift") }.order { $0.createdAt.desc() }
        #expect(query.sql.debugDescription == """
            SELECT "bookmarks".* FROM "bookmarks" WHERE ("bookmarks"."title" LIKE '%Swift%' ESCAPE '\\') \
            ORDER BY "bookmarks"."created_at" DESC
            """)
        let found = try db.fetchAll(query, as: Bookmark.self)
        #expect(found == [
            Bookmark(id: 3, url: "https://example.com/swift-testing", title: "Swift Testing",
                     createdAt: Self.day.addingTimeInterval(120), visitCount: nil),
            Bookmark(id: 1, url: "https://swift.org/blog", title: "Swift blog", createdAt: Self.day, visitCount: 12),
        ])
        let fts = try #require(try db.fetchOne(Bookmark.where { $0.id == 2 }, as: Bookmark.self))
        #expect(fts.visitCount == nil)
        #expect(fts.host == "sqlite.org")
    }

    @Test func aMissingRenamedColumnIsReportedByItsColumnName() throws {
        let db = try Self.makeDatabase()
        let error = #expect(throws: SQLiteRowDecodingError.self) {
            _ = try db.fetchAll(Bookmark.select { ($0.id, $0.url, $0.title, $0.visitCount) }, as: Bookmark.self)
        }
        #expect(error?.column == "created_at")
    }

    @Test func aStructWithItsOwnCodingKeysKeepsThemForJSONAndReadsItsColumns() throws {
        let db = try Self.makeDatabase()
        #expect(Tag.columns.declaredColumnNames == ["tag_id", "display_name"])
        #expect(Tag.columnNamesByCodingKey == ["id": "tag_id", "name": "display_name"])
        try db.execute(Tag.insert { $0.tagID.set(7); $0.displayName.set("reading") })
        let tags = try db.fetchAll(Tag.all, as: Tag.self)
        #expect(tags == [Tag(tagID: 7, displayName: "reading")])
        let json = String(decoding: try JSONEncoder().encode(tags[0]), as: UTF8.self)
        #expect(json.contains("\"name\":\"reading\""))
        #expect(try JSONDecoder().decode(Tag.self, from: Data(json.utf8)) == tags[0])
    }

    // MARK: - TroveQuery.docc/TheQueryBuilder.md, "Declare a table" (change both together)

    @SQLRecord("notes")
    struct Note {
        var id: Int64
        var title: String
        var createdAt: Date                               // SQLColumn<Date>("created_at")
        @SQLColumnName("body") var text: String           // SQLColumn<String>("body")
    }

    @Test func theQueryBuildersArticleSample() throws {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE notes(id INTEGER PRIMARY KEY, title TEXT, created_at TEXT, body TEXT)")
        try db.execute(Note.insert { $0.id.set(1); $0.title.set("Take a walk"); $0.createdAt.set(Self.day); $0.text.set("around the park") })
        let query = Note.where { $0.title.contains("walk") }
        #expect(query.sql.render().sql == #"SELECT "notes".* FROM "notes" WHERE ("notes"."title" LIKE ? ESCAPE '\')"#)
        let notes = try db.fetchAll(query, as: Note.self)
        #expect(notes.map(\.text) == ["around the park"])
        #expect(notes.map(\.createdAt) == [Self.day])
    }
}
