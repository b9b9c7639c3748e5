import Foundation

/// A `ReminderRecord` checked and completed for storing: a real title, a list name, valid
/// unique tags, and `completedAt` set exactly when the reminder is completed.
struct ValidRecord {
    var record: ReminderRecord
    var list: String
    var tags: [String]
    var createdAt: Date

    /// Checks `record` and fills in what it leaves out.
    ///
    /// - Parameter now: The time for a missing `createdAt`, and for `completedAt` when a
    ///   completed record has none.
    /// - Throws: `StoreError.emptyTitle`, `.invalidName` (list), `.invalidTagName` or
    ///   `.dateOutOfRange` (a date outside ``ValidDates``).
    init(_ record: ReminderRecord, now: Date) throws(StoreError) {
        guard !StoreNames.isBlank(record.title) else { throw .emptyTitle }
        if let due = record.due, !ValidDates.contains(due) { throw .dateOutOfRange(field: "due") }
        if let date = record.completedAt, !ValidDates.contains(date) { throw .dateOutOfRange(field: "completedAt") }
        if let date = record.createdAt, !ValidDates.contains(date) { throw .dateOutOfRange(field: "createdAt") }
        self.record = record
        list = try StoreNames.list(record.list)
        tags = try StoreNames.tags(record.tags)
        createdAt = record.createdAt ?? now
        if record.isCompleted {
            self.record.completedAt = record.completedAt ?? now
        } else {
            self.record.completedAt = nil
        }
    }
}
