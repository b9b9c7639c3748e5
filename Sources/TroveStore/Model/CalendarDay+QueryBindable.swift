public import TroveQuery

/// Stored as `YYYY-MM-DD` text, the form SQLite's date functions read.
///
/// ```swift
/// let day = SQLColumn<CalendarDay>("day")
/// day == CalendarDay("2026-03-02")!   // "day" = ?   -- binds '2026-03-02'
/// ```
extension CalendarDay: SQLBindable {
    /// ``description``: `YYYY-MM-DD`.
    public var queryBinding: SQLBinding { .text(description) }

    /// Reads exactly `YYYY-MM-DD`.
    ///
    /// - Throws: `SQLDecodingError` for any other value.
    public init(decoding binding: SQLBinding) throws(SQLDecodingError) {
        guard case .text(let text) = binding, let day = CalendarDay(text) else {
            throw SQLDecodingError(value: binding, type: "CalendarDay")
        }
        self = day
    }
}

/// Sorts as stored (YYYY-MM-DD text: by day).
extension CalendarDay: OrderableQueryValue {}
