extension SQLTypedExpression {
    /// `count(x)`: how many rows have a non-NULL value.
    ///
    /// ```swift
    /// List.join(Reminder.self) { l, r in l.id == r.listID }.select { l, r in (l.name, r.id.count()) }
    /// // SELECT "lists"."name", count("reminders"."id") FROM …
    /// ```
    public func count(distinct: Bool = false) -> TypedExpression<Int> {
        TypedExpression("count(\(raw: distinct ? "DISTINCT " : "")\(queryFragment))")
    }

    /// `max(x)`, NULL when there are no rows.
    ///
    /// ```swift
    /// List.select { $0.position.max() }  // SELECT max("lists"."position") FROM "lists"
    /// ```
    public func max() -> TypedExpression<QueryValue?> where QueryValue: _NumericQueryValue {
        TypedExpression("max(\(queryFragment))")
    }

    /// `min(x)`, NULL when there are no rows: `min("lists"."position")`.
    public func min() -> TypedExpression<QueryValue?> where QueryValue: _NumericQueryValue {
        TypedExpression("min(\(queryFragment))")
    }

    /// `coalesce(x, ?)`: the value, or `fallback` when it is NULL.
    ///
    /// ```swift
    /// $0.dueDate.ifNull("")  // coalesce("reminders"."due_date", ?)
    /// ```
    public func ifNull<Wrapped: SQLBindable>(_ fallback: Wrapped) -> TypedExpression<Wrapped>
    where QueryValue == Wrapped? {
        TypedExpression("coalesce(\(queryFragment), \(fallback))")
    }
}

/// `count(*)`: the number of rows.
///
/// ```swift
/// Reminder.select { _ in countAll() }  // SELECT count(*) FROM "reminders"
/// ```
public func countAll() -> TypedExpression<Int> {
    TypedExpression("count(*)")
}
