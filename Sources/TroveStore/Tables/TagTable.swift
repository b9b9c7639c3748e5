public import TroveQuery

/// `tags`: names are unique, ignoring ASCII case, and hold no comma.
public struct TagTable: Table {
    public static let tableName = "tags"
    public struct Columns: TableColumns {
        public let id = Column<Int64>("id")
        public let name = Column<String>("name")
    }
    public static let columns = Columns()
}

/// `reminder_tags`: which reminder has which tag. Its triggers keep `reminders.tags` and so the
/// index in step.
public struct ReminderTagTable: Table {
    public static let tableName = "reminder_tags"
    public struct Columns: TableColumns {
        public let reminderID = Column<Int64>("reminder_id")
        public let tagID = Column<Int64>("tag_id")
    }
    public static let columns = Columns()
}
