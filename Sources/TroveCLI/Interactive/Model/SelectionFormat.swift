import TroveStore

/// How the chosen reminders are printed to stdout when the user presses Enter.
enum SelectionFormat: String, Sendable, CaseIterable {
    /// `id<TAB>title`, one line per reminder, for scripts that cut the id.
    case plain
    /// The reminder as one JSON object on one line, exactly as `trove export` and `trove search
    /// --format json` write it (``ReminderJSON``), `id` first; the marked reminders as one JSON
    /// array of those objects.
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
/// // {"id":7,"uid":"…","title":"Buy milk","notes":"","list":"Groceries","tags":["dairy"],…}\n
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
        var lines: [String] = []
        for row in rows { lines.append(try await line(for: row, format: format, store: store)) }
        if format == .json, marked {
            return "[" + lines.joined(separator: ",") + "]\n"
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// One row's line, without the newline: `7<TAB>Buy milk`, or its export line.
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
