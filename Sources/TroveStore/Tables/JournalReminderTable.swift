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
        /// The reminder's id (schema 16), so that a later entry's changes to it are found
        /// without reading the JSON.
        let reminderID = SQLColumn<Int64?>("reminder_id")
        /// Schema 16: NULL when `record` holds the whole completion history; otherwise the
        /// highest `reminder_completions.id` of the reminder when it was kept (0 for none), the
        /// record's own completions being left out: undo deletes those above it.
        let completionsThrough = SQLColumn<Int64?>("completions_through")
    }
    static let columns = Columns()
}
