import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch

/// `IndexResultSet.demotedCount`: how many of a search's matches the demoted column ranks
/// lower, or how many a search without words left out, the same whichever way the search
/// counted (SQL, the copy of the facet values, a few matches' facts).
///
/// The rows of ``SearchIndexTiebreakerTests``: `done` is 1 for rows 5 (Water, Work) and 8
/// (Call, Home); rows 1–6 are titled Water; 4, 5 and 7 are in Work; 3 and 7 are tagged call.
@Suite struct SearchIndexDemotedCountTests {
    /// Each text, the total and the demoted count.
    static let expected: [(String, Int, Int)] = [
        ("water", 6, 1),  // 1–6 match; 5 is done
        ("call", 3, 1),  // 3 and 7 (their tags) and 8 (its title), which is done; 6's "recall" is another word
        ("", 6, 2),  // browsing leaves out 5 and 8
        ("folder:work", 2, 1),  // 4 and 7 listed, 5 left out
        ("is:done", 2, 2),  // the filter decides on them: none left out, both counted
        ("zzz", 0, 0),
    ]

    /// The tiebreaker tests' index and rows, and a built cache of them.
    static func fixture() async throws -> (SearchIndex, SQLiteDatabase, VocabularyCache) {
        let index = try SearchIndexTiebreakerTests.index(tiebreakers: SearchIndexTiebreakerTests.reminders)
        let database = try await SearchIndexTiebreakerTests.database(index)
        let cache = VocabularyCache(database: database, index: index)
        try await cache.buildNow()
        return (index, database, cache)
    }

    @Test(arguments: [false, true])
    func eachWayOfCountingCountsTheDemotedMatches(cached: Bool) async throws {
        let (index, database, cache) = try await Self.fixture()
        for (text, total, demoted) in Self.expected {
            let answer = try await SearchIndex.$storedFactsMinimum.withValue(cached ? SearchIndex.rankedInIndexMinimum : 0) {
                try await index.search(text, in: database, vocabulary: cached ? cache : nil)
            }
            #expect(answer.total == total, "\(text)")
            #expect(answer.demotedCount == demoted, "\(text)")
            #expect(answer.hidesDemoted == (text == "" || text == "folder:work"), "\(text)")
            // NB: the statements alone, no copy of the facet values anywhere.
            let plain = try await SearchIndex.$readsStoredFacts.withValue(false) { try await index.search(text, in: database) }
            #expect(plain.demotedCount == demoted, "\(text), counted in SQL")
        }
        #expect(cached ? cache.factsUses > 0 : true)
    }

    // `showing(demoted:)`: listed by every search, or left out of every one and counted.
    @Test(arguments: [false, true])
    func aSearchListsOrLeavesOutTheDemotedRows(cached: Bool) async throws {
        let (index, database, cache) = try await Self.fixture()
        // Each text and way: the keys listed and the demoted count.
        let expected: [(String, SearchIndex.DemotedRows, [Int64], Int)] = [
            // NB: the Water rows tie on score: soonest due first (6 on 02-27, 3 and 4 on 03-01 by
            // priority, 2), none last (1).
            ("water", .hidden, [6, 3, 4, 2, 1], 1),  // 5 is done: left out, counted
            ("water", .listed, [6, 3, 4, 2, 1, 5], 1),  // as declared: done ranked last
            ("call", .hidden, [3, 7], 1),
            ("", .listed, [5, 6, 3, 4, 7, 2, 1, 8], 2),  // browsing lists the done ones too, by due date
            ("", .hidden, [6, 3, 4, 7, 2, 1], 2),
            ("is:done", .hidden, [5, 8], 2),  // the filter decides
            ("folder:work", .listed, [5, 4, 7], 1),
        ]
        for (text, rows, keys, demoted) in expected {
            let shown = index.showing(demoted: rows)
            let answer = try await shown.search(text, in: database, vocabulary: cached ? cache : nil)
            #expect(answer.hits.map(\.key) == keys, "\(text) \(rows)")
            #expect(answer.total == keys.count, "\(text) \(rows)")
            #expect(answer.demotedCount == demoted, "\(text) \(rows)")
            // NB: left out unless listed or a filter decides on them.
            #expect(answer.hidesDemoted == (rows == .hidden && text != "is:done"), "\(text) \(rows)")
        }
    }

    // A demoted column with more values than the copy holds (``IndexFacts/numberValueLimit``)
    // is counted in SQL beside the copy's total.
    @Test func aDemotedColumnOfManyValuesIsCountedInSQL() async throws {
        let index = try SearchIndex(
            table: "items", key: "id", fields: [.init("title")], filters: ["folder": .text("folder")], facets: ["folder"],
            demoted: "archived")
        let database = try SQLiteDatabase.inMemory()
        try await database.write { db in
            try db.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, title TEXT NOT NULL, folder TEXT, archived INTEGER)")
            // NB: 100 rows titled "Box", archived 0 for the even ids, the id for the odd ones: 51 distinct values.
            for id in 1...100 {
                try db.execute("INSERT INTO items VALUES (\(id), 'Box', 'A', \(id % 2 == 0 ? 0 : id))")
            }
            for id in 101...120 { try db.execute("INSERT INTO items VALUES (\(id), 'Box', 'B', \(id))") }
            try index.migrate(db)
        }
        let cache = VocabularyCache(database: database, index: index)
        try await cache.buildNow()
        let answer = try await index.search("box", in: database, vocabulary: cache)
        #expect(answer.total == 120)
        #expect(answer.demotedCount == 70)  // 50 odd ids and 101–120
        #expect(cache.factsUses > 0)
    }
}
