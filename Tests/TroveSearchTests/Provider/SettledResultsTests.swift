import Foundation
import Synchronization
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveStore

@Suite struct SettledResultsTests {
    static func answer(_ text: String, provisional: Bool = false) -> ResultSet {
        ResultSet(query: .parse(text), engine: "fts", total: text.count, isProvisional: provisional)
    }

    @Test func finalAnswerIsFoundOnlyAtTheSameTokenAndRequest() {
        var settled = SettledResults<Int>(capacity: 4)
        let request = SearchFixture.request("bud")
        settled.insert(Self.answer("bud"), for: request, at: 1)
        #expect(settled.value(for: request, at: 1) == Self.answer("bud"))
        #expect(settled.value(for: request, at: 2) == nil, "the data changed since")
        #expect(settled.value(for: SearchFixture.request("bud", limit: 10), at: 1) == nil)
    }

    @Test func provisionalAnswersAreNeverKept() {
        var settled = SettledResults<Int>(capacity: 4)
        let request = SearchFixture.request("a")
        settled.insert(Self.answer("a", provisional: true), for: request, at: 1)
        #expect(settled.value(for: request, at: 1) == nil)
    }

    @Test func leastRecentlyUsedIsEvictedPastCapacity() {
        var settled = SettledResults<Int>(capacity: 2)
        let (a, b, c) = (SearchFixture.request("a"), SearchFixture.request("b"), SearchFixture.request("c"))
        settled.insert(Self.answer("a"), for: a, at: 1)
        settled.insert(Self.answer("b"), for: b, at: 1)
        _ = settled.value(for: a, at: 1)
        settled.insert(Self.answer("c"), for: c, at: 1)
        #expect(settled.value(for: a, at: 1) != nil)
        #expect(settled.value(for: b, at: 1) == nil)
        #expect(settled.value(for: c, at: 1) != nil)
    }

    /// Counts the searches that reach it; answers like the fts engine.
    struct CountingEngine: SearchEngine {
        let name = "fts"
        let searches = SearchProviderTests.Counter()

        func results(for request: SearchRequest, in database: SQLiteDatabase) -> AsyncThrowingStream<ResultSet, any Error> {
            searches.value.withLock { $0 += 1 }
            return FTSEngine().results(for: request, in: database)
        }
    }

    @Test func providerAnswersARepeatedRequestFromTheCacheUntilTheDataChanges() async throws {
        let database = try await SearchFixture.database()
        let engine = CountingEngine()
        var registry = EngineRegistry()
        registry.register(engine)
        let provider = try SearchProvider(database: database, registry: registry, pollInterval: .milliseconds(10))
        func settle() async throws -> ResultSet {
            for try await resultSet in provider.results(for: SearchFixture.request("walk")) where !resultSet.isProvisional {
                return resultSet
            }
            throw CancellationError()
        }
        let first = try await settle()
        #expect(try await settle() == first)
        #expect(engine.searches.value.withLock { $0 } == 1)
        try await database.write { db in
            try db.execute("""
                INSERT INTO reminders (list_id, title, created_at, updated_at)
                VALUES (2, 'Walk again', '2026-02-01 00:00:00.000', '2026-02-01 00:00:00.000')
                """)
        }
        #expect(try await settle().total == first.total + 1)
        #expect(engine.searches.value.withLock { $0 } == 2)
    }
}
