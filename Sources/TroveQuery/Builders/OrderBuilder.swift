/// Builds an `ORDER BY` list: an expression sorts ascending, or write `.asc()`/`.desc()` with
/// `nulls: .first`/`.last`.
///
/// ```swift
/// Reminder.order { $0.priority.desc(); $0.dueDate.asc(nulls: .last); $0.title }
/// // … ORDER BY "reminders"."priority" DESC, "reminders"."due_date" ASC NULLS LAST, "reminders"."title"
/// ```
@resultBuilder
public enum OrderBuilder {
    /// An expression: sorts ascending, NULLs where SQLite puts them (first).
    public static func buildExpression(_ expression: some QueryExpression) -> [OrderingTerm] {
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
    public static func buildExpression(_ expression: some QueryExpression) -> [SQLFragment] {
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
