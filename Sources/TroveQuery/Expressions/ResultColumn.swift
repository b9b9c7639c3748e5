/// The name and Swift type of a result column: what a select list calls an expression
/// (`… AS "name"`), and what a row is read by, so reading never depends on positions.
///
/// ```swift
/// let title = ResultColumn<String>("title")
/// let sql: SQLFragment = "SELECT \(Reminder.columns.title.named(title)) FROM \(identifier: "reminders")"
/// // SELECT "title" AS "title" FROM "reminders"
/// let text = try row[title]   // TroveSQLite's Row reads the column named "title" as a String
/// ```
///
/// Name every column of a statement whose rows are read by name: without `AS`, the name SQLite
/// gives a result column is unspecified (https://www.sqlite.org/c3ref/column_name.html).
public struct ResultColumn<QueryValue: SQLBindable>: Hashable, Sendable {
    /// The name in the select list, unquoted.
    public let name: String

    /// A result column called `name`.
    public init(_ name: String) {
        self.name = name
    }

    /// The column by its name alone, `"name"`: for the `ORDER BY` of the statement that
    /// selects it, or for a statement that selects from it as a subquery or CTE.
    ///
    /// ```swift
    /// ResultColumn<Double>("score").reference  // "score"
    /// ```
    public var reference: SQLColumn<QueryValue> { SQLColumn(name) }
}

extension SQLTypedExpression {
    /// The expression as a named item of a select list: `expression AS "name"`.
    ///
    /// ```swift
    /// $0.title.named(ResultColumn<String>("title"))  // "reminders"."title" AS "title"
    /// countAll().named(ResultColumn<Int>("total"))   // count(*) AS "total"
    /// ```
    /// - Parameter column: The name to give it; its type must be the expression's.
    /// - Returns: The select-list item.
    public func named(_ column: ResultColumn<QueryValue>) -> SQLFragment {
        "\(queryFragment) AS \(identifier: column.name)"
    }

    /// The expression as a named item of a select list read as an optional, for a column that
    /// is NULL in some statements: `highlight(…) AS "title_highlighted"`.
    ///
    /// ```swift
    /// $0.title.highlight("[", "]").named(ResultColumn<String?>("title_highlighted"))
    /// // highlight("reminders_fts", 0, ?, ?) AS "title_highlighted"
    /// ```
    public func named(_ column: ResultColumn<QueryValue?>) -> SQLFragment {
        "\(queryFragment) AS \(identifier: column.name)"
    }
}
