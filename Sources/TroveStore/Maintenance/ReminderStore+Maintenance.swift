import Foundation
import TroveQuery
import TroveSQLite

extension ReminderStore {
    /// The full-text tables: the word index, and the substring index of schema 6, whose
    /// external content is the `reminders_substring_text` view.
    static let indexTables = ["reminders_fts", "reminders_substrings"]

    /// Checks the database file and that the full-text indexes match the reminders exactly.
    ///
    /// ```swift
    /// try await store.check().isOK  // true
    /// // PRAGMA integrity_check
    /// // INSERT INTO reminders_fts (reminders_fts, rank) VALUES ('integrity-check', 1)
    /// // INSERT INTO reminders_substrings (reminders_substrings, rank) VALUES ('integrity-check', 1)
    /// ```
    ///
    /// With rank 1, FTS5 also re-reads every reminder and compares its tokens with the index,
    /// so an index that drifted from `reminders` is caught, not only a damaged one.
    /// See https://www.sqlite.org/fts5.html#the_integrity_check_command
    ///
    /// A store opened read-only gets the file check only (`CheckReport.indexChecked` is false):
    /// SQLite refuses FTS5's check there, as it is spelled as an INSERT.
    ///
    /// - Throws: Only when the checks cannot run at all; what they find is in the report.
    public func check() async throws -> CheckReport {
        // NB: the FTS5 check is spelled as an INSERT, so it runs on the writer; it changes nothing.
        try await database.writeWithoutTransaction { db in
            let integrity = try db.fetchAll("PRAGMA integrity_check").map { row -> String in try row[0] }
            var indexProblems: [String] = []
            var indexChecked = true
            let version = try db.fetchValue("PRAGMA user_version", as: Int.self) ?? 0
            for table in Self.indexTables where version >= Self.schemaVersion(creating: table) {
                do {
                    try db.execute("INSERT INTO \(identifier: table) (\(identifier: table), rank) VALUES ('integrity-check', 1)")
                } catch let error as SQLiteError where error.code == .readOnly {
                    indexChecked = false
                    break
                } catch let error as SQLiteError {
                    let named = table == "reminders_fts" ? error.message : "\(table): \(error.message)"
                    indexProblems.append(try Self.indexExists(table, on: db) ? named : "the index table \(table) is missing")
                }
            }
            return CheckReport(
                databaseProblems: integrity == ["ok"] ? [] : integrity, indexProblems: indexProblems,
                dataProblems: try Self.dataProblems(on: db), indexChecked: indexChecked)
        }
    }

    /// What the denormalised and identity columns get wrong: `reminders.tags` must be the text
    /// `reminder_tag_text` builds from `reminder_tags`, and every uid present and unique.
    ///
    /// ```swift
    /// // SELECT count(*), min(r.id) FROM reminders AS r LEFT JOIN reminder_tag_text AS t ON t.reminder_id = r.id
    /// //   WHERE r.tags IS NOT ifnull(t.text, '')
    /// // SELECT count(*) FROM reminders WHERE uid IS NULL OR trim(uid) = ''
    /// // SELECT uid, count(*) FROM reminders GROUP BY uid HAVING count(*) > 1
    /// ```
    static func dataProblems(on db: Connection) throws -> [String] {
        var problems: [String] = []
        if let row = try db.fetchOne("""
            SELECT count(*), min(r.id) FROM reminders AS r LEFT JOIN reminder_tag_text AS t ON t.reminder_id = r.id
            WHERE r.tags IS NOT ifnull(t.text, '')
            """), let count: Int = try row[0], count > 0
        {
            let first: Int64 = try row[1]
            problems.append("\(count) reminder(s), the first \(first), have a tags column that does not match their tag links; run `trove rebuild` to rewrite it from the links")
        }
        // NB: a store opened on an older schema (tests migrate step by step) has no uid yet.
        guard try db.fetchValue("SELECT count(*) FROM pragma_table_info('reminders') WHERE name = 'uid'", as: Int.self) == 1 else {
            return problems
        }
        if let missing = try db.fetchValue("SELECT count(*) FROM reminders WHERE uid IS NULL OR trim(uid) = ''", as: Int.self), missing > 0 {
            problems.append("\(missing) reminder(s) have no uid; run `trove rebuild` to give each a new one")
        }
        let shared = try db.fetchAll("SELECT uid, count(*) FROM reminders WHERE uid IS NOT NULL GROUP BY uid HAVING count(*) > 1 LIMIT 5")
        for row in shared {
            let uid: String = try row[0], count: Int = try row[1]
            problems.append("\(count) reminders share the uid \(uid); a uid must name one reminder. Give all but one a new uid with `trove rebuild`")
        }
        return problems
    }

    /// Rebuilds the full-text indexes from the reminders table, first recreating an index
    /// table (and the substring index's view) if it is missing (dropped by hand or by another
    /// tool).
    ///
    /// ```swift
    /// try await store.rebuildIndex()
    /// // INSERT INTO reminders_fts (reminders_fts) VALUES ('rebuild')
    /// // INSERT INTO reminders_substrings (reminders_substrings) VALUES ('rebuild')
    /// // when missing, first: CREATE VIRTUAL TABLE reminders_fts USING fts5(…) and its rank setting
    /// ```
    ///
    /// The indexes' triggers live on `reminders` and survive a dropped index, so recreating the
    /// table is all the schema needs.
    public func rebuildIndex() async throws {
        try await database.write { db in
            for table in Self.indexTables {
                guard try !Self.indexExists(table, on: db) else { continue }
                for statement in try Self.indexDefinition(of: table) {
                    if let name = Self.createdName(statement), try Self.indexExists(name, on: db) { continue }
                    try db.execute(statement)
                }
            }
            // NB: repair what `check` reports once the index tables exist (the triggers the
            // updates fire write to them), before re-indexing: the tags text from the links,
            // and a fresh uid for a missing or shared one (the lowest id keeps a shared uid).
            try db.execute("""
                UPDATE reminders SET tags = ifnull((SELECT text FROM reminder_tag_text WHERE reminder_id = reminders.id), '')
                WHERE tags IS NOT ifnull((SELECT text FROM reminder_tag_text WHERE reminder_id = reminders.id), '')
                """)
            try db.execute("""
                UPDATE reminders SET uid = lower(hex(randomblob(16)))
                WHERE uid IS NULL OR trim(uid) = ''
                   OR id > (SELECT min(other.id) FROM reminders AS other WHERE other.uid = reminders.uid)
                """)
            for table in Self.indexTables {
                try db.execute("INSERT INTO \(identifier: table) (\(identifier: table)) VALUES ('rebuild')")
            }
        }
    }

    /// The migration that creates `table`: a database at an older version (a test's, or one
    /// opened with fewer migrations) is not expected to hold it.
    static func schemaVersion(creating table: String) -> Int {
        Migration.all.first { $0.sql.contains("CREATE VIRTUAL TABLE \(table) ") }?.version ?? 0
    }

    /// Whether a table or view named `name` is in the schema.
    static func indexExists(_ name: String = "reminders_fts", on db: Connection) throws -> Bool {
        try db.fetchValue("SELECT count(*) FROM sqlite_schema WHERE name = \(name)", as: Int.self) == 1
    }

    /// What an index table needs to exist, taken from the migrations so that `schema/` stays the
    /// one place the indexes are defined: the substring index's view, the `CREATE VIRTUAL
    /// TABLE`, and for `reminders_fts` its rank setting.
    static func indexDefinition(of table: String = "reminders_fts") throws -> [String] {
        let script = Migration.all.map(\.sql).joined(separator: "\n")
        func statement(from start: String, through end: String) -> String? {
            guard let open = script.range(of: start),
                  let close = script.range(of: end, range: open.upperBound..<script.endIndex)
            else { return nil }
            return String(script[open.lowerBound..<close.upperBound])
        }
        var statements: [String?] = []
        if table == "reminders_substrings" {
            statements.append(statement(from: "CREATE VIEW reminders_substring_text", through: ";"))
        }
        statements.append(statement(from: "CREATE VIRTUAL TABLE \(table) ", through: ");"))
        if table == "reminders_fts" {
            statements.append(statement(from: "INSERT INTO reminders_fts (reminders_fts, rank)", through: ";"))
        }
        guard !statements.isEmpty, statements.allSatisfy({ $0 != nil }) else { throw StoreError.indexDefinitionMissing }
        return statements.compactMap { $0 }
    }

    /// `reminders_fts` from `CREATE VIRTUAL TABLE reminders_fts USING …`; nil for other statements.
    private static func createdName(_ statement: String) -> String? {
        for prefix in ["CREATE VIRTUAL TABLE ", "CREATE VIEW "] where statement.hasPrefix(prefix) {
            return String(statement.dropFirst(prefix.count).prefix { !$0.isWhitespace && $0 != "(" })
        }
        return nil
    }

    /// Merges the index's segments into one and refreshes the query planner's statistics.
    ///
    /// ```swift
    /// try await store.optimize()
    /// // INSERT INTO reminders_fts (reminders_fts) VALUES ('optimize'); PRAGMA optimize
    /// ```
    ///
    /// NB: no VACUUM by default: it rewrites the whole file, needs as much free disk again,
    /// and blocks every other writer meanwhile; FTS5's merge already reclaims most of what an
    /// index wastes. Pass `vacuum: true` to shrink the file after deleting a lot.
    ///
    /// - Parameter vacuum: Also run `VACUUM`.
    public func optimize(vacuum: Bool = false) async throws {
        try await database.write { db in
            try db.execute("INSERT INTO reminders_fts (reminders_fts) VALUES ('optimize')")
        }
        try await database.writeWithoutTransaction { db in
            try db.execute("PRAGMA optimize")
            if vacuum { try db.execute("VACUUM") }
        }
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
    static func indexBytes(on db: Connection) throws -> (Int, estimated: Bool) {
        do {
            let bytes = try db.fetchValue("""
                SELECT sum(pgsize) FROM dbstat WHERE name IN (
                    SELECT name FROM sqlite_schema WHERE tbl_name LIKE 'reminders\\_fts\\_%' ESCAPE '\\'
                        OR tbl_name LIKE 'reminders\\_substrings\\_%' ESCAPE '\\')
                """, as: Int.self)
            return (bytes ?? 0, false)
        } catch let error as SQLiteError where error.message.contains("dbstat") {
            let bytes = try db.fetchValue("""
                SELECT (SELECT ifnull(sum(length(block)), 0) FROM reminders_fts_data)
                     + (SELECT ifnull(sum(length(sz)), 0) FROM reminders_fts_docsize)
                     + (SELECT count(*) * 16 FROM reminders_fts_idx)
                """, as: Int.self)
            return (bytes ?? 0, true)
        }
    }
}
