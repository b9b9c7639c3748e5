/// Coded as `YYYY-MM-DD`, as it is stored: so an app's `Decodable` model can hold a
/// `CalendarDay` and be read from a row.
///
/// ```swift
/// struct Entry: Decodable { var day: CalendarDay }   // from a column holding '2026-03-02'
/// ```
extension CalendarDay: Codable {
    /// Reads exactly `YYYY-MM-DD`.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for any other text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = CalendarDay(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a day; expected YYYY-MM-DD")
        }
        self = day
    }

    /// Writes `YYYY-MM-DD`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
