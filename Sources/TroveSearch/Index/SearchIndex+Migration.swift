import TroveQuery
public import TroveSQLite

extension SearchIndex {
    /// How Trove builds an index's objects; a new Trove that builds them differently bumps it,
    /// and ``migrate(_:)`` then rebuilds every index.
    ///
    /// Version 2 added the `fts5vocab` table (``vocabularyTable``) that did-you-mean reads;
    /// version 3 the trigram index of the rows in scripts whose words run together
    /// (``substringTable``); version 4 a cheaper test for those rows (``SubstringScripts``'
    /// one-range GLOB before the exact class), as schema 7 does for the reminders; version 5
    /// the searched fields in that test's partial index, so that a one- or two-character term
    /// in those scripts reads the index alone, as schema 11 does for the reminders.
    public static let formatVersion = 5

    /// The table in which Trove records the indexes it made: name, ``formatVersion`` and the
    /// definition (the statements that made it), one row per index.
    public static let versionsTable = "trove_index_versions"

    /// Creates the index, or brings it in step with this declaration; does nothing when it is.
    ///
    /// ```swift
    /// try notes.migrate(db)
    /// // CREATE TABLE IF NOT EXISTS "trove_index_versions"(…);
    /// // CREATE VIRTUAL TABLE "trove_notes_fts" USING fts5("title", "body", content='notes', content_rowid='id',
    /// //   tokenize='unicode61 remove_diacritics 2', prefix='1 2 3');
    /// // CREATE TRIGGER "trove_notes_insert" AFTER INSERT ON "notes" BEGIN … END; (and _delete, _update)
    /// // CREATE VIRTUAL TABLE "trove_notes_vocab" USING fts5vocab('trove_notes_fts', 'row');
    /// // CREATE INDEX "trove_notes_substringrows" ON "notes"("id", "title", "body") WHERE ("title" GLOB '*[֐-𯿿]*' AND "title" GLOB '*[…]*') OR …;
    /// // CREATE VIEW "trove_notes_substringtext" … ; CREATE VIRTUAL TABLE "trove_notes_substrings" USING fts5(…,
    /// //   tokenize='trigram'); CREATE TRIGGER "trove_notes_substringinsert" … (and …delete, …update)
    /// // INSERT INTO "trove_notes_fts"("trove_notes_fts") VALUES ('rebuild'); (and "trove_notes_substrings")
    /// // INSERT INTO "trove_index_versions" … ON CONFLICT("name") DO UPDATE …
    /// ```
    ///
    /// A declaration whose table, key, fields or tokenizer changed (a field added, say) drops the old
    /// index and its triggers and builds the new one from the table's rows, all in one
    /// transaction (a savepoint inside the caller's transaction), so a failure leaves the
    /// database as it was. Weights and the sort are read at search time and need no migration;
    /// so are filters, except on an index with facets, whose count of changes watches the facets
    /// and the columns its named, yes/no and integer filters compare (changing them rebuilds the
    /// index here). An index that is current but whose stored copy of the facet values is
    /// missing or was stored by another Trove's layout gets it stored again
    /// (``storeFacts(_:)``). It never reads or writes `PRAGMA user_version` or `application_id`.
    ///
    /// - Parameter db: A writable connection to the app's database, whose table already exists.
    /// - Throws: ``SearchIndexError`` when the table, a named column or the integer primary key
    ///   is missing; `SQLiteError` when SQLite fails (nothing is changed then).
    public func migrate(_ db: SQLConnection) throws {
        try checkTable(db)
        guard try !isCurrent(db) else {
            try storeFactsOfAnotherLayout(db)
            return
        }
        let body = {
            // NB: ask again inside the write lock: another connection may have migrated it.
            guard try !isCurrent(db) else { return }
            try build(db)
        }
        if db.isInTransaction {
            try db.savepoint(body)
        } else {
            try db.transaction(.immediate, body)
        }
    }

    /// Whether the database holds this index as this declaration makes it.
    ///
    /// - Throws: `SQLiteError` when the database cannot be read.
    public func isCurrent(_ db: SQLConnection) throws -> Bool {
        let hasVersions = try db.fetchValue(
            "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = \(SearchIndex.versionsTable)",
            as: Int.self) ?? 0
        guard hasVersions > 0 else { return false }
        let row = try db.fetchOne("""
            SELECT "version", "definition" FROM \(identifier: SearchIndex.versionsTable) WHERE "name" = \(name)
            """)
        guard let row else { return false }
        let version: Int = try row["version"]
        let stored: String = try row["definition"]
        return version == SearchIndex.formatVersion && stored == definition
    }

    /// The statements that make the index, as text: what ``versionsTable`` records, so that a
    /// changed declaration is noticed. (``definition`` holds it, made once by the initializer:
    /// every search compares it.)
    var renderedDefinition: String {
        createStatements.map(\.debugDescription).joined(separator: ";\n")
    }

    // MARK: - Statements

    static let createVersionsTable: SQLFragment = """
        CREATE TABLE IF NOT EXISTS "trove_index_versions"(
            "name" TEXT PRIMARY KEY NOT NULL,
            "version" INTEGER NOT NULL,
            "definition" TEXT NOT NULL
        )
        """

    /// The FTS5 table (external content over the app's table, with the reminders' tokenizer
    /// and prefix indexes) and the triggers that keep it in step.
    var createStatements: [SQLFragment] {
        let fts = SQLFragment(identifier: ftsTable)
        let columns = fields.map { SQLFragment(identifier: $0.column) }.joined(separator: ", ")
        let newValues = fields.map { SQLFragment("new.\(identifier: $0.column)") }.joined(separator: ", ")
        let oldValues = fields.map { SQLFragment("old.\(identifier: $0.column)") }.joined(separator: ", ")
        let insertNew: SQLFragment = "INSERT INTO \(fts)(rowid, \(columns)) VALUES (new.\(identifier: key), \(newValues));"
        let deleteOld: SQLFragment =
            "INSERT INTO \(fts)(\(fts), rowid, \(columns)) VALUES ('delete', old.\(identifier: key), \(oldValues));"
        let watched = ([key] + fields.map(\.column)).map { SQLFragment(identifier: $0) }.joined(separator: ", ")
        let triggers = triggerNames
        return [
            // NB: FTS5 options are not SQL expressions and take no bound values; the table and
            // key names are checked identifiers (letters, digits, _), so quoting them as FTS5
            // strings is exact. The prefixes are the reminders' (schema/002), and so is the
            // tokenizer unless declared; its option is in the definition, so a changed
            // tokenizer rebuilds the index.
            "CREATE VIRTUAL TABLE \(fts) USING fts5(\(columns), content=\(raw: SQLFragment.quote(literal: table)), "
                + "content_rowid=\(raw: SQLFragment.quote(literal: key)), tokenize=\(raw: SQLFragment.quote(literal: tokenizer.option)), prefix='1 2 3')",
            "CREATE TRIGGER \(identifier: triggers.insert) AFTER INSERT ON \(identifier: table) BEGIN \(insertNew) END",
            "CREATE TRIGGER \(identifier: triggers.delete) AFTER DELETE ON \(identifier: table) BEGIN \(deleteOld) END",
            "CREATE TRIGGER \(identifier: triggers.update) AFTER UPDATE OF \(watched) ON \(identifier: table) "
                + "BEGIN \(deleteOld) \(insertNew) END",
            // NB: a view of the FTS index's own words (one row per word, with how many rows
            // hold it), for did-you-mean; it stores nothing.
            "CREATE VIRTUAL TABLE \(identifier: vocabularyTable) USING fts5vocab(\(raw: SQLFragment.quote(literal: ftsTable)), 'row')",
        ] + substringStatements + factsStatements
    }

    /// What a declaration with facets adds, so that ``IndexFacts`` (a copy of every row's facet
    /// values, kept in memory by a long-lived searcher) knows when it no longer holds: a one-row
    /// count of the writes that could change a facet, bumped by triggers on the table (rows
    /// added or deleted; the key, a facet column or a looked-up facet's own column changed) and
    /// on each looked-up facet's table (any write). A count rolled back with its write never
    /// shows, and `PRAGMA schema_version` beside it covers a count made anew by ``rebuild(_:)``.
    ///
    /// ```swift
    /// // CREATE TABLE "trove_notes_changes"("id" INTEGER PRIMARY KEY CHECK ("id" = 1), "changes" INTEGER NOT NULL);
    /// // INSERT INTO "trove_notes_changes"("id", "changes") VALUES (1, 0);
    /// // CREATE TABLE "trove_notes_facts"("id" INTEGER PRIMARY KEY CHECK ("id" = 1), "changes" INTEGER NOT NULL,
    /// //   "snapshot" BLOB NOT NULL);
    /// // CREATE TABLE "trove_notes_factslog"("key" INTEGER PRIMARY KEY);
    /// // CREATE TRIGGER "trove_notes_factsinsert" AFTER INSERT ON "notes" BEGIN UPDATE "trove_notes_changes" SET "changes" = "changes" + 1;
    /// //   INSERT OR IGNORE INTO "trove_notes_factslog"("key") SELECT new."id" WHERE EXISTS (SELECT 1 FROM "trove_notes_facts")
    /// //   AND (SELECT count(*) FROM "trove_notes_factslog") < 4096; END
    /// // … "trove_notes_factsdelete" (old."id"), "trove_notes_factsupdate" AFTER UPDATE OF "id", "folder" ON "notes" (both),
    /// // "trove_notes_lookup1insert" AFTER INSERT ON "note_tags" … SELECT new."note_id" …, "trove_notes_lookup1delete", "trove_notes_lookup1update"
    /// ```
    ///
    /// NB: a counter rather than the facts themselves in tables: nothing to keep in step row by
    /// row, and one small write per row written (the app's own `INSERT` stays a single pass).
    /// The stored copy (`trove_notes_facts`) is one blob labelled with the count it holds at; the
    /// log (`trove_notes_factslog`) names the rows written since, while there is a stored copy and
    /// up to ``IndexFacts/changedKeyLimit`` of them, so that a search reads just those rows again.
    private var factsStatements: [SQLFragment] {
        guard !facets.isEmpty else { return [] }
        let names = factsNames
        let bump: SQLFragment = "UPDATE \(identifier: names.changes) SET \"changes\" = \"changes\" + 1;"
        var watched = [key]
        for column in factsWatchedColumns where !watched.contains(column) { watched.append(column) }
        let watchedList = watched.map { SQLFragment(identifier: $0) }.joined(separator: ", ")
        let log = SQLFragment(identifier: names.log)
        let logging: SQLFragment = "EXISTS (SELECT 1 FROM \(identifier: names.snapshot)) "
            + "AND (SELECT count(*) FROM \(log)) < \(raw: String(IndexFacts.changedKeyLimit))"
        let logged = { (rows: SQLFragment) -> SQLFragment in "INSERT OR IGNORE INTO \(log)(\"key\") \(rows) AND \(logging);" }
        let keyColumn = SQLFragment(identifier: key)
        var statements: [SQLFragment] = [
            "CREATE TABLE \(identifier: names.changes)(\"id\" INTEGER PRIMARY KEY CHECK (\"id\" = 1), \"changes\" INTEGER NOT NULL)",
            "INSERT INTO \(identifier: names.changes)(\"id\", \"changes\") VALUES (1, 0)",
            // NB: the copy as of one count of changes (``IndexFacts/stored(of:on:)``), stored by
            // ``storeFacts(_:)``: at most one row, replaced whole.
            "CREATE TABLE \(identifier: names.snapshot)(\"id\" INTEGER PRIMARY KEY CHECK (\"id\" = 1), "
                + "\"changes\" INTEGER NOT NULL, \"snapshot\" BLOB NOT NULL)",
            "CREATE TABLE \(log)(\"key\" INTEGER PRIMARY KEY)",
            "CREATE TRIGGER \(identifier: names.insert) AFTER INSERT ON \(identifier: table) BEGIN \(bump) "
                + "\(logged("SELECT new.\(keyColumn) WHERE 1")) END",
            "CREATE TRIGGER \(identifier: names.delete) AFTER DELETE ON \(identifier: table) BEGIN \(bump) "
                + "\(logged("SELECT old.\(keyColumn) WHERE 1")) END",
            "CREATE TRIGGER \(identifier: names.update) AFTER UPDATE OF \(watchedList) ON \(identifier: table) BEGIN \(bump) "
                + "\(logged("SELECT old.\(keyColumn) WHERE 1")) \(logged("SELECT new.\(keyColumn) WHERE 1")) END",
        ]
        for (number, other) in lookedUpFacetTables.enumerated() {
            let triggers = lookupTriggerNames(number + 1)
            let paths = facets.compactMap { facet -> LookupPath? in
                guard case .lookup(let path) = self.factSource(facet).source else { return nil }
                return path
            }
            // NB: the rows of the app's table each written row of the other table reaches: its
            // own key (a note's tags), or every row whose own column names it (a folder's notes);
            // for a linked table's row (a tag's name), those of every link that names it.
            let reached = { (row: String) -> SQLFragment in
                var statements: [SQLFragment] = []
                for path in paths {
                    let owners: SQLFragment
                    if path.table.lowercased() == other.lowercased() {
                        owners = "SELECT \(raw: row).\(identifier: path.key) WHERE 1"
                    } else if let hop = path.hop, hop.table.lowercased() == other.lowercased() {
                        owners = "SELECT \(identifier: path.key) FROM \(identifier: path.table) "
                            + "WHERE \(identifier: hop.column) = \(raw: row).\(identifier: hop.key)"
                    } else {
                        continue
                    }
                    if path.own.lowercased() == self.key.lowercased() {
                        statements.append(logged(owners))
                    } else {
                        statements.append(logged(
                            "SELECT \(identifier: self.key) FROM \(identifier: self.table) WHERE \(identifier: path.own) IN (\(owners))"))
                    }
                }
                return statements.joined(separator: " ")
            }
            // NB: an update of a column no path reads (a list's colour) changes no value.
            var read: [String] = []
            for (table, columns) in paths.flatMap(\.tableColumns) where table.lowercased() == other.lowercased() {
                for column in columns where !read.contains(where: { $0.lowercased() == column.lowercased() }) { read.append(column) }
            }
            let readList = read.map { SQLFragment(identifier: $0) }.joined(separator: ", ")
            statements += [
                "CREATE TRIGGER \(identifier: triggers.insert) AFTER INSERT ON \(identifier: other) BEGIN \(bump) \(reached("new")) END",
                "CREATE TRIGGER \(identifier: triggers.delete) AFTER DELETE ON \(identifier: other) BEGIN \(bump) \(reached("old")) END",
                "CREATE TRIGGER \(identifier: triggers.update) AFTER UPDATE OF \(readList) ON \(identifier: other) BEGIN \(bump) "
                    + "\(reached("old")) \(reached("new")) END",
            ]
        }
        return statements
    }

    /// The substring index, as schema 6 makes the reminders': unicode61 keeps a Chinese or Thai
    /// sentence as one token, so the rows holding such scripts (``SubstringScripts``) are also
    /// in a trigram FTS5 table, whose external content is a view of just those rows; the partial
    /// index lists them for the view and for the LIKE of one- and two-character terms.
    ///
    /// NB: the index holds the searched fields as well as the key (format 5), so the LIKE reads
    /// the index alone: the reminders' same index (schema 11) took `东京` at 1,000,000 reminders
    /// from 16.9 to 4.3 ms, for the text of just those rows.
    private var substringStatements: [SQLFragment] {
        let substrings = SQLFragment(identifier: substringTable)
        let names = substringNames
        let columns = fields.map { SQLFragment(identifier: $0.column) }.joined(separator: ", ")
        let newValues = fields.map { SQLFragment("new.\(identifier: $0.column)") }.joined(separator: ", ")
        let oldValues = fields.map { SQLFragment("old.\(identifier: $0.column)") }.joined(separator: ", ")
        let holds = { (prefix: String) -> SQLFragment in self.holdsSubstringText(prefix) }
        let changed = ([key] + fields.map(\.column)).map { SQLFragment("old.\(identifier: $0) IS NOT new.\(identifier: $0)") }
            .joined(separator: " OR ")
        let watched = ([key] + fields.map(\.column)).map { SQLFragment(identifier: $0) }.joined(separator: ", ")
        return [
            "CREATE INDEX \(identifier: names.rows) ON \(identifier: table)(\(identifier: key), \(columns)) WHERE \(holds(""))",
            "CREATE VIEW \(identifier: names.view) (\(identifier: key), \(columns)) AS "
                + "SELECT \(identifier: key), \(columns) FROM \(identifier: table) WHERE \(holds(""))",
            "CREATE VIRTUAL TABLE \(substrings) USING fts5(\(columns), content=\(raw: SQLFragment.quote(literal: names.view)), "
                + "content_rowid=\(raw: SQLFragment.quote(literal: key)), tokenize='trigram')",
            "CREATE TRIGGER \(identifier: names.insert) AFTER INSERT ON \(identifier: table) WHEN \(holds("new.")) BEGIN "
                + "INSERT INTO \(substrings)(rowid, \(columns)) VALUES (new.\(identifier: key), \(newValues)); END",
            "CREATE TRIGGER \(identifier: names.delete) AFTER DELETE ON \(identifier: table) WHEN \(holds("old.")) BEGIN "
                + "INSERT INTO \(substrings)(\(substrings), rowid, \(columns)) VALUES ('delete', old.\(identifier: key), \(oldValues)); END",
            // NB: one trigger with both steps, so the old row always leaves before the new one enters.
            "CREATE TRIGGER \(identifier: names.update) AFTER UPDATE OF \(watched) ON \(identifier: table) WHEN \(changed) BEGIN "
                + "INSERT INTO \(substrings)(\(substrings), rowid, \(columns)) SELECT 'delete', old.\(identifier: key), \(oldValues) "
                + "WHERE \(holds("old.")); "
                + "INSERT INTO \(substrings)(rowid, \(columns)) SELECT new.\(identifier: key), \(newValues) WHERE \(holds("new.")); END",
        ]
    }

    /// `("title" GLOB '*[֐-𯿿]*' AND "title" GLOB '*[…]*') OR (… "body" …)`, on `new.`, `old.` or the table's columns
    /// (``SubstringScripts/held(in:)``).
    func holdsSubstringText(_ prefix: String) -> SQLFragment {
        fields.map { SubstringScripts.held(in: "\(raw: prefix)\(identifier: $0.column)") }.joined(separator: " OR ")
    }

    /// Drops what an earlier declaration of this index made.
    var dropStatements: [SQLFragment] {
        let triggers = triggerNames
        return [
            "DROP TRIGGER IF EXISTS \(identifier: triggers.insert)",
            "DROP TRIGGER IF EXISTS \(identifier: triggers.delete)",
            "DROP TRIGGER IF EXISTS \(identifier: triggers.update)",
            "DROP TRIGGER IF EXISTS \(identifier: substringNames.insert)",
            "DROP TRIGGER IF EXISTS \(identifier: substringNames.delete)",
            "DROP TRIGGER IF EXISTS \(identifier: substringNames.update)",
            "DROP TABLE IF EXISTS \(identifier: vocabularyTable)",
            "DROP TABLE IF EXISTS \(identifier: ftsTable)",
            "DROP TABLE IF EXISTS \(identifier: substringTable)",
            "DROP VIEW IF EXISTS \(identifier: substringNames.view)",
            "DROP INDEX IF EXISTS \(identifier: substringNames.rows)",
            "DROP TRIGGER IF EXISTS \(identifier: factsNames.insert)",
            "DROP TRIGGER IF EXISTS \(identifier: factsNames.delete)",
            "DROP TRIGGER IF EXISTS \(identifier: factsNames.update)",
            "DROP TABLE IF EXISTS \(identifier: factsNames.changes)",
            "DROP TABLE IF EXISTS \(identifier: factsNames.snapshot)",
            "DROP TABLE IF EXISTS \(identifier: factsNames.log)",
        ]
    }

    /// Drops the looked-up facets' triggers an earlier declaration made: every trigger named
    /// `trove_<name>_lookup<number>insert` (`delete`, `update`), however many tables it had.
    func dropLookupTriggers(_ db: SQLConnection) throws {
        let stem = "trove_\(name)_lookup"
        let names = try db.fetchAll("SELECT \"name\" FROM \"sqlite_schema\" WHERE \"type\" = 'trigger'")
            .map { row -> String in try row[0] }
        for trigger in names where trigger.hasPrefix(stem) {
            let rest = trigger.dropFirst(stem.count)
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, ["insert", "delete", "update"].contains(String(rest.dropFirst(digits.count))) else { continue }
            try db.execute("DROP TRIGGER IF EXISTS \(identifier: trigger)")
        }
    }

    /// Indexes every row the table holds now.
    var rebuildStatements: [SQLFragment] {
        [ftsTable, substringTable].map { "INSERT INTO \(identifier: $0)(\(identifier: $0)) VALUES ('rebuild')" }
    }


    /// Checks that the table has every column the declaration names, and the key is its
    /// integer primary key.
    func checkTable(_ db: SQLConnection) throws {
        let rows = try db.fetchAll("SELECT \"name\", \"type\", \"pk\" FROM pragma_table_info(\(table))")
        guard !rows.isEmpty else { throw SearchIndexError.missingTable(index: name, table: table) }
        var columns: [String: (type: String, pk: Int)] = [:]
        for row in rows {
            let column: String = try row["name"]
            let type: String = try row["type"]
            let pk: Int = try row["pk"]
            columns[column.lowercased()] = (type.uppercased(), pk)
        }
        let facetColumns = facets.filter { filters[$0.lowercased()]?.lookupPath == nil }
        var named: [String] = [key] + fields.map(\.column) + filters.values.flatMap(\.columns)
        named += facetColumns + sortColumns + (rankedLast.map { [$0] } ?? []) + (demoted.map { [$0] } ?? [])
        // NB: self's: the local `columns` above is the table's.
        named += self.columns
        for column in named where columns[column.lowercased()] == nil {
            throw SearchIndexError.missingColumn(index: name, table: table, column: column)
        }
        for path in filters.values.compactMap(\.lookupPath) {
            for (other, columns) in path.tableColumns { try checkLookupTable(other, columns: columns, db) }
        }
        // NB: the counts' triggers watch a looked-up facet's table, and a view takes no AFTER
        // trigger: said here, not with SQLite's "cannot create AFTER trigger on view".
        for other in lookedUpFacetTables {
            let type = try db.fetchValue("SELECT \"type\" FROM \"sqlite_schema\" WHERE \"name\" = \(other) COLLATE NOCASE", as: String.self)
            if type == "view" {
                let facet = facets.first { facet in
                    filters[facet.lowercased()]?.lookupPath?.tables.contains { $0.lowercased() == other.lowercased() } ?? false
                }
                throw SearchIndexError.facetLookupInView(index: name, facet: facet ?? other, view: other)
            }
        }
        let keyColumn = columns[key.lowercased()]
        let primaryKeys = columns.values.filter { $0.pk > 0 }.count
        guard keyColumn?.type == "INTEGER", keyColumn?.pk == 1, primaryKeys == 1 else {
            throw SearchIndexError.keyNotIntegerPrimaryKey(index: name, table: table, key: key)
        }
    }

    /// A ``Filter/lookup(_:table:key:value:)`` filter's table and its two columns exist.
    private func checkLookupTable(_ other: String, columns: [String], _ db: SQLConnection) throws {
        let rows = try db.fetchAll("SELECT \"name\" FROM pragma_table_info(\(other))")
        guard !rows.isEmpty else { throw SearchIndexError.missingTable(index: name, table: other) }
        let names = Set(try rows.map { (row: SQLiteRow) -> String in try row["name"] }.map { $0.lowercased() })
        for column in columns where !names.contains(column.lowercased()) {
            throw SearchIndexError.missingColumn(index: name, table: other, column: column)
        }
    }

    private var sortColumns: [String] {
        let tied = tiebreakers.map(\.column)
        if case .column(let column, _, _) = sort { return [column] + tied }
        return tied
    }
}
