/// A column of an FTS5 table inside a query: usable as a `String` expression, and the argument of
/// `highlight`, `snippet` and column-filtered `match`.
///
/// ```swift
/// ReminderSearch.match("walk").select { $0.title.highlight("[", "]") }
/// // SELECT highlight("reminders_fts", 0, ?, ?) FROM "reminders_fts" WHERE ("reminders_fts" MATCH ?)
/// ```
public struct FTS5ColumnReference<T: FTS5Table>: SQLTypedExpression {
    /// An FTS5 column holds text.
    public typealias QueryValue = String

    /// The column's name, unquoted.
    public let name: String
    /// The table that qualifies it.
    public let table: String

    /// `"reminders_fts"."title"`.
    public var queryFragment: SQLFragment { "\(identifier: table).\(identifier: name)" }

    /// The column's zero-based index in the FTS5 table, from the declaration order.
    public var index: Int { T.columnIndex(of: name) }

    /// The column's text with each match wrapped in `open` and `close`.
    ///
    /// ```swift
    /// $0.title.highlight("[", "]")  // highlight("reminders_fts", 0, ?, ?)
    /// ```
    /// See <https://www.sqlite.org/fts5.html#the_highlight_function>.
    public func highlight(_ open: String, _ close: String) -> TypedExpression<String> {
        TypedExpression("highlight(\(identifier: table), \(raw: String(index)), \(open), \(close))")
    }

    /// A short excerpt of the column around the matches, with each match wrapped.
    ///
    /// ```swift
    /// $0.notes.snippet("[", "]", "…", 12)  // snippet("reminders_fts", 1, ?, ?, ?, ?)
    /// ```
    /// - Parameters:
    ///   - open: Text before each match.
    ///   - close: Text after each match.
    ///   - ellipsis: Text where the excerpt cuts the column.
    ///   - tokens: The most tokens to return, 1 to 64.
    /// See <https://www.sqlite.org/fts5.html#the_snippet_function>.
    public func snippet(_ open: String, _ close: String, _ ellipsis: String, _ tokens: Int) -> TypedExpression<String> {
        TypedExpression(
            "snippet(\(identifier: table), \(raw: String(index)), \(open), \(close), \(ellipsis), \(tokens))")
    }

    /// The query matches within this column only: an FTS5 column filter, `{title} : (pattern)`.
    ///
    /// ```swift
    /// ReminderSearch.all.where { $0.title.match("walk OR run") }
    /// // … WHERE ("reminders_fts" MATCH ?)   -- binds '{title} : (walk OR run)'
    /// ```
    /// Combine column matches with `||` and `&&` (see ``FTS5Match``): they stay one MATCH.
    ///
    /// NB: `"t"."col" MATCH ?` is not a column filter in every SQLite version; the filter syntax
    /// inside the pattern is (https://www.sqlite.org/fts5.html#fts5_column_filters).
    public func match(_ pattern: String) -> FTS5Match<T> {
        FTS5Match(pattern: FTS5Match<T>.filtered(pattern, columns: [name]), table: table)
    }
}

