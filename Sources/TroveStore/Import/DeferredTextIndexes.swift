import TroveQuery
import TroveSQLite

/// A large import writes its rows' text into the two FTS5 indexes in one statement at its end,
/// instead of one row at a time through the insert triggers.
///
/// ```swift
/// var text = DeferredTextIndexes(threshold: 1_000)
/// try text.rowInserted(id: id, on: db)   // the 1,000th: DROP TRIGGER "reminders_index_insert"; …
/// try text.catchUp(on: db)
/// // INSERT INTO reminders_fts (rowid, title, notes, tags)
/// //   SELECT id, title, notes, tags FROM reminders WHERE id BETWEEN ? AND ?
/// //   AND NOT EXISTS (SELECT 1 FROM reminders_fts_docsize WHERE reminders_fts_docsize.id = reminders.id)
/// // (the same for reminders_substrings, from its view), then the triggers as stored
/// ```
///
/// Every INSERT into `reminders` runs with a statement journal (its triggers write other
/// tables and its CHECKs may fail half way), and SQLite opens a savepoint in every virtual
/// table of the transaction for each such statement; FTS5 writes its pending terms to a new
/// segment at every savepoint. Row by row, each reminder became a segment of its own, merged
/// again and again: 100,000 reminders took 7.0 s through the triggers and 2.9 s with the
/// index written by one `INSERT … SELECT` at the end (Python's sqlite3, same schema).
///
/// The rows an import inserts after the threshold are recognised by having no row in the FTS5
/// table's `_docsize` table, which FTS5 writes at once for every row it indexes. Should one of
/// them be updated or deleted before the catch-up (an import only inserts them, but the tag
/// triggers rewrite `tags` if its text ever differed from the importer's), the index triggers
/// would tell FTS5 to delete terms it never held and corrupt the index: temporary `BEFORE`
/// triggers on this connection index such a row's old text first, so the stored triggers then
/// find what they remove.
///
/// All of it happens inside the import's transaction, like ``DeferredIndexes``: a failed or
/// killed import rolls back to the triggers as they were, and the schema afterwards is the
/// one before, byte for byte.
struct DeferredTextIndexes {
    /// The triggers that index a new row, dropped while the import writes.
    static let insertTriggers = ["reminders_index_insert", "reminders_substrings_insert"]
    /// The fewest rows an import writes before its text is indexed at the end.
    static let threshold = 1_000

    let threshold: Int
    private var inserted = 0
    /// The stored `CREATE TRIGGER` statements of the dropped triggers.
    private(set) var dropped: [String] = []
    /// The lowest and highest ids inserted while the triggers were away.
    private(set) var deferredIDs: ClosedRange<Int64>?

    init(threshold: Int = DeferredTextIndexes.threshold) {
        self.threshold = max(threshold, 1)
    }

    /// Whether rows are being inserted without their text indexed.
    var isDeferring: Bool { !dropped.isEmpty }

    /// Counts a row written (`id`, after its INSERT); once ``threshold`` rows are in, drops
    /// the insert triggers, so the rows after it are indexed by ``catchUp(on:)``.
    mutating func rowInserted(id: Int64, on db: SQLiteConnection) throws {
        inserted += 1
        if isDeferring {
            deferredIDs = deferredIDs.map { min($0.lowerBound, id)...max($0.upperBound, id) } ?? id...id
            return
        }
        guard inserted == threshold else { return }
        for name in Self.insertTriggers {
            guard let sql = try db.fetchValue(
                "SELECT \"sql\" FROM \"sqlite_schema\" WHERE \"type\" = 'trigger' AND \"name\" = \(name)", as: String.self)
            else { continue }
            try db.execute("DROP TRIGGER \(identifier: name)")
            dropped.append(sql)
        }
        guard isDeferring else { return }
        for sql in Self.guards { try db.execute(sql) }
    }

    /// Indexes the rows inserted without their text, then puts the triggers back as they were.
    mutating func catchUp(on db: SQLiteConnection) throws {
        guard isDeferring else { return }
        if let ids = deferredIDs {
            let hashSize = FTS5HashSize(table: "reminders_fts")
            try hashSize.raise(on: db)
            try db.execute("""
                INSERT INTO "reminders_fts" ("rowid", "title", "notes", "tags")
                SELECT "id", "title", "notes", "tags" FROM "reminders"
                WHERE "id" BETWEEN \(ids.lowerBound) AND \(ids.upperBound) AND NOT EXISTS (
                  SELECT 1 FROM "reminders_fts_docsize" WHERE "reminders_fts_docsize"."id" = "reminders"."id")
                """)
            // NB: the view holds only the rows whose text has a script written without spaces
            // (the partial index reminders_with_substring_text finds them by id).
            try db.execute("""
                INSERT INTO "reminders_substrings" ("rowid", "title", "notes")
                SELECT "id", "title", "notes" FROM "reminders_substring_text"
                WHERE "id" BETWEEN \(ids.lowerBound) AND \(ids.upperBound) AND NOT EXISTS (
                  SELECT 1 FROM "reminders_substrings_docsize"
                  WHERE "reminders_substrings_docsize"."id" = "reminders_substring_text"."id")
                """)
            try hashSize.restore(on: db)
        }
        for name in Self.guardNames { try db.execute("DROP TRIGGER \"temp\".\(identifier: name)") }
        for sql in dropped { try db.execute(sql) }
        dropped = []
        deferredIDs = nil
    }

    static let guardNames = [
        "trove_import_text_before_update", "trove_import_text_before_delete",
        "trove_import_substrings_before_update", "trove_import_substrings_before_delete",
    ]

    /// Index a not yet indexed row's old text just before it changes or goes, so that the
    /// stored update and delete triggers remove terms the index holds.
    ///
    /// NB: `OF` lists the columns the stored update triggers watch; a row counts as held by the
    /// substring index when its old text is in that index's view. A trigger may not qualify
    /// the table it writes; the temp schema has no such table, so the name finds main's.
    static let guards: [SQLFragment] = [
        """
        CREATE TEMP TRIGGER "trove_import_text_before_update" BEFORE UPDATE OF "id", "title", "notes", "tags"
        ON "main"."reminders"
        WHEN NOT EXISTS (SELECT 1 FROM "main"."reminders_fts_docsize" WHERE "id" = old."id")
        BEGIN
            INSERT INTO "reminders_fts" ("rowid", "title", "notes", "tags")
            VALUES (old."id", old."title", old."notes", old."tags");
        END
        """,
        """
        CREATE TEMP TRIGGER "trove_import_text_before_delete" BEFORE DELETE ON "main"."reminders"
        WHEN NOT EXISTS (SELECT 1 FROM "main"."reminders_fts_docsize" WHERE "id" = old."id")
        BEGIN
            INSERT INTO "reminders_fts" ("rowid", "title", "notes", "tags")
            VALUES (old."id", old."title", old."notes", old."tags");
        END
        """,
        """
        CREATE TEMP TRIGGER "trove_import_substrings_before_update" BEFORE UPDATE OF "id", "title", "notes"
        ON "main"."reminders"
        WHEN EXISTS (SELECT 1 FROM "main"."reminders_substring_text" WHERE "id" = old."id")
          AND NOT EXISTS (SELECT 1 FROM "main"."reminders_substrings_docsize" WHERE "id" = old."id")
        BEGIN
            INSERT INTO "reminders_substrings" ("rowid", "title", "notes")
            VALUES (old."id", old."title", old."notes");
        END
        """,
        """
        CREATE TEMP TRIGGER "trove_import_substrings_before_delete" BEFORE DELETE ON "main"."reminders"
        WHEN EXISTS (SELECT 1 FROM "main"."reminders_substring_text" WHERE "id" = old."id")
          AND NOT EXISTS (SELECT 1 FROM "main"."reminders_substrings_docsize" WHERE "id" = old."id")
        BEGIN
            INSERT INTO "reminders_substrings" ("rowid", "title", "notes")
            VALUES (old."id", old."title", old."notes");
        END
        """,
    ]
}
