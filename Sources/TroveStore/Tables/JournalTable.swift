public import Foundation
public import TroveQuery

/// `journal`: one row per write, for `trove undo` and `trove log`.
public struct JournalTable: Table {
    public static let tableName = "journal"
    public struct Columns: TableColumns {
        public let id = Column<Int64>("id")
        public let at = Column<Date>("at")
        /// The command in words, such as `done 3 4`.
        public let command = Column<String>("command")
        /// What it did, such as `completed 2 reminders`.
        public let summary = Column<String>("summary")
        /// JSON: what reverting needs; see `JournalUndo`.
        public let undo = Column<String>("undo")
    }
    public static let columns = Columns()
}
