import Foundation
import Synchronization
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveStore
import TroveTestSupport

@Suite("SearchProvider")
struct SearchProviderTests {
    private static func insert(_ title: String, into database: SQLiteDatabase) async throws {
        try await database.write { db in
            try db.execute("""
                INSERT INTO reminders (list_id, title, created_at, updated_at)
                VALUES (2, \(title), '2026-02-01 00:00:00.000', '2026-02-01 00:00:00.000')
                """)
        }
    }

    @Test func newResultSetArrivesAfterAWrite() async throws {
        let database = try await SearchFixture.database()
        let provider = try SearchProvider(database: database, pollInterval: .milliseconds(10))
        var totals: [Int] = []
        for try await resultSet in provider.results(for: SearchFixture.request("walk")) {
            totals.append(resultSet.total)
            if totals.count == 1 { try await Self.insert("Walk to work", into: database) }
            if totals.count == 2 { break }
        }
        #expect(totals == [2, 3])
    }

    @Test func writesFromAnotherConnectionToTheFileAreSeen() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trove-\(UUID().uuidString).db").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let database = try await SearchFixture.database(path: path)
        // Another process, as far as SQLite can tell: its own connections to the same file.
        let other = try SQLiteDatabase(path: path, readers: 1)
        let provider = try SearchProvider(database: database, pollInterval: .milliseconds(10))
        var totals: [Int] = []
        for try await resultSet in provider.results(for: SearchFixture.request("walk")) {
            totals.append(resultSet.total)
            if totals.count == 1 { try await Self.insert("Walk elsewhere", into: other) }
            if totals.count == 2 { try await Self.insert("Walk here", into: database) }
            if totals.count == 3 { break }
        }
        #expect(totals == [2, 3, 4])
    }

    /// Slow for texts containing "slow": a recursive CTE that runs for many seconds unless interrupted.
    struct SlowEngine: SearchEngine {
        let name = "slow"
        let interrupted = Counter()
        /// Slow reads that have started stepping.
        let started = Counter()

        func results(for request: SearchRequest, in database: SQLiteDatabase) -> AsyncThrowingStream<ResultSet, any Error> {
            let isSlow = request.query.terms.contains { $0.anyOf.contains { $0.text.hasPrefix("slow") } }
            return Self.single {
                do {
                    if isSlow {
                        _ = try await database.read { [started] db in
                            let cursor = try db.cursor("""
                                WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000)
                                SELECT x FROM c
                                """)
                            defer { cursor.finish() }
                            var rows = 0
                            while try cursor.next() != nil {
                                rows += 1
                                if rows == 1 { started.value.withLock { $0 += 1 } }
                            }
                        }
                    }
                    // NB: the in-memory database has one connection: this waits until the slow read is gone.
                    _ = try await database.read { db in try db.fetchValue("SELECT 1", as: Int.self) }
                    return ResultSet(query: request.query, engine: "slow")
                } catch {
                    interrupted.value.withLock { $0 += 1 }
                    throw error
                }
            }
        }
    }

    final class Counter: Sendable { let value = Mutex(0) }

    @Test func latestTextWinsAndCancelsTheSlowOne() async throws {
        let database = try await SearchFixture.database()
        let engine = SlowEngine()
        var registry = EngineRegistry()
        registry.register(engine)
        let provider = try SearchProvider(database: database, registry: registry, pollInterval: .seconds(60))
        let (texts, input) = AsyncStream.makeStream(of: String.self)
        input.yield("!slow slow query")
        let stream = provider.results(for: texts, request: SearchFixture.request(""), exact: true)
        // NB: the second text once the slow query runs inside SQLite (polled, not slept: a
        // fixed 100 ms let the second text arrive first on a loaded machine).
        Task {
            _ = await eventually { engine.started.value.withLock { $0 } == 1 }
            input.yield("!slow quick")
        }
        var delivered: [String] = []
        for try await resultSet in stream {
            delivered.append(resultSet.query.terms.map(\.description).joined(separator: " "))
            break
        }
        input.finish()
        #expect(delivered == ["quick"])
        // Interrupted, not waited for: the slow read ends by throwing (a read that ran to its
        // billionth row would end without an error, and count nothing here).
        // NB: no bound on the time: one of 5 s failed once (5.3 s), and one of 20 s (21.8 s),
        // while the whole search suite ran on two cores and the blocked threads waited their turn.
        #expect(await eventually(timeout: .seconds(60)) { engine.interrupted.value.withLock { $0 } == 1 })
    }

    @Test func searchErrorWhileTypingArrivesAsAProblem() async throws {
        let database = try await SearchFixture.database()
        let provider = try SearchProvider(database: database, pollInterval: .seconds(60))
        let texts = AsyncStream<String> { $0.yield("!raw milk AND"); $0.finish() }
        for try await resultSet in provider.results(for: texts, request: SearchFixture.request(""), exact: true) {
            #expect(resultSet.hits.isEmpty)
            #expect(resultSet.query.problems.last?.reason.contains("FTS5 syntax error") == true)
            break
        }
    }
}

@Suite("Latest wins state")
struct LatestWinsStateTests {
    @Test func newerGenerationSupersedesAndStaleWorkIsReturnedForCancelling() {
        var state = LatestWinsState<String>()
        let first = state.begin()
        #expect(first.superseded == nil)
        #expect(state.attach("one", to: first.generation) == nil)
        #expect(state.isCurrent(first.generation))
        let second = state.begin()
        #expect(second.superseded == "one")
        #expect(!state.isCurrent(first.generation))
        // Work attached after its generation was superseded is handed back at once.
        #expect(state.attach("late", to: first.generation) == "late")
        #expect(state.attach("two", to: second.generation) == nil)
        #expect(state.stop() == "two")
        #expect(!state.isCurrent(second.generation))
    }
}
