/// A `DELETE` of the rows a `where` selects.
///
/// ```swift
/// Reminder.where { $0.isCompleted }.delete()
/// // DELETE FROM "reminders" WHERE ("reminders"."is_completed")
/// ```
public struct SQLDelete<T: SQLTable>: SQLStatement {
    /// The rows to delete; empty deletes every row.
    public var filter: WhereClause

    /// `DELETE FROM "table" [WHERE …]`.
    public var sql: SQLFragment {
        "DELETE FROM \(identifier: T.tableName)" + filter.rendered(keyword: "WHERE")
    }
}

extension SQLSelect {
    /// Deletes the rows this statement's `where` selects; ordering and limits are ignored.
    ///
    /// ```swift
    /// Reminder.where { $0.id.in([1, 2]) }.delete()
    /// // DELETE FROM "reminders" WHERE ("reminders"."id" IN (?, ?))
    /// ```
    public func delete<T: SQLTable>() -> SQLDelete<T> where Scope == TableScope<T> {
        SQLDelete(filter: filter)
    }
}
