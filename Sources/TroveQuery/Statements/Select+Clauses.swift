extension SQLSelect {
    /// Adds predicates to `WHERE`; chained calls AND together, and an empty builder adds nothing.
    ///
    /// ```swift
    /// Reminder.where { for term in "take walk".split(separator: " ") { $0.title.contains(term) || $0.notes.contains(term) } }
    /// // SELECT "reminders".* FROM "reminders"
    /// // WHERE (("reminders"."title" LIKE ? ESCAPE '\') OR ("reminders"."notes" LIKE ? ESCAPE '\'))
    /// //   AND (("reminders"."title" LIKE ? ESCAPE '\') OR ("reminders"."notes" LIKE ? ESCAPE '\'))
    /// ```
    /// - Parameter predicates: Predicates over the scope; see ``WhereBuilder``.
    /// - Returns: The statement with the predicates added.
    public func `where`(@WhereBuilder _ predicates: (Scope) -> WhereClause) -> Self {
        var copy = self
        copy.filter.terms += predicates(scope).terms
        return copy
    }

    /// Chooses the result columns; the row type becomes their value types.
    ///
    /// ```swift
    /// Reminder.where { $0.isFlagged }.select { ($0.id, $0.title) }
    /// // SELECT "reminders"."id", "reminders"."title" FROM "reminders" WHERE ("reminders"."is_flagged")
    /// ```
    /// - Parameter columns: One expression, or a tuple of them.
    /// - Returns: A statement whose ``decode(_:)`` returns `(Int64, String)` for the example.
    public func select<each E: SQLTypedExpression>(
        _ columns: (Scope) -> (repeat each E)
    ) -> SQLSelect<Scope, (repeat (each E).QueryValue)> {
        let selection = typedSelection(repeat each columns(scope))
        return with(scope: scope, selection: selection.sql, decoder: selection.decode)
    }

    /// Adds `ORDER BY` terms after any already there.
    ///
    /// ```swift
    /// Reminder.all.order { $0.dueDate.asc(nulls: .last); $0.title }
    /// // SELECT "reminders".* FROM "reminders" ORDER BY "reminders"."due_date" ASC NULLS LAST, "reminders"."title"
    /// ```
    public func order(@OrderBuilder _ terms: (Scope) -> [OrderingTerm]) -> Self {
        var copy = self
        copy.orders += terms(scope)
        return copy
    }

    /// Adds `GROUP BY` expressions.
    ///
    /// ```swift
    /// Reminder.group { $0.listID }.select { ($0.listID, countAll()) }
    /// // SELECT "reminders"."list_id", count(*) FROM "reminders" GROUP BY "reminders"."list_id"
    /// ```
    public func group(@ExpressionListBuilder _ expressions: (Scope) -> [SQLFragment]) -> Self {
        var copy = self
        copy.groups += expressions(scope)
        return copy
    }

    /// Adds predicates to `HAVING`, like ``where(_:)``.
    ///
    /// ```swift
    /// Reminder.group { $0.listID }.having { _ in countAll() > 2 }
    /// // … GROUP BY "reminders"."list_id" HAVING (count(*) > ?)
    /// ```
    public func having(@WhereBuilder _ predicates: (Scope) -> WhereClause) -> Self {
        var copy = self
        copy.havingFilter.terms += predicates(scope).terms
        return copy
    }

    /// `LIMIT ?` and optionally `OFFSET ?`, both bound.
    ///
    /// ```swift
    /// Reminder.all.limit(20, offset: 40)  // SELECT "reminders".* FROM "reminders" LIMIT ? OFFSET ?
    /// ```
    public func limit(_ count: Int, offset: Int? = nil) -> Self {
        var copy = self
        copy.limitValue = count
        copy.offsetValue = offset ?? offsetValue
        return copy
    }

    /// `OFFSET ?` (with `LIMIT -1` when there is no limit, as SQLite requires one).
    ///
    /// ```swift
    /// Reminder.all.offset(5)  // SELECT "reminders".* FROM "reminders" LIMIT -1 OFFSET ?
    /// ```
    public func offset(_ count: Int) -> Self {
        var copy = self
        copy.offsetValue = count
        return copy
    }

    /// `SELECT DISTINCT`.
    ///
    /// ```swift
    /// Reminder.all.select { $0.listID }.distinct()  // SELECT DISTINCT "reminders"."list_id" FROM "reminders"
    /// ```
    public func distinct(_ isDistinct: Bool = true) -> Self {
        var copy = self
        copy.isDistinct = isDistinct
        return copy
    }

    /// The number of rows the statement returns.
    ///
    /// ```swift
    /// Reminder.where { $0.isFlagged }.count()
    /// // SELECT count(*) FROM "reminders" WHERE ("reminders"."is_flagged")
    /// ```
    /// - Returns: A statement whose single row is the count; ordering is dropped, and a
    ///   statement with `LIMIT`, `GROUP BY` or `DISTINCT` is counted as a subquery.
    public func count() -> SQLSelect<Scope, Int> {
        let decode: @Sendable ([SQLBinding]) throws(SQLDecodingError) -> Int = { values throws(SQLDecodingError) in
            var cursor = BindingCursor(values)
            return try cursor.next(Int.self)
        }
        if limitValue != nil || offsetValue != nil || !groups.isEmpty || isDistinct {
            var counted = SQLSelect<Scope, Int>(scope: scope, table: table, decoder: decode)
            counted.selection = "count(*)"
            counted.subquery = sql
            return counted
        }
        var counted = with(scope: scope, selection: "count(*)", decoder: decode)
        counted.orders = []
        return counted
    }
}
