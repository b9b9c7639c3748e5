/// A column of an FTS5 table inside a query: usable as a `String` expression, and the argument of
/// `highlight`, `snippet` and column-filtered `match`.
///
/// ```swift
/// ReminderSearch.match("walk").select { $0.title.highlight("[", "]") }
/// // SELECT highlight("reminders_fts", 0, ?, ?) FROM "reminders_fts" WHERE ("reminders_fts" MATCH ?)
/// ```
public struct FTS5ColumnReference<T: FTS5Table>: QueryExpression {
    public typealias QueryValue = String

    /// The column's name, unquoted.
    public let name: String
    /// The table that qualifies it.
    public let table: String

    /// `"reminders_fts"."title"`.
    public var queryFragment: SQL { "\(identifier: table).\(identifier: name)" }

    /// The column's zero-based index in the FTS5 table, from the declaration order.
    public var index: Int { T.columnIndex(of: name) }

    /// The column's text with each match wrapped in `open` and `close`.
    ///
    /// ```swift
    /// $0.title.highlight("[", "]")  // highlight("reminders_fts", 0, ?, ?)
    /// ```
    /// See <https://www.sqlite.org/fts5.html#the_highlight_function>.
    public func highlight(_ open: String, _ close: String) -> SQLExpression<String> {
        SQLExpression("highlight(\(identifier: table), \(raw: String(index)), \(open), \(close))")
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
    public func snippet(_ open: String, _ close: String, _ ellipsis: String, _ tokens: Int) -> SQLExpression<String> {
        SQLExpression(
            "snippet(\(identifier: table), \(raw: String(index)), \(open), \(close), \(ellipsis), \(tokens))")
    }

    /// The query matches within this column only: `"reminders_fts" MATCH ?` with the bound
    /// pattern wrapped in an FTS5 column filter, `{title} : (pattern)`.
    ///
    /// ```swift
    /// ReminderSearch.all.where { $0.title.match("walk OR run") }
    /// // … WHERE ("reminders_fts" MATCH ?)   -- binds '{title} : (walk OR run)'
    /// ```
    /// NB: `"t"."col" MATCH ?` is not a column filter in every SQLite version; the filter syntax
    /// inside the pattern is (https://www.sqlite.org/fts5.html#fts5_column_filters).
    public func match(_ pattern: String) -> SQLExpression<Bool> {
        SQLExpression("\(identifier: table) MATCH \("{\(Self.ftsColumnName(name))} : (\(pattern))")")
    }

    /// The name as an FTS5 column-filter token: bare when it is a plain word, else a quoted string.
    static func ftsColumnName(_ name: String) -> String {
        let isBareword = !name.isEmpty && name.unicodeScalars.allSatisfy {
            ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_"
        }
        return isBareword ? name : "\"" + name.replacingDoubleQuotes() + "\""
    }
}

extension String {
    fileprivate func replacingDoubleQuotes() -> String {
        doubling("\"")
    }
}
