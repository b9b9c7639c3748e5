/// Anything that names a column: lets code list a table's columns without knowing their types.
public protocol ColumnDeclaration: Sendable {
    /// The column's name in the schema, unquoted.
    var name: String { get }
}

/// A typed column of a table, declared inside a ``TableColumns`` struct.
///
/// Used through a table's scope (the `$0` of `where`, `select` and `order`), a column is
/// qualified by its table; declared on its own it renders unqualified.
///
/// ```swift
/// let title = SQLColumn<String>("title")
/// Reminder.where { $0.title == "Milk" }
/// // SELECT "reminders".* FROM "reminders" WHERE ("reminders"."title" = ?)
/// ```
public struct SQLColumn<QueryValue: SQLBindable>: SQLTypedExpression, ColumnDeclaration {
    /// The column's name in the schema, unquoted.
    public let name: String
    /// The table (or alias) that qualifies the column, if any.
    public let table: String?

    /// Declares a column.
    ///
    /// - Parameter name: The column's name in the schema, unquoted.
    public init(_ name: String) {
        self.name = name
        self.table = nil
    }

    /// A column qualified by a table named at run time, for a table with no ``SQLTable`` type:
    /// an app's table that a search index is declared over, or a table the app creates itself.
    ///
    /// ```swift
    /// let body = SQLColumn<String>("body", table: "notes")
    /// body.contains("flour")   // "notes"."body" LIKE ? ESCAPE '\'
    /// ```
    /// - Parameters:
    ///   - name: The column's name in the schema, unquoted.
    ///   - table: The table (or alias) that qualifies it, unquoted; nil for none.
    public init(_ name: String, table: String?) {
        self.name = name
        self.table = table
    }

    /// `"table"."name"`, or `"name"` for an unqualified column.
    public var queryFragment: SQLFragment {
        guard let table else { return SQLFragment(identifier: name) }
        return "\(identifier: table).\(identifier: name)"
    }

    /// The value an `INSERT` tried to write, in `ON CONFLICT DO UPDATE`.
    ///
    /// ```swift
    /// $0.title.set($0.title.excluded)  // "title" = "excluded"."title"
    /// ```
    public var excluded: SQLColumn<QueryValue> {
        SQLColumn(name, table: "excluded")
    }
}
