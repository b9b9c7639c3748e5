/// An `UPDATE` of the rows a `where` selects.
///
/// ```swift
/// Reminder.where { $0.id == 7 }.update { $0.title.set("Milk"); $0.priority.set($0.priority + 1) }
/// // UPDATE "reminders" SET "title" = ?, "priority" = ("reminders"."priority" + ?) WHERE ("reminders"."id" = ?)
/// ```
public struct SQLUpdate<T: SQLTable>: SQLStatement {
    /// The `SET` list.
    public var assignments: [Assignment]
    /// The rows to change; empty changes every row.
    public var filter: WhereClause

    /// `UPDATE "table" SET … [WHERE …]`.
    ///
    /// > Important: There must be at least one assignment; `UPDATE … SET` with none is not SQL.
    public var sql: SQLFragment {
        precondition(!assignments.isEmpty, "UPDATE \(T.tableName) has no assignments; add at least one `$0.column.set(…)`")
        let sets = assignments.map { "\(identifier: $0.column) = \($0.value)" as SQLFragment }
        return "UPDATE \(identifier: T.tableName) SET \(sets.joined(separator: ", "))" + filter.rendered(keyword: "WHERE")
    }
}

extension SQLSelect {
    /// Updates the rows this statement's `where` selects; ordering, limits and selection are ignored.
    ///
    /// ```swift
    /// Reminder.where { $0.id == 7 }.update { $0.isCompleted.set(true) }
    /// // UPDATE "reminders" SET "is_completed" = ? WHERE ("reminders"."id" = ?)
    /// ```
    /// - Parameter assignments: At least one `$0.column.set(…)`.
    public func update<T: SQLTable>(
        @AssignmentBuilder set assignments: (TableScope<T>) -> [Assignment]
    ) -> SQLUpdate<T> where Scope == TableScope<T> {
        SQLUpdate(assignments: assignments(scope), filter: filter)
    }
}
