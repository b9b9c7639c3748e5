public import TroveQuery

/// `tags`: names are unique, ignoring ASCII case, and hold no comma.
public struct TagTable: SQLTable {
    /// `tags`.
    public static let tableName = "tags"
    /// The columns, for `$0.name` in a builder closure.
    public struct Columns: TableColumns {
        /// `"tags"."id"`: what `reminder_tags.tag_id` refers to.
        public let id = SQLColumn<Int64>("id")
        /// `"tags"."name"`, unique ignoring ASCII case.
        public let name = SQLColumn<String>("name")
    }
    /// The columns, as builder closures see them: `TagTable.insert { $0.name.set("home") }` is `INSERT INTO "tags" ("name") VALUES (?)`.
    public static let columns = Columns()
}

/// `reminder_tags`: which reminder has which tag, at which position in its list of tags. Its
/// triggers keep `reminders.tags` and so the index in step.
public struct ReminderTagTable: SQLTable {
    /// `reminder_tags`.
    public static let tableName = "reminder_tags"
    /// The columns, for `$0.reminderID` in a builder closure.
    public struct Columns: TableColumns {
        /// `"reminder_tags"."reminder_id"`: `reminders.id`.
        public let reminderID = SQLColumn<Int64>("reminder_id")
        /// `"reminder_tags"."tag_id"`: `tags.id`.
        public let tagID = SQLColumn<Int64>("tag_id")
        /// Where the tag comes in the reminder's tags, from 0; nil for a link another tool made
        /// without one (it comes last). Schema 5.
        public let position = SQLColumn<Int64?>("position")
    }
    /// The columns, as builder closures see them: `ReminderTagTable.where { $0.reminderID == 7 }` is `SELECT "reminder_tags".* FROM "reminder_tags" WHERE ("reminder_tags"."reminder_id" = ?)`.
    public static let columns = Columns()
}

/// `tag_text_written`: reminders whose writer has put the final text in `reminders.tags`
/// itself, so the link triggers leave it alone; empty outside a transaction (schema 5).
struct TagTextWrittenTable: SQLTable {
    static let tableName = "tag_text_written"
    struct Columns: TableColumns {
        let reminderID = SQLColumn<Int64>("reminder_id")
    }
    static let columns = Columns()
}

/// `reminder_tag_text`: the view of the text `reminders.tags` should hold for each reminder that
/// has tags, built from its links in position order.
struct ReminderTagTextView: SQLTable {
    static let tableName = "reminder_tag_text"
    struct Columns: TableColumns {
        let reminderID = SQLColumn<Int64>("reminder_id")
        let text = SQLColumn<String>("text")
    }
    static let columns = Columns()
}
