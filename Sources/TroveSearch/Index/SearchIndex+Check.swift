import TroveQuery
public import TroveSQLite

extension SearchIndex {
    /// What ``check(_:)`` found about an index, each problem said with what to do about it.
    ///
    /// ```swift
    /// let report = try notes.check(db)
    /// if !report.isOK { print(report.problems.joined(separator: "\n")); print(report.advice ?? "") }
    /// // The index notes has no trigger trove_notes_update: edits to notes no longer reach it.
    /// // Call rebuild(_:) on the index notes: it makes every object again and indexes every row of notes.
    /// ```
    public struct CheckReport: Hashable, Sendable {
        /// The index's name.
        public var index: String
        /// The table it searches.
        public var table: String
        /// Each problem, one sentence; empty when every check that ran passed.
        public var problems: [String]
        /// Whether the index is absent or made from another declaration, which ``migrate(_:)``
        /// (not ``rebuild(_:)``) is for.
        public var needsMigration: Bool
        /// False when FTS5's row-for-row comparison did not run: it is spelled as an INSERT, which
        /// a read-only connection may not run. Everything else was checked.
        public var indexChecked: Bool

        /// Whether every check that ran passed.
        public var isOK: Bool { problems.isEmpty }

        /// What to do next, or nil when every check passed.
        public var advice: String? {
            if isOK { return nil }
            if needsMigration {
                return "Call migrate(_:) on the index \(index): it makes the index from this declaration and indexes every row of \(table)."
            }
            return "Call rebuild(_:) on the index \(index): it makes every object again and indexes every row of \(table)."
        }
    }

    /// Checks that the database holds this index as this declaration makes it, and that the
    /// index matches the table row for row.
    ///
    /// ```swift
    /// try notes.check(db).isOK  // true
    /// // SELECT "version", "definition" FROM "trove_index_versions" WHERE "name" = ?
    /// // SELECT "type", "name" FROM sqlite_schema WHERE "name" IN (?, ?, …)   -- every object migrate made
    /// // INSERT INTO "trove_notes_fts"("trove_notes_fts", rank) VALUES ('integrity-check', 1)
    /// // INSERT INTO "trove_notes_substrings"("trove_notes_substrings", rank) VALUES ('integrity-check', 1)
    /// ```
    ///
    /// With rank 1, FTS5 re-reads every row of the table (and of the substring index's view) and
    /// compares its tokens with the index, so an index that drifted from the table is caught
    /// (a trigger dropped, rows written with the triggers away), not only a damaged one.
    /// See https://www.sqlite.org/fts5.html#the_integrity_check_command
    ///
    /// The FTS5 checks change nothing, but SQLite runs them as writes: on a read-only connection
    /// they are left out (``CheckReport/indexChecked`` is false); inside a transaction they run
    /// in it.
    ///
    /// - Parameter db: A connection to the app's database.
    /// - Throws: ``SearchIndexError`` when the table or a named column is missing (the
    ///   declaration itself does not fit the database); `SQLiteError` when the database cannot
    ///   be read at all. What the checks find is in the report.
    public func check(_ db: SQLConnection) throws -> CheckReport {
        try checkTable(db)
        var report = CheckReport(index: name, table: table, problems: [], needsMigration: false, indexChecked: false)
        guard try isCurrent(db) else {
            let made = try db.fetchValue(
                "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = \(SearchIndex.versionsTable)",
                as: Int.self) ?? 0
            let recorded = made > 0
                ? try db.fetchValue("SELECT count(*) FROM \(identifier: SearchIndex.versionsTable) WHERE \"name\" = \(name)", as: Int.self) ?? 0
                : 0
            report.problems.append(recorded > 0
                ? "The index \(name) was made from another declaration, or by an older Trove."
                : "The index \(name) has not been made in this database.")
            report.needsMigration = true
            return report
        }
        let expected = expectedObjects
        let found = try db.fetchAll(
            "SELECT \"type\", \"name\" FROM sqlite_schema WHERE \"name\" IN (\(expected.map { SQLFragment("\($0.name)") }.joined(separator: ", ")))"
        ).map { row -> String in try row["name"] }
        let present = Set(found.map { $0.lowercased() })
        for object in expected where !present.contains(object.name.lowercased()) {
            report.problems.append("The index \(name) has no \(object.kind) \(object.name): \(object.consequence).")
        }
        // NB: without its one row the count tells no change, so no copy of the facet values is used.
        if !facets.isEmpty, present.contains(factsNames.changes.lowercased()),
            try db.fetchValue("SELECT count(*) FROM \(identifier: factsNames.changes) WHERE \"id\" = 1", as: Int.self) != 1
        {
            report.problems.append(
                "The index \(name) has no row in \(factsNames.changes): facets are counted without the in-memory copy.")
        }
        // NB: a stored copy that holds at this count of changes must be the rows' values; one
        // stored before a later write is not read, and is no problem.
        if !facets.isEmpty, present.contains(factsNames.snapshot.lowercased()),
            let problem = try storedFactsProblem(db)
        {
            report.problems.append(problem)
        }
        // NB: FTS5's check needs the FTS table and its shadow tables; a missing one is already
        // reported, and its check would only fail with SQLite's own words.
        report.indexChecked = true
        for fts in [ftsTable, substringTable] where present.contains(fts.lowercased()) {
            do {
                try db.execute("INSERT INTO \(identifier: fts)(\(identifier: fts), rank) VALUES ('integrity-check', 1)")
            } catch let error as SQLiteError where error.code == .readOnly {
                report.indexChecked = false
                break
            } catch let error as SQLiteError where error.code == .corrupt {
                report.problems.append("The index \(name) (\(fts)) does not match the rows of \(table), or part of it is damaged.")
            } catch let error as SQLiteError where error.code == .busy || error.code == .locked {
                throw error
            } catch is SQLiteError {
                report.problems.append("The index \(name) (\(fts)) cannot be read: part of it is missing or damaged.")
            }
        }
        return report
    }

    /// Makes the index again from this declaration and indexes every row of the table, whatever
    /// the database holds now: the remedy for what ``check(_:)`` reports.
    ///
    /// ```swift
    /// try notes.rebuild(db)
    /// // DROP TRIGGER IF EXISTS "trove_notes_insert"; … DROP TABLE IF EXISTS "trove_notes_fts"; …
    /// // CREATE VIRTUAL TABLE "trove_notes_fts" USING fts5(…); CREATE TRIGGER …; (as migrate(_:))
    /// // INSERT INTO "trove_notes_fts"("trove_notes_fts") VALUES ('rebuild'); (and "trove_notes_substrings")
    /// // INSERT INTO "trove_index_versions" … ON CONFLICT("name") DO UPDATE …
    /// ```
    ///
    /// It runs in one transaction (a savepoint inside the caller's), so a failure or a killed
    /// process leaves the index as it was. The app's table is only read.
    ///
    /// - Parameter db: A writable connection to the app's database.
    /// - Throws: ``SearchIndexError`` when the table or a named column is missing; `SQLiteError`
    ///   when SQLite fails (nothing is changed then).
    public func rebuild(_ db: SQLConnection) throws {
        try checkTable(db)
        let body = { try self.build(db) }
        if db.isInTransaction {
            try db.savepoint(body)
        } else {
            try db.transaction(.immediate, body)
        }
    }

    /// Drops what an earlier declaration made, makes this one's objects, indexes every row, and
    /// records the declaration. The caller holds the transaction.
    func build(_ db: SQLConnection) throws {
        try db.execute(SearchIndex.createVersionsTable)
        try dropLookupTriggers(db)
        for statement in dropStatements + createStatements { try db.execute(statement) }
        for statement in rebuildStatements { try db.execute(statement) }
        try db.execute("""
            INSERT INTO \(identifier: SearchIndex.versionsTable)("name", "version", "definition")
            VALUES (\(name), \(SearchIndex.formatVersion), \(definition))
            ON CONFLICT("name") DO UPDATE SET "version" = "excluded"."version", "definition" = "excluded"."definition"
            """)
        try storeFacts(db)
    }

    /// Every object ``migrate(_:)`` makes, with what its absence means.
    var expectedObjects: [(kind: String, name: String, consequence: String)] {
        let triggers = triggerNames
        let substrings = substringNames
        let unsynced = "writes to \(table) no longer reach it"
        return [
            ("table", ftsTable, "nothing can be searched"),
            ("trigger", triggers.insert, "new rows of \(table) are not found"),
            ("trigger", triggers.delete, "deleted rows of \(table) are still found"),
            ("trigger", triggers.update, "edits to \(table) are not found"),
            ("table", vocabularyTable, "did-you-mean and typo matching have no words to read"),
            ("index", substrings.rows, "words inside Chinese, Japanese or Thai text are found slowly or not at all"),
            ("view", substrings.view, "words inside Chinese, Japanese or Thai text are not found"),
            ("table", substringTable, "words inside Chinese, Japanese or Thai text are not found"),
            ("trigger", substrings.insert, unsynced),
            ("trigger", substrings.delete, unsynced),
            ("trigger", substrings.update, unsynced),
        ] + expectedFactsObjects
    }

    /// The count of changes ``IndexFacts`` reads and its triggers, for an index with facets.
    private var expectedFactsObjects: [(kind: String, name: String, consequence: String)] {
        guard !facets.isEmpty else { return [] }
        let names = factsNames
        let stale = "a search's facets may be counted from an out-of-date copy"
        var objects: [(kind: String, name: String, consequence: String)] = [
            ("table", names.changes, "facets are counted without the in-memory copy"),
            ("table", names.snapshot, "a search on a new connection counts facets by reading every match's row"),
            ("trigger", names.insert, stale), ("trigger", names.delete, stale), ("trigger", names.update, stale),
        ]
        for number in lookedUpFacetTables.indices {
            let triggers = lookupTriggerNames(number + 1)
            objects += [("trigger", triggers.insert, stale), ("trigger", triggers.delete, stale), ("trigger", triggers.update, stale)]
        }
        return objects
    }
}
