import Foundation
import TroveQuery
import TroveSQLite

extension ReminderStore {
    /// Checks the database file and that the full-text index matches the reminders exactly.
    ///
    /// ```swift
    /// try await store.check().isOK  // true
    /// // PRAGMA integrity_check
    /// // INSERT INTO reminders_fts (reminders_fts, rank) VALUES ('integrity-check', 1)
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
            do {
                try db.execute("INSERT INTO reminders_fts (reminders_fts, rank) VALUES ('integrity-check', 1)")
            } catch let error as SQLiteError where error.code == .readOnly {
                indexChecked = false
            } catch let error as SQLiteError {
                indexProblems.append(try Self.indexExists(on: db) ? error.message : "the index table reminders_fts is missing")
            }
            return CheckReport(
                databaseProblems: integrity == ["ok"] ? [] : integrity, indexProblems: indexProblems,
                indexChecked: indexChecked)
        }
    }

    /// Rebuilds the full-text index from the reminders table, first recreating the index
    /// table if it is missing (dropped by hand or by another tool).
    ///
    /// ```swift
    /// try await store.rebuildIndex()  // INSERT INTO reminders_fts (reminders_fts) VALUES ('rebuild')
    /// // when missing, first: CREATE VIRTUAL TABLE reminders_fts USING fts5(…) and its rank setting
    /// ```
    ///
    /// The index's triggers live on `reminders` and survive a dropped index, so recreating the
    /// table is all the schema needs.
    public func rebuildIndex() async throws {
        try await database.write { db in
            if try !Self.indexExists(on: db) {
                for statement in try Self.indexDefinition() { try db.execute(statement) }
            }
            try db.execute("INSERT INTO reminders_fts (reminders_fts) VALUES ('rebuild')")
        }
    }

    /// Whether the index table is in the schema.
    static func indexExists(on db: Connection) throws -> Bool {
        try db.fetchValue("SELECT count(*) FROM sqlite_schema WHERE name = 'reminders_fts'", as: Int.self) == 1
    }

    /// The index's `CREATE VIRTUAL TABLE` and its rank setting, taken from the migrations so
    /// that `schema/` stays the one place the index is defined.
    static func indexDefinition() throws -> [String] {
        let script = Migration.all.map(\.sql).joined(separator: "\n")
        guard let create = script.range(of: "CREATE VIRTUAL TABLE reminders_fts"),
              let createEnd = script.range(of: ");", range: create.upperBound..<script.endIndex),
              let rank = script.range(of: "INSERT INTO reminders_fts (reminders_fts, rank)"),
              let rankEnd = script.range(of: ";", range: rank.upperBound..<script.endIndex)
        else { throw StoreError.indexDefinitionMissing }
        return [String(script[create.lowerBound..<createEnd.upperBound]), String(script[rank.lowerBound..<rankEnd.upperBound])]
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
