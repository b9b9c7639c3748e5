public import TroveQuery

/// `reminder_completions`: the completed occurrences of repeating reminders.
public struct CompletionTable: Table {
    public static let tableName = "reminder_completions"
    public struct Columns: TableColumns {
        public let id = Column<Int64>("id")
        public let reminderID = Column<Int64>("reminder_id")
        /// `DueDate.storageText` of the occurrence, or NULL.
        public let due = Column<String?>("due")
        public let completedAt = Column<String?>("completed_at")
    }
    public static let columns = Columns()
}
