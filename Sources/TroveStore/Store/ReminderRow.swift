import Foundation
import TroveQuery

/// The values of one new `reminders` row, as the query builder inserts them and as a prepared
/// INSERT binds them.
///
/// ```swift
/// row.insert       // INSERT INTO "reminders" ("id", "uid", "list_id", "title", …, "icalendar", "tags") VALUES (?, ?, ?, ?, …, ?)
/// row.bindings     // [.null, .text("0193…"), .integer(1), .text("Buy milk"), …], in that column order
/// ```
///
/// NB: `insert` is the definition; `bindings` spells the same values without building SQL, for an
/// import's per-row statement. `BulkInsertTests` checks the two agree value for value.
struct ReminderRow {
    /// The id to keep, or nil for SQLite's next one.
    var id: Int64?
    var uid: String
    var listID: Int64
    /// Validated: `completedAt` is set only when the reminder is completed.
    var record: ReminderRecord
    var createdAt: Date
    var updatedAt: Date
    /// `StoreNames.tagsText` of the reminder's tags.
    var tags: String

    /// The INSERT that stores the row, through the query builder.
    var insert: SQLInsert<ReminderTable, Void> {
        ReminderTable.insert {
            // NB: NULL asks SQLite for the next id; the column is always there, so one prepared
            // INSERT serves rows with and without a kept id.
            Assignment(column: $0.id.name, value: SQLFragment(binding: id))
            for assignment in Self.contents($0, uid: uid, listID: listID, record: record, createdAt: createdAt, updatedAt: updatedAt) {
                assignment
            }
            $0.tags.set(tags)
        }
    }

    /// Every column a record decides, but the id and the tags text (which an overwrite writes
    /// through its tag links): shared by ``insert`` and `RecordInserter.overwrite`.
    static func contents(
        _ columns: TableScope<ReminderTable>, uid: String, listID: Int64, record: ReminderRecord, createdAt: Date, updatedAt: Date
    ) -> [Assignment] {
        [
            columns.uid.set(uid),
            columns.listID.set(listID),
            columns.title.set(record.title),
            columns.notes.set(record.notes),
            columns.priority.set(record.priority),
            columns.isFlagged.set(record.isFlagged),
            columns.isCompleted.set(record.isCompleted),
            columns.completedAt.set(record.completedAt),
            columns.dueDate.set(record.due),
            columns.createdAt.set(createdAt),
            columns.updatedAt.set(updatedAt),
            columns.repeatRule.set(record.repeat?.rrule),
            columns.icalendar.set(icalendarText(record.icalendar)),
        ]
    }

    /// What `insert` binds, in its order, encoded as the builder encodes each column's type.
    var bindings: [SQLBinding] {
        [
            id.queryBinding,
            uid.queryBinding,
            listID.queryBinding,
            record.title.queryBinding,
            record.notes.queryBinding,
            record.priority.queryBinding,
            record.isFlagged.queryBinding,
            record.isCompleted.queryBinding,
            record.completedAt.queryBinding,
            record.due.queryBinding,
            createdAt.queryBinding,
            updatedAt.queryBinding,
            (record.repeat?.rrule).queryBinding,
            Self.icalendarText(record.icalendar).queryBinding,
            tags.queryBinding,
        ]
    }

    /// Kept iCalendar lines as `reminders.icalendar` stores them: joined by LF.
    static func icalendarText(_ lines: [String]) -> String {
        lines.isEmpty ? "" : lines.joined(separator: "\n")
    }

    static func icalendarLines(_ text: String) -> [String] {
        text.isEmpty ? [] : text.components(separatedBy: "\n")
    }
}
