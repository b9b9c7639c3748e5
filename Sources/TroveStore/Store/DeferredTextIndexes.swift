import TroveQuery
import TroveSQLite

/// A large import (or the undo of one) writes its rows' text into the two FTS5 indexes in a
/// few statements at its end, instead of one row at a time through the index triggers: from the
/// ``threshold``th row written, a ``TextIndexDeferral`` over the reminders' word and substring
/// indexes.
///
/// ```swift
/// var text = DeferredTextIndexes(threshold: 1_000)
/// try text.rowWritten(inserted: id, on: db)   // the 1,000th: DROP TRIGGER "reminders_index_insert"; … (6)
/// try text.catchUp(on: db)
/// // INSERT INTO "reminders_fts"(rowid, "title", "notes", "tags") SELECT "id", "title", "notes", "tags"
/// //   FROM "reminders" AS "row" WHERE "id" BETWEEN ? AND ? AND NOT EXISTS (… "reminders_fts_docsize" …)
/// // (after the old text of the rows changed meanwhile is deleted; the same for the substring
/// // index, from its view), then the triggers as stored
/// ```
///
/// 100,000 reminders took 7.0 s through the triggers and 2.9 s with the index written by one
/// `INSERT … SELECT` at the end; 100,000 updated titles 8.6 s and 2.5 s (Python's sqlite3, same
/// schema). All of it happens inside the import's (or undo's) transaction, like
/// ``DeferredIndexes``: a failed or killed import rolls back to the triggers as they were.
struct DeferredTextIndexes {
    /// The fewest rows an import writes before its text is indexed at the end.
    static let threshold = 1_000

    /// The triggers, indexes and temporary names of the reminders' text indexes.
    static let deferral = TextIndexDeferral(
        table: "reminders", key: "id",
        indexes: [
            .init(table: "reminders_fts", content: "reminders", columns: ["title", "notes", "tags"]),
            // NB: the view holds only the rows whose text has a script written without spaces.
            .init(table: "reminders_substrings", content: "reminders_substring_text", columns: ["title", "notes"]),
        ],
        triggers: [
            "reminders_index_insert", "reminders_index_update", "reminders_index_delete",
            "reminders_substrings_insert", "reminders_substrings_update", "reminders_substrings_delete",
        ],
        prefix: "trove_import_")

    let threshold: Int
    private var written = 0
    private var deferral = DeferredTextIndexes.deferral
    /// The lowest and highest ids inserted while the triggers were away.
    private(set) var insertedIDs: ClosedRange<Int64>?

    init(threshold: Int = DeferredTextIndexes.threshold) {
        self.threshold = max(threshold, 1)
    }

    /// Whether rows are being written without their text indexed.
    var isDeferring: Bool { deferral.isActive }

    /// Counts a row written, after its INSERT (`inserted`, its id) or UPDATE (nil); once
    /// ``threshold`` rows are written, drops the index triggers, so what is written after it
    /// is indexed by ``catchUp(on:)``.
    mutating func rowWritten(inserted id: Int64?, on db: SQLConnection) throws {
        written += 1
        if isDeferring {
            if let id { insertedIDs = insertedIDs.map { min($0.lowerBound, id)...max($0.upperBound, id) } ?? id...id }
            return
        }
        guard written == threshold else { return }
        try deferral.begin(on: db)
    }

    /// Indexes what was written without the triggers, then puts them back as they were.
    mutating func catchUp(on db: SQLConnection) throws {
        let range: [SQLFragment] = insertedIDs.map { ["\"id\" BETWEEN \($0.lowerBound) AND \($0.upperBound)"] } ?? []
        try deferral.finish(on: db, candidates: range)
        insertedIDs = nil
    }
}
