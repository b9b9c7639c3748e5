public import TroveQuery

/// Stored as ``DueDate/storageText``: `2026-03-02` for a day, `2026-03-02 09:30:00.000` (UTC)
/// for a moment. The text sorts in time order, so `<` and `ORDER BY` on the column compare
/// due dates as ``DueDate``'s own `<` does.
///
/// ```swift
/// ReminderTable.where { $0.dueDate < .day(CalendarDay("2026-03-03")!) }
/// // SELECT "reminders".* FROM "reminders" WHERE ("reminders"."due_date" < ?)   -- binds '2026-03-03'
/// ```
extension DueDate: SQLBindable {
    /// ``storageText``, as text.
    public var queryBinding: SQLBinding { .text(storageText) }

    /// Reads what ``init(storageText:)`` reads.
    ///
    /// - Throws: `SQLDecodingError` for any other value, such as a date outside ``ValidDates``.
    public init(decoding binding: SQLBinding) throws(SQLDecodingError) {
        guard case .text(let text) = binding, let due = DueDate(storageText: text) else {
            throw SQLDecodingError(value: binding, type: "DueDate")
        }
        self = due
    }
}

/// Sorts as stored (its day text, then its time).
extension DueDate: OrderableQueryValue {}
