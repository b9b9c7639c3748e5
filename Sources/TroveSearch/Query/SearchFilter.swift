public import TroveStore

/// One `key:value` condition on a reminder's fields (not its text).
///
/// ```swift
/// SearchQuery.parse("#errand").filters[0].anyOf   // [.tag("errand")]
/// ```
public enum SearchFilter: Hashable, Sendable, CustomStringConvertible {
    /// `is:open`, `is:completed`, `is:flagged`, `is:unflagged`.
    case status(StatusFilter)
    /// `list:Groceries`, `list:"Home Office"`; the name as typed (compare ignoring case).
    case list(String)
    /// `tag:errand`, `#errand`, `tag:"two words"`; the name as typed (compare ignoring case).
    case tag(String)
    /// `priority:high`, `p:low` (also `0`–`3`).
    case priority(Priority)
    /// `due:today`, `due:2026-03-05`, `due:2026-03-01..`; see ``DueFilter``.
    case due(DueFilter)

    /// The key this filter was written with.
    public var key: FilterKey {
        switch self {
        case .status: .status
        case .list: .list
        case .tag: .tag
        case .priority: .priority
        case .due: .due
        }
    }

    /// `is:open`, `list:"Home Office"`, `due:..2026-03-05`.
    public var description: String {
        switch self {
        case .status(let status): "is:\(status.rawValue)"
        case .list(let name): "list:\(SearchFilter.quotedIfNeeded(name))"
        case .tag(let name): "tag:\(SearchFilter.quotedIfNeeded(name))"
        case .priority(let priority): "priority:\(priority.name)"
        case .due(let due): "due:\(due)"
        }
    }

    private static func quotedIfNeeded(_ name: String) -> String {
        name.unicodeScalars.contains { QueryLexer.isSeparator($0) || $0 == "\"" } ? "\"\(name)\"" : name
    }
}

/// The keys that filter; `in:` is not among them because it limits columns, see ``SearchQuery/columns``.
public enum FilterKey: String, Hashable, Sendable, CaseIterable {
    case status = "is"
    case list
    case tag
    case priority
    case due
}

/// The values of `is:`.
public enum StatusFilter: String, Hashable, Sendable, CaseIterable {
    case open
    case completed
    case flagged
    case unflagged
}

/// Filters with one key and one sign: at least one must hold, or with ``isNegated`` none may.
///
/// ```swift
/// SearchQuery.parse("tag:a tag:b -is:completed").filters.map(\.description)
/// // ["tag:a OR tag:b", "-is:completed"]
/// SearchQuery.parse("-tag:a -tag:b").filters.map(\.description)
/// // ["-(tag:a OR tag:b)"]: neither tag
/// ```
public struct FilterClause: Hashable, Sendable, CustomStringConvertible {
    /// Which filter key all of ``anyOf`` have: `list`, `tag`, `due`, `is` or `priority`.
    public var key: FilterKey
    /// Never empty, no duplicates, every filter's key is ``key``.
    public var anyOf: [SearchFilter]
    /// True for `-key:value`: rows matching any of ``anyOf`` are left out.
    public var isNegated: Bool

    /// A clause matching any of `anyOf` (all with the key `key`), or, negated, none of them.
    public init(key: FilterKey, anyOf: [SearchFilter], isNegated: Bool = false) {
        self.key = key
        self.anyOf = anyOf
        self.isNegated = isNegated
    }

    /// A clause of one filter: `tag:home`, or `-tag:home` when negated.
    public init(_ filter: SearchFilter, isNegated: Bool = false) {
        self.init(key: filter.key, anyOf: [filter], isNegated: isNegated)
    }

    /// The clause as the query language writes it: `tag:a OR tag:b`, `-(tag:a OR tag:b)`.
    public var description: String {
        let body = anyOf.map(\.description).joined(separator: " OR ")
        guard isNegated else { return body }
        return anyOf.count == 1 ? "-" + body : "-(" + body + ")"
    }
}
