public import TroveQuery

/// `reminders_fts`, the FTS5 index over reminders; its rowid is `reminders.id`.
///
/// Columns in `CREATE VIRTUAL TABLE` order, which gives `highlight`/`snippet` their index.
/// `ORDER BY rank` uses the bm25 weights stored by the schema: title 10, notes 1, tags 5. (The
/// search ranks with TroveSearch's `trove_rank` instead unless asked for bm25.)
///
/// ```swift
/// ReminderSearchTable.match(#""walk"*"#).select { $0.title.highlight("[", "]") }.order { $0.rank }
/// // SELECT highlight("reminders_fts", 0, ?, ?) FROM "reminders_fts" WHERE ("reminders_fts" MATCH ?) ORDER BY "reminders_fts"."rank"
/// ```
public struct ReminderSearchTable: FTS5Table {
    /// `reminders_fts`.
    public static let tableName = "reminders_fts"
    /// The indexed columns, in `CREATE VIRTUAL TABLE` order (their `highlight`/`snippet` index).
    public struct Columns: TableColumns {
        /// `title`, column 0: `$0.title.match("walk")` binds `{title} : (walk)`.
        public let title = SQLColumn<String>("title")
        /// `notes`, column 1: `$0.notes.snippet("[", "]", "…", 12)` is `snippet("reminders_fts", 1, '[', ']', '…', 12)`.
        public let notes = SQLColumn<String>("notes")
        /// `tags`, column 2: the tag names joined by ", ".
        public let tags = SQLColumn<String>("tags")
    }
    /// The columns, as builder closures see them: `ReminderSearchTable.all.where { $0.title.match("walk") }` is `SELECT "reminders_fts".* FROM "reminders_fts" WHERE ("reminders_fts" MATCH ?)`.
    public static let columns = Columns()
}
