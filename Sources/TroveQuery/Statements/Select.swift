/// A `SELECT` statement over one table or a join, built by chaining.
///
/// `Scope` is what the closures receive: one table's ``TableScope``, or a tuple of them after a
/// join. `Row` is the Swift type of a result row: `[SQLBinding]` for the default
/// `"table".*`, or the tuple of value types after ``select(_:)``.
///
/// ```swift
/// Reminder.where { $0.isFlagged }.order { $0.title }.limit(10)
/// // SELECT "reminders".* FROM "reminders" WHERE ("reminders"."is_flagged")
/// //   ORDER BY "reminders"."title" LIMIT ?
/// ```
public struct SQLSelect<Scope: Sendable, Row>: SQLStatement {
    /// The tables as the closures see them.
    public let scope: Scope
    var table: String
    /// A statement to select from instead of `table`, for counting limited or grouped rows.
    var subquery: SQLFragment?
    var joins: [SQLFragment] = []
    var selection: SQLFragment?
    var decoder: @Sendable ([SQLBinding]) throws(SQLDecodingError) -> Row
    var isDistinct = false
    var filter = WhereClause()
    var groups: [SQLFragment] = []
    var havingFilter = WhereClause()
    var orders: [OrderingTerm] = []
    var limitValue: Int?
    var offsetValue: Int?

    init(
        scope: Scope, table: String,
        decoder: @escaping @Sendable ([SQLBinding]) throws(SQLDecodingError) -> Row
    ) {
        self.scope = scope
        self.table = table
        self.decoder = decoder
    }

    /// The same statement with another scope or row type, keeping every clause.
    func with<NewScope, NewRow>(
        scope: NewScope, selection: SQLFragment?,
        decoder: @escaping @Sendable ([SQLBinding]) throws(SQLDecodingError) -> NewRow
    ) -> SQLSelect<NewScope, NewRow> {
        var copy = SQLSelect<NewScope, NewRow>(scope: scope, table: table, decoder: decoder)
        copy.joins = joins
        copy.subquery = subquery
        copy.selection = selection
        copy.isDistinct = isDistinct
        copy.filter = filter
        copy.groups = groups
        copy.havingFilter = havingFilter
        copy.orders = orders
        copy.limitValue = limitValue
        copy.offsetValue = offsetValue
        return copy
    }

    /// Decodes one result row, given its column values in order.
    ///
    /// ```swift
    /// let query = Reminder.select { ($0.id, $0.title) }
    /// try query.decode([.integer(1), .text("Milk")])  // (1, "Milk")
    /// ```
    /// - Throws: `SQLDecodingError` when a value does not fit its column's Swift type.
    public func decode(_ values: [SQLBinding]) throws(SQLDecodingError) -> Row {
        try decoder(values)
    }

    /// The statement: `SELECT … FROM … [JOIN …] [WHERE …] [GROUP BY …] [HAVING …] [ORDER BY …] [LIMIT ? [OFFSET ?]]`.
    public var sql: SQLFragment {
        var sql: SQLFragment = isDistinct ? "SELECT DISTINCT " : "SELECT "
        sql += selection ?? "\(identifier: table).*"
        if let subquery {
            sql += " FROM (\(subquery))"
        } else {
            sql += " FROM \(identifier: table)"
        }
        for join in joins { sql += join }
        sql += filter.rendered(keyword: "WHERE")
        if !groups.isEmpty { sql += " GROUP BY \(groups.joined(separator: ", "))" }
        sql += havingFilter.rendered(keyword: "HAVING")
        if !orders.isEmpty { sql += " ORDER BY \(orders.map(\.queryFragment).joined(separator: ", "))" }
        if let limitValue {
            sql += " LIMIT \(limitValue)"
        } else if offsetValue != nil {
            // NB: SQLite only accepts OFFSET after a LIMIT; a negative limit means none.
            sql += " LIMIT -1"
        }
        if let offsetValue { sql += " OFFSET \(offsetValue)" }
        return sql
    }
}
