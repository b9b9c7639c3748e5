/// What the index's vocabulary adds to a query's words: other forms each word also matches,
/// and adjacent words that also match as one. ``FTS5Expression`` ORs them in.
///
/// ```swift
/// var expansion = QueryExpansion()
/// expansion.alternatives[Term("oncall")] = [Term("on call", isPhrase: true)]
/// expansion.joins[.init(Term("wi"), Term("fi"))] = Term("wifi")
/// FTS5Expression(query: .parse("oncall wi fi", exact: true), expansion: expansion)?.positive
/// // ("oncall" OR "on call") AND (("wi" AND "fi") OR "wifi")
/// ```
///
/// Keyed by term, not position: a term means the same wherever it is, and the engine renders
/// parts of a query (its plain groups) on their own.
struct QueryExpansion: Hashable, Sendable {
    /// Other terms a term also matches: a joined word split in two, typo candidates.
    var alternatives: [Term: [Term]] = [:]
    /// Two adjacent one-word groups that also match as one joined word.
    var joins: [Pair: Term] = [:]

    struct Pair: Hashable, Sendable {
        var first: Term
        var second: Term

        init(_ first: Term, _ second: Term) {
            self.first = first
            self.second = second
        }
    }

    static let none = QueryExpansion()

    var isEmpty: Bool { alternatives.isEmpty && joins.isEmpty }

    /// Both expansions: `other`'s alternatives after this one's.
    func merging(_ other: QueryExpansion) -> QueryExpansion {
        var merged = self
        for (term, terms) in other.alternatives { merged.alternatives[term, default: []] += terms }
        merged.joins.merge(other.joins) { first, _ in first }
        return merged
    }
}
