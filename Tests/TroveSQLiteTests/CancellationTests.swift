import Foundation
import Synchronization
import Testing
import TroveQuery
@testable import TroveSQLite
import TroveTestSupport

@Suite("Cancellation reaches SQLite", .serialized)
struct CancellationTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// A read that is inside a running statement when `started` is raised: it has stepped
    /// once, and steps on through a billion rows until interrupted.
    static func longRunningRead(_ db: SQLiteDatabase, started: Signal) -> Task<Int, any Error> {
        Task { try await db.read { db in try countToABillion(on: db, started: started) } }
    }

    /// Cancels `task` once `started` is raised and expects it to end in `CancellationError`
    /// within 50 ms, printing how long it took.
    static func expectCancelledWithin50Milliseconds<T>(_ task: Task<T, any Error>, once started: Signal, saying label: String) async {
        #expect(await started.wait())
        let clock = ContinuousClock()
        let cancelledAt = clock.now
        task.cancel()
        let result = await task.result
        let latency = clock.now - cancelledAt
        print("\(label): \(latency.formatted(.units(allowed: [.milliseconds], fractionalPart: .show(length: 2))))")
        #expect(result.isCancellation)
        #expect(latency < .milliseconds(50))
    }

    /// Steps through a billion rows on `db` until interrupted, raising `started` after the first.
    ///
    /// NB: raised only once the statement runs, so a cancel after it lands inside it, not
    /// before it starts (a fixed sleep waited for that, and on a slow machine did not).
    static func countToABillion(on db: SQLConnection, started: Signal) throws -> Int {
        let cursor = try db.cursor(
            "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT x FROM c")
        defer { cursor.finish() }
        var rows = 0
        while try cursor.next() != nil {
            rows += 1
            if rows == 1 { started.raise() }
        }
        return rows
    }

    @Test func cancellingALongReadInterruptsItWithin50Milliseconds() async throws {
        let db = try SQLiteDatabase(path: directory.file("c.db"), readers: 1)
        let started = Signal()
        let clock = ContinuousClock()
        let task = Self.longRunningRead(db, started: started)
        await Self.expectCancelledWithin50Milliseconds(task, once: started, saying: "cancellation latency")

        // The same (only) reader answers at once.
        let again = clock.now
        let count = try await db.read { try $0.fetchValue(countingQuery(to: 1000), as: Int.self) }
        let nextReadTook = clock.now - again
        print("next read on the interrupted connection took \(nextReadTook)")
        #expect(count == 1000)
        #expect(nextReadTook < .milliseconds(200))
    }

    @Test func cancellingAReadInterruptsItsHelperToo() async throws {
        let path = directory.file("c.db")
        try SQLConnection(path: path).execute("CREATE TABLE t(x)")
        let db = try SQLiteDatabase(path: path, readers: 2)
        let started = Signal()
        let task = Task {
            try await db.readWithHelper { db, helper in
                try db.transaction {
                    try SQLiteReadHelper.sharing(helper, snapshotOf: db) { shared in
                        // NB: the body waits on the helper, which counts until interrupted.
                        let work = try #require(try shared?.start { helper in try Self.countToABillion(on: helper, started: started) })
                        return try work.value()
                    }
                }
            }
        }
        await Self.expectCancelledWithin50Milliseconds(task, once: started, saying: "helper cancellation latency")
        // Both readers answer at once, each in turn the body's and the helper's.
        for _ in 0..<2 {
            let counts = try await db.readWithHelper { db, helper in
                try db.transaction {
                    try SQLiteReadHelper.sharing(helper, snapshotOf: db) { shared in
                        let elsewhere = try shared?.start { try $0.fetchValue(countingQuery(to: 1000), as: Int.self) }
                        return [try elsewhere?.value() ?? nil, try db.fetchValue(countingQuery(to: 1000), as: Int.self)]
                    }
                }
            }
            #expect(counts == [1000, 1000])
        }
    }

    @Test func readCancelledBeforeItStartsNeverRunsItsBody() async throws {
        let db = try SQLiteDatabase(path: directory.file("c.db"))
        let ran = Signal()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await db.read { _ in ran.raise() }
        }
        #expect(await task.result.isCancellation)
        #expect(!ran.isRaised)
    }

    @Test func cancelBetweenStatementsStopsTheNextStatement() async throws {
        let db = try SQLiteDatabase(path: directory.file("c.db"), readers: 1)
        let firstDone = Signal()
        let cancelled = Signal()
        let secondRan = Signal()
        let task = Task {
            try await db.read { db in
                _ = try db.fetchValue("SELECT 1", as: Int.self)
                firstDone.raise()
                _ = cancelled.waitBlocking()
                _ = try db.fetchValue("SELECT 2", as: Int.self)
                secondRan.raise()
            }
        }
        #expect(await firstDone.wait())
        task.cancel()
        cancelled.raise()
        #expect(await task.result.isCancellation)
        #expect(!secondRan.isRaised)
        #expect(try await db.read { try $0.fetchValue("SELECT 3", as: Int.self) } == 3)
    }

    @Test func cancelWhileWaitingForAReaderThrowsWithoutRunning() async throws {
        let db = try SQLiteDatabase(path: directory.file("c.db"), readers: 1)
        let holding = Signal()
        let release = Signal()
        let holder = Task { try await db.read { _ in holding.raise(); _ = release.waitBlocking() } }
        #expect(await holding.wait())
        let ran = Signal()
        let waiter = Task { try await db.read { _ in ran.raise() } }
        // NB: cancelled once it is queued for the reader, not before it asks (polled, not slept).
        #expect(await eventually { db.readers.occupancy().waiting == 1 })
        waiter.cancel()
        #expect(await waiter.result.isCancellation)
        #expect(!ran.isRaised)
        release.raise()
        try await holder.value
        #expect(try await db.read { try $0.fetchValue("SELECT 1", as: Int.self) } == 1)
    }

    @Test func lateCancelAfterAReadFinishedDoesNotHitTheNextRead() async throws {
        let db = try SQLiteDatabase(path: directory.file("c.db"), readers: 1)
        for _ in 0..<20 {
            let first = Task { try await db.read { try $0.fetchValue("SELECT 1", as: Int.self) } }
            let second = Task { try await db.read { try $0.fetchValue(countingQuery(to: 200_000), as: Int.self) } }
            _ = await first.result
            first.cancel()  // too late: its body is done, and must not interrupt the second's
            #expect(try await second.value == 200_000)
        }
    }

    @Test func cancelledReadOnAnInMemoryDatabaseLeavesWritesWorking() async throws {
        let db = try SQLiteDatabase.inMemory()
        try await db.write { try $0.execute("CREATE TABLE t(x)") }
        let started = Signal()
        let task = Self.longRunningRead(db, started: started)
        #expect(await started.wait())
        task.cancel()
        #expect(await task.result.isCancellation)
        try await db.write { try $0.execute("INSERT INTO t VALUES (\(1))") }
        #expect(try await db.read { try $0.fetchValue("SELECT count(*) FROM t", as: Int.self) } == 1)
    }

    @Test func cancelledWriteIsNeverInterruptedAndCommits() async throws {
        let db = try SQLiteDatabase(path: directory.file("c.db"))
        try await db.write { try $0.execute("CREATE VIRTUAL TABLE notes USING fts5(body)") }
        let started = Signal()
        let task = Task {
            try await db.write { db in
                started.raise()
                try db.execute("""
                    WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 50000)
                    INSERT INTO notes(body) SELECT 'note number ' || i FROM c
                    """)
                return db.changes
            }
        }
        #expect(await started.wait())
        task.cancel()
        #expect(try await task.value == 50_000)
        #expect(try await db.read { try $0.fetchValue("SELECT count(*) FROM notes", as: Int.self) } == 50_000)
        try await db.write { try $0.execute("INSERT INTO notes(notes) VALUES ('integrity-check')") }
    }

    @Test func writeCancelledBeforeItsBodyStartsIsSkipped() async throws {
        let db = try SQLiteDatabase(path: directory.file("c.db"))
        let holding = Signal()
        let release = Signal()
        let holder = Task { try await db.write { _ in holding.raise(); _ = release.waitBlocking() } }
        #expect(await holding.wait())
        let ran = Signal()
        let queued = Task { try await db.write { _ in ran.raise() } }
        // NB: cancelled once it is queued behind the holder (polled, not slept).
        #expect(await eventually { db.writer.pendingBodies == 2 })
        queued.cancel()
        release.raise()
        try await holder.value
        #expect(await queued.result.isCancellation)
        #expect(!ran.isRaised)
    }
}
