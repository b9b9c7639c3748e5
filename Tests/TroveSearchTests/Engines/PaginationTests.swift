import TroveStore
import TroveQuery
import Foundation
import Testing
import TroveSQLite
import TroveSearch

@Suite("Pagination")
struct PaginationTests {
    private func pages(
        _ text: String, limit: Int, ranking: SearchRanking = .trove, in database: SQLiteDatabase,
        between: (() async throws -> Void)? = nil
    ) async throws -> [[Int64]] {
        var pages: [[Int64]] = []
        var page = SearchPage.first
        while true {
            var request = SearchFixture.request(text, limit: limit, page: page)
            request.ranking = ranking
            let resultSet = try await SearchFixture.search(request, in: database)
            pages.append(resultSet.hits.map(\.id))
            guard let next = resultSet.next else { return pages }
            try await between?()
            page = next
        }
    }

    @Test func cursorPagesFollowTheFullOrderWithoutOverlap() async throws {
        let database = try await SearchFixture.database()
        #expect(try await pages("water", limit: 2, in: database) == [[12, 10], [9, 11]])
        #expect(try await pages("", limit: 4, in: database) == [[1, 4, 6, 12], [5, 10, 9, 8], [2]])
    }

    @Test(arguments: [SearchRanking.trove, .bm25, .bm25Mixed])
    func cursorPagesStayStableWhileRowsAreInsertedElsewhere(ranking: SearchRanking) async throws {
        let database = try await SearchFixture.database()
        var request = SearchFixture.request("the")
        request.ranking = ranking
        let before = try await SearchFixture.search(request, in: database).hits
        var inserted = 0
        let result = try await pages("the", limit: 2, ranking: ranking, in: database) {
            inserted += 1
            let title = "Unrelated \(inserted)"
            try await database.write { db in
                try db.execute("""
                    INSERT INTO reminders (list_id, title, notes, created_at, updated_at)
                    VALUES (1, \(title), 'a longer note that shifts every average length',
                            '2026-02-01 00:00:00.000', '2026-02-01 00:00:00.000')
                    """)
            }
        }
        let after = try await SearchFixture.search(request, in: database).hits
        // NB: both rankings use the whole table's statistics, so every rank moved, yet no page repeats
        // or skips a hit: the next page starts at the cursor row's current rank, not the one it had.
        #expect(before.map(\.rank) != after.map(\.rank))
        #expect(result.flatMap { $0 } == before.map(\.id))
        #expect(inserted == 2)
        #expect(result.count == 3)
    }

    @Test func offsetPagesSkipRows() async throws {
        let database = try await SearchFixture.database()
        let resultSet = try await SearchFixture.search(SearchFixture.request("water", limit: 2, page: .offset(1)), in: database)
        #expect(resultSet.hits.map(\.id) == [10, 9])
    }

    @Test func cursorRoundTripsThroughItsText() throws {
        let cursor = try #require(SearchCursor("cmFuax8xMh9kYmZmMDAwMDAwMDAwMDAwMB9pMA"))
        #expect(SearchCursor(cursor.description) == cursor)
        #expect(SearchCursor("not a cursor!") == nil)
    }

    @Test func cursorOfAnotherSortIsRefused() async throws {
        let database = try await SearchFixture.database()
        let first = try await SearchFixture.search(SearchFixture.request("water", limit: 1), in: database)
        let next = try #require(first.next)
        await #expect(throws: SearchError.invalidCursor) {
            try await SearchFixture.search(SearchFixture.request("water", limit: 1, page: next, sort: .created), in: database)
        }
    }
}

/// A cursor among the typo matches leads only to more of them (and of the word forms, which
/// share their tier): passed back with typos and word forms off, it is refused rather than
/// answered with an empty page that reads as the end.
@Suite struct TypoCursorTests {
    @Test func aTypoCursorWithTyposOffIsRefused() async throws {
        let database = try await SeededSearch.database()
        let first = try await EngineRegistry().search(SearchRequest(text: "dentst", limit: 1), in: database)
        #expect(first.hits.map(\.isTypo) == [true])
        // NB: the page's last hit is a typo match, so its cursor points among them.
        let cursor = try #require(first.next)
        let second = try await EngineRegistry().search(SearchRequest(text: "dentst", limit: 1, page: cursor), in: database)
        #expect(second.hits.map(\.isTypo) == [true])
        await #expect(throws: SearchError.invalidCursor) {
            var exactOnly = SearchRequest(text: "dentst", limit: 1, page: cursor, typos: .off)
            exactOnly.wordForms = .off
            return try await EngineRegistry().search(exactOnly, in: database)
        }
    }
}
