/// Rules every reader applies, so the formats agree on what a valid reminder is.
enum RecordRules {
    static let priorityExpectation = "expected 0–3 or none/low/medium/high"
    static let priorityRemedy = "Use 0–3 or none, low, medium or high."
    static let dateRemedy = "Write dates as ISO 8601, such as 2026-02-20T09:15:00Z or 2026-02-20, from 0001-01-01 to 9999-12-31."

    /// What to write for a due date, in every format that takes ISO 8601.
    static let dueRemedy = "Write a day as 2026-03-02 or a moment as 2026-03-02T17:00:00Z, from 0001-01-01 to 9999-12-31."

    /// True when the text is empty or only whitespace: such a title is rejected.
    static func isBlank(_ text: String) -> Bool {
        // NB: Unicode property lookups are slow; any visible ASCII byte settles it at once.
        for byte in text.utf8 {
            if byte > 0x20, byte < 0x7F { return false }
            if byte >= 0x80 { break }
        }
        return text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
    }

    /// Drops repeats compared case-insensitively, keeping the first spelling and the order.
    static func deduplicated(_ tags: [String]) -> [String] {
        guard tags.count > 1 else { return tags }
        var seen = Set<String>()
        return tags.filter { seen.insert($0.lowercased()).inserted }
    }

    /// A list name is never empty: an empty one means "no list" (`nil`).
    static func listName(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    /// Reads `true`/`false`, `yes`/`no` or `1`/`0` in any case.
    static func bool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "1": true
        case "false", "no", "0": false
        default: nil
        }
    }

    /// An id the store could never hold: ids run from 1 to 2^63−1.
    static func idError(_ id: Int64, line: Int, field: String, kind: FormatError.FieldKind = .field) -> FormatError {
        FormatError(
            line: line, field: field, fieldKind: kind,
            problem: "expected an id from 1 to 9223372036854775807, got \(id)",
            remedy: "Correct the id, or leave it out for a new one.")
    }

    /// A completion time on a reminder the same record says is not completed.
    static func completedAtError(line: Int, field: String, kind: FormatError.FieldKind = .field, because reason: String) -> FormatError {
        FormatError(
            line: line, field: field, fieldKind: kind,
            problem: "a completion time is given but the reminder is not marked completed (\(reason))",
            remedy: "Mark the reminder completed, or remove the completion time.")
    }

    static func titleError(line: Int, field: String, kind: FormatError.FieldKind = .field, missing: Bool) -> FormatError {
        FormatError(
            line: line, field: field, fieldKind: kind,
            problem: missing ? "missing; every reminder needs a title" : "the title is empty",
            remedy: "Give the reminder a title that is not blank.")
    }
}
