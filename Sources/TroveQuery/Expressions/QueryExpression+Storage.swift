extension SQLTypedExpression {
    /// The same SQL, read as another Swift type: the stored value before a column's own
    /// conversion, for code that must see what is really there.
    ///
    /// ```swift
    /// ReminderTable.select { $0.dueDate.stored(as: String?.self) }
    /// // SELECT "reminders"."due_date" FROM "reminders"   -- rows decode as String?, not DueDate?
    /// ```
    /// - Parameter type: The Swift type to decode the value as.
    /// - Returns: An expression with the same SQL and a different value type.
    public func stored<V: SQLBindable>(as type: V.Type) -> TypedExpression<V> {
        TypedExpression(queryFragment)
    }
}
