/// Builds an `ORDER BY` list: a value sorts ascending, or write `.asc()`/`.desc()` with
/// `nulls: .first`/`.last`.
///
/// ```swift
/// Reminder.order { $0.priority.desc(); $0.dueDate.asc(nulls: .last); $0.title }
/// // … ORDER BY "reminders"."priority" DESC, "reminders"."due_date" ASC NULLS LAST, "reminders"."title"
/// Reminder.order { $0.isCompleted.asc(); $0.title }   // a flag says which way: false first here
/// ```
///
/// A bare term's value must be an ``OrderableQueryValue`` (numbers, text, dates, blobs, their
/// optionals, and types that conform). A `Bool` expression alone is not a term: `order { $0.createdAt > $0.createdAt }` is a
/// comparison where an ordering was meant (it would render `ORDER BY created_at > created_at`),
/// so it does not compile; sort a flag with `.asc()` or `.desc()`.
@resultBuilder
public enum OrderBuilder {
    /// A value: sorts ascending, NULLs where SQLite puts them (first).
    public static func buildExpression<E: SQLTypedExpression>(_ expression: E) -> [OrderingTerm]
    where E.QueryValue: OrderableQueryValue {
        [OrderingTerm(expression.queryFragment)]
    }

    /// A `Bool` expression, such as a comparison, is not an ordering: write `.asc()` or `.desc()`.
    @available(*, unavailable, message: "a Bool expression (a comparison or a flag) is not an ordering; write .asc() or .desc() to sort by it")
    public static func buildExpression<E: SQLTypedExpression>(_ expression: E) -> [OrderingTerm] where E.QueryValue == Bool {
        [OrderingTerm(expression.queryFragment)]
    }

    /// An optional `Bool` expression is not an ordering either: write `.asc()` or `.desc()`.
    @available(*, unavailable, message: "a Bool expression (a comparison or a flag) is not an ordering; write .asc() or .desc() to sort by it")
    public static func buildExpression<E: SQLTypedExpression>(_ expression: E) -> [OrderingTerm] where E.QueryValue == Bool? {
        [OrderingTerm(expression.queryFragment)]
    }

    /// A value of a type that is not an ``OrderableQueryValue``: say the direction.
    ///
    /// NB: unavailable overloads lose to available ones, so this one (and the `Bool` ones,
    /// which are more specific) is chosen only when no ordering fits, and its message is the
    /// error.
    @available(*, unavailable, message: "sort by this value with .asc() or .desc(), or conform its type to OrderableQueryValue")
    public static func buildExpression<E: SQLTypedExpression>(_ expression: E) -> [OrderingTerm] {
        [OrderingTerm(expression.queryFragment)]
    }

    /// A term with its direction: `.asc()`, `.desc()`.
    public static func buildExpression(_ term: OrderingTerm) -> [OrderingTerm] {
        [term]
    }

    /// The statements of a block, in order.
    public static func buildBlock(_ components: [OrderingTerm]...) -> [OrderingTerm] {
        components.flatMap { $0 }
    }

    /// An `if` without `else`: nothing when the condition is false.
    public static func buildOptional(_ component: [OrderingTerm]?) -> [OrderingTerm] {
        component ?? []
    }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first component: [OrderingTerm]) -> [OrderingTerm] {
        component
    }

    /// The other branch of an `if`/`else` or `switch`.
    public static func buildEither(second component: [OrderingTerm]) -> [OrderingTerm] {
        component
    }

    /// A `for` loop: what every iteration built, in order.
    public static func buildArray(_ components: [[OrderingTerm]]) -> [OrderingTerm] {
        components.flatMap { $0 }
    }
}

/// Builds a list of expressions, for `GROUP BY` and `ON CONFLICT (…)` targets.
///
/// ```swift
/// Reminder.group { $0.listID; $0.isCompleted }  // … GROUP BY "reminders"."list_id", "reminders"."is_completed"
/// ```
@resultBuilder
public enum ExpressionListBuilder {
    /// One expression of the list.
    public static func buildExpression(_ expression: some SQLTypedExpression) -> [SQLFragment] {
        [expression.queryFragment]
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
}
