import TroveQuery
import TroveSQLite

/// A large import (or the undo of one) writes its rows' text into the two FTS5 indexes in a
/// few statements at its end, instead of one row at a time through the index triggers.
///
/// ```swift
/// var text = DeferredTextIndexes(threshold: 1_000)
/// try text.rowWritten(inserted: id, on: db)   // the 1,000th: DROP TRIGGER "reminders_index_insert"; … (6)
/// try text.catchUp(on: db)
/// // INSERT INTO reminders_fts (reminders_fts, rowid, title, notes, tags)
/// //   SELECT 'delete', id, title, notes, tags FROM temp.trove_import_old_text      -- what updates replaced
/// // INSERT INTO reminders_fts (rowid, title, notes, tags) SELECT id, title, notes, tags FROM reminders
/// //   WHERE id BETWEEN ? AND ? AND NOT EXISTS (SELECT 1 FROM reminders_fts_docsize WHERE …id = reminders.id)
/// //   (and again for the ids in temp.trove_import_old_text and temp.trove_import_moved)
/// // (the same for reminders_substrings, from its view), then the triggers as stored
/// ```
///
/// Every INSERT or UPDATE of `reminders` runs with a statement journal (its triggers write
/// other tables and its CHECKs may fail half way), and SQLite opens a savepoint in every
/// virtual table of the transaction for each such statement; FTS5 writes its pending terms to
/// a new segment at every savepoint. Row by row, each reminder became a segment of its own,
/// merged again and again: 100,000 reminders took 7.0 s through the triggers and 2.9 s with
/// the index written by one `INSERT … SELECT` at the end; 100,000 updated titles 8.6 s and
/// 2.5 s (Python's sqlite3, same schema).
///
/// Once ``threshold`` rows are written the six index triggers (insert, update and delete, of
/// the word index and the substring index) are dropped, and nothing touches FTS5 until the
/// catch-up. Temporary `BEFORE UPDATE` and `BEFORE DELETE` triggers on this connection keep
/// the text a row had when it was indexed (the first time it changes: FTS5 must be told the
/// terms it holds to remove them), in `temp.trove_import_old_text` and, for rows the
/// substring index holds, `temp.trove_import_old_substrings`. The catch-up tells FTS5 to
/// delete those, then indexes every candidate row that has no row in the FTS5 table's
/// `_docsize` (FTS5 writes one for every row it indexes and removes it with the row): the rows
/// inserted meanwhile, the ones changed (by their old ids, and their new ones should an id
/// change), so a row changed or removed after its insert is indexed once, as it ends up.
///
/// All of it happens inside the import's transaction, like ``DeferredIndexes``: a failed or
/// killed import rolls back to the triggers as they were, and the schema afterwards is the
/// one before, byte for byte.
struct DeferredTextIndexes {
    /// The triggers that keep the two indexes in step, dropped while the import writes.
    static let triggers = [
        "reminders_index_insert", "reminders_index_update", "reminders_index_delete",
        "reminders_substrings_insert", "reminders_substrings_update", "reminders_substrings_delete",
    ]
    /// The fewest rows an import writes before its text is indexed at the end.
    static let threshold = 1_000

    let threshold: Int
    private var written = 0
    /// The stored `CREATE TRIGGER` statements of the dropped triggers.
    private(set) var dropped: [String] = []
    /// The lowest and highest ids inserted while the triggers were away.
    private(set) var insertedIDs: ClosedRange<Int64>?

    init(threshold: Int = DeferredTextIndexes.threshold) {
        self.threshold = max(threshold, 1)
    }

    /// Whether rows are being written without their text indexed.
    var isDeferring: Bool { !dropped.isEmpty }

    /// Counts a row written, after its INSERT (`inserted`, its id) or UPDATE (nil); once
    /// ``threshold`` rows are written, drops the index triggers, so what is written after it
    /// is indexed by ``catchUp(on:)``.
    mutating func rowWritten(inserted id: Int64?, on db: SQLiteConnection) throws {
        written += 1
        if isDeferring {
            if let id { insertedIDs = insertedIDs.map { min($0.lowerBound, id)...max($0.upperBound, id) } ?? id...id }
            return
        }
        guard written == threshold else { return }
        for name in Self.triggers {
            if let sql = try db.dropKeepingDefinition(.trigger, name) { dropped.append(sql) }
        }
        // NB: a schema without the triggers (a damaged one) is left to them; nothing to keep.
        guard isDeferring else { return }
        for sql in Self.keeping { try db.execute(sql) }
    }

    /// Indexes what was written without the triggers, then puts them back as they were.
    mutating func catchUp(on db: SQLiteConnection) throws {
        guard isDeferring else { return }
        let hashSize = FTS5HashSize(table: "reminders_fts")
        try hashSize.raise(on: db)
        try db.execute("""
            INSERT INTO "reminders_fts" ("reminders_fts", "rowid", "title", "notes", "tags")
            SELECT 'delete', "id", "title", "notes", "tags" FROM "temp"."trove_import_old_text"
            """)
        try db.execute("""
            INSERT INTO "reminders_substrings" ("reminders_substrings", "rowid", "title", "notes")
            SELECT 'delete', "id", "title", "notes" FROM "temp"."trove_import_old_substrings"
            """)
        // NB: one statement per kind of candidate: `a OR b OR c` would make SQLite collect every
        // candidate rowid in memory first (a MULTI-INDEX OR; 30 MiB more at 1,000,000 rows).
        // A row the first statement indexed has a `_docsize` row, so no later one takes it again.
        var candidates: [SQLFragment] = [
            #""id" IN (SELECT "id" FROM "temp"."trove_import_old_text")"#,
            #""id" IN (SELECT "id" FROM "temp"."trove_import_moved")"#,
        ]
        if let ids = insertedIDs { candidates.insert("\"id\" BETWEEN \(ids.lowerBound) AND \(ids.upperBound)", at: 0) }
        for candidate in candidates {
            try db.execute("""
                INSERT INTO "reminders_fts" ("rowid", "title", "notes", "tags")
                SELECT "id", "title", "notes", "tags" FROM "reminders"
                WHERE \(candidate) AND NOT EXISTS (
                  SELECT 1 FROM "reminders_fts_docsize" WHERE "reminders_fts_docsize"."id" = "reminders"."id")
                """)
            // NB: the view holds only the rows whose text has a script written without spaces
            // (the partial index reminders_with_substring_text finds them by id).
            try db.execute("""
                INSERT INTO "reminders_substrings" ("rowid", "title", "notes")
                SELECT "id", "title", "notes" FROM "reminders_substring_text"
                WHERE \(candidate) AND NOT EXISTS (
                  SELECT 1 FROM "reminders_substrings_docsize"
                  WHERE "reminders_substrings_docsize"."id" = "reminders_substring_text"."id")
                """)
        }
        try hashSize.restore(on: db)
        for sql in Self.dropKept { try db.execute(sql) }
        for sql in dropped { try db.execute(sql) }
        dropped = []
        insertedIDs = nil
    }

    /// The temporary tables and triggers that keep the indexed text of the rows the import
    /// changes or deletes while the index triggers are away.
    ///
    /// NB: `OF` lists the columns the stored update triggers watch. A trigger may not qualify
    /// the table it writes; the temp schema holds these tables, so their names find them.
    static let keeping: [SQLFragment] = [
        #"CREATE TEMP TABLE "trove_import_old_text" ("id" INTEGER PRIMARY KEY, "title", "notes", "tags")"#,
        #"CREATE TEMP TABLE "trove_import_old_substrings" ("id" INTEGER PRIMARY KEY, "title", "notes")"#,
        #"CREATE TEMP TABLE "trove_import_moved" ("id" INTEGER PRIMARY KEY)"#,
        """
        CREATE TEMP TRIGGER "trove_import_keep_text_update" BEFORE UPDATE OF "id", "title", "notes", "tags"
        ON "main"."reminders"
        WHEN EXISTS (SELECT 1 FROM "main"."reminders_fts_docsize" WHERE "id" = old."id")
        BEGIN
            INSERT OR IGNORE INTO "trove_import_old_text" VALUES (old."id", old."title", old."notes", old."tags");
        END
        """,
        """
        CREATE TEMP TRIGGER "trove_import_keep_text_delete" BEFORE DELETE ON "main"."reminders"
        WHEN EXISTS (SELECT 1 FROM "main"."reminders_fts_docsize" WHERE "id" = old."id")
        BEGIN
            INSERT OR IGNORE INTO "trove_import_old_text" VALUES (old."id", old."title", old."notes", old."tags");
        END
        """,
        """
        CREATE TEMP TRIGGER "trove_import_keep_substrings_update" BEFORE UPDATE OF "id", "title", "notes"
        ON "main"."reminders"
        WHEN EXISTS (SELECT 1 FROM "main"."reminders_substrings_docsize" WHERE "id" = old."id")
        BEGIN
            INSERT OR IGNORE INTO "trove_import_old_substrings" VALUES (old."id", old."title", old."notes");
        END
        """,
        """
        CREATE TEMP TRIGGER "trove_import_keep_substrings_delete" BEFORE DELETE ON "main"."reminders"
        WHEN EXISTS (SELECT 1 FROM "main"."reminders_substrings_docsize" WHERE "id" = old."id")
        BEGIN
            INSERT OR IGNORE INTO "trove_import_old_substrings" VALUES (old."id", old."title", old."notes");
        END
        """,
        """
        CREATE TEMP TRIGGER "trove_import_keep_moved" BEFORE UPDATE OF "id" ON "main"."reminders"
        WHEN old."id" IS NOT new."id"
        BEGIN
            INSERT OR IGNORE INTO "trove_import_moved" VALUES (new."id");
        END
        """,
    ]

    static let dropKept: [SQLFragment] = [
        #"DROP TRIGGER "temp"."trove_import_keep_text_update""#,
        #"DROP TRIGGER "temp"."trove_import_keep_text_delete""#,
        #"DROP TRIGGER "temp"."trove_import_keep_substrings_update""#,
        #"DROP TRIGGER "temp"."trove_import_keep_substrings_delete""#,
        #"DROP TRIGGER "temp"."trove_import_keep_moved""#,
        #"DROP TABLE "temp"."trove_import_old_text""#,
        #"DROP TABLE "temp"."trove_import_old_substrings""#,
        #"DROP TABLE "temp"."trove_import_moved""#,
    ]
}
