public import TroveQuery

/// `lists`: a reminder belongs to exactly one. Names are unique, ignoring ASCII case.
public struct ListTable: SQLTable {
    /// `lists`.
    public static let tableName = "lists"
    /// The columns, for `$0.name` in a builder closure.
    public struct Columns: TableColumns {
        /// `"lists"."id"`: what `reminders.list_id` refers to.
        public let id = SQLColumn<Int64>("id")
        /// `"lists"."name"`, unique ignoring ASCII case.
        public let name = SQLColumn<String>("name")
        /// `"lists"."position"`: lists sort by it, then by name.
        public let position = SQLColumn<Int>("position")
    }
    /// The columns, as builder closures see them: `ListTable.where { $0.name == "Work" }` is `SELECT "lists".* FROM "lists" WHERE ("lists"."name" = ?)`.
    public static let columns = Columns()
}
