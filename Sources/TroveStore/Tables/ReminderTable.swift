public import Foundation
public import TroveQuery

/// `reminders`, declared for the query builder (schema: `schema/001_initial.sql`).
///
/// Columns are typed by meaning, with the storage conversion in the type's `SQLBindable`
/// conformance: `priority` is a ``Priority`` (stored 0–3), `dueDate` a ``DueDate`` (stored as
/// sortable text), `completedAt` a `Date`.
///
/// ```swift
/// ReminderTable.where { $0.priority == .high && $0.dueDate < .day(CalendarDay("2026-03-03")!) }
/// // SELECT "reminders".* FROM "reminders" WHERE (("reminders"."priority" = ?) AND ("reminders"."due_date" < ?))
/// //   -- binds 3, '2026-03-03'
/// ```
///
/// ```swift
/// ReminderTable.where { $0.isCompleted == false }.order { $0.dueDate.asc(nulls: .last) }
/// // SELECT "reminders".* FROM "reminders" WHERE ("reminders"."is_completed" = ?) ORDER BY "reminders"."due_date" ASC NULLS LAST
/// ```
public struct ReminderTable: SQLTable {
    /// `reminders`.
    public static let tableName = "reminders"
    /// The columns, typed by meaning, for `$0.title` in a builder closure.
    public struct Columns: TableColumns {
        /// `"reminders"."id"`, the row id; `reminders_fts.rowid` equals it.
        public let id = SQLColumn<Int64>("id")
        /// `"reminders"."list_id"`: `lists.id`.
        public let listID = SQLColumn<Int64>("list_id")
        /// `"reminders"."title"`: `$0.title.contains("milk")` is `("reminders"."title" LIKE ? ESCAPE '\')`.
        public let title = SQLColumn<String>("title")
        /// `"reminders"."notes"`, '' when none.
        public let notes = SQLColumn<String>("notes")
        /// Stored as 0–3; see `Priority`.
        public let priority = SQLColumn<Priority>("priority")
        /// `"reminders"."is_flagged"`, stored 0 or 1: `$0.isFlagged` is `("reminders"."is_flagged")`.
        public let isFlagged = SQLColumn<Bool>("is_flagged")
        /// `"reminders"."is_completed"`, stored 0 or 1: `!$0.isCompleted` is `(NOT ("reminders"."is_completed"))`.
        public let isCompleted = SQLColumn<Bool>("is_completed")
        /// `"reminders"."completed_at"`, SQL date text in UTC, or NULL.
        public let completedAt = SQLColumn<Date?>("completed_at")
        /// Stored as `DueDate.storageText`: `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS.SSS` (UTC), which
        /// sorts in time order. `$0.dueDate.stored(as: String?.self)` reads the text itself.
        public let dueDate = SQLColumn<DueDate?>("due_date")
        /// `"reminders"."created_at"`, SQL date text in UTC.
        public let createdAt = SQLColumn<Date>("created_at")
        /// `"reminders"."updated_at"`, SQL date text in UTC.
        public let updatedAt = SQLColumn<Date>("updated_at")
        /// Tag names joined by ", ", kept by triggers; what the index searches as `tags`.
        public let tags = SQLColumn<String>("tags")
        /// The permanent identity; unique.
        public let uid = SQLColumn<String>("uid")
        /// `RepeatRule.rrule`, or NULL.
        public let repeatRule = SQLColumn<String?>("repeat_rule")
        /// Kept iCalendar content lines joined by LF; '' when none.
        public let icalendar = SQLColumn<String>("icalendar")
    }
    /// The columns, as builder closures see them: `ReminderTable.where { $0.isFlagged }` is `SELECT "reminders".* FROM "reminders" WHERE ("reminders"."is_flagged")`.
    public static let columns = Columns()
}
