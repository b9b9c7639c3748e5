/// Coded as ``DueDate/storageText`` (`2026-03-02`, or `2026-03-02 09:30:00.000` in UTC), as it
/// is stored: so an app's `Decodable` model can hold a `DueDate` and be read from a row.
///
/// ```swift
/// struct Item: Decodable { var title: String; var due_date: DueDate? }
/// try db.fetchAll(ReminderTable.all, as: Item.self)
/// ```
extension DueDate: Codable {
    /// Reads what ``init(storageText:)`` reads.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for any other text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let due = DueDate(storageText: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a due date; expected YYYY-MM-DD or YYYY-MM-DD HH:MM:SS.SSS")
        }
        self = due
    }

    /// Writes ``storageText``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(storageText)
    }
}
