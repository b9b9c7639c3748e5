import Foundation
import TroveSQLite

extension ReminderStore {
    /// How many rows pass between progress reports.
    static let progressInterval = 10_000

    /// Imports every record `reader` yields, in ONE transaction: all of the file or none of it.
    ///
    /// ```swift
    /// var reader = ReminderFormat.jsonl.makeReader(try LineReader(path: "tasks.jsonl"))
    /// let summary = try await store.importRecords(&reader, source: "tasks.jsonl") { print($0.rows) }
    /// // BEGIN IMMEDIATE; per row: INSERT INTO "reminders" (…) VALUES (…); INSERT INTO "reminder_tags" …; COMMIT
    /// // (each INSERT is prepared once per import and re-bound for every row)
    /// ```
    ///
    /// Records stream from the reader straight into SQLite; none is held, so memory stays flat
    /// whatever the file's size. Unknown lists and tags are created. Each row is validated as
    /// `add` validates it.
    ///
    /// - Parameters:
    ///   - reader: Any format's reader; afterwards it holds its final state (and warnings).
    ///   - source: The file's name, for error messages.
    ///   - progress: Called every 10,000 rows and once at the end, on the writer's thread.
    /// - Returns: What was imported, once committed.
    /// - Throws: `FormatError` naming `source`, the line (for records a reader rejects, or the
    ///   record's position for ones the store rejects) and the field; or a SQLite error. Either
    ///   way the transaction rolls back and the store is exactly as it was.
    public func importRecords<Reader: ReminderReader>(
        _ reader: inout Reader, source: String,
        progress: (@Sendable (ImportProgress) -> Void)? = nil
    ) async throws -> ImportSummary {
        // NB: boxed as an existential so the body captures no generic (non-Sendable) metatype.
        let box = UncheckedTransfer<any ReminderReader>(reader)
        defer { reader = box.value as! Reader }
        let now = now()
        let clock = ContinuousClock()
        let start = clock.now
        return try await indexedWrite { db in
            var inserter = RecordInserter(db: db, now: now, bulk: true)
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
                let valid: ValidRecord
                do {
                    valid = try ValidRecord(record, now: now)
                } catch let error as StoreError {
                    throw Self.formatError(error, record: rows + 1, source: source)
                }
                _ = try inserter.insert(valid)
                rows += 1
                if rows % Self.progressInterval == 0 {
                    progress?(ImportProgress(rows: rows, elapsed: clock.now - start))
                }
            }
            let elapsed = clock.now - start
            progress?(ImportProgress(rows: rows, elapsed: elapsed))
            return ImportSummary(
                imported: rows, listsCreated: inserter.listsCreated, tagsCreated: inserter.tagsCreated,
                warnings: box.value.warnings, elapsed: elapsed)
        }
    }

    /// A record the reader accepted but the store refuses, said as a `FormatError`.
    ///
    /// NB: readers do not expose the line a record came from, so the message counts records.
    static func formatError(_ error: StoreError, record: Int, source: String) -> FormatError {
        let field: String
        switch error {
        case .emptyTitle: field = "title"
        case .invalidTagName: field = "tags"
        case .invalidName: field = "list"
        case .dateOutOfRange(let name): field = name
        default: field = "record"
        }
        return FormatError(
            file: source, field: field,
            problem: "reminder \(record) of the file cannot be stored: \(error)",
            remedy: "Fix that reminder and import the file again; nothing from it was imported.")
    }
}
