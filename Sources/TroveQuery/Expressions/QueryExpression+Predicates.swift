extension SQLTypedExpression {
    /// `IS NULL`.
    ///
    /// ```swift
    /// $0.completedAt.isNull  // "reminders"."completed_at" IS NULL
    /// ```
    public var isNull: TypedExpression<Bool> {
        TypedExpression("\(queryFragment) IS NULL")
    }

    /// `IS NOT NULL`.
    ///
    /// ```swift
    /// $0.completedAt.isNotNull  // "reminders"."completed_at" IS NOT NULL
    /// ```
    public var isNotNull: TypedExpression<Bool> {
        TypedExpression("\(queryFragment) IS NOT NULL")
    }

    /// `IN` a list of bound values; an empty list is a predicate that is always false.
    ///
    /// ```swift
    /// $0.priority.in([1, 2])  // "reminders"."priority" IN (?, ?)
    /// $0.priority.in([])      // 0
    /// ```
    /// - Parameter values: The values, each bound.
    /// - Returns: The predicate; `0` when `values` is empty, because `IN ()` is not valid SQL.
    public func `in`(_ values: some Sequence<QueryValue>) -> TypedExpression<Bool> {
        let list = values.map { SQLFragment(binding: $0) }
        // NB: SQLite rejects `IN ()`; a constant false keeps the query valid and returns nothing.
        guard !list.isEmpty else { return TypedExpression("0") }
        return TypedExpression("\(queryFragment) IN (\(list.joined(separator: ", ")))")
    }

    /// `IN` a subquery that selects one column of the same type.
    ///
    /// ```swift
    /// $0.id.in(ReminderTag.where { $0.tagID == 3 }.select { $0.reminderID })
    /// // "reminders"."id" IN (SELECT "reminder_tags"."reminder_id" FROM "reminder_tags" WHERE (…))
    /// ```
    public func `in`<Scope>(_ subquery: SQLSelect<Scope, QueryValue>) -> TypedExpression<Bool> {
        TypedExpression("\(queryFragment) IN (\(subquery.sql))")
    }

    /// `BETWEEN` two bound values, inclusive.
    ///
    /// ```swift
    /// $0.priority.between(1, and: 3)  // "reminders"."priority" BETWEEN ? AND ?
    /// ```
    public func between(_ lower: QueryValue, and upper: QueryValue) -> TypedExpression<Bool> {
        TypedExpression("\(queryFragment) BETWEEN \(lower) AND \(upper)")
    }
}
