/// The columns of one table as seen inside a query: the `$0` of `where`, `select`, `order` and
/// `join` closures. Every column it hands out is qualified by the table's name.
///
/// ```swift
/// Reminder.where { $0.priority > 1 }
/// // SELECT "reminders".* FROM "reminders" WHERE ("reminders"."priority" > ?)
/// ```
@dynamicMemberLookup
public struct TableScope<T: SQLTable>: Sendable {
    // NB: internal, so that a column called `name` still reaches the dynamic member lookup
    // outside this module. Every public member here hides a column of the same name.
    /// The name that qualifies columns: the table's name.
    let name: String

    /// The scope of `T`, qualifying columns by its table name.
    public init() {
        self.name = T.tableName
    }

    /// A declared column, qualified by the table.
    public subscript<Value>(dynamicMember keyPath: KeyPath<T.Columns, SQLColumn<Value>>) -> SQLColumn<Value> {
        SQLColumn(T.columns[keyPath: keyPath].name, table: name)
    }

    /// The table's `rowid`, which every ordinary and FTS5 table has.
    ///
    /// ```swift
    /// Reminder.join(ReminderSearch.self) { r, s in r.id == s.rowid }
    /// // … JOIN "reminders_fts" ON ("reminders"."id" = "reminders_fts"."rowid")
    /// ```
    public var rowid: SQLColumn<Int64> {
        SQLColumn("rowid", table: name)
    }
}
