public import TroveSQLite
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
    /// triggers are quicker then); so does storing the copy of the facet values (``storeFacts(_:)``),
    /// for an index with facets.
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
    public func bulkWrite<Result>(on db: SQLConnection, _ body: () throws -> Result) throws -> Result {
        guard try isCurrent(db) else { throw SearchIndexError.notMigrated(index: name) }
        let columns = fields.map(\.column)
        var deferral = TextIndexDeferral(
            table: table, key: key,
            indexes: [
                .init(table: ftsTable, content: table, columns: columns),
                .init(table: substringTable, content: substringNames.view, columns: columns),
            ],
            triggers: [
                triggerNames.insert, triggerNames.delete, triggerNames.update,
                substringNames.insert, substringNames.delete, substringNames.update,
            ],
            prefix: "trove_bulk_\(name)_")
        let work = { () throws -> Result in
            try deferral.begin(on: db)
            let result = try body()
            // NB: the body may have written any row: every one is a candidate.
            try deferral.finish(on: db, candidates: nil)
            // NB: the copy of the facet values a new connection reads, as of these rows.
            try storeFacts(db)
            return result
        }
        return db.isInTransaction ? try db.savepoint(work) : try db.transaction(.immediate, work)
    }
}
