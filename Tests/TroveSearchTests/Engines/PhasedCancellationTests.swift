import Foundation
import Synchronization
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch

/// Cancelling the fts engine's phased run reaches SQLite.
///
/// NB: a suite of its own so that `scripts/test` runs it in the serial pass with the other
/// suites on the real clock: in the parallel pass, under a load of 10 on two cores, the pool
/// its consumer task needs was starved past the time limit although nothing hung.
@Suite struct PhasedCancellationTests {
    /// The second phase runs in a read of its own: stopping the stream after the first phase
    /// interrupts its statement inside SQLite. The stand-in second phase never ends unless
    /// interrupted, and the database has one reader, so the read after it can only run (and
    /// this test only end) if the interrupt reached SQLite.
    @Test(.timeLimit(.minutes(1)))
    func cancellingAfterTheFirstPhaseInterruptsTheSecondInSQLite() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trove-cancel-\(UUID().uuidString).db").path
        let database = try SQLiteDatabase(path: path, readers: 1)
        let (started, startedSignal) = AsyncStream<Void>.makeStream()
        let finalDelivered = Mutex(false)
        let stream = EngineRun.phased(first: {
            ResultSet(query: .parse("a"), engine: "fts", isProvisional: true)
        }, final: { _ in
            try await database.read { db in
                startedSignal.yield()
                _ = try db.fetchValue(
                    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c", as: Int.self)
                return ResultSet(query: .parse("a"), engine: "fts")
            }
        })
        let consumer = Task {
            for try await resultSet in stream where !resultSet.isProvisional { finalDelivered.withLock { $0 = true } }
        }
        for await _ in started { break }
        consumer.cancel()
        _ = await consumer.result
        #expect(try await database.read { db in try db.fetchValue("SELECT 42", as: Int.self) } == 42)
        #expect(!finalDelivered.withLock { $0 })
    }
}
