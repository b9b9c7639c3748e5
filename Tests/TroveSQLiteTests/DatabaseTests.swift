import Foundation
import Synchronization
import Testing
import TroveQuery
@testable import TroveSQLite

@Suite("Database: one writer, a pool of readers")
struct DatabaseTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    func makeDatabase(readers: Int = 4) async throws -> SQLiteDatabase {
        let db = try SQLiteDatabase(path: directory.file("pool.db"), readers: readers)
        try await db.write { try $0.execute("CREATE TABLE t(x)") }
        return db
    }

    @Test func writeCommitsAndReadsSeeIt() async throws {
        let db = try await makeDatabase()
        let id = try await db.write { db in
            try db.execute("INSERT INTO t VALUES (\(1))")
            #expect(db.isInTransaction)
            return db.lastInsertRowID
        }
        #expect(id == 1)
        #expect(try await db.read { try $0.fetchValue("SELECT count(*) FROM t", as: Int.self) } == 1)
        #expect(db.path == directory.file("pool.db"))
    }

    @Test func failedWriteRollsBack() async throws {
        let db = try await makeDatabase()
        await #expect(throws: Boom.self) {
            try await db.write { db in
                try db.execute("INSERT INTO t VALUES (\(1))")
                throw Boom()
            }
        }
        #expect(try await db.read { try $0.fetchValue("SELECT count(*) FROM t", as: Int.self) } == 0)
    }

    @Test func writeWithoutTransactionRunsStatementsThatRefuseTransactions() async throws {
        let db = try await makeDatabase()
        try await db.writeWithoutTransaction { db in
            #expect(!db.isInTransaction)
            try db.execute("VACUUM")
        }
    }

    @Test func readersCannotWrite() async throws {
        let db = try await makeDatabase()
        let error = await #expect(throws: SQLiteError.self) {
            try await db.read { try $0.execute("INSERT INTO t VALUES (\(1))") }
        }
        #expect(error?.code == .readOnly)
    }

    @Test func concurrentReadsRunInParallel() async throws {
        let db = try await makeDatabase(readers: 2)
        let inside = Counter()
        let clock = ContinuousClock()
        let start = clock.now
        // Each read waits inside its body until both are inside: only parallel bodies get there.
        let bodiesMet = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    try await db.read { db in
                        _ = try db.fetchValue("SELECT count(*) FROM t", as: Int.self)
                        inside.increment()
                        let deadline = ContinuousClock.now + .seconds(3)
                        while inside.value < 2, ContinuousClock.now < deadline { usleep(1000) }
                        return inside.value == 2
                    }
                }
            }
            return try await group.reduce(true) { $0 && $1 }
        }
        #expect(bodiesMet)
        #expect(clock.now - start < .seconds(2))
    }

    @Test func twoSlowReadsTakeAboutAsLongAsOne() async throws {
        let db = try await makeDatabase(readers: 2)
        let clock = ContinuousClock()
        let slowRead: @Sendable () async throws -> Void = {
            _ = try await db.read { db in
                _ = try db.fetchValue("SELECT 1", as: Int.self)
                Thread.sleep(forTimeInterval: 0.3)  // a slow body, without depending on CPU load
            }
        }
        let start = clock.now
        async let first: Void = slowRead()
        async let second: Void = slowRead()
        _ = try await (first, second)
        let elapsed = clock.now - start
        print("two 300 ms reads in parallel took \(elapsed)")
        #expect(elapsed < .milliseconds(550))
    }

    @Test func writeIsNotBlockedByAnOpenReadInWAL() async throws {
        let db = try await makeDatabase()
        let reading = Signal()
        let written = Signal()
        let reader = Task {
            try await db.read { db in
                try db.transaction {
                    let before = try db.fetchValue("SELECT count(*) FROM t", as: Int.self)
                    reading.raise()
                    _ = written.waitBlocking()
                    let after = try db.fetchValue("SELECT count(*) FROM t", as: Int.self)
                    return (before, after, written.isRaised)
                }
            }
        }
        #expect(await reading.wait())
        try await db.write { try $0.execute("INSERT INTO t VALUES (\(1))") }
        written.raise()
        let (before, after, writeFinishedDuringRead) = try await reader.value
        #expect(writeFinishedDuringRead)
        #expect(before == 0)
        #expect(after == 0, "the read keeps its snapshot")
        #expect(try await db.read { try $0.fetchValue("SELECT count(*) FROM t", as: Int.self) } == 1)
    }

    @Test func readsWaitForABusyReaderWithoutFailing() async throws {
        let db = try await makeDatabase(readers: 1)
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for value in 0..<8 {
                group.addTask { try await db.read { try $0.fetchValue("SELECT \(value)", as: Int.self) ?? -1 } }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.sorted() == Array(0..<8))
    }

    @Test func inMemoryDatabaseSharesOneConnectionAndReadsStayReadOnly() async throws {
        let db = try SQLiteDatabase.inMemory()
        #expect(db.path == ":memory:")
        try await db.write { try $0.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1)") }
        #expect(try await db.read { try $0.fetchValue("SELECT count(*) FROM t", as: Int.self) } == 1)
        let error = await #expect(throws: SQLiteError.self) {
            try await db.read { try $0.execute("INSERT INTO t VALUES (\(2))") }
        }
        #expect(error?.code == .readOnly)
        try await db.write { try $0.execute("INSERT INTO t VALUES (\(3))") }
        #expect(try await db.read { try $0.fetchValue("SELECT sum(x) FROM t", as: Int.self) } == 4)
    }

    @Test func openErrorsSurfaceFromDatabaseToo() throws {
        let error = #expect(throws: OpenError.self) { try SQLiteDatabase(path: directory.file("missing/x.db")) }
        #expect(error?.kind == .missingDirectory)
    }
}
