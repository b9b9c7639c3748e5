public import TroveQuery

/// `reminder_completions`: the completed occurrences of repeating reminders.
public struct CompletionTable: SQLTable {
    /// `reminder_completions`.
    public static let tableName = "reminder_completions"
    /// The columns, for `$0.reminderID` in a builder closure.
    public struct Columns: TableColumns {
        /// `"reminder_completions"."id"`, the row id.
        public let id = SQLColumn<Int64>("id")
        /// `"reminder_completions"."reminder_id"`: the repeating reminder, `reminders.id`.
        public let reminderID = SQLColumn<Int64>("reminder_id")
        /// `DueDate.storageText` of the occurrence, or NULL.
        public let due = SQLColumn<String?>("due")
        /// `"reminder_completions"."completed_at"`: when, as SQL date text; NULL when unknown.
        public let completedAt = SQLColumn<String?>("completed_at")
    }
    /// The columns, as builder closures see them: `CompletionTable.where { $0.reminderID == 7 }` is `SELECT "reminder_completions".* FROM "reminder_completions" WHERE ("reminder_completions"."reminder_id" = ?)`.
    public static let columns = Columns()
}
