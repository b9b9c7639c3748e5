/// What the index's vocabulary adds to a query's words: other forms each word also matches,
/// and adjacent words that also match as one. ``FTS5Expression`` ORs them in.
///
/// ```swift
/// var expansion = QueryExpansion()
/// expansion.alternatives[SearchTerm("oncall")] = [SearchTerm("on call", isPhrase: true)]
/// expansion.joins[.init(SearchTerm("wi"), SearchTerm("fi"))] = SearchTerm("wifi")
/// FTS5Expression(query: .parse("oncall wi fi", exact: true), expansion: expansion)?.positive
/// // ("oncall" OR "on call") AND (("wi" AND "fi") OR "wifi")
/// ```
///
/// Keyed by term, not position: a term means the same wherever it is, and the engine renders
/// parts of a query (its plain groups) on their own.
struct QueryExpansion: Hashable, Sendable {
    /// Other terms a term also matches: a joined word split in two, typo candidates.
    var alternatives: [SearchTerm: [SearchTerm]] = [:]
    /// Two adjacent one-word groups that also match as one joined word.
    var joins: [Pair: SearchTerm] = [:]

    struct Pair: Hashable, Sendable {
        var first: SearchTerm
        var second: SearchTerm

        init(_ first: SearchTerm, _ second: SearchTerm) {
            self.first = first
            self.second = second
        }
    }

    static let none = QueryExpansion()

    var isEmpty: Bool { alternatives.isEmpty && joins.isEmpty }

    /// Both expansions: `other`'s alternatives after this one's, each term once (a word form
    /// that is also a typo candidate, `passports` for `passport`, is ORed in once).
    func merging(_ other: QueryExpansion) -> QueryExpansion {
        var merged = self
        for (term, terms) in other.alternatives {
            for alternative in terms where !(merged.alternatives[term] ?? []).contains(alternative) {
                merged.alternatives[term, default: []].append(alternative)
            }
        }
        merged.joins.merge(other.joins) { first, _ in first }
        return merged
    }
}
