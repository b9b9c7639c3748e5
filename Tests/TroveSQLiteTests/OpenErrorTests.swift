import Foundation
import Testing
import TroveQuery
@testable import TroveSQLite

@Suite("Opening, and the errors that name the path and say what to do")
struct OpenErrorTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    func openError(_ path: String, _ options: SQLConnection.Options = .init()) -> OpenError? {
        #expect(throws: OpenError.self) { try SQLConnection(path: path, options: options) }
    }

    @Test func fileIsCreatedInWALModeWithForeignKeysAndBusyTimeout() throws {
        let db = try SQLConnection(path: directory.file("new.db"), options: .init(busyTimeout: .milliseconds(1500)))
        #expect(try db.fetchValue("PRAGMA journal_mode", as: String.self) == "wal")
        #expect(try db.fetchValue("PRAGMA foreign_keys", as: Bool.self) == true)
        // NB: Trove's own busy handler (which can say it is waiting) replaces busy_timeout.
        #expect(db.busyTimeout == .milliseconds(1500))
        #expect(FileManager.default.fileExists(atPath: directory.file("new.db")))
    }

    @Test func memoryDatabaseHasNoWALButForeignKeys() throws {
        let db = try SQLConnection.inMemory()
        #expect(try db.fetchValue("PRAGMA journal_mode", as: String.self) == "memory")
        #expect(try db.fetchValue("PRAGMA foreign_keys", as: Bool.self) == true)
    }

    @Test func missingFolder() {
        let path = directory.file("nope/trove.db")
        let error = openError(path)
        #expect(error?.kind == .missingDirectory)
        #expect(error?.description == "cannot open the database at \(path): the folder \(directory.file("nope")) "
            + "does not exist; create the folder, or open a path in one that exists")
        #expect(error?.advice.contains("--db") == false, "a library error names no command-line option")
    }

    @Test func pathIsAFolder() {
        let error = openError(directory.path)
        #expect(error?.kind == .isDirectory)
        #expect(error?.description.contains(directory.path) == true)
    }

    @Test func textFileIsNotADatabase() throws {
        let path = directory.file("notes.txt")
        try "just some notes\n".write(toFile: path, atomically: true, encoding: .utf8)
        let error = openError(path)
        #expect(error?.kind == .notADatabase)
        #expect(error?.underlying?.code == .notADatabase)
        #expect(error?.description == "\(path) is not a SQLite database (or is encrypted/corrupt); "
            + "check the path, or move it aside")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "just some notes\n", "left untouched")
    }

    @Test func truncatedDatabaseIsNotADatabase() throws {
        let path = directory.file("cut.db")
        do {
            let db = try SQLConnection(path: path, options: .init(walMode: false))
            try db.execute("CREATE TABLE t(x); CREATE TABLE u(y)")
            try db.execute("""
                WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 100)
                INSERT INTO t SELECT randomblob(500) FROM c
                """)
        }
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0 > 8192)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 2048)
        try handle.close()
        #expect(openError(path)?.kind == .notADatabase)
    }

    @Test func emptyFileOpensAsANewDatabase() throws {
        // NB: SQLite treats a zero-length file as an empty database; so does Trove, since that is
        // also what a freshly created file looks like.
        let path = directory.file("empty.db")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let db = try SQLConnection(path: path)
        try db.execute("CREATE TABLE t(x)")
        #expect(try db.fetchValue("SELECT count(*) FROM sqlite_schema", as: Int.self) == 1)
    }

    @Test func readOnlyOpenOfAMissingFile() {
        let error = openError(directory.file("absent.db"), .init(readOnly: true))
        #expect(error?.kind == .fileNotFound)
        #expect(!FileManager.default.fileExists(atPath: directory.file("absent.db")), "not created")
    }

    @Test func readOnlyOptionRefusesWritesWithAClearError() throws {
        let path = directory.file("ro.db")
        try SQLConnection(path: path).execute("CREATE TABLE t(x)")
        let db = try SQLConnection(path: path, options: .init(readOnly: true))
        #expect(db.isReadOnly)
        let error = #expect(throws: SQLiteError.self) { try db.execute("INSERT INTO t VALUES (\(1))") }
        #expect(error?.code == .readOnly)
        #expect(error?.description.contains("open it for writing") == true)
        #expect(try db.fetchValue("SELECT count(*) FROM t", as: Int.self) == 0)
    }

    @Test func readOnlyOptionOpensAFileWithoutWritePermission() throws {
        let path = directory.file("locked-down.db")
        try SQLConnection(path: path).execute("CREATE TABLE t(x); INSERT INTO t VALUES (1)")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let db = try SQLConnection(path: path, options: .init(readOnly: true))
        #expect(try db.fetchValue("SELECT x FROM t", as: Int.self) == 1)
    }

    @Test func readOnlyFileOpenedForWritingFailsAtOpen() throws {
        // NB: root writes files whatever their mode (as in CI), so this simulates what SQLite does
        // when the OS refuses O_RDWR: it opens read-only. The next test checks the real thing.
        let path = directory.file("ro.db")
        try SQLConnection(path: path).execute("CREATE TABLE t(x)")
        let error = #expect(throws: OpenError.self) {
            try SQLConnection(path: path, options: .init(), simulatingReadOnlyFile: true)
        }
        #expect(error?.kind == .readOnly)
        #expect(error?.description == "cannot write to the database at \(path): the file or its folder is read-only; "
            + "make the file and its folder writable, or open it with `readOnly: true` to read it")
    }

    @Test(.enabled(if: geteuid() != 0, "root ignores file permissions"))
    func readOnlyFileOpenedForWritingFailsAtOpenWithoutRoot() throws {
        let path = directory.file("ro.db")
        try SQLConnection(path: path).execute("CREATE TABLE t(x)")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        #expect(openError(path)?.kind == .readOnly)
    }

    @Test func readOnlyConnectionReadsAWALDatabaseWhileItsWriterIsOpen() throws {
        let path = directory.file("wal.db")
        let writer = try SQLConnection(path: path)
        try writer.execute("CREATE TABLE t(x)")
        let reader = try SQLConnection(path: path, options: .init(readOnly: true))
        try writer.execute("INSERT INTO t VALUES (\(1))")
        #expect(try reader.fetchValue("SELECT count(*) FROM t", as: Int.self) == 1)
        #expect(try reader.fetchValue("PRAGMA journal_mode", as: String.self) == "wal")
    }

    @Test func databaseLockedBeyondTheBusyTimeout() throws {
        let path = directory.file("busy.db")
        let holder = try SQLConnection(path: path, options: .init(walMode: false))
        try holder.execute("CREATE TABLE t(x)")
        try holder.execute("BEGIN EXCLUSIVE")
        try holder.execute("INSERT INTO t VALUES (\(1))")
        let clock = ContinuousClock()
        let start = clock.now
        let error = openError(path, .init(busyTimeout: .milliseconds(100)))
        let waited = clock.now - start
        #expect(error?.kind == .locked)
        #expect(error?.description == "the database at \(path) is locked by another process; try again when it has finished")
        #expect(waited >= .milliseconds(90), "honours the busy timeout")
        #expect(waited < .seconds(3))
        try holder.execute("COMMIT")
        #expect(throws: Never.self) { try SQLConnection(path: path, options: .init(busyTimeout: .milliseconds(100))) }
    }

    @Test func writeBlockedByAnotherWriterIsBusyWithAdvice() throws {
        let path = directory.file("busy-wal.db")
        let holder = try SQLConnection(path: path)
        try holder.execute("CREATE TABLE t(x)")
        try holder.execute("BEGIN IMMEDIATE")
        let db = try SQLConnection(path: path, options: .init(busyTimeout: .milliseconds(50)))
        let error = #expect(throws: SQLiteError.self) { try db.execute("INSERT INTO t VALUES (\(1))") }
        #expect(error?.code == .busy)
        #expect(error?.description.contains("locked by another process; try again") == true)
        try holder.execute("ROLLBACK")
    }
}
