import TroveStore

/// How the chosen reminders are printed to stdout when the user presses Enter.
enum SelectionFormat: String, Sendable, CaseIterable {
    /// `id<TAB>title`, one line per reminder, for scripts that cut the id.
    case plain
    /// The reminder as one JSON object on one line, exactly as `trove export` writes it; the
    /// marked reminders as one JSON array of those objects.
    case json
}

extension ResultRow {
    /// `7<TAB>Buy milk`: the line printed for this row on Enter in the plain format.
    var plainLine: String { "\(id)\t\(title.plain)" }
}

/// What Enter prints for the chosen rows.
///
/// ```swift
/// try await SelectionOutput.text(for: [row], marked: false, format: .plain, store: store)  // "7\tBuy milk\n"
/// try await SelectionOutput.text(for: [row], marked: false, format: .json, store: store)
/// // {"id":7,"uid":"…","title":"Buy milk","notes":"",…}\n
/// try await SelectionOutput.text(for: rows, marked: true, format: .json, store: store)
/// // [{"id":7,…},{"id":12,…}]\n
/// ```
enum SelectionOutput {
    /// - Parameters:
    ///   - rows: The chosen rows, in order.
    ///   - marked: True for the marked reminders: JSON prints an array, even of one.
    /// - Throws: `StoreError.reminderNotFound` when a reminder was deleted meanwhile (JSON only:
    ///   the plain line needs nothing more than the row).
    static func text(for rows: [ResultRow], marked: Bool, format: SelectionFormat, store: ReminderStore) async throws -> String {
        switch format {
        case .plain:
            return rows.map { $0.plainLine + "\n" }.joined()
        case .json:
            // NB: read again from the store, so each object holds every field of the reminder,
            // not only what the screen shows, in the one form every output uses.
            var objects: [String] = []
            for row in rows { objects.append(JSONLinesWriter.line(for: try await store.reminder(id: row.id).record)) }
            return (marked ? "[" + objects.joined(separator: ",") + "]" : objects.joined()) + "\n"
        }
    }
}
