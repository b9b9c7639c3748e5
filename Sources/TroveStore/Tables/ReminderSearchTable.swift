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
    public static let tableName = "reminders_fts"
    public struct Columns: TableColumns {
        public let title = Column<String>("title")
        public let notes = Column<String>("notes")
        public let tags = Column<String>("tags")
    }
    public static let columns = Columns()
}
