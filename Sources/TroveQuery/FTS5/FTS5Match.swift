/// A full-text condition on one FTS5 table: what a `where` builder turns into `"table" MATCH ?`.
///
/// A match is not a `SQLTypedExpression<Bool>`, on purpose: SQLite runs `MATCH` only where FTS5
/// itself can answer it, and rejects `NOT (fts MATCH ?)`, or an `OR` between a `MATCH` and
/// anything else in a join, at run time with "unable to use function MATCH in the requested
/// context". So `!`, and `||`/`&&` with an ordinary predicate, do not compile. Matches of the
/// same table combine instead with `||`, `&&` and ``excluding(_:)`` *inside*
/// one FTS5 query, which SQLite always runs:
///
/// ```swift
/// Reminder.join(ReminderSearch.self) { r, s in r.id == s.rowid }
///     .where { r, s in s.title.match("walk") || s.notes.match("walk"); !r.isCompleted }
/// // … WHERE ("reminders_fts" MATCH ?) AND (NOT ("reminders"."is_completed"))
/// //   -- binds '({title} : (walk)) OR ({notes} : (walk))'
/// ```
///
/// Each word of a pattern in any of several columns (not all in the same one) is the
/// multi-column filter `match(_:in:)`: `{title notes} : (walk dog)`.
///
/// The pattern is bound as it is, so it must be FTS5 query syntax: build it with TroveSearch's
/// FTS5 expression type, never from raw user text.
/// See <https://www.sqlite.org/fts5.html#full_text_query_syntax>.
public struct FTS5Match<T: FTS5Table>: Sendable, Hashable {
    /// The FTS5 query text that is bound to `MATCH ?`.
    public let pattern: String
    /// The table it matches against.
    public let table: String

    /// A match of `pattern`, an FTS5 query, against `table`'s index.
    ///
    /// - Parameters:
    ///   - pattern: FTS5 query syntax, bound as it is.
    ///   - table: The FTS5 table's name, or the alias it has in the statement.
    public init(pattern: String, table: String = T.tableName) {
        self.pattern = pattern
        self.table = table
    }

    /// `"reminders_fts" MATCH ?`, binding ``pattern``.
    public var queryFragment: SQLFragment {
        "\(identifier: table) MATCH \(pattern)"
    }

    /// Rows that match either side, as one FTS5 query: `(a) OR (b)`.
    ///
    /// ```swift
    /// $0.title.match("walk") || $0.notes.match("run")
    /// // "reminders_fts" MATCH ?   -- binds '({title} : (walk)) OR ({notes} : (run))'
    /// ```
    public static func || (lhs: FTS5Match, rhs: FTS5Match) -> FTS5Match {
        lhs.combined(with: rhs, operator: "OR")
    }

    /// Rows that match both sides, as one FTS5 query: `(a) AND (b)`.
    ///
    /// ```swift
    /// $0.title.match("walk") && $0.tags.match("home")
    /// // "reminders_fts" MATCH ?   -- binds '({title} : (walk)) AND ({tags} : (home))'
    /// ```
    public static func && (lhs: FTS5Match, rhs: FTS5Match) -> FTS5Match {
        lhs.combined(with: rhs, operator: "AND")
    }

    /// Rows that match this and not `other`, as one FTS5 query: `(a) NOT (b)`. FTS5 has no
    /// NOT on its own, so a match is always narrowed from another one.
    ///
    /// ```swift
    /// $0.match("walk").excluding($0.tags.match("work"))
    /// // "reminders_fts" MATCH ?   -- binds '(walk) NOT ({tags} : (work))'
    /// ```
    public func excluding(_ other: FTS5Match) -> FTS5Match {
        combined(with: other, operator: "NOT")
    }

    private func combined(with other: FTS5Match, operator op: String) -> FTS5Match {
        precondition(table == other.table, "combine matches of one FTS5 table (\(table), \(other.table))")
        return FTS5Match(pattern: "(\(pattern)) \(op) (\(other.pattern))", table: table)
    }

    /// `{title notes} : (pattern)`: the pattern with an FTS5 column filter.
    static func filtered(_ pattern: String, columns: [String]) -> String {
        "{\(columns.map(ftsColumnFilterName).joined(separator: " "))} : (\(pattern))"
    }
}

/// The name as an FTS5 column-filter token: bare when it is a plain word, else a quoted string.
///
/// NB: a free function, not a static one of the generic ``FTS5Match``: passing that as a
/// function value captures `T.Type`, which is not Sendable.
private func ftsColumnFilterName(_ name: String) -> String {
    let isBareword = !name.isEmpty && name.unicodeScalars.allSatisfy {
        ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_"
    }
    return isBareword ? name : "\"" + name.doubling("\"") + "\""
}

extension WhereBuilder {
    /// A full-text match: one `"table" MATCH ?` term.
    public static func buildExpression<T>(_ match: FTS5Match<T>) -> [SQLFragment] {
        [match.queryFragment]
    }

    /// A full-text match that may be nil: nil adds no term.
    public static func buildExpression<T>(_ match: FTS5Match<T>?) -> [SQLFragment] {
        match.map { [$0.queryFragment] } ?? []
    }
}
