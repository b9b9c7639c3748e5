import Foundation
import GRDB
import Testing
import Trove

/// An app that imports GRDB 7 and Trove together names both libraries' types without
/// qualifying any (issue 21, item 2). This target builds the real GRDB: a public Trove name that
/// GRDB also declares at the top level (`SQLiteConnection`, GRDB's alias of the C handle, was
/// one) makes the names below "ambiguous for type lookup", and the target stops compiling.
///
/// NB: names in type positions: `Name.self` in an expression could let the type checker pick one
/// of the two silently.
@Suite struct TroveBesideGRDBTests {
    @Test func bothLibrariesNamesAreUnambiguous() {
        // Trove's: the SQLite layer, the query builder, the search index.
        let _: SQLConnection? = nil
        let _: SQLiteDatabase? = nil
        let _: SQLiteRow? = nil
        let _: SQLiteError? = nil
        let _: OpenError? = nil
        let _: SQLFragment? = nil
        let _: (any SQLStatement)? = nil
        let _: (any SQLTypedExpression<Int>)? = nil
        let _: (any SQLBindable)? = nil
        let _: SQLBinding? = nil
        let _: SQLDecodingError? = nil
        let _: SQLCollation? = nil
        let _: (any SQLTable.Type)? = nil
        let _: TypedExpression<Int>? = nil
        let _: OrderingTerm? = nil
        let _: SearchIndex? = nil
        let _: SearchProvider? = nil
        let _: IndexResultSet? = nil
        let _: IndexHit? = nil
        let _: SearchCursor? = nil
        let _: HighlightStyle? = nil
        // GRDB's, the same names an app that uses it writes.
        let _: DatabaseQueue? = nil
        let _: DatabasePool? = nil
        let _: Database? = nil
        let _: Row? = nil
        let _: Column? = nil
        let _: SQL? = nil
        let _: SQLExpression? = nil
        let _: SQLRequest<Row>? = nil
        let _: Statement? = nil
        let _: DatabaseValue? = nil
        let _: Configuration? = nil
        let _: DatabaseMigrator? = nil
        let _: SQLiteConnection? = nil  // GRDB's: the C handle
    }

    /// The two side by side on one file: GRDB writes the app's table, Trove indexes and
    /// searches it.
    @Test func grdbWritesTheTableAndTroveSearchesIt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trove-grdb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("app.sqlite").path

        // NB: as the README asks of an app that opens GRDB's connections before Trove's: Trove's
        // process-wide SQLite settings first, since they only apply before SQLite starts (all
        // tests share one process, and LibraryConfigurationTests checks they applied).
        SQLiteLibrary.configure()
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(sql: "CREATE TABLE bookmarks (id INTEGER PRIMARY KEY, title TEXT NOT NULL, url TEXT NOT NULL)")
            try db.execute(sql: "INSERT INTO bookmarks (title, url) VALUES (?, ?)", arguments: ["Sourdough starter guide", "https://example.org/bread"])
            try db.execute(sql: "INSERT INTO bookmarks (title, url) VALUES (?, ?)", arguments: ["Lisbon by train", "https://example.org/travel"])
        }
        try queue.close()

        let database = try SQLiteDatabase(path: path)
        let index = try SearchIndex(table: "bookmarks", key: "id", fields: [.init("title", weight: 5), .init("url")])
        try await database.write { db in try index.migrate(db) }
        let results = try await index.search("sourdough", in: database)
        #expect(results.hits.map(\.key) == [1])
        #expect(results.hits.first?.highlighted["title"] == "[Sourdough] starter guide")
    }
}
