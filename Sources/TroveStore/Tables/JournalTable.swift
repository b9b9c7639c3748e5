public import Foundation
public import TroveQuery

/// `journal`: one row per write, for `trove undo` and `trove log`.
public struct JournalTable: Table {
    /// `journal`.
    public static let tableName = "journal"
    /// The columns, for `$0.at` in a builder closure.
    public struct Columns: TableColumns {
        /// `"journal"."id"`: what `undo(entry:)` takes.
        public let id = Column<Int64>("id")
        /// `"journal"."at"`: when the command committed.
        public let at = Column<Date>("at")
        /// The command in words, such as `done 3 4`.
        public let command = Column<String>("command")
        /// What it did, such as `completed 2 reminders`.
        public let summary = Column<String>("summary")
        /// JSON: what reverting needs; see `JournalUndo`.
        public let undo = Column<String>("undo")
    }
    /// The columns, as builder closures see them: `JournalTable.all.order { $0.id.desc() }` is `SELECT "journal".* FROM "journal" ORDER BY "journal"."id" DESC`.
    public static let columns = Columns()
}
