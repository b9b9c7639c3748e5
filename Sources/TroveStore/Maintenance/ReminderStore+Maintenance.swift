import Foundation
import TroveQuery
import TroveSQLite

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ReminderStore {
    /// Checks the database file, its schema, and that the full-text index matches the reminders.
    ///
    /// ```swift
    /// try await store.check().isOK  // true
    /// // on a reader, in one read transaction (BEGIN DEFERRED … COMMIT: one snapshot, whatever
    /// //   other processes write meanwhile): the schema against SchemaDefinition.current(), tag
    /// //   texts against their links, the per-prefix counts (with the changes they have yet to
    /// //   take in) against a fresh count, PRAGMA integrity_check
    /// // on the writer: INSERT INTO reminders_fts (reminders_fts, rank) VALUES ('integrity-check', 1)
    /// //   INSERT INTO reminders_substrings (reminders_substrings, rank) VALUES ('integrity-check', 1)
    /// ```
    ///
    /// With rank 1, FTS5 also re-reads every reminder and compares its tokens with the index,
    /// so an index that drifted from `reminders` is caught, not only a damaged one.
    /// See https://www.sqlite.org/fts5.html#the_integrity_check_command
    ///
    /// A store opened read-only gets everything but FTS5's check (`indexChecked` is false):
    /// SQLite refuses it there, as it is spelled as an INSERT. So does a store whose write lock
    /// another process holds for longer than `lockWait` (`indexLocked`): the check reports that
    /// rather than waiting as long as a write would.
    ///
    /// - Parameter lockWait: How long FTS5's check waits for another process's write lock.
    /// - Throws: Only when the checks cannot start; what they find, damage that stops SQLite's
    ///   own check included, is in the report.
    public func check(lockWait: Duration = .seconds(5)) async throws -> CheckReport {
        let schema = try schema
        // NB: one read transaction for every check of the file, so they all read one snapshot:
        // each statement on its own read the database as it was then, and a write committed
        // between reading the per-prefix counts and counting the reminders afresh (another
        // process adding) looked like damage, "the per-prefix counts … differ" (issue 53).
        // NB: ended by ROLLBACK (a read has nothing to commit), and only while still open: a
        // damaged file may have ended it already, and what the checks found is still reported.
        var report = try await database.read { db in
            try db.execute("BEGIN DEFERRED")
            defer { if db.isInTransaction { try? db.execute("ROLLBACK") } }
            return Self.checkFile(on: db, schema: schema)
        }
        guard report.databaseCheckStopped == nil,
              !report.schemaProblems.contains(where: { Self.blocksIndexCheck($0) })
        else { return report }
        // NB: the FTS5 check is spelled as an INSERT, so it runs on the writer; it changes nothing.
        let (problems, checked, locked) = try await database.writeWithoutTransaction { db -> ([String], Bool, Bool) in
            let usual = db.busyTimeout
            db.busyTimeout = lockWait
            defer { db.busyTimeout = usual }
            var problems: [String] = []
            // NB: every FTS5 table of the schema (those with a `_config`): the word index and
            // schema 6's substring index; fts5vocab tables have nothing of their own to check.
            for table in schema.configuration.keys.sorted() {
                do {
                    try db.execute("INSERT INTO \(identifier: table) (\(identifier: table), rank) VALUES ('integrity-check', 1)")
                } catch let error as SQLiteError where error.code == .readOnly {
                    return ([String](), false, false)
                } catch let error as SQLiteError where error.code == .busy || error.code == .locked {
                    return ([], false, true)
                } catch let error as SQLiteError {
                    let problem = Self.indexProblem(error)
                    problems.append(table == "reminders_fts" ? problem : "\(table): \(problem)")
                }
            }
            return (problems, true, false)
        }
        report.indexProblems = problems
        report.indexChecked = checked || locked
        report.indexLocked = locked
        return report
    }

    /// What FTS5's failed `integrity-check` means, by result code, in place of SQLite's text.
    ///
    /// NB: SQLite's words were shown as they were: a search index missing its rows said
    /// "database disk image is malformed" (SQLITE_CORRUPT_VTAB) or "vtable constructor failed",
    /// which read as a damaged file when `rebuildIndex()` repairs it.
    static func indexProblem(_ error: SQLiteError) -> String {
        switch error.code {
        case .corrupt:
            "it is damaged or incomplete (part of it is missing or does not match the reminders)"
        default:
            "it cannot be read (part of it is missing or damaged)"
        }
    }

    /// Whether a schema problem means FTS5's own check cannot run (its table or a shadow table is gone).
    private static func blocksIndexCheck(_ problem: SchemaDefinition.Problem) -> Bool {
        guard case .missing(let object) = problem else { return false }
        return object.kind == .virtualTable || object.kind == .shadowTable
    }

    /// The checks a reader can run: schema, SQLite's integrity check, tag texts and uids.
    private static func checkFile(on db: SQLConnection, schema: SchemaDefinition) -> CheckReport {
        var report = CheckReport(databaseProblems: [], indexProblems: [])
        do {
            report.schemaProblems = try schema.problems(in: db)
            let integrity = try db.fetchAll("PRAGMA integrity_check").map { row -> String in try row[0] }
            report.databaseProblems = integrity == ["ok"] ? [] : integrity
        } catch let error as SQLiteError {
            report.databaseCheckStopped = error.message
            return report
        } catch {
            report.databaseCheckStopped = "\(error)"
            return report
        }
        // NB: the rows are compared only where the schema holds what the comparison reads;
        // a missing or redefined table or view is reported above.
        guard report.databaseProblems.isEmpty,
              !report.schemaProblems.contains(where: { Self.blocksDataCheck($0) })
        else { return report }
        do {
            report.dataProblems = try dataProblems(on: db, schema: schema)
        } catch {
            report.dataProblems.append("the reminders could not be compared with their tags and uids (\(error))")
        }
        return report
    }

    /// What the denormalised and identity columns get wrong: `reminders.tags` must be the text
    /// `reminder_tag_text` builds from `reminder_tags` (names in their links' order), no
    /// reminder may be left marked in `tag_text_written`, every reminder's list must exist,
    /// and every uid must be present and unique.
    ///
    /// ```swift
    /// // SELECT count(*), min(r.id) FROM reminders AS r LEFT JOIN reminder_tag_text AS t ON t.reminder_id = r.id
    /// //   WHERE r.tags IS NOT ifnull(t.text, '')
    /// // SELECT count(*) FROM "tag_text_written"
    /// // SELECT count(*), min(id) FROM reminders WHERE list_id NOT IN (SELECT id FROM lists)
    /// // SELECT count(*) FROM reminders WHERE uid IS NULL OR trim(uid) = ''
    /// // SELECT uid, count(*) FROM reminders GROUP BY uid HAVING count(*) > 1
    /// ```
    static func dataProblems(on db: SQLConnection, schema: SchemaDefinition) throws -> [String] {
        var problems: [String] = []
        if let row = try db.fetchOne("""
            SELECT count(*), min(r.id) FROM reminders AS r LEFT JOIN reminder_tag_text AS t ON t.reminder_id = r.id
            WHERE r.tags IS NOT ifnull(t.text, '')
            """), let count: Int = try row[0], count > 0
        {
            let first: Int64 = try row[1]
            problems.append("\(count) reminder(s), the first \(first), have a tags column that does not match their tag links; \(CheckReport.rebuildCall) to rewrite it from the links")
        }
        if schema.tracksTagText, let marked = try db.first(TagTextWrittenTable.count()), marked > 0 {
            problems.append("\(marked) reminder(s) are still marked in tag_text_written; \(CheckReport.rebuildCall) to clear them")
        }
        if let row = try db.fetchOne("SELECT count(*), min(id) FROM reminders WHERE \(Self.listless)"),
            let count: Int = try row[0], count > 0
        {
            let first: Int64 = try row[1]
            problems.append("\(count) reminder(s), the first \(first), belong to a list that does not exist, so no search shows them; \(CheckReport.rebuildCall) to move them to the list \(StoreNames.defaultList)")
        }
        let counts = try PrefixTallies.problems(on: db, limit: 3)
        if !counts.isEmpty {
            problems.append("the per-prefix counts one- and two-letter searches read differ from the reminders (\(counts.joined(separator: "; "))); \(CheckReport.rebuildCall) to count them afresh")
        }
        // NB: a store opened on an older schema (tests migrate step by step) has no uid yet.
        guard try db.fetchValue("SELECT count(*) FROM pragma_table_info('reminders') WHERE name = 'uid'", as: Int.self) == 1 else {
            return problems
        }
        if let missing = try db.fetchValue("SELECT count(*) FROM reminders WHERE uid IS NULL OR trim(uid) = ''", as: Int.self), missing > 0 {
            problems.append("\(missing) reminder(s) have no uid; \(CheckReport.rebuildCall) to give each a new one")
        }
        let shared = try db.fetchAll("SELECT uid, count(*) FROM reminders WHERE uid IS NOT NULL GROUP BY uid HAVING count(*) > 1 LIMIT 5")
        for row in shared {
            let uid: String = try row[0], count: Int = try row[1]
            problems.append("\(count) reminders share the uid \(uid); a uid must name one reminder. Give all but one a new uid with \(CheckReport.rebuildName)")
        }
        return problems
    }

    /// The reminders whose list does not exist (written with foreign keys off).
    static let listless: SQLFragment = "list_id NOT IN (SELECT id FROM lists)"

    /// Whether a schema problem means the rows cannot be compared: a table or view is missing or redefined.
    private static func blocksDataCheck(_ problem: SchemaDefinition.Problem) -> Bool {
        switch problem {
        case .missing(let object), .differs(let object, _): object.kind == .table || object.kind == .view
        case .configuration: false
        }
    }

    /// Recreates whatever part of the search index is missing or differs from this Trove's
    /// schema, puts every reminder's tag text back in step with its tags, gives a reminder
    /// with a missing or shared uid a new one, moves a reminder whose list is gone to the list
    /// Reminders, and refills the index from the reminders.
    ///
    /// ```swift
    /// try await store.rebuildIndex()   // RebuildReport(recreated: ["reminders_fts"])
    /// // in one transaction: DROP and CREATE what SchemaDefinition.problems(in:) names, from the
    /// //   reference (FTS5 options and rank included); UPDATE reminders SET tags = … where they
    /// //   differ; UPDATE reminders SET uid = … where missing or shared;
    /// //   INSERT INTO reminders_fts (reminders_fts) VALUES ('rebuild')
    /// ```
    ///
    /// Tables of data are never recreated: when one is missing or differs, nothing is changed.
    ///
    /// - Returns: The objects it recreated (empty when only the contents were rebuilt).
    /// - Throws: `StoreError.schemaDamaged` when tables of data are damaged, or a SQLite error.
    @discardableResult
    public func rebuildIndex() async throws -> RebuildReport {
        let reference = try schema
        let report = try await database.write { db in
            let problems = try reference.problems(in: db)
            let damaged = problems.filter { $0.repairedBy == nil }
            guard damaged.isEmpty else { throw StoreError.schemaDamaged(problems: damaged.map(\.description)) }
            let names = Set(problems.compactMap(\.repairedBy))
            // NB: repair what `check` reports before re-indexing: the tags text from the links,
            // and a fresh uid for a missing or shared one (the lowest id keeps a shared uid).
            try reference.recreate(names, on: db, before: { db in
                if reference.tracksTagText { try db.run(TagTextWrittenTable.delete()) }
                try db.execute("""
                    UPDATE reminders SET tags = ifnull((SELECT text FROM reminder_tag_text WHERE reminder_id = reminders.id), '')
                    WHERE tags IS NOT ifnull((SELECT text FROM reminder_tag_text WHERE reminder_id = reminders.id), '')
                    """)
                try db.execute("""
                    UPDATE reminders SET uid = lower(hex(randomblob(16)))
                    WHERE uid IS NULL OR trim(uid) = ''
                       OR id > (SELECT min(other.id) FROM reminders AS other WHERE other.uid = reminders.uid)
                    """)
                // NB: a reminder whose list is gone (written with foreign keys off) goes to the
                // default list, made if need be.
                if try db.fetchValue("SELECT count(*) FROM reminders WHERE \(Self.listless)", as: Int.self) ?? 0 > 0 {
                    try db.execute("INSERT OR IGNORE INTO lists (name) VALUES (\(StoreNames.defaultList))")
                    try db.execute("""
                        UPDATE reminders SET list_id = (SELECT id FROM lists WHERE name = \(StoreNames.defaultList))
                        WHERE \(Self.listless)
                        """)
                }
            })
            try PrefixTallies.recount(on: db)
            return RebuildReport(recreated: reference.objects.map(\.name).filter(names.contains))
        }
        await giveFreePagesBack()
        return report
    }

    /// Gives the file's free pages back to the disk, when the file was made to allow it
    /// (``Migrator/keepFreedPagesReturnable(_:)``); nothing otherwise. A large write runs it
    /// once it has committed: an import, whose index merges free the pages of the merged
    /// segments (5.5 MiB of the 111.3 MiB file of 63,087 Debian package descriptions), and a
    /// rebuild, which makes the index again.
    ///
    /// ```swift
    /// await store.giveFreePagesBack()
    /// // BEGIN IMMEDIATE; PRAGMA incremental_vacuum; COMMIT
    /// ```
    ///
    /// NB: best effort: a failure loses nothing (the write is in, and the pages stay free
    /// inside the file until `optimize()`), so it is not reported.
    func giveFreePagesBack() async {
        _ = try? await database.write { db in try db.execute("PRAGMA incremental_vacuum") }
    }

    /// Merges the index's segments into one, refreshes the query planner's statistics and, by
    /// default, compacts the file with `VACUUM` after checking there is room to.
    ///
    /// ```swift
    /// try await store.optimize()
    /// // INSERT INTO reminders_fts (reminders_fts) VALUES ('optimize'); PRAGMA optimize
    /// // PRAGMA auto_vacuum = INCREMENTAL; VACUUM; PRAGMA wal_checkpoint(TRUNCATE)
    /// ```
    ///
    /// `VACUUM` rewrites the whole file through a temporary copy and the write-ahead log, so it
    /// needs about twice the file's size free (SQLite's own rule): on the disk of the
    /// database, or the file's size there and again in the temporary folder when that is on
    /// another disk. It keeps other writers waiting meanwhile. Merging alone leaves the pages
    /// it frees inside the file (a 7.3 MB file became 10.7 MB with 844 free pages).
    /// See https://www.sqlite.org/lang_vacuum.html
    ///
    /// - Parameter vacuum: Also compact the file.
    /// - Throws: `StoreError.notEnoughSpace` before changing anything when the disk is too full.
    public func optimize(vacuum: Bool = true) async throws {
        if vacuum, path != ":memory:" { try checkSpaceToCompact() }
        try await indexedWrite { db in
            try db.execute("INSERT INTO reminders_fts (reminders_fts) VALUES ('optimize')")
        }
        try await database.writeWithoutTransaction { db in
            try db.execute("PRAGMA optimize")
            if vacuum {
                // NB: a file made before Trove chose this mode for new ones takes it here, where
                // the whole file is copied anyway (``Migrator/keepFreedPagesReturnable(_:)``).
                try db.execute("PRAGMA auto_vacuum = INCREMENTAL")
                try db.execute("VACUUM")
                if path != ":memory:" { try db.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
            }
        }
    }

    /// Throws `StoreError.notEnoughSpace` unless the disks have room for `VACUUM`.
    private func checkSpaceToCompact() throws {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        // NB: not NSString's deletingLastPathComponent, which traps on a one-character path
        // ("a") in swift-corelibs-foundation.
        let folder = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let environment = ProcessInfo.processInfo.environment
        let temporary = environment["SQLITE_TMPDIR"] ?? environment["TMPDIR"] ?? "/var/tmp"
        guard let here = Self.freeSpace(folder) else { return }
        let there = Self.freeSpace(temporary)
        let problem = Self.spaceProblem(
            size: size, wal: wal, freeHere: here, freeInTemporary: there ?? here,
            sameDisk: there == nil || Self.device(temporary) == Self.device(folder))
        if let problem {
            throw StoreError.notEnoughSpace(
                path: problem.inTemporary ? temporary : path, needed: problem.needed, available: problem.available)
        }
    }

    /// Whether `VACUUM` of a file of `size` bytes with a `wal` of pending pages lacks room:
    /// it writes a temporary copy (in the temporary folder) and then the whole file again
    /// through the WAL (beside the database). On one disk that is twice the file.
    static func spaceProblem(
        size: Int, wal: Int, freeHere: Int, freeInTemporary: Int, sameDisk: Bool
    ) -> (needed: Int, available: Int, inTemporary: Bool)? {
        if sameDisk {
            return freeHere < size + wal + size ? (size + wal + size, freeHere, false) : nil
        }
        if freeHere < size + wal { return (size + wal, freeHere, false) }
        if freeInTemporary < size { return (size, freeInTemporary, true) }
        return nil
    }

    /// Bytes free to this user on the disk holding `path` (`statvfs`), or nil when unknown.
    static func freeSpace(_ path: String) -> Int? {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }

    private static func device(_ path: String) -> UInt64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return UInt64(info.st_dev)
    }

    /// Counts of reminders, lists and tags, and the sizes of the file and of the index.
    ///
    /// ```swift
    /// try await store.stats().reminders  // 179
    /// // SELECT "reminders"."is_completed", count(*) FROM "reminders" GROUP BY "reminders"."is_completed"
    /// // PRAGMA page_count; PRAGMA page_size
    /// // SELECT sum(pgsize) FROM dbstat WHERE name IN (… reminders_fts_* …)
    /// ```
    public func stats() async throws -> StoreStats {
        try await database.read { db in
            let byState = try db.all(ReminderTable.group { $0.isCompleted }.select { ($0.isCompleted, countAll()) })
            let completed = byState.first { $0.0 }?.1 ?? 0
            let open = byState.first { !$0.0 }?.1 ?? 0
            let lists = try db.first(ListTable.count()) ?? 0
            let tags = try db.first(TagTable.count()) ?? 0
            let pages = try db.fetchValue("PRAGMA page_count", as: Int.self) ?? 0
            let pageSize = try db.fetchValue("PRAGMA page_size", as: Int.self) ?? 0
            let (indexBytes, estimated) = try Self.indexBytes(on: db)
            return StoreStats(
                reminders: open + completed, open: open, completed: completed, lists: lists, tags: tags,
                databaseBytes: pages * pageSize, indexBytes: indexBytes, indexBytesAreEstimated: estimated)
        }
    }

    /// The index's size: `dbstat` pages when this SQLite has the virtual table, else the bytes
    /// its shadow tables store (segment blobs, per-row sizes, and about 16 bytes a segment row).
    static func indexBytes(on db: SQLConnection) throws -> (Int, estimated: Bool) {
        if SQLiteLibrary.hasDBStat {
            let bytes = try db.fetchValue("""
                SELECT sum(pgsize) FROM dbstat WHERE name IN (
                    SELECT name FROM sqlite_schema WHERE tbl_name LIKE 'reminders\\_fts\\_%' ESCAPE '\\')
                """, as: Int.self)
            return (bytes ?? 0, false)
        } else {
            let bytes = try db.fetchValue("""
                SELECT (SELECT ifnull(sum(length(block)), 0) FROM reminders_fts_data)
                     + (SELECT ifnull(sum(length(sz)), 0) FROM reminders_fts_docsize)
                     + (SELECT count(*) * 16 FROM reminders_fts_idx)
                """, as: Int.self)
            return (bytes ?? 0, true)
        }
    }
}
