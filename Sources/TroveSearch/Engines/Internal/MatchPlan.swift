import TroveQuery

/// How an engine finds the rows that match a query's text: an FTS5 `MATCH`, SQL conditions on
/// `reminders`, or both. Filters are not part of it; ``SearchExecutor`` adds them.
struct MatchPlan: Sendable {
    /// Bound to `"reminders_fts" MATCH ?`; nil when the index is not the driving table.
    var ftsMatch: String?
    /// Conditions on `reminders`, ANDed: LIKE terms, `NOT IN` an FTS5 match.
    var conditions: [SQL] = []
    /// Terms matched with LIKE, for the markup and `matchedFields` of non-FTS5 matches.
    var likeTerms: [Term] = []
    /// Terms that order the answer when there is no FTS5 match to rank it (``SortKey/titleOrder(_:)``):
    /// the FTS engine's substring and symbol terms. Empty for `!like`, which does not rank.
    var titleOrderTerms: [Term] = []
    /// The columns the text is searched in.
    var columns: [SearchColumn]
    /// Parts of the query left out while planning (added to ``Query/problems``).
    var problems: [QueryProblem] = []
    /// True for `!raw`: an FTS5 error is the person's mistake, reported as ``SearchError/invalidRawQuery(message:near:)``.
    var isRaw = false

    /// Whether the query had any text to match (as opposed to filters only).
    var hasText: Bool { ftsMatch != nil || !conditions.isEmpty }

    /// The most LIKE terms one query may hold.
    ///
    /// NB: each adds one bound pattern per column and one level to SQLite's expression tree,
    /// whose depth is capped at 1000 (SQLITE_MAX_EXPR_DEPTH); nobody types 64 words on purpose.
    static let maxLikeTerms = 64

    init(columns: Set<SearchColumn>?) {
        self.columns = (columns ?? Set(SearchColumn.allCases)).sorted()
    }

    /// `(title LIKE ? ESCAPE '\' OR notes LIKE ? … )` over ``columns``, or nil past the cap.
    mutating func like(_ term: Term) -> SQL? {
        guard likeTerms.count < MatchPlan.maxLikeTerms else { return nil }
        likeTerms.append(term)
        return MatchPlan.like(term.text, in: columns)
    }

    static func like(_ text: String, in columns: [SearchColumn]) -> SQL {
        let pattern = "%" + Column<String>.escapeLike(text) + "%"
        let tests = columns.map { column -> SQL in
            "\"reminders\".\(identifier: column.rawValue) LIKE \(pattern) ESCAPE '\\'"
        }
        return "(\(tests.joined(separator: " OR ")))"
    }

    /// Records that some terms were left out because of ``maxLikeTerms``.
    mutating func noteDroppedTerms(_ count: Int, in query: Query) {
        guard count > 0 else { return }
        let text = query.terms.flatMap(\.anyOf).last?.text ?? ""
        problems.append(QueryProblem(
            token: String(text.prefix(40)), range: text.startIndex..<text.startIndex,
            reason: "only the first \(MatchPlan.maxLikeTerms) words without letters or digits are searched; "
                + "\(count) more were left out, shorten the query"))
    }
}
