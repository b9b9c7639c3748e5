public import Foundation
public import TroveQuery

/// `reminders`, declared for the query builder (schema: `schema/001_initial.sql`).
///
/// Columns are typed by meaning, with the storage conversion in the type's `QueryBindable`
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
public struct ReminderTable: Table {
    public static let tableName = "reminders"
    public struct Columns: TableColumns {
        public let id = Column<Int64>("id")
        public let listID = Column<Int64>("list_id")
        public let title = Column<String>("title")
        public let notes = Column<String>("notes")
        /// Stored as 0–3; see `Priority`.
        public let priority = Column<Priority>("priority")
        public let isFlagged = Column<Bool>("is_flagged")
        public let isCompleted = Column<Bool>("is_completed")
        public let completedAt = Column<Date?>("completed_at")
        /// Stored as `DueDate.storageText`: `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS.SSS` (UTC), which
        /// sorts in time order. `$0.dueDate.stored(as: String?.self)` reads the text itself.
        public let dueDate = Column<DueDate?>("due_date")
        public let createdAt = Column<Date>("created_at")
        public let updatedAt = Column<Date>("updated_at")
        /// Tag names joined by ", ", kept by triggers; what the index searches as `tags`.
        public let tags = Column<String>("tags")
        /// The permanent identity; unique.
        public let uid = Column<String>("uid")
        /// `RepeatRule.rrule`, or NULL.
        public let repeatRule = Column<String?>("repeat_rule")
        /// Kept iCalendar content lines joined by LF; '' when none.
        public let icalendar = Column<String>("icalendar")
    }
    public static let columns = Columns()
}
