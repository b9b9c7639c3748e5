import Testing
import TroveQuery
import TroveSQLite
import TroveSearch
import TroveTestSupport

/// ``SearchIndex/sorted(by:)``: the same index in another order for one search, as a list
/// that shows notes by title where the search box ranks them (``NotesFixture``).
@Suite struct SearchIndexSortedTests {
    let index = NotesFixture.index

    @Test func aSortedCopyOrdersByTheColumnWithoutAMigration() throws {
        let db = try NotesFixture.database()
        // Ranked: the title hit first.
        #expect(try index.search("sourdough", on: db).hits.map(\.key) == [1, 2, 5])
        let byTitle = try index.sorted(by: .column("title"))
        #expect(try byTitle.isCurrent(db))
        // Bread notes, Sourdough loaf, Weekly groceries.
        #expect(try byTitle.search("sourdough", on: db).hits.map(\.key) == [5, 1, 2])
        let newestFirst = try index.sorted(by: .column("id", descending: true))
        #expect(try newestFirst.search("sourdough", on: db).hits.map(\.key) == [5, 2, 1])
        #expect(try newestFirst.sorted(by: .rank).search("sourdough", on: db).hits.map(\.key) == [1, 2, 5])
        #expect(newestFirst.sort == .column("id", descending: true) && index.sort == .rank)
    }

    @Test func aCursorBelongsToItsOrder() throws {
        let db = try NotesFixture.database()
        let byTitle = try index.sorted(by: .column("title"))
        let first = try byTitle.search("sourdough", on: db, limit: 2)
        #expect(first.hits.map(\.key) == [5, 1])
        let next = try #require(first.next)
        #expect(try byTitle.search("sourdough", on: db, limit: 2, after: next).hits.map(\.key) == [2])
        #expect(throws: SearchIndexError.cursorNotForThisSearch(index: "notes")) {
            try index.search("sourdough", on: db, limit: 2, after: next)
        }
    }

    // NULL is the smallest value unless the sort says where it goes; a cursor pages across it.
    @Test func aSortSaysWhereNullGoes() throws {
        let db = try NotesFixture.database()
        // Folders (binary order): 1 and 3 Baking, 2 Shopping, 4 Travel, 5 baking, 6 none.
        let orders: [(SearchIndex.Sort, [Int64])] = [
            (.column("folder"), [6, 1, 3, 2, 4, 5]),
            (.column("folder", nullsLast: true), [1, 3, 2, 4, 5, 6]),
            (.column("folder", descending: true), [5, 4, 2, 1, 3, 6]),
            (.column("folder", descending: true, nullsLast: false), [6, 5, 4, 2, 1, 3]),
        ]
        for (sort, keys) in orders {
            let sorted = try index.sorted(by: sort)
            #expect(try sorted.search("", on: db).hits.map(\.key) == keys, "\(sort)")
            #expect(try sorted.keysByCursor("", on: db, limit: 4) == keys, "\(sort), by cursor")
        }
    }

    @Test func aSortColumnMustBeAnIdentifierAndTheTablesOwn() throws {
        let db = try NotesFixture.database()
        #expect(throws: SearchIndexError.invalidName("updated at", role: "the sort column")) {
            try index.sorted(by: .column("updated at"))
        }
        let missing = try index.sorted(by: .column("updated_at"))
        #expect(throws: SearchIndexError.missingColumn(index: "notes", table: "notes", column: "updated_at")) {
            try missing.search("sourdough", on: db)
        }
        // The column's name in any case, as SQLite reads it.
        #expect(try index.sorted(by: .column("TITLE")).search("sourdough", on: db).hits.map(\.key) == [5, 1, 2])
    }
}

/// ``SearchIndex/faceted(by:)``: per search, the facets counted or not, the hits and total the same.
@Suite struct SearchIndexFacetedTests {
    let index = NotesFixture.index

    @Test func noFacetsLeavesHitsAndTotalAsTheyWere() throws {
        let db = try NotesFixture.database()
        let counted = try index.search("flour", on: db)
        let plain = try index.faceted(by: []).search("flour", on: db)
        #expect(counted.facets["folder"]?.isEmpty == false)
        #expect(plain.facets.isEmpty)
        #expect(plain.total == counted.total)
        #expect(plain.hits.map(\.key) == counted.hits.map(\.key))
        // Its cursor is the original's: the next page reads the same either way.
        let first = try index.faceted(by: []).search("flour", on: db, limit: 1)
        let next = try index.search("flour", on: db, limit: 1, after: first.next)
        #expect(next.hits.map(\.key) == Array(counted.hits.map(\.key).dropFirst().prefix(1)))
    }

    @Test func aFacetTheDeclarationDoesNotCountIsRefusedByName() throws {
        #expect(throws: SearchIndexError.undeclaredFacet(index: "notes", column: "pinned", declared: ["folder"])) {
            try index.faceted(by: ["pinned"])
        }
        #expect(try index.faceted(by: ["FOLDER"]).facets == ["folder"])
    }
}
