import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveTestSupport

/// Issue 15: maintenance commands that say what is true and what to do.
@Suite(.serialized) struct MaintenanceCommandTests {
    /// A database of `count` reminders made by the real binary, its WAL folded in.
    static func database(in folder: TemporaryFolder, count: Int = 40) throws -> String {
        let db = folder.path("t.db")
        let file = folder.path("some.jsonl")
        try generatedJSONLines(count: count, seed: 5).write(to: URL(fileURLWithPath: file))
        try #require(try TroveProcess.run(["import", file, "--db", db]).status == 0)
        return db
    }

    /// Overwrites page `page` (1-based) of the file with bytes that are no b-tree page.
    static func scribble(page: Int, of path: String, pageSize: Int) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64((page - 1) * pageSize))
        handle.write(Data((0..<pageSize).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }))
    }

    /// Was: `check` answered "The database file is damaged. Run `trove check` to see how", a loop.
    @Test func damageThatStopsSQLitesOwnCheckSaysWhatToDoNext() throws {
        let folder = try TemporaryFolder()
        let db = try Self.database(in: folder)
        let (root, pageSize) = try {
            let connection = try SQLConnection(path: db)
            return (try connection.fetchValue("SELECT rootpage FROM sqlite_schema WHERE name = 'reminders'", as: Int.self) ?? 0,
                    try connection.fetchValue("PRAGMA page_size", as: Int.self) ?? 4096)
        }()
        try Self.scribble(page: root, of: db, pageSize: pageSize)
        let check = try TroveProcess.run(["check", "--db", db])
        #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("damaged"))
        #expect(check.stdout.contains("trove export --salvage -o rescue.jsonl"))
        #expect(check.stdout.contains("restore a backup"))
        #expect(!(check.stdout + check.stderr).contains("trove check"))
        let lists = try TroveProcess.run(["export", "--db", db])
        #expect(lists.status == 3)
        #expect(lists.stderr.contains("--salvage"), "\(lists.stderr)")
        expectNoRawSQLiteText(check.stdout + check.stderr + lists.stderr)
    }

    /// Issue 53, item 10: with part of the search index gone (here its per-row sizes), `check`
    /// printed SQLite's "database disk image is malformed", as if the file were damaged, beside
    /// the advice to rebuild. Now it says the index is incomplete, and `trove rebuild` mends it.
    @Test(arguments: ["reminders_fts_docsize", "reminders_fts_data"])
    func anIndexMissingItsRowsIsNamedAsTheIndexNotAsAMalformedFile(_ table: String) throws {
        let folder = try TemporaryFolder()
        let db = try Self.database(in: folder)
        try SQLConnection(path: db).execute("DELETE FROM \(identifier: table)")
        let check = try TroveProcess.run(["check", "--db", db])
        let said = check.stdout + check.stderr
        #expect(check.status == 1, "\(said)")
        #expect(said.contains("search index: it is damaged or incomplete (part of it is missing"), "\(said)")
        #expect(said.contains("trove rebuild"), "\(said)")
        #expect(!said.contains("malformed") && !said.contains("vtable constructor"), "\(said)")
        expectNoRawSQLiteText(said)
        if table == "reminders_fts_docsize" {
            #expect(try TroveProcess.run(["rebuild", "--db", db]).status == 0)
            #expect(try TroveProcess.run(["check", "--db", db]).status == 0)
        }
    }

    /// Was: `check` waited 120 s for another trove's lock, then called a healthy index broken
    /// and told the person to rebuild it.
    @Test func checkWhileAnotherTroveWritesSaysSoAndExits3() throws {
        let folder = try TemporaryFolder()
        let db = try Self.database(in: folder)
        let other = try SQLConnection(path: db)
        try other.execute("BEGIN IMMEDIATE")
        defer { try? other.execute("ROLLBACK") }
        let clock = ContinuousClock()
        let start = clock.now
        let check = try TroveProcess.run(["check", "--db", db])
        let took = clock.now - start
        #expect(check.status == 3, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("the database is sound; its search index was not checked"))
        #expect(check.stderr.contains("trove: waiting for another trove to finish writing to \(db)…"))
        #expect(check.stderr.contains("another trove held the database's write lock for 5 s. Run `trove check` again"))
        #expect(!check.stdout.contains("rebuild"))
        #expect(took < .seconds(60), "took \(took)")
    }

    /// Was: a write waited up to two minutes for another trove without a word.
    @Test func aWriteWaitingForAnotherTroveSaysSoAfterASecond() async throws {
        let folder = try TemporaryFolder()
        let db = try Self.database(in: folder)
        let other = try SQLConnection(path: db)
        try other.execute("BEGIN IMMEDIATE")
        let errors = folder.path("stderr")
        #expect(FileManager.default.createFile(atPath: errors, contents: nil))
        let process = Process()
        process.executableURL = TroveProcess.binary
        process.arguments = ["add", "Patient", "--db", db]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try #require(FileHandle(forWritingAtPath: errors))
        try process.run()
        let said = await eventually(timeout: .seconds(30)) {
            (try? String(contentsOfFile: errors, encoding: .utf8))?.contains("waiting for another trove") == true
        }
        #expect(said)
        #expect(process.isRunning)
        try other.execute("ROLLBACK")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try String(contentsOfFile: errors, encoding: .utf8) == "trove: waiting for another trove to finish writing to \(db)…\n")
    }

    /// Was: "Optimized: 7.3 MB → 10.7 MB" with 844 free pages: it never compacted.
    @Test func optimizeCompactsAndSaysSo() throws {
        let folder = try TemporaryFolder()
        let db = try Self.database(in: folder, count: 3_000)
        try #require(try TroveProcess.run(["rm"] + (1...2_000).map(String.init) + ["--db", db]).status == 0)
        // NB: the undo journal keeps the deleted rows, so the file cannot halve; what compacting
        // must do is give back every page the merge alone leaves free.
        #expect(try TroveProcess.run(["optimize", "--no-compact", "--db", db]).status == 0)
        let before = try FileManager.default.attributesOfItem(atPath: db)[.size] as? Int ?? 0
        let free = try {
            let connection = try SQLConnection(path: db)
            return try (connection.fetchValue("PRAGMA freelist_count", as: Int.self) ?? 0)
                * (connection.fetchValue("PRAGMA page_size", as: Int.self) ?? 0)
        }()
        #expect(free > 0)
        let optimize = try TroveProcess.run(["optimize", "--db", db])
        #expect(optimize.status == 0, "\(optimize.stderr)")
        #expect(optimize.stdout.hasPrefix("Optimized: merged the search index and compacted the file: "))
        let after = try FileManager.default.attributesOfItem(atPath: db)[.size] as? Int ?? 0
        #expect(after <= before - free, "\(before) → \(after), \(free) bytes free")
        #expect(try SQLConnection(path: db).fetchValue("PRAGMA freelist_count", as: Int.self) == 0)
        #expect(try TroveProcess.run(["check", "--db", db]).status == 0)
        #expect(try TroveProcess.run(["optimize", "--help"]).stdout.contains("twice the file's size"))
    }

    /// Was: `rebuild` recreated a dropped index from migration 001's DDL, without `prefix='1 2 3'`.
    @Test func rebuildRecreatesADroppedIndexWithItsOptions() throws {
        let folder = try TemporaryFolder()
        let db = try Self.database(in: folder)
        try SQLConnection(path: db).execute("DROP TABLE reminders_fts")
        let rebuild = try TroveProcess.run(["rebuild", "--db", db])
        #expect(rebuild.stdout == "Recreated reminders_fts (missing or defined otherwise) and rebuilt the search index.\n")
        let sql = try SQLConnection(path: db).fetchValue("SELECT sql FROM sqlite_schema WHERE name = 'reminders_fts'", as: String.self)
        #expect(sql?.contains("prefix = '1 2 3'") == true)
        #expect(try TroveProcess.run(["check", "--db", db]).stdout == "ok: the database and its search index are sound.\n")
    }
}
