public import TroveQuery

/// Stored as `YYYY-MM-DD` text, the form SQLite's date functions read.
///
/// ```swift
/// let day = SQLColumn<CalendarDay>("day")
/// day == CalendarDay("2026-03-02")!   // "day" = ?   -- binds '2026-03-02'
/// ```
extension CalendarDay: QueryBindable {
    /// ``description``: `YYYY-MM-DD`.
    public var queryBinding: QueryBinding { .text(description) }

    /// Reads exactly `YYYY-MM-DD`.
    ///
    /// - Throws: `QueryDecodingError` for any other value.
    public init(decoding binding: QueryBinding) throws(QueryDecodingError) {
        guard case .text(let text) = binding, let day = CalendarDay(text) else {
            throw QueryDecodingError(value: binding, type: "CalendarDay")
        }
        self = day
    }
}

/// Sorts as stored (YYYY-MM-DD text: by day).
extension CalendarDay: OrderableQueryValue {}
