import TroveQuery

/// `journal_reminders` (schema 8): each reminder a journalled command changed or deleted, as it
/// was, one JSON Lines record per row, so an entry of a million reminders is never one value.
struct JournalReminderTable: SQLTable {
    static let tableName = "journal_reminders"
    struct Columns: TableColumns {
        /// Read back in this order: the order the command remembered them.
        let id = SQLColumn<Int64>("id")
        /// `journal.id` of the command's entry.
        let entry = SQLColumn<Int64>("entry")
        /// The reminder as it was, as `JSONLinesWriter` writes it.
        let record = SQLColumn<String>("record")
    }
    static let columns = Columns()
}
