public import Foundation
public import TroveStore

/// One `key:value` condition of a ``SearchIndex``'s query on a column of the app's table:
/// `folder:Baking`, `-pinned:yes`, `year:2020..2024`, `folder:a folder:b` (the same key twice
/// ORs).
///
/// ```swift
/// notes.parse("bread folder:Baking folder:Bread").fieldFilters.map(\.description)
/// // ["folder:Baking OR folder:Bread"]
/// ```
///
/// The reminders' own keys (`list:`, `tag:`, `is:` …) are ``FilterClause``s; a query parsed
/// for a search index has only these.
public struct FieldFilterClause: Hashable, Sendable, CustomStringConvertible {
    /// The word used in the query, lowercased: `folder`.
    public var key: String
    /// Never empty, no duplicates: at least one must hold (or, negated, none may).
    public var anyOf: [Value]
    /// True for `-key:value`: rows matching any of ``anyOf`` are left out.
    public var isNegated: Bool

    /// A clause matching any of `anyOf`, or, negated, none of them.
    public init(key: String, anyOf: [Value], isNegated: Bool = false) {
        self.key = key
        self.anyOf = anyOf
        self.isNegated = isNegated
    }

    /// A filter value, read according to the ``SearchIndex/Filter`` its key was declared with.
    public enum Value: Hashable, Sendable, CustomStringConvertible {
        /// For ``SearchIndex/Filter/text(_:)``: compared ignoring case.
        case text(String)
        /// For ``SearchIndex/Filter/text(_:)`` and ``SearchIndex/Filter/lookup(_:table:key:value:)``:
        /// the value still being typed at the end of the text (no space after it, not `exact`),
        /// which any value starting with it matches, ignoring ASCII case (`folder:bak` is Baking
        /// or Bakery), as the last word is a prefix and the reminders' `list:` is
        /// (``SearchQuery/namePrefix``).
        case textPrefix(String)
        /// For ``SearchIndex/Filter/integer(_:)``.
        case integer(Int64)
        /// For ``SearchIndex/Filter/bool(_:)``: `yes`/`no`, `true`/`false`, `1`/`0`.
        case bool(Bool)
        /// For ``SearchIndex/Filter/integer(_:)``: `2020..2024`, `2020..`, `..2024`, both ends
        /// included; never both nil, never reversed.
        case integerRange(from: Int64?, through: Int64?)
        /// For ``SearchIndex/Filter/date(_:)``: the days `from...through` (nil leaves an end
        /// open; never both nil), which a date-time falls in or not in `timeZone`. `today`,
        /// `week` and the other words are read into days when the query is parsed.
        case days(from: CalendarDay?, through: CalendarDay?, timeZone: TimeZone)
        /// For ``SearchIndex/Filter/deadline(_:done:)``: `overdue`, a day before `before` on a
        /// row not done.
        case overdue(before: CalendarDay, timeZone: TimeZone)
        /// For ``SearchIndex/Filter/deadline(_:done:)``: `today`, due on `day` or overdue.
        case dueBy(CalendarDay, timeZone: TimeZone)
        /// For ``SearchIndex/Filter/date(_:)``: `none`, no date (the column is NULL).
        case missing
        /// For ``SearchIndex/Filter/named(_:)``: one of its words, lowercased (`unread`).
        case named(String)

        /// `Baking`, `"Home Office"`, `42`, `yes`.
        public var description: String {
            switch self {
            case .text(let text), .textPrefix(let text):
                text.unicodeScalars.contains { QueryLexer.isSeparator($0) || $0 == "\"" } ? "\"\(text)\"" : text
            case .integer(let number): String(number)
            case .bool(let flag): flag ? "yes" : "no"
            case .integerRange(let from, let through): (from.map(String.init) ?? "") + ".." + (through.map(String.init) ?? "")
            case .days(let from, let through, _) where from == through: from?.description ?? ".."
            case .days(let from, let through, _): (from?.description ?? "") + ".." + (through?.description ?? "")
            case .overdue(let before, _): "..\(before.adding(days: -1)) open"
            case .dueBy(let day, _): "\(day)+overdue"
            case .missing: "none"
            case .named(let word): word
            }
        }
    }

    /// `folder:a OR folder:b`, `-(folder:a OR folder:b)`.
    public var description: String {
        let body = anyOf.map { "\(key):\($0)" }.joined(separator: " OR ")
        guard isNegated else { return body }
        return anyOf.count == 1 ? "-" + body : "-(" + body + ")"
    }
}
