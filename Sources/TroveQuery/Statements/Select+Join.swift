// Joins of up to four tables. After a join the closures receive one scope per table, in order:
// `{ r, l in … }`.

extension SQLSelect {
    /// `JOIN … ON (…)`: rows that have a match in `other`.
    ///
    /// ```swift
    /// Reminder.all.join(List.self) { r, l in r.listID == l.id }
    /// // SELECT "reminders".* FROM "reminders" JOIN "lists" ON ("reminders"."list_id" = "lists"."id")
    /// ```
    /// - Parameters:
    ///   - other: The table to join.
    ///   - condition: The `ON` predicate, given the scopes of both tables.
    /// - Returns: A statement whose closures receive `(reminders, lists)`.
    public func join<A: SQLTable, U: SQLTable>(
        _ other: U.Type, on condition: (TableScope<A>, TableScope<U>) -> some SQLTypedExpression<Bool>
    ) -> SQLSelect<(TableScope<A>, TableScope<U>), Row> where Scope == TableScope<A> {
        let next = (scope, TableScope<U>())
        return adding("JOIN", U.self, condition(next.0, next.1), scope: next)
    }

    /// `LEFT JOIN … ON (…)`: every row, with NULLs where `other` has no match.
    ///
    /// ```swift
    /// List.all.leftJoin(Reminder.self) { l, r in l.id == r.listID }
    /// // SELECT "lists".* FROM "lists" LEFT JOIN "reminders" ON ("lists"."id" = "reminders"."list_id")
    /// ```
    public func leftJoin<A: SQLTable, U: SQLTable>(
        _ other: U.Type, on condition: (TableScope<A>, TableScope<U>) -> some SQLTypedExpression<Bool>
    ) -> SQLSelect<(TableScope<A>, TableScope<U>), Row> where Scope == TableScope<A> {
        let next = (scope, TableScope<U>())
        return adding("LEFT JOIN", U.self, condition(next.0, next.1), scope: next)
    }

    /// A third table: `JOIN "tags" ON (…)`; closures receive `(a, b, c)`.
    public func join<A: SQLTable, B: SQLTable, U: SQLTable>(
        _ other: U.Type, on condition: (TableScope<A>, TableScope<B>, TableScope<U>) -> some SQLTypedExpression<Bool>
    ) -> SQLSelect<(TableScope<A>, TableScope<B>, TableScope<U>), Row> where Scope == (TableScope<A>, TableScope<B>) {
        let next = (scope.0, scope.1, TableScope<U>())
        return adding("JOIN", U.self, condition(next.0, next.1, next.2), scope: next)
    }

    /// A third table, left-joined: `LEFT JOIN "tags" ON (…)`.
    public func leftJoin<A: SQLTable, B: SQLTable, U: SQLTable>(
        _ other: U.Type, on condition: (TableScope<A>, TableScope<B>, TableScope<U>) -> some SQLTypedExpression<Bool>
    ) -> SQLSelect<(TableScope<A>, TableScope<B>, TableScope<U>), Row> where Scope == (TableScope<A>, TableScope<B>) {
        let next = (scope.0, scope.1, TableScope<U>())
        return adding("LEFT JOIN", U.self, condition(next.0, next.1, next.2), scope: next)
    }

    /// A fourth table: `JOIN … ON (…)`; closures receive `(a, b, c, d)`.
    public func join<A: SQLTable, B: SQLTable, C: SQLTable, U: SQLTable>(
        _ other: U.Type,
        on condition: (TableScope<A>, TableScope<B>, TableScope<C>, TableScope<U>) -> some SQLTypedExpression<Bool>
    ) -> SQLSelect<(TableScope<A>, TableScope<B>, TableScope<C>, TableScope<U>), Row>
    where Scope == (TableScope<A>, TableScope<B>, TableScope<C>) {
        let next = (scope.0, scope.1, scope.2, TableScope<U>())
        return adding("JOIN", U.self, condition(next.0, next.1, next.2, next.3), scope: next)
    }

    /// A fourth table, left-joined.
    public func leftJoin<A: SQLTable, B: SQLTable, C: SQLTable, U: SQLTable>(
        _ other: U.Type,
        on condition: (TableScope<A>, TableScope<B>, TableScope<C>, TableScope<U>) -> some SQLTypedExpression<Bool>
    ) -> SQLSelect<(TableScope<A>, TableScope<B>, TableScope<C>, TableScope<U>), Row>
    where Scope == (TableScope<A>, TableScope<B>, TableScope<C>) {
        let next = (scope.0, scope.1, scope.2, TableScope<U>())
        return adding("LEFT JOIN", U.self, condition(next.0, next.1, next.2, next.3), scope: next)
    }

    private func adding<U: SQLTable, NewScope>(
        _ keyword: String, _ other: U.Type, _ condition: some SQLTypedExpression<Bool>, scope: NewScope
    ) -> SQLSelect<NewScope, Row> {
        var joined = with(scope: scope, selection: selection, decoder: decoder)
        joined.joins.append(" \(raw: keyword) \(identifier: U.tableName) ON (\(condition.queryFragment))")
        return joined
    }
}
