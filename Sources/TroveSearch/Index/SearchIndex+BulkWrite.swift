public import TroveSQLite
import TroveQuery
import TroveStore

extension SearchIndex {
    /// Runs `body`, which writes many rows of the index's table, with the index's triggers
    /// away, then brings the index up to date in a few statements: what a bulk load or sync
    /// should use.
    ///
    /// ```swift
    /// try notes.bulkWrite(on: db) {
    ///     for note in downloaded { try db.execute(Note.insert { … }) }   // 100,000 rows
    /// }
    /// // DROP TRIGGER "trove_notes_insert"; … (the index's six triggers)
    /// // CREATE TEMP TRIGGER … BEFORE UPDATE / BEFORE DELETE … -- keeps each indexed row's old text
    /// // … body …
    /// // INSERT INTO "trove_notes_fts"("trove_notes_fts", rowid, "title", "body") SELECT 'delete', … -- the old text
    /// // INSERT INTO "trove_notes_fts"(rowid, "title", "body") SELECT "id", "title", "body" FROM "notes"
    /// //   WHERE NOT EXISTS (SELECT 1 FROM "trove_notes_fts_docsize" WHERE "id" = "notes"."id")
    /// // (the same for the substring index), then the triggers as they were
    /// ```
    ///
    /// Written one statement at a time through the triggers, every row becomes an FTS5 segment
    /// of its own (SQLite opens a savepoint in the FTS5 table for each statement that has
    /// triggers, and FTS5 writes out what it holds at each one), merged again and again:
    /// Trove's own import went from 14,000 to 41,000 rows a second when it stopped doing so.
    /// Inside `body` the table's rows may be inserted, updated and deleted at will; the first
    /// time an indexed row changes, its old text is kept in a temporary table, so the index
    /// can be told exactly what to remove. At the end every row the index does not hold is
    /// indexed as it then is, which reads the whole table once (skip this for a few rows: the
    /// triggers are quicker then).
    ///
    /// Everything happens in one savepoint (inside the caller's transaction) or transaction: if
    /// `body` throws, the table, the index and its triggers are as they were. Searches on other
    /// connections see the rows and the index change together, at the commit.
    ///
    /// - Parameters:
    ///   - db: A writable connection to the database the index was migrated in.
    ///   - body: Writes the table's rows, on `db`.
    /// - Returns: What `body` returns.
    /// - Throws: ``SearchIndexError/notMigrated(index:)``; what `body` throws; `SQLiteError`.
    public func bulkWrite<Result>(on db: SQLiteConnection, _ body: () throws -> Result) throws -> Result {
        guard try isCurrent(db) else { throw SearchIndexError.notMigrated(index: name) }
        let work = { () throws -> Result in
            var stored: [String] = []
            for trigger in self.allTriggerNames {
                if let sql = try db.dropKeepingDefinition(.trigger, trigger) { stored.append(sql) }
            }
            for statement in self.keepingStatements { try db.execute(statement) }
            let result = try body()
            let hashSize = FTS5HashSize(table: self.ftsTable)
            try hashSize.raise(on: db)
            for statement in self.catchUpStatements { try db.execute(statement) }
            try hashSize.restore(on: db)
            for statement in self.dropKeptStatements { try db.execute(statement) }
            for sql in stored { try db.execute(sql) }
            return result
        }
        return db.isInTransaction ? try db.savepoint(work) : try db.transaction(.immediate, work)
    }

    private var allTriggerNames: [String] {
        [triggerNames.insert, triggerNames.delete, triggerNames.update,
         substringNames.insert, substringNames.delete, substringNames.update]
    }

    /// The temporary tables of old text (`trove_bulk_<name>_text`, `…_substrings`) and the
    /// triggers that fill them.
    private var bulkNames: (text: String, substrings: String, triggers: [String]) {
        let prefix = "trove_bulk_\(name)_"
        return (prefix + "text", prefix + "substrings",
                [prefix + "update", prefix + "delete", prefix + "substringupdate", prefix + "substringdelete"])
    }

    private var keepingStatements: [SQLFragment] {
        let names = bulkNames
        let columns = ([key] + fields.map(\.column)).map { SQLFragment(identifier: $0) }
        let oldValues = ([key] + fields.map(\.column)).map { SQLFragment("old.\(identifier: $0)") }.joined(separator: ", ")
        let watched = columns.joined(separator: ", ")
        var keyed = columns
        keyed[0] = "\(identifier: key) INTEGER PRIMARY KEY"
        let definition = keyed.joined(separator: ", ")
        func keep(_ trigger: String, _ event: SQLFragment, _ index: String, into table: String) -> SQLFragment {
            // NB: a trigger may not qualify the table it writes; the temp schema holds it.
            """
            CREATE TEMP TRIGGER \(identifier: trigger) \(event) ON "main".\(identifier: self.table)
            WHEN EXISTS (SELECT 1 FROM "main".\(identifier: index + "_docsize") WHERE "id" = old.\(identifier: key))
            BEGIN INSERT OR IGNORE INTO \(identifier: table) VALUES (\(oldValues)); END
            """
        }
        return [
            "CREATE TEMP TABLE \(identifier: names.text) (\(definition))",
            "CREATE TEMP TABLE \(identifier: names.substrings) (\(definition))",
            keep(names.triggers[0], "BEFORE UPDATE OF \(watched)", ftsTable, into: names.text),
            keep(names.triggers[1], "BEFORE DELETE", ftsTable, into: names.text),
            keep(names.triggers[2], "BEFORE UPDATE OF \(watched)", substringTable, into: names.substrings),
            keep(names.triggers[3], "BEFORE DELETE", substringTable, into: names.substrings),
        ]
    }

    private var catchUpStatements: [SQLFragment] {
        let names = bulkNames
        let columns = fields.map { SQLFragment(identifier: $0.column) }.joined(separator: ", ")
        let keyColumn = SQLFragment(identifier: key)
        func remove(_ index: String, from kept: String) -> SQLFragment {
            "INSERT INTO \(identifier: index)(\(identifier: index), rowid, \(columns)) "
                + "SELECT 'delete', \(keyColumn), \(columns) FROM \"temp\".\(identifier: kept)"
        }
        func add(_ index: String, from source: String) -> SQLFragment {
            "INSERT INTO \(identifier: index)(rowid, \(columns)) SELECT \(keyColumn), \(columns) FROM \(identifier: source) "
                + "WHERE NOT EXISTS (SELECT 1 FROM \(identifier: index + "_docsize") "
                + "WHERE \(identifier: index + "_docsize").\"id\" = \(identifier: source).\(keyColumn))"
        }
        return [
            remove(ftsTable, from: names.text), remove(substringTable, from: names.substrings),
            add(ftsTable, from: table), add(substringTable, from: substringNames.view),
        ]
    }

    private var dropKeptStatements: [SQLFragment] {
        let names = bulkNames
        return names.triggers.map { "DROP TRIGGER \"temp\".\(identifier: $0)" }
            + [names.text, names.substrings].map { "DROP TABLE \"temp\".\(identifier: $0)" }
    }
}
