import Foundation
import Testing
import TroveQuery
@testable import TroveSQLite

/// `readWithHelper`: a second reader in the body's snapshot, or none when that cannot be proved.
@Suite("A read's helper reads the same snapshot, or is not used")
struct ReadHelperTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// A database whose table `t` holds `rows` rows.
    func database(readers: Int = 2, rows: Int = 100) throws -> SQLiteDatabase {
        let path = directory.file("h.db")
        let setup = try SQLConnection(path: path)
        try setup.execute("CREATE TABLE t(x INTEGER)")
        try setup.execute(SQLFragment(raw: "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(rows)) INSERT INTO t SELECT x FROM c"))
        return try SQLiteDatabase(path: path, readers: readers)
    }

    static let count: SQLFragment = "SELECT count(*) FROM t"

    /// Inside the body, a commit from another connection, then the helper's count and the body's.
    static func countsAfterACommit(on database: SQLiteDatabase, commitFirst: Bool) async throws -> (helper: Int?, body: Int) {
        let path = database.path
        return try await database.readWithHelper { db, helper in
            try db.transaction {
                try SQLiteReadHelper.sharing(helper, snapshotOf: db) { shared in
                    #expect(shared != nil)
                    if commitFirst {
                        let other = try SQLConnection(path: path)
                        try other.execute("INSERT INTO t VALUES (1000)")
                    }
                    let elsewhere = try shared?.start { try $0.fetchValue(Self.count, as: Int.self) ?? -1 }
                    return (try elsewhere?.value(), try db.fetchValue(Self.count, as: Int.self) ?? -1)
                }
            }
        }
    }

    @Test func theHelperCountsWhatTheBodyCounts() async throws {
        let database = try database()
        let before = try await database.diagnostics().helperJoins
        let (helper, body) = try await Self.countsAfterACommit(on: database, commitFirst: false)
        #expect(helper == 100)
        #expect(body == 100)
        #expect(try await database.diagnostics().helperJoins == before + 1)
    }

    @Test func aCommitAfterTheBodysSnapshotBeganLeavesTheWorkToTheBody() async throws {
        let database = try database()
        let (helper, body) = try await Self.countsAfterACommit(on: database, commitFirst: true)
        // NB: the helper would have seen 101 rows; it is not used, and the body still sees 100.
        #expect(helper == nil)
        #expect(body == 100)
        #expect(try await database.diagnostics().helperJoins == 0)
        // The next read gets its helper again, in the new snapshot.
        let (next, nextBody) = try await Self.countsAfterACommit(on: database, commitFirst: false)
        #expect(next == 101)
        #expect(nextBody == 101)
    }

    @Test func aTransactionThatHasReadGetsNoHelper() async throws {
        let database = try database()
        let shared = try await database.readWithHelper { db, helper in
            #expect(helper != nil)
            return try db.transaction {
                _ = try db.fetchValue(Self.count, as: Int.self)
                return try SQLiteReadHelper.sharing(helper, snapshotOf: db) { $0 != nil }
            }
        }
        #expect(!shared)
        let outside = try await database.readWithHelper { db, helper in
            try SQLiteReadHelper.sharing(helper, snapshotOf: db) { $0 != nil }
        }
        #expect(!outside)
    }

    @Test(arguments: [1, 0])
    func withoutASecondReaderThereIsNoHelper(readers: Int) async throws {
        let database = try database(readers: readers)
        let hasHelper = try await database.readWithHelper { db, helper in helper != nil }
        #expect(!hasHelper)
        let memory = try SQLiteDatabase.inMemory()
        #expect(try await memory.readWithHelper { _, helper in helper != nil } == false)
    }

    @Test func aBusySecondReaderIsNotWaitedFor() async throws {
        let database = try database()
        let inside = Signal(), release = Signal()
        let holder = Task {
            try await database.read { _ in
                inside.raise()
                // NB: a deadline, not a pause: released as soon as the other read is done, however
                // long a loaded machine takes to run it (22 s once, in the whole suite).
                return release.waitBlocking(timeout: .seconds(120))
            }
        }
        #expect(await inside.wait(timeout: .seconds(120)))
        let hasHelper = try await database.readWithHelper { _, helper in helper != nil }
        release.raise()
        #expect(try await holder.value)
        #expect(!hasHelper)
    }

    struct BodyFailed: Error {}

    @Test(.timeLimit(.minutes(1)))
    func aBodyThatThrowsStopsItsHelpersWorkAndLeavesItReady() async throws {
        let database = try database()
        let started = Signal()
        let result = await Result {
            try await database.readWithHelper { db, helper in
                try db.transaction {
                    try SQLiteReadHelper.sharing(helper, snapshotOf: db) { shared in
                        // NB: counts to 10^12 (hours) unless interrupted: a hang if `end` only waited.
                        _ = try shared?.start { helper in
                            let cursor = try helper.cursor(
                                "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000000) SELECT x FROM c")
                            defer { cursor.finish() }
                            while try cursor.next() != nil { started.raise() }
                        }
                        #expect(started.waitBlocking(timeout: .seconds(120)))
                        throw BodyFailed()
                    }
                }
            }
        }
        #expect(throws: BodyFailed.self) { try result.get() }
        // Both readers answer, neither is left in a transaction nor interrupted.
        for _ in 0..<2 {
            let (helper, body) = try await Self.countsAfterACommit(on: database, commitFirst: false)
            #expect(helper == 100)
            #expect(body == 100)
        }
        let diagnostics = try await database.diagnostics()
        #expect(diagnostics.busyStatements == 0)
        #expect(diagnostics.idleReaders == 2)
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
