public import Foundation
public import TroveQuery

/// `journal`: one row per write, for `trove undo` and `trove log`.
public struct JournalTable: SQLTable {
    /// `journal`.
    public static let tableName = "journal"
    /// The columns, for `$0.at` in a builder closure.
    public struct Columns: TableColumns {
        /// `"journal"."id"`: what `undo(entry:)` takes.
        public let id = SQLColumn<Int64>("id")
        /// `"journal"."at"`: when the command committed.
        public let at = SQLColumn<Date>("at")
        /// The command in words, such as `done 3 4`.
        public let command = SQLColumn<String>("command")
        /// What it did, such as `completed 2 reminders`.
        public let summary = SQLColumn<String>("summary")
        /// JSON: what reverting needs; see `JournalUndo`.
        public let undo = SQLColumn<String>("undo")
        /// `"journal"."session"` (schema 16): the terminal session of the process that wrote the
        /// entry (`getsid(0)`, what `ps -o sess` shows); NULL when unknown, as for older entries.
        public let session = SQLColumn<Int64?>("session")
    }
    /// The columns, as builder closures see them: `JournalTable.all.order { $0.id.desc() }` is `SELECT "journal".* FROM "journal" ORDER BY "journal"."id" DESC`.
    public static let columns = Columns()
}
