package import TroveQuery
package import TroveSQLite

/// Many writes to a table whose FTS5 indexes its triggers keep in step, with those triggers
/// away: the indexes catch up in a few statements at the end. Trove's import and undo use it for
/// the reminders (``DeferredTextIndexes``), an app's `SearchIndex.bulkWrite` for its own table.
///
/// ```swift
/// var deferral = TextIndexDeferral(table: "reminders", key: "id", indexes: [
///     .init(table: "reminders_fts", content: "reminders", columns: ["title", "notes", "tags"]),
/// ], triggers: ["reminders_index_insert", "reminders_index_update", "reminders_index_delete"], prefix: "trove_import_")
/// try deferral.begin(on: db)
/// // DROP TRIGGER "reminders_index_insert"; …
/// // CREATE TEMP TABLE "trove_import_old_reminders_fts" ("id" INTEGER PRIMARY KEY, "title", "notes", "tags")
/// // CREATE TEMP TRIGGER … BEFORE UPDATE OF "id", "title", "notes", "tags" ON "main"."reminders" … (and BEFORE DELETE)
/// // … the writes …
/// try deferral.finish(on: db, candidates: ["\"id\" BETWEEN \(first) AND \(last)"])
/// // INSERT INTO "reminders_fts"("reminders_fts", rowid, "title", "notes", "tags")
/// //   SELECT 'delete', "id", "title", "notes", "tags" FROM "temp"."trove_import_old_reminders_fts"
/// // INSERT INTO "reminders_fts"(rowid, "title", "notes", "tags") SELECT "id", "title", "notes", "tags"
/// //   FROM "reminders" WHERE "id" BETWEEN ? AND ? AND NOT EXISTS (SELECT 1 FROM "reminders_fts_docsize" WHERE …)
/// // (again for the rows whose old text was kept, and moved keys), then the triggers as stored
/// ```
///
/// Why: every statement that writes a table with triggers runs with a statement journal, and
/// SQLite opens a savepoint in each virtual table the transaction has written for it; FTS5
/// writes its pending terms out as a new segment at every savepoint. Row by row, each row
/// became a segment of its own, merged again and again (100,000 reminders: 7.0 s through the
/// triggers, 2.9 s indexed by one `INSERT … SELECT` at the end; Python's sqlite3).
///
/// While the triggers are away nothing touches the FTS5 tables. Temporary `BEFORE UPDATE` and
/// `BEFORE DELETE` triggers on this connection copy the text an indexed row had (the first
/// time it changes: FTS5 must be told the terms it holds to remove them) into a temporary table
/// per index, and a changed key into another. At the end FTS5 is told to delete the kept text,
/// then every candidate row without a row in the index's `_docsize` (FTS5 writes one for each
/// row it indexes and removes it with the row) is indexed as it then is. A row inserted and
/// then changed or removed is indexed once, as it ends up.
///
/// Run it inside one transaction: a failure rolls back to the triggers as they were, and the
/// schema afterwards is the one before, byte for byte.
package struct TextIndexDeferral {
    /// An FTS5 table the triggers keep: its content (table or view) and indexed columns.
    package struct Index: Sendable {
        package let table: String
        package let content: String
        package let columns: [String]

        package init(table: String, content: String, columns: [String]) {
            self.table = table
            self.content = content
            self.columns = columns
        }
    }

    package let table: String
    package let key: String
    package let indexes: [Index]
    /// The triggers that keep the indexes in step, dropped while the writes run.
    package let triggers: [String]
    /// Starts the names of the temporary tables and triggers (`trove_import_`).
    package let prefix: String
    /// The stored `CREATE TRIGGER` statements of the dropped triggers.
    private(set) var dropped: [String] = []

    package init(table: String, key: String, indexes: [Index], triggers: [String], prefix: String) {
        self.table = table
        self.key = key
        self.indexes = indexes
        self.triggers = triggers
        self.prefix = prefix
    }

    /// Whether the triggers are away.
    package var isActive: Bool { !dropped.isEmpty }

    /// Drops the triggers and sets up the keeping of old text.
    package mutating func begin(on db: SQLConnection) throws {
        for name in triggers {
            if let sql = try db.dropKeepingDefinition(.trigger, name) { dropped.append(sql) }
        }
        // NB: a schema without the triggers (a damaged one) is left to them; nothing to keep.
        guard isActive else { return }
        for statement in keepingStatements { try db.execute(statement) }
    }

    /// Brings the indexes up to date and puts the triggers back as they were.
    ///
    /// - Parameter candidates: Conditions on the content's rows that hold every row written
    ///   meanwhile besides those whose old text was kept (say, the range of the ids inserted);
    ///   nil to look at every row.
    package mutating func finish(on db: SQLConnection, candidates: [SQLFragment]?) throws {
        guard isActive else { return }
        let keyColumn = SQLFragment(identifier: key)
        for index in indexes {
            let hashSize = FTS5HashSize(table: index.table)
            try hashSize.raise(on: db)
            let columns = index.columns.map { SQLFragment(identifier: $0) }.joined(separator: ", ")
            try db.execute("""
                INSERT INTO \(identifier: index.table)(\(identifier: index.table), rowid, \(columns))
                SELECT 'delete', \(keyColumn), \(columns) FROM "temp".\(identifier: kept(index))
                """)
            // NB: one statement per kind of candidate: `a OR b OR c` would make SQLite collect
            // every candidate rowid in memory first (a MULTI-INDEX OR; 30 MiB more at 1,000,000
            // rows). A row one statement indexed has a `_docsize` row, so no later one takes it.
            let wheres: [SQLFragment] = candidates.map { given in
                given + indexes.map { "\(keyColumn) IN (SELECT \(keyColumn) FROM \"temp\".\(identifier: kept($0)))" }
                    + ["\(keyColumn) IN (SELECT \(keyColumn) FROM \"temp\".\(identifier: moved))"]
            } ?? ["1"]
            let docsize = SQLFragment(identifier: index.table + "_docsize")
            for condition in wheres {
                try db.execute("""
                    INSERT INTO \(identifier: index.table)(rowid, \(columns))
                    SELECT \(keyColumn), \(columns) FROM \(identifier: index.content) AS "row"
                    WHERE \(condition) AND NOT EXISTS (SELECT 1 FROM \(docsize) WHERE \(docsize)."id" = "row".\(keyColumn))
                    """)
            }
            try hashSize.restore(on: db)
        }
        for statement in dropKeptStatements { try db.execute(statement) }
        for sql in dropped { try db.execute(sql) }
        dropped = []
    }

    // MARK: - Statements

    private func kept(_ index: Index) -> String { prefix + "old_" + index.table }
    private var moved: String { prefix + "moved" }

    private var keepingStatements: [SQLFragment] {
        let keyColumn = SQLFragment(identifier: key)
        var statements: [SQLFragment] = []
        for index in indexes {
            let columns = [key] + index.columns
            let definition = (["\(keyColumn) INTEGER PRIMARY KEY"] + index.columns.map { SQLFragment(identifier: $0) })
                .joined(separator: ", ")
            let watched = columns.map { SQLFragment(identifier: $0) }.joined(separator: ", ")
            let oldValues = columns.map { SQLFragment("old.\(identifier: $0)") }.joined(separator: ", ")
            statements.append("CREATE TEMP TABLE \(identifier: kept(index)) (\(definition))")
            for (event, suffix) in [("BEFORE UPDATE OF \(watched)", "update"), ("BEFORE DELETE", "delete")] as [(SQLFragment, String)] {
                // NB: a trigger may not qualify the table it writes; the temp schema holds it.
                statements.append("""
                    CREATE TEMP TRIGGER \(identifier: kept(index) + "_" + suffix) \(event) ON "main".\(identifier: table)
                    WHEN EXISTS (SELECT 1 FROM "main".\(identifier: index.table + "_docsize") WHERE "id" = old.\(keyColumn))
                    BEGIN INSERT OR IGNORE INTO \(identifier: kept(index)) VALUES (\(oldValues)); END
                    """)
            }
        }
        statements.append("CREATE TEMP TABLE \(identifier: moved) (\(keyColumn) INTEGER PRIMARY KEY)")
        statements.append("""
            CREATE TEMP TRIGGER \(identifier: moved + "_update") BEFORE UPDATE OF \(keyColumn) ON "main".\(identifier: table)
            WHEN old.\(keyColumn) IS NOT new.\(keyColumn)
            BEGIN INSERT OR IGNORE INTO \(identifier: moved) VALUES (new.\(keyColumn)); END
            """)
        return statements
    }

    private var dropKeptStatements: [SQLFragment] {
        indexes.flatMap { index -> [SQLFragment] in
            ["update", "delete"].map { "DROP TRIGGER \"temp\".\(identifier: kept(index) + "_" + $0)" }
                + ["DROP TABLE \"temp\".\(identifier: kept(index))"]
        } + ["DROP TRIGGER \"temp\".\(identifier: moved + "_update")", "DROP TABLE \"temp\".\(identifier: moved)"]
    }
}
