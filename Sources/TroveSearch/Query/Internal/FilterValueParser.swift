import TroveStore

/// Why a known key's value was refused; becomes ``QueryProblem/reason``.
struct FilterValueError: Error, Hashable {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}

/// Reads the value of a known `key:value` into a ``SearchFilter`` or a ``SearchColumn``.
///
/// ```swift
/// try FilterValueParser.filter(key: .status, value: "OPEN")   // .status(.open)
/// try FilterValueParser.filter(key: .status, value: "banana")
/// // throws "expected open, completed, flagged or unflagged"
/// ```
enum FilterValueParser {
    /// The ``FilterKey`` a lexed key spells, or nil for `in`.
    static func filterKey(_ key: String) -> FilterKey? {
        switch key {
        case "is": .status
        case "list": .list
        case "tag": .tag
        case "priority", "p": .priority
        case "due": .due
        default: nil
        }
    }

    static func filter(key: FilterKey, value: String) throws(FilterValueError) -> SearchFilter {
        switch key {
        case .status:
            guard let status = StatusFilter(rawValue: value.lowercased()) else {
                throw FilterValueError("expected open, completed, flagged or unflagged")
            }
            return .status(status)
        case .list:
            guard !value.isEmpty else {
                throw FilterValueError(#"expected a list name, like list:Groceries or list:"Home Office""#)
            }
            return .list(value)
        case .tag:
            guard !value.isEmpty else {
                throw FilterValueError("expected a tag name, like tag:errand or #errand")
            }
            return .tag(value)
        case .priority:
            guard let priority = Priority(name: value) else {
                throw FilterValueError("expected none, low, medium or high")
            }
            return .priority(priority)
        case .due:
            return .due(try DueFilter.parse(value))
        }
    }

    static func column(_ value: String) throws(FilterValueError) -> SearchColumn {
        guard let column = SearchColumn(rawValue: value.lowercased()) else {
            throw FilterValueError("expected title, notes or tags")
        }
        return column
    }

    /// True when `value` could still become valid as the person types on: `is:comp`, `due:2026-0`.
    static func isIncomplete(key: String, value: String) -> Bool {
        let lowered = value.lowercased()
        func startsAny(_ words: [String]) -> Bool { words.contains { $0.hasPrefix(lowered) } }
        switch key {
        case "is": return startsAny(StatusFilter.allCases.map(\.rawValue))
        case "priority", "p": return startsAny(Priority.allCases.map(\.name))
        case "in": return startsAny(SearchColumn.allCases.map(\.rawValue))
        case "list", "tag": return value.isEmpty
        case "due":
            // NB: digits, dashes and dots only: a date or range being typed, `2026-03-01..2026-0`.
            // A phrase being typed (`due:"next fr`) may still become a date NaturalDate reads.
            return startsAny(DueFilter.keywords.map(\.0))
                || lowered.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || $0 == "-" || $0 == "." }
                || NaturalDate.couldComplete(lowered)
        default: return false
        }
    }
}
