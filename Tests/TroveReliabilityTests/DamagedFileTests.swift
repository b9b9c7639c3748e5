import Foundation
import Testing
import TroveSearch
import TroveStore

/// Damaged and foreign database files, beyond TroveCLITests' BadDatabaseTests (text file,
/// someone else's database, a folder, a missing folder): a clear sentence naming the path, a
/// non-zero exit, and the file byte-identical unless the person asked for a repair.
@Suite(.serialized) struct DamagedFileTests {
    /// `touch trove.db; trove lists`: a reading command refuses a 0-byte file and leaves it
    /// 0 bytes; a writing command (here `init`) makes it a new database, as sqlite3 would.
    @Test func anEmptyFileIsRefusedByReadsAndLeftEmptyButInitMakesItADatabase() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("empty.db")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        for command in [["lists"], ["stats"], ["check"], ["export"]] {
            let result = try TroveProcess.run(command + ["--db", path])
            #expect(result.status == 3, "\(command)")
            #expect(result.stderr.contains("\(path) is an empty file"), "\(result.stderr)")
            #expect(result.stderr.contains("trove init --db \(path)"))
        }
        #expect(FileManager.default.contents(atPath: path)?.count == 0)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(try TroveProcess.run(["init", "--db", path]).status == 0)
        #expect(try TroveProcess.run(["check", "--db", path]).status == 0)
    }

    @Test func aTruncatedDatabaseIsNamedAndLeftAsItWas() throws {
        let folder = try TemporaryFolder()
        let full = folder.path("full.db")
        try makeSeededDatabase(at: full)
        // NB: fold the WAL into the file first, so that cutting the file cuts real data.
        _ = try TroveProcess.runExecutable(try requireTool("sqlite3", package: "sqlite3"), [full, "PRAGMA wal_checkpoint(TRUNCATE)"])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: full))
        let path = folder.path("cut.db")
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
        let hash = FNV1a.file(path)
        for command in [["lists"], ["check"], ["add", "x"], ["export"]] {
            let result = try TroveProcess.run(command + ["--db", path])
            print("truncated database, \(command[0]): exit \(result.status): \(result.stderr)\(result.stdout)".prefix(300))
            #expect(result.status != 0, "\(command)")
            #expect((result.stderr + result.stdout).contains(path) || (result.stderr + result.stdout).contains("damaged"))
            #expect(rawSQLiteWording(in: result.stderr) == nil)
        }
        #expect(FNV1a.file(path) == hash)
    }

    /// The bug: with `reminders_fts` dropped every write failed with "The database reported an
    /// error", `check` sent people to a `trove rebuild-index` that does not exist, and
    /// `trove rebuild` itself failed, so nothing could bring the index back.
    @Test func droppedSearchIndexIsNamedAndRebuildRecreatesIt() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("trove.db")
        try makeSeededDatabase(at: path)
        let dropped = try TroveProcess.runExecutable(try requireTool("sqlite3", package: "sqlite3"), [path, "DROP TABLE reminders_fts"])
        try #require(dropped.status == 0, "needs the sqlite3 command: \(dropped.stderr)")
        let hash = FNV1a.file(path)
        let content = try DatabaseState.read(path)

        let add = try TroveProcess.run(["add", "x", "--db", path])
        #expect(add.status == 3)
        #expect(add.stderr.contains("search index is incomplete (missing: reminders_fts); run `trove rebuild`"), "\(add.stderr)")
        let check = try TroveProcess.run(["check", "--db", path])
        #expect(check.status == 1)
        #expect(check.stdout.contains("the search index reminders_fts is missing.\nRun `trove rebuild`"), "\(check.stdout)")
        #expect(!check.stdout.contains("rebuild-index"))
        // NB: the main file stays byte-identical; opening in WAL mode may add an empty -wal beside it.
        #expect(FNV1a.file(path) == hash)
        #expect(try DatabaseState.read(path) == content)

        let rebuild = try TroveProcess.run(["rebuild", "--db", path])
        #expect(rebuild.status == 0, "\(rebuild.stderr)")
        #expect(try TroveProcess.run(["check", "--db", path]).status == 0)
        #expect(try TroveProcess.run(["add", "Buy oat milk", "--db", path]).status == 0)
        let state = try DatabaseState.read(path)
        #expect(state.reminders == 180 && state.indexed == 180 && state.missingFromIndex == 0)
        let store = try await ReminderStore.open(path: path)
        var hits = 0
        for try await resultSet in EngineRegistry().results(for: SearchRequest(text: "oat milk"), in: store.database) {
            hits = resultSet.hits.count
        }
        #expect(hits >= 1)
    }

    /// chmod 444 does not stop root, so the commands run as `nobody` through setpriv: the
    /// file's mode is then what a normal user meets. Reads work (read-only), writes are
    /// refused with what to do, and the file does not change.
    @Test func aReadOnlyFileServesReadsAndRefusesWritesUnchanged() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("ro.db")
        try makeSeededDatabase(at: path)
        _ = try TroveProcess.runExecutable(try requireTool("sqlite3", package: "sqlite3"), [path, "PRAGMA wal_checkpoint(TRUNCATE)"])
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.url.path)
        let hash = FNV1a.file(path)
        let asUser: (([String]) throws -> TroveProcess.Result)
        if getuid() == 0 {
            let setpriv = try requireTool("setpriv", package: "util-linux")
            asUser = { try TroveProcess.runExecutable(
                setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", TroveProcess.binary.path] + $0) }
        } else {
            asUser = { try TroveProcess.run($0) }
        }
        let lists = try asUser(["lists", "--db", path])
        #expect(lists.status == 0, "\(lists.stderr)")
        #expect(lists.stdout.contains("Home"))
        let check = try asUser(["check", "--db", path])
        #expect(check.status == 0 && check.stdout.contains("not checked"), "\(check.stdout)\(check.stderr)")
        for command in [["add", "x"], ["done", "1"], ["rebuild"]] {
            let result = try asUser(command + ["--db", path])
            #expect(result.status == 3, "\(command): \(result.stderr)")
            #expect(result.stderr.contains(path) && result.stderr.contains("read-only"), "\(result.stderr)")
        }
        #expect(FNV1a.file(path) == hash)
    }
    /// Issue 53, item 10: a database file this user may write, in a folder they may not (another
    /// user's folder), blocked even `search`: SQLite must create its -wal and -shm beside it to
    /// open it for writing, and trove said "make it writable, or open it read-only for searching",
    /// an option no command has. Now reading commands open it read-only (immutable, as no -wal or
    /// -shm means no writer), and writing ones say which folder is read-only and what to do.
    @Test func aWritableFileInAReadOnlyFolderServesReadsAndNamesTheFolderOnWrites() throws {
        let outer = try TemporaryFolder()
        let folder = outer.path("locked")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let path = folder + "/t.db"
        try makeSeededDatabase(at: path)
        _ = try TroveProcess.runExecutable(try requireTool("sqlite3", package: "sqlite3"), [path, "PRAGMA wal_checkpoint(TRUNCATE)"])
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: outer.url.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder) }
        let hash = FNV1a.file(path)
        // NB: root writes any folder, so as root the commands run as `nobody`, for whom the
        // folder (root's, 755) is read-only and the file (666) writable.
        let asUser: (([String]) throws -> TroveProcess.Result)
        if getuid() == 0 {
            let setpriv = try requireTool("setpriv", package: "util-linux")
            asUser = { try TroveProcess.runExecutable(
                setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", TroveProcess.binary.path] + $0) }
        } else {
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
            asUser = { try TroveProcess.run($0) }
        }
        let search = try asUser(["search", "dentist", "--db", path])
        #expect(search.status == 0, "\(search.stderr)")
        #expect(search.stdout.contains("Dentist"))
        let json = try asUser(["search", "milk", "--format", "json", "--db", path])
        #expect(json.status == 0, "\(json.stderr)")
        for command in [["lists"], ["export"], ["check"]] {
            let result = try asUser(command + ["--db", path])
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
        for command in [["add", "x"], ["done", "1"]] {
            let result = try asUser(command + ["--db", path])
            #expect(result.status == 3, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("its folder \(folder) is read-only"), "\(result.stderr)")
            #expect(!result.stderr.contains("open it read-only for searching"), "\(result.stderr)")
        }
        #expect(FNV1a.file(path) == hash)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal") && !FileManager.default.fileExists(atPath: path + "-shm"))
    }
}
