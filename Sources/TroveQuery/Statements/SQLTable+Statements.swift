// Entry points on the table type: `Reminder.where { … }`, `Reminder.insert { … }`, ….

extension SQLTable {
    /// Every row: `SELECT "reminders".* FROM "reminders"`.
    public static var all: SQLSelect<TableScope<Self>, [SQLBinding]> {
        SQLSelect(scope: TableScope<Self>(), table: tableName) { values throws(SQLDecodingError) in values }
    }

    /// Rows matching the predicates; see ``SQLSelect/where(_:)``.
    ///
    /// ```swift
    /// Reminder.where { $0.id == 7 }  // SELECT "reminders".* FROM "reminders" WHERE ("reminders"."id" = ?)
    /// ```
    public static func `where`(
        @WhereBuilder _ predicates: (TableScope<Self>) -> WhereClause
    ) -> SQLSelect<TableScope<Self>, [SQLBinding]> {
        all.where(predicates)
    }

    /// Chosen columns of every row; see ``SQLSelect/select(_:)``.
    ///
    /// ```swift
    /// Reminder.select { ($0.id, $0.title) }  // SELECT "reminders"."id", "reminders"."title" FROM "reminders"
    /// ```
    public static func select<each E: SQLTypedExpression>(
        _ columns: (TableScope<Self>) -> (repeat each E)
    ) -> SQLSelect<TableScope<Self>, (repeat (each E).QueryValue)> {
        all.select(columns)
    }

    /// Every row in order; see ``SQLSelect/order(_:)``.
    ///
    /// ```swift
    /// List.order { $0.position }  // SELECT "lists".* FROM "lists" ORDER BY "lists"."position"
    /// ```
    public static func order(@OrderBuilder _ terms: (TableScope<Self>) -> [OrderingTerm]) -> SQLSelect<TableScope<Self>, [SQLBinding]> {
        all.order(terms)
    }

    /// Every row, grouped; see ``SQLSelect/group(_:)``.
    ///
    /// ```swift
    /// Reminder.group { $0.listID }  // SELECT "reminders".* FROM "reminders" GROUP BY "reminders"."list_id"
    /// ```
    public static func group(@ExpressionListBuilder _ expressions: (TableScope<Self>) -> [SQLFragment]) -> SQLSelect<TableScope<Self>, [SQLBinding]> {
        all.group(expressions)
    }

    /// Joined with another table; the closures of the result receive one scope per table.
    ///
    /// ```swift
    /// Reminder.join(List.self) { r, l in r.listID == l.id }
    /// // SELECT "reminders".* FROM "reminders" JOIN "lists" ON ("reminders"."list_id" = "lists"."id")
    /// ```
    public static func join<U: SQLTable>(
        _ other: U.Type, on condition: (TableScope<Self>, TableScope<U>) -> some SQLTypedExpression<Bool>
    ) -> SQLSelect<(TableScope<Self>, TableScope<U>), [SQLBinding]> {
        all.join(other, on: condition)
    }

    /// Left-joined with another table.
    ///
    /// ```swift
    /// List.leftJoin(Reminder.self) { l, r in l.id == r.listID }
    /// // SELECT "lists".* FROM "lists" LEFT JOIN "reminders" ON ("lists"."id" = "reminders"."list_id")
    /// ```
    public static func leftJoin<U: SQLTable>(
        _ other: U.Type, on condition: (TableScope<Self>, TableScope<U>) -> some SQLTypedExpression<Bool>
    ) -> SQLSelect<(TableScope<Self>, TableScope<U>), [SQLBinding]> {
        all.leftJoin(other, on: condition)
    }

    /// The number of rows: `SELECT count(*) FROM "reminders"`.
    public static func count() -> SQLSelect<TableScope<Self>, Int> {
        all.count()
    }

    /// Deletes every row: `DELETE FROM "reminders"`. Use `Reminder.where { … }.delete()` for some.
    public static func delete() -> SQLDelete<Self> {
        all.delete()
    }
}
