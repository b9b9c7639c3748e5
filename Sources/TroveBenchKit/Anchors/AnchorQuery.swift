import Foundation
import TroveSearch
import TroveStore

/// One benchmark query as another search engine (an *anchor*) runs it: the text as typed and
/// its parse, so the anchor never re-implements Trove's query language.
///
/// ```swift
/// try AnchorQuery(BenchQuery("is:flagged list:Work milk"), class: .filterText)
/// // {"class":"filter + text","excluded":[],"filters":[{"anyOf":[{"field":"flagged","value":true}],"negated":false},
/// //  {"anyOf":[{"field":"list","value":"work"}],"negated":false}],"groups":[[{"phrase":false,"prefix":false,"words":["milk"]}]],
/// //  "text":"is:flagged list:Work milk","typing":false}
/// ```
///
/// Every group must match, and a group matches when any of its terms does; no excluded term may
/// match; every filter must hold. Words are folded as FTS5's `unicode61 remove_diacritics 2`
/// folds them (lower case, no accents, split at anything but a letter or digit).
public struct AnchorQuery: Codable, Hashable, Sendable {
    public var queryClass: String
    public var text: String
    /// The last word is a prefix unless the text is parsed exact; see ``BenchQuery/typing``.
    public var typing: Bool
    public var groups: [[AnchorTerm]]
    public var excluded: [AnchorTerm]
    public var filters: [AnchorFilter]

    enum CodingKeys: String, CodingKey {
        case queryClass = "class", text, typing, groups, excluded, filters
    }

    /// Parses `query` as the benchmark's request does (``QueryBenchmark``).
    ///
    /// - Throws: ``BenchError`` for what the anchor input cannot say: `due:`, `in:`, `!engine`.
    public init(_ query: BenchQuery, class queryClass: QueryClass) throws {
        let parsed = QueryBenchmark.request(query).query
        guard parsed.engine == nil, parsed.columns == nil, parsed.raw == nil else {
            throw BenchError("the anchor input cannot say \(query.text.debugDescription): it names an engine or limits columns (in:)")
        }
        self.queryClass = queryClass.label
        text = query.text
        typing = query.typing
        groups = parsed.terms.map { $0.anyOf.compactMap(AnchorTerm.init) }.filter { !$0.isEmpty }
        excluded = parsed.excludedTerms.compactMap(AnchorTerm.init)
        filters = try parsed.filters.map(AnchorFilter.init)
    }
}

/// A word or phrase, as the tokens the index holds.
public struct AnchorTerm: Codable, Hashable, Sendable {
    /// Folded tokens; a plain word is one, a phrase several.
    public var words: [String]
    public var phrase: Bool
    /// The last word matches any token that starts with it.
    public var prefix: Bool

    /// nil for a term without a letter or digit, which FTS5 cannot search either.
    init?(_ term: SearchTerm) {
        words = Self.tokens(term.text)
        guard !words.isEmpty else { return nil }
        phrase = term.isPhrase
        prefix = term.isPrefix
    }

    /// `Café au-lait` → `["cafe", "au", "lait"]`: unicode61's token characters, folded.
    public static func tokens(_ text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split { !$0.isLetter && !$0.isNumber }
            .map(String.init)
    }
}

/// Conditions of which at least one must hold, or with ``negated`` none may.
public struct AnchorFilter: Codable, Hashable, Sendable {
    public var anyOf: [AnchorCondition]
    public var negated: Bool

    init(_ clause: FilterClause) throws {
        anyOf = try clause.anyOf.map(AnchorCondition.init)
        negated = clause.isNegated
    }
}

/// One field equal to one value: `flagged = true`, `list = "work"`, `tag = "errand"`, `priority = 3`.
///
/// List and tag names are lower case: Trove compares them ignoring case.
public struct AnchorCondition: Codable, Hashable, Sendable {
    public var field: String
    public var value: AnchorValue

    public init(field: String, value: AnchorValue) {
        self.field = field
        self.value = value
    }

    init(_ filter: SearchFilter) throws {
        switch filter {
        case .status(.open): (field, value) = ("completed", .bool(false))
        case .status(.completed): (field, value) = ("completed", .bool(true))
        case .status(.flagged): (field, value) = ("flagged", .bool(true))
        case .status(.unflagged): (field, value) = ("flagged", .bool(false))
        case .list(let name): (field, value) = ("list", .text(name.lowercased()))
        case .tag(let name): (field, value) = ("tag", .text(name.lowercased()))
        case .priority(let priority): (field, value) = ("priority", .int(priority.rawValue))
        case .due:
            // NB: no query class draws due: filters; a date range would need the rows' due dates.
            throw BenchError("the anchor input has no mapping for \(filter); drop due: from the benchmark's queries")
        }
    }
}

/// A JSON scalar: `true`, `3` or `"work"`.
public enum AnchorValue: Codable, Hashable, Sendable {
    case bool(Bool)
    case int(Int)
    case text(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else {
            self = .text(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .text(let value): try container.encode(value)
        }
    }
}
