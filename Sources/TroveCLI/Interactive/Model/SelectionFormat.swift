import TroveStore

/// How the chosen reminder is printed to stdout when the user presses Enter.
enum SelectionFormat: String, Sendable, CaseIterable {
    /// `id<TAB>title`, for scripts that cut the id.
    case plain
    /// The reminder as one JSON object on one line, exactly as `trove export` and `trove search
    /// --format json` write it (``ReminderJSON``), `id` first.
    case json
}

extension ResultRow {
    /// `7<TAB>Buy milk`: the line printed for this row on Enter in the plain format.
    var plainLine: String { "\(id)\t\(title.plain)" }
}

/// What Enter prints for the chosen row.
///
/// ```swift
/// try await SelectionOutput.line(for: row, format: .plain, store: store)  // "7\tBuy milk"
/// try await SelectionOutput.line(for: row, format: .json, store: store)
/// // {"id":7,"title":"Buy milk","notes":"","list":"Groceries","tags":["dairy"],"priority":"none",…}
/// ```
enum SelectionOutput {
    /// - Throws: `StoreError.reminderNotFound` when the reminder was deleted meanwhile (JSON
    ///   only: the plain line needs nothing more than the row).
    static func line(for row: ResultRow, format: SelectionFormat, store: ReminderStore) async throws -> String {
        switch format {
        case .plain:
            return row.plainLine
        case .json:
            // NB: read again from the store, so the object holds every field of the reminder,
            // not only what the screen shows, in the one form every output uses.
            return ReminderJSON.object(try await store.reminder(id: row.id)).serialized()
        }
    }
}
