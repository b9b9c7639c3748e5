import TroveQuery
import TroveStore

/// How an engine finds the rows that match a query's text: an FTS5 `MATCH`, SQL conditions on
/// `reminders`, or both. Filters are not part of it; ``SearchExecutor`` adds them.
struct MatchPlan: Sendable {
    /// The full-text match that drives the statement, `"reminders_fts" MATCH ?`; nil when the
    /// index is not the driving table.
    var match: FTS5Match<ReminderSearchTable>?
    /// The FTS5 query ``match`` binds, column filter included.
    var ftsMatch: String? { match?.pattern }
    /// Conditions on `reminders`, ANDed (each parenthesised): LIKE terms, `NOT IN` an FTS5 match.
    var conditions = WhereClause()
    /// Terms matched with LIKE, for the markup and `matchedFields` of non-FTS5 matches.
    var likeTerms: [SearchTerm] = []
    /// Terms that order the answer when there is no FTS5 match to rank it (``SortKey/titleOrder(_:)``):
    /// the FTS engine's substring and symbol terms. Empty for `!like`, which does not rank.
    var titleOrderTerms: [SearchTerm] = []
    /// The columns the text is searched in.
    var columns: [SearchColumn]
    /// Parts of the query left out while planning (added to ``SearchQuery/problems``).
    var problems: [QueryProblem] = []
    /// True for `!raw`: an FTS5 error is the person's mistake, reported as ``SearchError/invalidRawQuery(message:near:)``.
    var isRaw = false

    /// Whether the query had any text to match (as opposed to filters only).
    var hasText: Bool { match != nil || !conditions.isEmpty }

    /// The most LIKE terms one query may hold.
    ///
    /// NB: each adds one bound pattern per column and one level to SQLite's expression tree,
    /// whose depth is capped at 1000 (SQLITE_MAX_EXPR_DEPTH); nobody types 64 words on purpose.
    static let maxLikeTerms = 64

    init(columns: Set<SearchColumn>?) {
        self.columns = (columns ?? Set(SearchColumn.allCases)).sorted()
    }

    /// Whether `term` is matched with LIKE, recording it in ``likeTerms``; false past the cap.
    mutating func admitsLike(_ term: SearchTerm) -> Bool {
        guard likeTerms.count < MatchPlan.maxLikeTerms else { return false }
        likeTerms.append(term)
        return true
    }

    /// The term as a substring of any searched column (``like(_:in:)``), or nil past the cap.
    mutating func like(_ term: SearchTerm) -> TypedExpression<Bool>? {
        admitsLike(term) ? MatchPlan.like(term.text, in: columns) : nil
    }

    /// `text` as a literal substring of any of `columns`, ASCII case ignored.
    ///
    /// ```swift
    /// MatchPlan.like("50%", in: [.title, .notes])
    /// // ("reminders"."title" LIKE ? ESCAPE '\') OR ("reminders"."notes" LIKE ? ESCAPE '\')   -- binds '%50\%%' twice
    /// MatchPlan.like("50%", in: [.title])
    /// // "reminders"."title" LIKE ? ESCAPE '\'
    /// ```
    static func like(_ text: String, in columns: [SearchColumn]) -> TypedExpression<Bool> {
        anyOf(columns.map { SearchTables.reminders.column($0).contains(text) })
    }

    /// The reminders whose index entry matches `match`, for a condition beside another table's
    /// match or none: an FTS5 `MATCH` may not be ORed with other conditions, but an `IN` may.
    ///
    /// ```swift
    /// MatchPlan.indexed(SearchTables.index.match(#""party""#))
    /// // "reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH ?))
    /// ```
    static func indexed(_ match: FTS5Match<ReminderSearchTable>) -> TypedExpression<Bool> {
        SearchTables.reminders.id.in(indexedRows(match))
    }

    /// The rowids of the index entries that match `match`: the subquery of ``indexed(_:)``.
    ///
    /// ```swift
    /// MatchPlan.indexedRows(SearchTables.index.match(#""party""#))
    /// // SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH ?)
    /// ```
    static func indexedRows(_ match: FTS5Match<ReminderSearchTable>) -> SQLSelect<TableScope<ReminderSearchTable>, Int64> {
        ReminderSearchTable.all.where { _ in match }.select { $0.rowid }
    }

    /// The FTS5 match of `pattern` within the searched columns: a column filter
    /// (`{title notes} : (…)`) unless every column is searched.
    ///
    /// ```swift
    /// MatchPlan.match(#""milk""#, in: [.title])   // "reminders_fts" MATCH ?   -- binds '{title} : ("milk")'
    /// ```
    static func match(_ pattern: String, in columns: Set<SearchColumn>?) -> FTS5Match<ReminderSearchTable> {
        SearchTables.index.match(pattern, in: (columns ?? []).sorted().map(\.searchKeyPath))
    }

    /// Records that some terms were left out because of ``maxLikeTerms``.
    mutating func noteDroppedTerms(_ count: Int, in query: SearchQuery) {
        guard count > 0 else { return }
        let text = query.terms.flatMap(\.anyOf).last?.text ?? ""
        problems.append(QueryProblem(
            token: String(text.prefix(40)), range: text.startIndex..<text.startIndex,
            reason: "only the first \(MatchPlan.maxLikeTerms) words without letters or digits are searched; "
                + "\(count) more were left out, shorten the query"))
    }
}
