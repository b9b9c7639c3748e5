import Foundation

/// A `ReminderRecord` checked and completed for storing: a real title, a list name, valid
/// unique tags, and no `completedAt` unless the reminder is completed.
struct ValidRecord {
    var record: ReminderRecord
    var list: String
    var tags: [String]
    var createdAt: Date

    /// Checks `record` and fills in what it leaves out.
    ///
    /// - Parameters:
    ///   - now: The time for a missing `createdAt`.
    ///   - completedNow: Whether a completed record without `completedAt` was completed now
    ///     (`add`); an import passes false, so a time nobody recorded stays unknown.
    /// - Throws: `StoreError.emptyTitle`, `.invalidName` (list), `.invalidTagName` or
    ///   `.dateOutOfRange` (a date outside ``ValidDates``), `.tooManyTags` (more than
    ///   ``ReminderRecord/maxTags``, counted once repeats are dropped).
    init(_ record: ReminderRecord, now: Date, completedNow: Bool = true) throws(StoreError) {
        guard !StoreNames.isBlank(record.title) else { throw .emptyTitle }
        guard !StoreNames.holdsNUL(record.title) else { throw .nulCharacter(field: "title") }
        if let due = record.due, !ValidDates.contains(due) { throw .dateOutOfRange(field: "due") }
        if let date = record.completedAt, !ValidDates.contains(date) { throw .dateOutOfRange(field: "completedAt") }
        if let date = record.createdAt, !ValidDates.contains(date) { throw .dateOutOfRange(field: "createdAt") }
        if let date = record.updatedAt, !ValidDates.contains(date) { throw .dateOutOfRange(field: "updatedAt") }
        for completion in record.completions {
            if let due = completion.due, !ValidDates.contains(due) { throw .dateOutOfRange(field: "completions") }
            if let date = completion.completedAt, !ValidDates.contains(date) { throw .dateOutOfRange(field: "completions") }
        }
        self.record = record
        list = try StoreNames.list(record.list)
        tags = try StoreNames.tags(record.tags)
        guard tags.count <= ReminderRecord.maxTags else { throw .tooManyTags(count: tags.count, limit: ReminderRecord.maxTags) }
        createdAt = record.createdAt ?? now
        if record.uid.map(StoreNames.isBlank) == true { self.record.uid = nil }
        if record.isCompleted {
            self.record.completedAt = record.completedAt ?? (completedNow ? now : nil)
        } else {
            self.record.completedAt = nil
        }
    }
}
