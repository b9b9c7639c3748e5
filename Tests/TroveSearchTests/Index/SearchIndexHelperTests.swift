import Foundation
import Testing
import TroveQuery
@testable import TroveSQLite
@testable import TroveSearch
import TroveStore
import TroveTestSupport

/// `SearchIndex.search(_:in:)` on a database with an idle second reader reads a large set's
/// total and facets there while it ranks the page: the answer must be the one-connection
/// answer, and the helper must have been used for the large sets only.
@Suite("SearchIndex counts on a helper reader", .serialized)
struct SearchIndexHelperTests {
    /// 4,000 generated reminders as an app's notes, in a file (a second reader needs one).
    static let database = Task { () throws -> SQLiteDatabase in
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trove-index-helper-\(UUID().uuidString).db").path
        let db = try SQLConnection(path: path)
        try db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT, folder TEXT, pinned INTEGER NOT NULL DEFAULT 0)")
        try db.transaction {
            for (number, record) in ReminderGenerator(seed: 11, count: 4_000).enumerated() {
                try db.execute("""
                    INSERT INTO notes (id, title, body, folder, pinned)
                    VALUES (\(number * 3 + 1), \(record.title), \(record.notes), \(SQLFragment(binding: record.list)), \(number % 5 == 0 ? 1 : 0))
                    """)
            }
        }
        try Self.index.migrate(db)
        return try SQLiteDatabase(path: path, readers: 2)
    }

    /// Two facets, so the second is read apart from the total.
    static let index: SearchIndex = {
        do {
            return try SearchIndex(
                table: "notes", key: "id", fields: [.init("title", weight: 10), .init("body")],
                filters: ["folder": .text("folder"), "pinned": .bool("pinned")], facets: ["folder", "pinned"])
        } catch {
            preconditionFailure("the test's declaration is valid: \(error)")
        }
    }()

    @Test func theAnswerIsTheOneConnectionsAnswer() async throws {
        let database = try await Self.database.value
        let index = Self.index
        var helped: Set<String> = []
        for text in ["a", "t", "the", "call d", "\"the a\"", "a -b", "folder:Work c", "zzzzqx", "dentst", "pinned:yes"] {
            for (limit, offset) in [(20, 0), (50, 100), (20, 1500), (1, 3000)] {
                let before = try await database.diagnostics().helperJoins
                let answer = try await index.search(text, in: database, limit: limit, offset: offset)
                if try await database.diagnostics().helperJoins > before { helped.insert(text) }
                let alone = try await database.read { db in try index.search(text, on: db, limit: limit, offset: offset) }
                #expect(answer == alone, "\(text), limit \(limit), offset \(offset)")
            }
        }
        // NB: more than 1,000 matches ranked in the index alone go to the helper; few matches,
        // a filter and a text without matches stay on one connection.
        #expect(helped == ["a", "t", "the", "a -b"])
    }

    /// The same table searched through a copy of its facet values (a `VocabularyCache`), by
    /// the index above and by one with a demoted column and a tiebreaker: the walk that finds a
    /// large set's first page is halved by key between the two readers, and the merged halves
    /// give the one-connection answer.
    @Test(arguments: [false, true])
    func theHalvedWalkGivesTheOneConnectionsAnswer(demoted: Bool) async throws {
        let database = try await Self.database.value
        let index = demoted
            ? try SearchIndex(
                name: "notes_pinned_lower", table: "notes", key: "id", fields: [.init("title", weight: 10), .init("body")],
                filters: ["folder": .text("folder"), "pinned": .bool("pinned")], facets: ["folder"],
                tiebreakers: [.descending("pinned")], demoted: "pinned")
            : Self.index
        try await database.write { db in try index.migrate(db) }
        let cache = VocabularyCache(database: database, index: index)
        try await cache.buildNow()
        var helped: Set<String> = []
        for text in ["a", "t", "the", "s", "call d", "a -b", "folder:Work c", "dentst", "pinned:yes"] {
            for (limit, offset) in [(20, 0), (50, 100), (1, 300)] {
                let before = try await database.diagnostics().helperJoins
                let answer = try await index.search(text, in: database, limit: limit, offset: offset, vocabulary: cache)
                if try await database.diagnostics().helperJoins > before { helped.insert(text) }
                let alone = try await database.read { db in try index.search(text, on: db, limit: limit, offset: offset) }
                #expect(answer == alone, "\(text), limit \(limit), offset \(offset), demoted \(demoted)")
            }
        }
        // NB: the texts with more than 1,000 matches walk in halves.
        #expect(helped.isSuperset(of: ["a", "t", "the", "s"]), "\(helped)")
    }

    /// Two halves' best, merged: the first rows by rank then key, with every tie of the last.
    @Test func mergedHalvesKeepTheBestAndTheirTies() {
        let a: [(id: Int64, rank: Double)] = [(1, -5), (3, -3), (5, -3), (7, -1)]
        let b: [(id: Int64, rank: Double)] = [(2, -4), (4, -3), (6, -2)]
        #expect(SearchIndex.mergedBest(a, b, rows: 2).map(\.id) == [1, 2])
        #expect(SearchIndex.mergedBest(a, b, rows: 3).map(\.id) == [1, 2, 3, 4, 5])
        #expect(SearchIndex.mergedBest(a, b, rows: 6).map(\.id) == [1, 2, 3, 4, 5, 6])
        #expect(SearchIndex.mergedBest(a, b, rows: 9).map(\.id) == [1, 2, 3, 4, 5, 6, 7])
    }

    @Test func keysetPagesAreTheSame() async throws {
        let database = try await Self.database.value
        let index = Self.index
        var cursor: SearchCursor?
        for _ in 0..<3 {
            let after = cursor
            let answer = try await index.search("a", in: database, limit: 25, after: after)
            let alone = try await database.read { db in try index.search("a", on: db, limit: 25, after: after) }
            #expect(answer == alone)
            cursor = answer.next
            if cursor == nil { break }
        }
        #expect(cursor != nil, "a has more than 75 matches")
    }
}
