import Foundation
import Testing
import TroveQuery
import TroveSQLite

/// `fetchAll`, `fetchOne`, `fetchCount` and `execute` on builder statements: typed tuples, an
/// app's `Decodable` types read by column name, and errors that name the column and the type.
@Suite struct TypedFetchTests {
    enum Mood: String, SQLBindable, Decodable { case calm, busy }
    /// Decodable but not SQLBindable: read through the column's single value.
    enum Size: String, Decodable { case small, large }

    struct Note: SQLTable {
        static let tableName = "notes"
        struct Columns: TableColumns {
            let id = SQLColumn<Int64>("id")
            let title = SQLColumn<String>("title")
            let body = SQLColumn<String?>("body")
            let mood = SQLColumn<Mood>("mood")
            let stars = SQLColumn<Int>("stars")
        }
        static let columns = Columns()
    }

    struct NoteRecord: Decodable, Equatable, Sendable {
        var id: Int64
        var title: String
        var body: String?
        var mood: Mood
        var stars: UInt8
        var size: Size
    }

    static func makeDatabase() throws -> SQLConnection {
        let db = try SQLConnection.inMemory()
        try db.execute("""
            CREATE TABLE notes(id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT, mood TEXT NOT NULL,
                               stars INTEGER NOT NULL, size TEXT NOT NULL);
            INSERT INTO notes VALUES (1, 'Walk', 'around the park', 'calm', 3, 'small'),
                                     (2, 'Taxes', NULL, 'busy', 5, 'large'),
                                     (3, 'Walk again', NULL, 'calm', 300, 'huge');
            """)
        return db
    }

    @Test func fetchAllReturnsTheSelectsTypedTuples() throws {
        let db = try Self.makeDatabase()
        let rows = try db.fetchAll(Note.where { $0.mood == .calm }.select { ($0.id, $0.title, $0.mood) }.order { $0.id })
        #expect(rows.map(\.0) == [1, 3])
        #expect(rows.map(\.1) == ["Walk", "Walk again"])
        #expect(rows.map(\.2) == [.calm, .calm])
        let single: [String] = try db.fetchAll(Note.select { $0.title }.order { $0.id })
        #expect(single == ["Walk", "Taxes", "Walk again"])
    }

    @Test func fetchOneReturnsTheFirstRowOrNil() throws {
        let db = try Self.makeDatabase()
        let body: String?? = try db.fetchOne(Note.where { $0.id == 2 }.select { $0.body })
        #expect(body == .some(.none), "a row whose value is NULL")
        let missing: String? = try db.fetchOne(Note.where { $0.id == 99 }.select { $0.title })
        #expect(missing == nil, "no row")
    }

    @Test func fetchCountCountsWhatFetchAllReturns() throws {
        let db = try Self.makeDatabase()
        let calm = Note.where { $0.mood == .calm }
        #expect(calm.count().debugDescription == #"SELECT count(*) FROM "notes" WHERE ("notes"."mood" = 'calm')"#)
        #expect(try db.fetchCount(calm) == 2)
        let moods = Note.select { $0.mood }.distinct()
        #expect(moods.count().debugDescription == #"SELECT count(*) FROM (SELECT DISTINCT "notes"."mood" FROM "notes")"#)
        #expect(try db.fetchCount(moods) == 2)
        let limited = Note.all.order { $0.id }.limit(2)
        let limitedRows = try db.fetchAll(limited.select { $0.id })
        #expect(try db.fetchCount(limited) == limitedRows.count)
        #expect(limitedRows == [1, 2])
    }

    @Test func executeRunsBuilderStatementsAndReturnsTheRowsChanged() throws {
        let db = try Self.makeDatabase()
        #expect(try db.execute(Note.where { $0.mood == .calm }.update { $0.mood.set(.busy) }) == 2)
        #expect(try db.fetchCount(Note.where { $0.mood == .busy }) == 3)
        #expect(try db.execute(Note.where { $0.id == 2 }.delete()) == 1)
        #expect(try db.fetchCount(Note.all) == 2)
    }

    @Test func decodableTypesReadEachPropertyFromTheColumnOfItsName() throws {
        let db = try Self.makeDatabase()
        let notes = try db.fetchAll("SELECT * FROM notes WHERE id <= \(2) ORDER BY id", as: NoteRecord.self)
        #expect(notes == [
            NoteRecord(id: 1, title: "Walk", body: "around the park", mood: .calm, stars: 3, size: .small),
            NoteRecord(id: 2, title: "Taxes", body: nil, mood: .busy, stars: 5, size: .large),
        ])
        // A builder statement, and columns in another order than the properties.
        struct Brief: Decodable, Equatable { var title: String; var id: Int64; var body: String? }
        let brief = try db.fetchOne(Note.where { $0.id == 2 }.select { ($0.title, $0.id) }, as: Brief.self)
        #expect(brief == Brief(title: "Taxes", id: 2, body: nil), "an optional property the row lacks is nil")
    }

    @Test func aMissingColumnNamesTheColumnTheTypeAndTheColumnsThereAre() throws {
        let db = try Self.makeDatabase()
        let error = #expect(throws: SQLiteRowDecodingError.self) {
            try db.fetchAll(Note.all.select { ($0.id, $0.body) }, as: NoteRecord.self)
        }
        #expect(error?.column == "title")
        #expect(error?.description
            == #"cannot decode NoteRecord.title (String): the row has no column "title" (it has "id", "body"); select it, or alias a column AS "title""#)
    }

    @Test func nullIntoAPropertyThatIsNotOptionalNamesTheColumnAndTheType() throws {
        struct Strict: Decodable { var id: Int64; var body: String }
        let db = try Self.makeDatabase()
        let error = #expect(throws: SQLiteRowDecodingError.self) {
            try db.fetchAll("SELECT id, body FROM notes ORDER BY id", as: Strict.self)
        }
        #expect(error?.problem == .null)
        #expect(error?.description.hasPrefix(#"cannot decode Strict.body (String): column "body" is NULL; make the property optional (String?)"#) == true)
    }

    @Test func aValueOfTheWrongTypeNamesTheColumnTheTypeAndTheValue() throws {
        let db = try Self.makeDatabase()
        // 300 stars is no UInt8; 'huge' is no Size.
        let stars = #expect(throws: SQLiteRowDecodingError.self) {
            try db.fetchOne("SELECT id, title, body, mood, stars, 'small' AS size FROM notes WHERE id = 3", as: NoteRecord.self)
        }
        #expect(stars?.description == #"cannot decode NoteRecord.stars (UInt8): column "stars" holds 300, which is not a UInt8; check the column's type or the property's"#)
        let size = #expect(throws: SQLiteRowDecodingError.self) {
            try db.fetchOne("SELECT id, title, body, mood, 1 AS stars, size FROM notes WHERE id = 3", as: NoteRecord.self)
        }
        #expect(size?.column == "size" && size?.type == "Size" && size?.problem == .mismatch(.text("huge")))
        let mood = #expect(throws: SQLiteRowDecodingError.self) {
            try db.fetchOne("SELECT id, title, body, 'sleepy' AS mood, 1 AS stars, size FROM notes WHERE id = 1", as: NoteRecord.self)
        }
        #expect(mood?.column == "mood" && mood?.type == "Mood")
    }

    @Test func aTypedTupleThatCannotDecodeNamesItsColumn() throws {
        let db = try Self.makeDatabase()
        // `title` declared as a Mood reads 'Walk', which is no Mood.
        let wrong = Note.select { ($0.id, $0.title.stored(as: Mood.self)) }
        let error = #expect(throws: SQLiteRowError.self) { try db.fetchAll(wrong) }
        guard case .cannotDecode(let column, let index, let decoding)? = error else {
            Issue.record("expected cannotDecode, got \(String(describing: error))")
            return
        }
        #expect(column == "title" && index == 1 && decoding.type == "Mood")
        #expect(error?.description.hasPrefix(#"column "title" (index 1): cannot read 'Walk' as Mood"#) == true)
    }

    @Test func databaseRunsTheFetchesOnAReaderAndExecuteOnTheWriter() async throws {
        let database = try SQLiteDatabase.inMemory()
        try await database.writeWithoutTransaction { db in
            try db.execute("""
                CREATE TABLE notes(id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT, mood TEXT NOT NULL,
                                   stars INTEGER NOT NULL, size TEXT NOT NULL);
                """)
        }
        let inserted = try await database.execute(Note.insert {
            $0.title.set("Walk"); $0.mood.set(.calm); $0.stars.set(2)
            Assignment(column: "size", value: SQLFragment(binding: "small"))
        })
        #expect(inserted == 1)
        #expect(try await database.fetchAll(Note.select { ($0.title, $0.mood) }).map(\.0) == ["Walk"])
        let stars: Int? = try await database.fetchOne(Note.select { $0.stars })
        #expect(stars == 2)
        #expect(try await database.fetchCount(Note.all) == 1)
        #expect(try await database.fetchAll(Note.all, as: NoteRecord.self).map(\.size) == [.small])
        #expect(try await database.fetchOne(Note.where { $0.id == 9 }, as: NoteRecord.self) == nil)
    }
}
