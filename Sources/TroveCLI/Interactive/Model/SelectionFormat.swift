import TroveStore

/// How the chosen reminders are printed to stdout when the user presses Enter.
///
/// NB: one shape per format whatever was chosen: `json` is always an array (of one reminder
/// when nothing is marked), `jsonl` always one object per line, so a script reads Enter's
/// output one way.
enum SelectionFormat: String, Sendable, CaseIterable {
    /// `id<TAB>title`, one line per reminder, for scripts that cut the id.
    case plain
    /// One JSON array of the reminders, each exactly as `trove export` and `trove search
    /// --format json` write it (``ReminderJSON``), `id` first; an array of one for the
    /// selection alone.
    case json
    /// The same objects as ``json``, one per line (JSON Lines), as `trove export` writes them.
    case jsonl
}

extension ResultRow {
    /// `7<TAB>Buy milk`: the line printed for this row on Enter in the plain format.
    var plainLine: String { "\(id)\t\(title.plain)" }
}

/// What Enter prints for the chosen rows.
///
/// ```swift
/// try await SelectionOutput.text(for: [row], format: .plain, store: store)  // "7\tBuy milk\n"
/// try await SelectionOutput.text(for: [row], format: .json, store: store)
/// // [{"id":7,"uid":"…","title":"Buy milk","notes":"","list":"Groceries","tags":["dairy"],…}]\n
/// try await SelectionOutput.text(for: rows, format: .jsonl, store: store)
/// // {"id":7,…}\n{"id":12,…}\n
/// ```
enum SelectionOutput {
    /// - Parameters:
    ///   - rows: The chosen rows, in order: the marked reminders, or the selected one.
    /// - Throws: `StoreError.reminderNotFound` when a reminder was deleted meanwhile (JSON only:
    ///   the plain line needs nothing more than the row).
    static func text(for rows: [ResultRow], format: SelectionFormat, store: ReminderStore) async throws -> String {
        var lines: [String] = []
        for row in rows { lines.append(try await line(for: row, format: format, store: store)) }
        if format == .json {
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
        case .json, .jsonl:
            // NB: read again from the store, so the object holds every field of the reminder,
            // not only what the screen shows, in the one form every output uses.
            return ReminderJSON.object(try await store.reminder(id: row.id)).serialized()
        }
    }
}
