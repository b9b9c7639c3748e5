public import Foundation
public import TroveQuery

/// `reminders`, declared for the query builder (schema: `schema/001_initial.sql`).
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
        /// 0–3, see `Priority`.
        public let priority = Column<Int>("priority")
        public let isFlagged = Column<Bool>("is_flagged")
        public let isCompleted = Column<Bool>("is_completed")
        public let completedAt = Column<Date?>("completed_at")
        /// `DueDate.storageText`: `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS.SSS` (UTC).
        public let dueDate = Column<String?>("due_date")
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
