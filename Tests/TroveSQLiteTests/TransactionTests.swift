import Testing
import TroveQuery
@testable import TroveSQLite

struct Boom: Error {}

@Suite("Transactions and savepoints")
struct TransactionTests {
    let directory: TemporaryDirectory
    let db: SQLConnection

    init() throws {
        directory = try TemporaryDirectory()
        db = try SQLConnection(path: directory.file("t.db"))
        try db.execute("CREATE TABLE tags(name TEXT)")
    }

    func names(_ connection: SQLConnection? = nil) throws -> [String] {
        try (connection ?? db).fetchAll("SELECT name FROM tags ORDER BY rowid").map { try $0[0] as String }
    }

    @Test func transactionCommitsWhatTheBodyDid() throws {
        let result = try db.transaction {
            #expect(db.isInTransaction)
            try db.execute("INSERT INTO tags VALUES (\("a"))")
            return 7
        }
        #expect(result == 7)
        #expect(!db.isInTransaction)
        #expect(try names(SQLConnection(path: directory.file("t.db"))) == ["a"])
    }

    @Test(arguments: [TransactionKind.deferred, .immediate, .exclusive])
    func thrownErrorRollsBackRowsInsertedBeforeIt(_ kind: TransactionKind) throws {
        #expect(throws: Boom.self) {
            try db.transaction(kind) {
                try db.execute("INSERT INTO tags VALUES (\("gone"))")
                #expect(try names() == ["gone"])
                throw Boom()
            }
        }
        #expect(try names().isEmpty)
        #expect(!db.isInTransaction)
    }

    @Test(arguments: [(TransactionKind.deferred, false), (.immediate, true), (.exclusive, true)])
    func kindDecidesWhetherTheWriteLockIsTakenAtBegin(_ kind: TransactionKind, locksAtBegin: Bool) throws {
        let other = try SQLConnection(path: directory.file("t.db"), options: .init(busyTimeout: .zero))
        try db.transaction(kind) {
            let otherCanWrite = Result { try other.execute("BEGIN IMMEDIATE") }
            if case .success = otherCanWrite { try other.execute("ROLLBACK") }
            if locksAtBegin {
                #expect(throws: SQLiteError.self) { try otherCanWrite.get() }
            } else {
                #expect(throws: Never.self) { try otherCanWrite.get() }
            }
        }
    }

    @Test func exclusiveKeepsReadersOutInRollbackJournalMode() throws {
        let path = directory.file("journal.db")
        let writer = try SQLConnection(path: path, options: .init(walMode: false))
        try writer.execute("CREATE TABLE t(x)")
        let reader = try SQLConnection(path: path, options: .init(busyTimeout: .zero, walMode: false))
        try writer.transaction(.exclusive) {
            let error = #expect(throws: SQLiteError.self) { try reader.fetchAll("SELECT * FROM t") }
            #expect(error?.code == .busy)
        }
        #expect(try reader.fetchAll("SELECT * FROM t").isEmpty)
    }

    @Test func savepointRollbackKeepsTheOuterTransactionsWork() throws {
        try db.transaction {
            try db.execute("INSERT INTO tags VALUES (\("outer"))")
            #expect(throws: Boom.self) {
                try db.savepoint {
                    try db.execute("INSERT INTO tags VALUES (\("inner"))")
                    throw Boom()
                }
            }
            #expect(db.isInTransaction)
            try db.execute("INSERT INTO tags VALUES (\("after"))")
        }
        #expect(try names() == ["outer", "after"])
    }

    @Test func nestedSavepointsRollBackOnlyTheirOwnLevel() throws {
        try db.savepoint {
            try db.execute("INSERT INTO tags VALUES (\("1"))")
            try db.savepoint {
                try db.execute("INSERT INTO tags VALUES (\("2"))")
                try? db.savepoint {
                    try db.execute("INSERT INTO tags VALUES (\("3"))")
                    throw Boom()
                }
            }
        }
        #expect(!db.isInTransaction)
        #expect(try names() == ["1", "2"])
    }

    @Test func savepointOutsideATransactionCommitsOnRelease() throws {
        try db.savepoint { try db.execute("INSERT INTO tags VALUES (\("kept"))") }
        #expect(!db.isInTransaction)
        #expect(try names(SQLConnection(path: directory.file("t.db"))) == ["kept"])
        #expect(throws: Boom.self) {
            try db.savepoint {
                try db.execute("INSERT INTO tags VALUES (\("dropped"))")
                throw Boom()
            }
        }
        #expect(!db.isInTransaction)
        #expect(try names() == ["kept"])
    }

    @Test func dataVersionChangesOnlyForOtherConnectionsCommits() throws {
        let other = try SQLConnection(path: directory.file("t.db"))
        let start = try db.dataVersion
        try db.execute("INSERT INTO tags VALUES (\("mine"))")
        #expect(try db.dataVersion == start)
        try other.execute("INSERT INTO tags VALUES (\("theirs"))")
        #expect(try db.dataVersion != start)
    }
}
