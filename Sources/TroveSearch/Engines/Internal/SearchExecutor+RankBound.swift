import TroveQuery
import TroveSQLite
import TroveStore

extension SearchExecutor {
    /// The fewest best-scoring matches a bounded page ranks (see ``boundedPageRows(on:record:)``).
    static let rankBoundCandidates = 2_000

    /// The fewest matches whose page is ranked this way. Below, matching the text a second time
    /// (a long prefix's words merged again, two words' rows intersected again) costs more than
    /// the look-ups it saves: at 1,000,000 reminders the median two-word and 3+-letter searches
    /// (a few thousand matches) were 25–35% slower with the bound, 1- and 2-letter prefixes
    /// (tens or hundreds of thousands) 25–40% faster.
    static let rankBoundMinimumMatches = 20_000

    /// The most rows (offset, page and the row after it) a page may need to be read this way.
    static let rankBoundRows = 1_000

    /// How many candidates a page of `rows` rows (offset included) takes: enough that the
    /// last one's score as open is usually worse than the page's last true score, though many
    /// reminders share each score (400 of the best matches of `s` at 1,000,000 hold 19 scores).
    /// With 400, 8 of 20 two-letter prefixes at 1,000,000 reminders fell back to the page
    /// statement; with 2,000 none did, and the candidates' look-ups cost about 2 ms.
    static func rankBoundCandidateCount(forRows rows: Int) -> Int { max(rankBoundCandidates, 8 * rows) }

    /// The ranking and MATCH a bounded page is ranked by, when the search qualifies (see
    /// ``boundedPageRows(on:record:)``); nil otherwise.
    var rankBoundRanking: (TroveRanking, FTS5Match<ReminderSearchTable>)? {
        guard usesRankBound, request.sort == .rank, case .custom(let ranking) = request.ranking,
            ranking.scoresNeverGrowWhenCompleted, let match = plan.match, plan.conditions.isEmpty,
            query.filters.isEmpty, filteredIDs == nil
        else { return nil }
        return (ranking, match)
    }

    /// The page's rows read in two steps, when that gives exactly what ``pageStatement(on:)``
    /// gives; nil when the search does not qualify or the bound does not hold (then the page
    /// statement runs as before).
    ///
    /// ```swift
    /// try executor.boundedPageRows(on: db)
    /// // SELECT "reminders_fts"."rowid" AS "id", trove_rank("reminders_fts", 0, 5.0, …, 'reminders_fts_docsize') AS "rank"
    /// //   FROM "reminders_fts" WHERE ("reminders_fts" MATCH ?) ORDER BY 2 LIMIT 2000
    /// // SELECT … FROM "reminders_fts" CROSS JOIN "reminders" … WHERE ("reminders_fts" MATCH ?)
    /// //   AND (+"reminders_fts"."rowid" IN (SELECT "value" FROM json_each(?))) ORDER BY trove_rank(…), … LIMIT 51 OFFSET 0
    /// ```
    ///
    /// NB: why. The page statement looks every match up in `reminders` for its completion (a
    /// factor of its score) and the tiebreakers, and sorts all of them by seven keys: for `s`
    /// at 1,000,000 reminders (577,529 matches) 0.54 s, where scoring them in the index alone
    /// takes 0.33 s. So the first statement scores every match as if open, in the index
    /// alone, and keeps the best; the second is the page statement over those candidates only.
    ///
    /// Why it is exact: a reminder's score is at most its score as open
    /// (``TroveRanking/scoresNeverGrowWhenCompleted``), so a match that is not a candidate
    /// scores at most the last candidate's score as open, `s`. When the page's last row (the
    /// one past the limit, which tells whether a next page exists) scores strictly more than
    /// `s`, no other match can come before it, whatever the tiebreakers. When there are fewer
    /// matches than candidates, every match is one. Otherwise (many equal scores, a completion
    /// scope that leaves too few candidates) the answer is not known, and the page statement
    /// runs after all.
    ///
    /// It applies to the first pages (by offset) of Trove's ranking, with text and nothing
    /// else: no filter, no substring or symbol condition, no ids read for a filter.
    ///
    /// - Parameter record: Told the two statements, when their rows are the page (for
    ///   `trove search --explain`).
    func boundedPageRows(on db: SQLiteConnection, record: ((String, SQLFragment) -> Void)? = nil) throws -> [SQLiteRow]? {
        guard let (ranking, match) = rankBoundRanking else { return nil }
        let offset: Int
        switch request.page {
        case .first: offset = 0
        case .offset(let count): offset = max(0, count)
        case .after: return nil
        }
        let rows = offset + request.limit + 1
        guard rows <= Self.rankBoundRows else { return nil }
        let count = Self.rankBoundCandidateCount(forRows: rows)
        let index = SearchTables.index
        let openScore = TypedExpression<Double>(ranking.expression(exactWords: exactWords, isCompleted: "0", walksSizes: true))
        let best: SQLFragment = "SELECT \(index.rowid.named(HitColumn.id)), \(openScore.named(HitColumn.rank))"
            + " FROM \(identifier: ReminderSearchTable.tableName)"
            + Self.whereClause([WhereClause { match }.queryFragment]) + " ORDER BY 2 LIMIT \(count)"
        let candidates = try db.fetchAll(best)
        let ids = try candidates.map { try $0[HitColumn.id] }
        let pageSQL = pageStatement(conditions: scopedConditions + [Self.amongIndexRows(ids)], offset: offset)
        let page = try db.fetchAll(pageSQL)
        if candidates.count == count {
            // NB: ranks are negated scores, smaller first.
            guard page.count == request.limit + 1, let last = page.last, let bound = candidates.last,
                try last[HitColumn.rank] < (try bound[HitColumn.rank])
            else { return nil }
        }
        record?("hits: the best scores as open", best)
        record?("hits among them", pageSQL)
        return page
    }
}
