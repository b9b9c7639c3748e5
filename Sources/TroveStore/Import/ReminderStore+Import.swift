import Foundation
import TroveQuery
import TroveSQLite

extension ReminderStore {
    /// How many rows pass between progress reports.
    static let progressInterval = 10_000

    /// Imports every record `reader` yields, in ONE transaction: all of the file or none of it,
    /// with one journal entry for the whole file.
    ///
    /// ```swift
    /// var reader = ReminderFormat.jsonl.makeReader(try LineReader(path: "tasks.jsonl"))
    /// let summary = try await store.importRecords(&reader, source: "tasks.jsonl") { print($0.rows) }
    /// summary.counts  // "12 added, 3 updated, 40 unchanged"
    /// // BEGIN IMMEDIATE; per row: SELECT "reminders"."id" … WHERE ("reminders"."uid" = ?) (when the
    /// // database held reminders); INSERT INTO "reminders" (…) VALUES (…); INSERT INTO "reminder_tags" …;
    /// // INSERT INTO "journal" …; COMMIT   (each per-row statement is prepared once and re-bound)
    /// ```
    ///
    /// Records stream from the reader straight into SQLite; none is held, so memory stays flat
    /// whatever the file's size (bar one set of the file's uids, to catch a uid used twice).
    /// A record whose uid matches a stored reminder is compared with it: the same fields leave
    /// it unchanged, others follow `onConflict`. A record without uid that says the same as a
    /// stored reminder no earlier record matched is that reminder, unchanged (unless `onConflict`
    /// is `.duplicate`): the stored reminders' content keys are read once, in one pass, the first
    /// time such a record comes. A new record keeps its `id` when no reminder has
    /// it, so a restore into an empty database keeps every id. Unknown lists and tags are
    /// created. Each row is validated as `add` validates it, except that a completed record
    /// without a completion time keeps it unknown.
    ///
    /// The journal entry is compact: the ids added (as ranges, one for a plain import) and the
    /// prior state of only the rows it updated; `undo` removes exactly the one and restores the
    /// other.
    ///
    /// A large import (10,000 rows written, and at least as many as the store held before)
    /// drops the three filter indexes (`reminders_in_due_order`, `reminders_by_list`,
    /// `reminders_by_due`), and the uid index when the store was empty, and builds them again
    /// from their stored definitions before it commits: inserting into them row by row costs
    /// more than building them once. It is all in the one transaction, so other connections
    /// never see the table without them.
    ///
    /// - Parameters:
    ///   - reader: Any format's reader; afterwards it holds its final state (and warnings).
    ///   - source: The file's name, for error messages and the journal.
    ///   - onConflict: What to do with a record whose uid is already stored and differs.
    ///   - progress: Called every 10,000 rows and once at the end, on the writer's thread.
    /// - Returns: What was imported, once committed.
    /// - Throws: `FormatError` naming `source`, the line (for records a reader rejects, or the
    ///   record's line or position for ones the store rejects) and the field; or a SQLite error.
    ///   Either way the transaction rolls back and the store is exactly as it was.
    public func importRecords<Reader: ReminderReader>(
        _ reader: inout Reader, source: String, onConflict: ImportConflictPolicy = .update,
        progress: (@Sendable (ImportProgress) -> Void)? = nil
    ) async throws -> ImportSummary {
        try await importRecords(
            &reader, source: source, onConflict: onConflict, progress: progress,
            deferIndexesAfter: DeferredIndexes.threshold, deferTextAfter: DeferredTextIndexes.threshold)
    }

    /// ``importRecords(_:source:onConflict:progress:)`` with the least number of rows after
    /// which a large import builds the filter indexes at its end (see ``DeferredIndexes``) and
    /// indexes its text at its end (``DeferredTextIndexes``); tests make them small.
    func importRecords<Reader: ReminderReader>(
        _ reader: inout Reader, source: String, onConflict: ImportConflictPolicy = .update,
        progress: (@Sendable (ImportProgress) -> Void)? = nil, deferIndexesAfter: Int,
        deferTextAfter: Int = DeferredTextIndexes.threshold, uidKey: @escaping @Sendable (String) -> Int = { $0.hashValue }
    ) async throws -> ImportSummary {
        // NB: boxed as an existential so the body captures no generic (non-Sendable) metatype.
        let box = UncheckedTransfer<any ReminderReader>(reader)
        defer { reader = box.value as! Reader }
        let now = now()
        let clock = ContinuousClock()
        let start = clock.now
        var summary = try await indexedWrite { db in
            var run = ImportRun(db: db, now: now, source: source, limits: box.value.limits, onConflict: onConflict, session: session, deferIndexesAfter: deferIndexesAfter,
                deferTextAfter: deferTextAfter, uidKey: uidKey)
            try run.begin()
            var rows = 0
            while true {
                let record: ReminderRecord
                do {
                    guard let next = try box.value.next() else { break }
                    record = next
                } catch var error as FormatError {
                    error.file = source
                    throw error
                }
                try run.take(record, line: box.value.recordLine, position: rows + 1)
                rows += 1
                if rows % Self.progressInterval == 0 {
                    progress?(ImportProgress(rows: rows, elapsed: clock.now - start))
                }
            }
            try run.finish()
            progress?(ImportProgress(rows: rows, elapsed: clock.now - start))
            var summary = run.summary
            summary.warnings = box.value.warnings + run.warnings
            return summary
        }
        // NB: after the commit, as FTS5 flushes and merges its last segments as it commits.
        await giveFreePagesBack()
        // NB: measured once the write has committed, so the per-prefix counts and indexes made
        // before the commit are in it: `trove import` divides by it for its rows/s (issue 22,
        // item 11: measured before them, 64,610 rows with 34,354 distinct tags printed
        // 6,871 rows/s for an import that took 158 s).
        summary.elapsed = clock.now - start
        return summary
    }

    /// A record the reader accepted but the store refuses, said as a `FormatError`.
    static func formatError(_ error: StoreError, record: Int, line: Int?, source: String) -> FormatError {
        let field: String
        switch error {
        case .emptyTitle: field = "title"
        case .invalidTagName, .tooManyTags: field = "tags"
        case .invalidName: field = "list"
        case .dateOutOfRange(let name), .nulCharacter(let name): field = name
        default: field = "record"
        }
        // NB: the store's sentence ends with a full stop, and FormatError adds its own.
        var reason = error.description
        while reason.hasSuffix(".") { reason.removeLast() }
        return FormatError(
            file: source, line: line, field: field,
            problem: "reminder \(record) of the file cannot be stored: \(reason)",
            remedy: "Fix that reminder and import the file again; nothing from it was imported.")
    }
}
