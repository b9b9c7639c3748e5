import TroveQuery
import TroveStore

/// One `ORDER BY` term; every key is NOT NULL, so keyset comparisons need no NULL cases.
struct SortKey: Sendable {
    var expression: SQLFragment
    var isDescending: Bool
    /// Whether this is the ranking's score, which only an FTS5 cursor can compute.
    var isRank = false

    /// The score of `ranking`, smaller first.
    static func rank(_ ranking: SearchRanking, exactWords: [String], leadingWords: [String]) -> SortKey {
        SortKey(expression: rankExpression(ranking, exactWords: exactWords, leadingWords: leadingWords), isDescending: false, isRank: true)
    }

    /// What ``SearchHit/rank`` holds: `trove_rank(…)`, or FTS5's `rank` column (bm25 with the
    /// schema's weights). `exactWords` are the query's, for ``TroveRanking/exactWord``;
    /// `leadingWords` too, for the exactness tiers (``TroveRanking/leadingWords(of:)``).
    static func rankExpression(_ ranking: SearchRanking, exactWords: [String], leadingWords: [String]) -> SQLFragment {
        switch ranking {
        case .custom(let trove): trove.expression(exactWords: exactWords, leadingWords: leadingWords)
        case .bm25, .bm25Mixed: "\(SearchTables.index.rank)"
        }
    }
    private static let r = SearchTables.reminders
    /// `"reminders"."is_completed"`: open first.
    static let open = SortKey(expression: "\(r.isCompleted)", isDescending: false)
    /// `("reminders"."due_date" IS NULL)`: reminders with a due date first.
    static let hasNoDue = SortKey(expression: "(\(r.dueDate) IS NULL)", isDescending: false)
    /// `ifnull("reminders"."due_date", '')`: soonest due first.
    static let due = SortKey(expression: "ifnull(\(r.dueDate), '')", isDescending: false)
    /// `"reminders"."priority" DESC`.
    static let priority = SortKey(expression: "\(r.priority)", isDescending: true)
    /// `"reminders"."created_at" DESC`: newest first.
    static let created = SortKey(expression: "\(r.createdAt)", isDescending: true)

    /// The documented tiebreakers: open first, soonest due (none last), high priority, newest.
    /// The id comes after all of them, as the final key of every order.
    ///
    /// NB: schema 3's `reminders_in_due_order` index is built on these expressions as written
    /// here, which lets a search without text stop after one page; change both together.
    static let tiebreakers: [SortKey] = [open, hasNoDue, due, priority, created]

    /// The keys for a sort, without the final id.
    ///
    /// NB: Trove's ranking weighs completion inside its score (``TroveRanking/completedFactor``),
    /// so "open first" is only a tiebreaker after it. `.bm25` puts open hits before completed
    /// ones *before* comparing ranks, as Trove did before it had its own ranking: bm25 scores
    /// almost never tie, so as a mere tiebreaker "open first" would never apply.
    ///
    /// `titleTerms` order a text answer that FTS5 cannot rank (``titleOrder(_:)``).
    static func keys(
        for sort: SearchSort, ranking: SearchRanking, ranked: Bool, exactWords: [String] = [], leadingWords: [String] = [], titleTerms: [SearchTerm] = []
    ) -> [SortKey] {
        switch sort {
        case .rank where !ranked: titleOrder(titleTerms) + tiebreakers
        case .rank:
            switch ranking {
            case .custom, .bm25Mixed: [rank(ranking, exactWords: exactWords, leadingWords: leadingWords)] + tiebreakers
            case .bm25: [open, rank(ranking, exactWords: exactWords, leadingWords: leadingWords)] + tiebreakers.dropFirst()
            }
        case .due: [hasNoDue, due] + tiebreakers
        case .priority: [priority] + tiebreakers
        case .created: [created]
        }
    }

    /// The order of a text answer without an FTS5 match to rank it (only terms in scripts
    /// written without spaces, such as 春节, or without letters, such as 🎉): reminders with more
    /// of `terms` in their title first, then, among title matches, the shortest title (the
    /// terms are more of it, as BM25's length normalisation would have it); then the
    /// tiebreakers. Empty when there are no terms.
    ///
    /// ```swift
    /// SortKey.titleOrder([SearchTerm("春节")])
    /// // (("reminders"."title" LIKE '%春节%' ESCAPE '')) DESC,
    /// // iif((("reminders"."title" LIKE '%春节%' ESCAPE '')) > 0, length("reminders"."title"), 0)
    /// ```
    static func titleOrder(_ terms: [SearchTerm]) -> [SortKey] {
        guard !terms.isEmpty else { return [] }
        let hits: SQLFragment = "(" + terms.map { "(\(MatchPlan.like($0.text, in: [.title])))" as SQLFragment }.joined(separator: " + ") + ")"
        return [
            SortKey(expression: hits, isDescending: true),
            SortKey(expression: "iif(\(hits) > 0, length(\(r.title)), 0)", isDescending: false),
        ]
    }

    /// `"reminders"."id"`, the final key of every order.
    static let id = SortKey(expression: "\(r.id)", isDescending: false)

    /// Rows after the one whose keys are `values` (id last), in the order of `keys`:
    /// `k1 > v1 OR (k1 = v1 AND (k2 > v2 OR (k2 = v2 AND …)))`.
    static func after(_ keys: [SortKey], values: [SQLBinding]) -> SQLFragment {
        precondition(keys.count == values.count, "one value per key")
        var condition: SQLFragment?
        for (key, binding) in zip(keys, values).reversed() {
            let value = SQLFragment(segments: [.binding(binding)])
            let step: SQLFragment = "\(key.expression) \(raw: key.isDescending ? "<" : ">") \(value)"
            if let inner = condition {
                condition = "(\(step) OR (\(key.expression) = \(value) AND \(inner)))"
            } else {
                condition = "(\(step))"
            }
        }
        return condition ?? "1"
    }
}
