import Testing
import TroveQuery
import TroveSQLite
import TroveSearch
import TroveTestSupport

/// ``SearchIndex/rankedLast``: rows whose 0-or-1 column is 1 come after the others when hits
/// are ranked, as the reminders put completed ones after open ones. Over ``NotesFixture``,
/// `pinned` plays the part (notes 1 and 4 are pinned).
@Suite struct SearchIndexRankedLastTests {
    static func index(name: String? = nil) throws -> SearchIndex {
        try SearchIndex(
            name: name, table: "notes", key: "id", fields: NotesFixture.index.fields, filters: NotesFixture.index.filters,
            facets: NotesFixture.index.facets, rankedLast: "pinned")
    }

    @Test func rankedRowsOfTheColumnComeAfterTheOthers() throws {
        let db = try NotesFixture.database()
        // Ranked alone, the pinned title hit is first.
        #expect(try NotesFixture.index.search("sourdough", on: db).hits.map(\.key) == [1, 2, 5])
        let last = try Self.index()
        // Same FTS5 index: the column is read when searching.
        #expect(try last.isCurrent(db))
        let results = try last.search("sourdough", on: db)
        #expect(results.hits.map(\.key) == [2, 5, 1])
        #expect(results.total == 3)
        // Without words, in key order with the pinned last: Baking is 1, 3, 5.
        #expect(try last.search("folder:baking", on: db).hits.map(\.key) == [3, 5, 1])
        // A column sort is the column's order alone.
        #expect(try last.sorted(by: .column("title")).search("sourdough", on: db).hits.map(\.key) == [5, 1, 2])
    }

    @Test func cursorPagesCrossFromTheOthersToTheLast() throws {
        let db = try NotesFixture.database()
        let last = try Self.index()
        #expect(try last.keysByCursor("sourdough", on: db, limit: 1) == [2, 5, 1])
        // A cursor of the index without the column is for another order.
        let plain = try #require(try NotesFixture.index.search("sourdough", on: db, limit: 1).next)
        #expect(throws: SearchIndexError.cursorNotForThisSearch(index: "notes")) {
            try last.search("sourdough", on: db, limit: 1, after: plain)
        }
    }

    /// More matches than a page ranked in the FTS5 index alone (``SearchIndex`` does so past
    /// 1,000): that shortcut knows no ranked-last column, so it must not be taken.
    @Test func manyMatchesStillPutTheColumnsRowsLast() throws {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT, folder TEXT, pinned INTEGER NOT NULL DEFAULT 0)")
        // 1,500 notes titled "Bread n"; every third pinned; the shorter titles rank higher.
        try db.execute("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1500)
            INSERT INTO notes (id, title, body, folder, pinned) SELECT i, 'Bread ' || i, '', 'Baking', i % 3 = 0 FROM n
            """)
        let last = try Self.index()
        try last.migrate(db)
        // Every page by cursor, 100 at a time: 1,000 unpinned notes, then the 500 pinned.
        var page = try last.search("bread", on: db, limit: 100, typos: .off)
        #expect(page.total == 1_500)
        var keys = page.hits.map(\.key)
        while let next = page.next {
            page = try last.search("bread", on: db, limit: 100, after: next, typos: .off)
            keys += page.hits.map(\.key)
        }
        #expect(keys.count == 1_500 && Set(keys).count == 1_500)
        #expect(keys.prefix(1_000).allSatisfy { $0 % 3 != 0 } && keys.suffix(500).allSatisfy { $0 % 3 == 0 })
        // Within each part, the ranking: the shorter titles ("Bread 1" … "Bread 9") first.
        #expect(Array(keys.prefix(6)) == [1, 2, 4, 5, 7, 8])
        #expect(Array(keys[1_000..<1_003]) == [3, 6, 9])
        // A page by offset across the boundary is the same order's.
        #expect(try last.search("bread", on: db, limit: 20, offset: 990, typos: .off).hits.map(\.key) == Array(keys[990..<1_010]))
    }

    @Test func theColumnMustBeAnIdentifierAndTheTablesOwn() throws {
        #expect(throws: SearchIndexError.invalidName("is done", role: "the ranked-last column")) {
            try SearchIndex(table: "notes", key: "id", fields: [.init("title")], rankedLast: "is done")
        }
        let db = try NotesFixture.appDatabase()
        let missing = try SearchIndex(table: "notes", key: "id", fields: [.init("title")], rankedLast: "archived")
        #expect(throws: SearchIndexError.missingColumn(index: "notes", table: "notes", column: "archived")) {
            try missing.migrate(db)
        }
    }
}
