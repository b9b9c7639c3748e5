/// The predicates of a `WHERE` (or `HAVING`), AND-joined, each parenthesised.
///
/// Empty means no restriction: the statement gets no `WHERE` at all.
///
/// ```swift
/// WhereClause([$0.isFlagged, $0.priority > 1]).queryFragment
/// // ("reminders"."is_flagged") AND ("reminders"."priority" > ?)
/// ```
public struct WhereClause: Sendable {
    /// The predicates, unparenthesised.
    public var terms: [SQLFragment]

    /// A clause of the given terms, each parenthesised when rendered.
    public init(terms: [SQLFragment] = []) {
        self.terms = terms
    }

    /// A clause built from predicates written as statements, as `where` builds them: to build
    /// one part of a `WHERE` in one place and add it to a statement later.
    ///
    /// ```swift
    /// let r = TableScope<Reminder>()
    /// let clause = WhereClause {
    ///     for word in ["take", "walk"] { anyOf([r.title.contains(word), r.notes.contains(word)]) }
    /// }
    /// clause.queryFragment
    /// // (("reminders"."title" LIKE ? ESCAPE '\') OR ("reminders"."notes" LIKE ? ESCAPE '\'))
    /// //   AND (("reminders"."title" LIKE ? ESCAPE '\') OR ("reminders"."notes" LIKE ? ESCAPE '\'))
    /// ```
    /// - Parameter predicates: Predicates; see ``WhereBuilder``.
    public init(@WhereBuilder _ predicates: () -> WhereClause) {
        self = predicates()
    }

    /// Whether there is no restriction (no `WHERE` at all).
    public var isEmpty: Bool { terms.isEmpty }

    /// The terms joined with `AND`, each in parentheses so an `OR` inside one stays inside it.
    public var queryFragment: SQLFragment {
        terms.map { "(\($0))" }.joined(separator: " AND ")
    }

    /// ` WHERE …` (with its leading space), or nothing when there are no terms.
    func rendered(keyword: String) -> SQLFragment {
        isEmpty ? SQLFragment() : " \(raw: keyword) \(queryFragment)"
    }
}

/// Builds a ``WhereClause`` from predicates written as statements.
///
/// Each predicate, including each iteration of a `for` loop, becomes one AND-joined term.
/// `if`, `if`/`else`, `switch` and optional predicates work; a branch, loop or block with no
/// predicate adds nothing.
///
/// ```swift
/// Reminder.where {
///     for term in ["take", "walk"] { $0.title.contains(term) || $0.notes.contains(term) }
///     if onlyFlagged { $0.isFlagged }
/// }
/// // … WHERE (("reminders"."title" LIKE ? ESCAPE '\') OR ("reminders"."notes" LIKE ? ESCAPE '\'))
/// //   AND ((…) OR (…)) AND ("reminders"."is_flagged")
/// ```
@resultBuilder
public enum WhereBuilder {
    /// A predicate: one AND-joined term.
    public static func buildExpression(_ predicate: some SQLTypedExpression<Bool>) -> [SQLFragment] {
        [predicate.queryFragment]
    }

    /// A predicate that may be nil: nil adds no term.
    public static func buildExpression(_ predicate: (some SQLTypedExpression<Bool>)?) -> [SQLFragment] {
        predicate.map { [$0.queryFragment] } ?? []
    }

    /// An already-built clause, such as a reusable filter.
    public static func buildExpression(_ clause: WhereClause) -> [SQLFragment] {
        clause.terms
    }

    /// The statements of a block, in order.
    public static func buildBlock(_ components: [SQLFragment]...) -> [SQLFragment] {
        components.flatMap { $0 }
    }

    /// An `if` without `else`: nothing when the condition is false.
    public static func buildOptional(_ component: [SQLFragment]?) -> [SQLFragment] {
        component ?? []
    }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first component: [SQLFragment]) -> [SQLFragment] {
        component
    }

    /// The other branch of an `if`/`else` or `switch`.
    public static func buildEither(second component: [SQLFragment]) -> [SQLFragment] {
        component
    }

    /// A `for` loop: what every iteration built, in order.
    public static func buildArray(_ components: [[SQLFragment]]) -> [SQLFragment] {
        components.flatMap { $0 }
    }

    /// An `if #available` branch.
    public static func buildLimitedAvailability(_ component: [SQLFragment]) -> [SQLFragment] {
        component
    }

    /// The clause the builder returns.
    public static func buildFinalResult(_ component: [SQLFragment]) -> WhereClause {
        WhereClause(terms: component)
    }
}
