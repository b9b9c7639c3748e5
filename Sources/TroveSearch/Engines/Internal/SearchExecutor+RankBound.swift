import TroveQuery
import TroveSQLite
import TroveStore

extension SearchExecutor {
    /// The fewest best-scoring matches a bounded page ranks (see ``boundedPageRows(on:matchCount:helper:matchIDs:record:)``).
    static let rankBoundCandidates = 2_000

    /// The fewest matches whose page is ranked this way. Below, matching the text a second time
    /// (a long prefix's words merged again, two words' rows intersected again) costs more than
    /// the look-ups it saves.
    ///
    /// NB: it was 20,000, when ties with the last candidate took a second walk and the page
    /// was read among every tied candidate: at 1,000,000 reminders the median two-word and
    /// 3+-letter searches (a few thousand matches) were then 25–35% slower with the bound. With
    /// `trove_best` (one walk) and the page's own candidates told apart first, 2,000 measured
    /// (two readers, 100 queries a class): 3+ letters p50/p99 16.5/52.6 → 13.4/47.3 ms, two
    /// words 17.5/79.1 → 16.8/71.7, filter + text 29.7/73.7 → 26.5/71.3, phrase and rare
    /// terms unchanged (BENCHMARKS-HISTORY.md).
    static let rankBoundMinimumMatches = 2_000

    /// The most rows (offset, page and the row after it) a page may need to be read this way.
    static let rankBoundRows = 1_000

    /// The most matches tied with the last candidate that ``boundedPageRows(on:matchCount:helper:matchIDs:record:)``
    /// keeps beside the candidates; with more, the page statement ranks every match.
    ///
    /// NB: why. Generated titles repeat (`Renew passport`), and equal titles with equal notes
    /// lengths score the same: `rene` at 1,000,000 reminders had more than 2,000 matches tied
    /// at the 2,000th score, so the candidates alone could not tell the page, and the page
    /// statement scored, looked up and sorted all 34,627 matches after the best scores had been
    /// read. `trove_best` keeps the tied matches on the same walk that finds the best scores.
    static let rankBoundTiedLimit = 50_000

    /// How many candidates a page of `rows` rows (offset included) takes: enough that the
    /// last one's score as open is usually worse than the page's last true score, though many
    /// reminders share each score (400 of the best matches of `s` at 1,000,000 hold 19 scores).
    /// With 400, 8 of 20 two-letter prefixes at 1,000,000 reminders fell back to the page
    /// statement; with 2,000 none did, and the candidates' look-ups cost about 2 ms.
    static func rankBoundCandidateCount(forRows rows: Int) -> Int { max(rankBoundCandidates, 8 * rows) }

    /// The ranking and MATCH a bounded page is ranked by, when the search qualifies (see
    /// ``boundedPageRows(on:matchCount:helper:matchIDs:record:)``); nil otherwise.
    var rankBoundRanking: (TroveRanking, FTS5Match<ReminderSearchTable>)? {
        guard usesRankBound, request.sort == .rank, case .custom(let ranking) = request.ranking,
            ranking.scoresNeverGrowWhenCompleted, let match = plan.match, plan.conditions.isEmpty,
            query.filters.isEmpty || filteredIDs != nil
        else { return nil }
        return (ranking, match)
    }

    /// The page's offset and the rows it reads (offset, page and the row after it), when
    /// ``boundedPageRows(on:matchCount:helper:matchIDs:record:)`` may read them: a first page or
    /// one by offset, of at most ``rankBoundRows`` rows; nil otherwise (a page after a cursor).
    var rankBoundPage: (offset: Int, rows: Int)? {
        let offset: Int
        switch request.page {
        case .first: offset = 0
        case .offset(let count): offset = max(0, count)
        case .after: return nil
        }
        let rows = offset + request.limit + 1
        return rows <= Self.rankBoundRows ? (offset, rows) : nil
    }

    /// The page's rows read in three steps, when that gives exactly what ``pageStatement(on:)``
    /// gives; nil when the search does not qualify or the bound does not hold (then the page
    /// statement runs as before).
    ///
    /// ```swift
    /// try executor.boundedPageRows(on: db)
    /// // SELECT trove_best("id", "rank", 2000, 50000) AS "best" FROM (SELECT "reminders_fts"."rowid" AS "id",
    /// //   trove_rank_bounded("reminders_fts", 0, 5.0, …, 'reminders_fts_docsize') AS "rank"
    /// //   FROM "reminders_fts" WHERE ("reminders_fts" MATCH ?) LIMIT -1)
    /// // SELECT "reminders"."id" AS "id", "reminders"."is_completed" AS "is_completed", 0.7 AS "factor"
    /// //   FROM "reminders" WHERE ("reminders"."id" IN (SELECT "value" FROM json_each(?)))
    /// // SELECT …, 0.0 AS "rank", … FROM "reminders_fts" CROSS JOIN "reminders" … WHERE ("reminders_fts" MATCH ?)
    /// //   AND ("reminders_fts"."rowid" IN (SELECT "value" FROM json_each(?))) ORDER BY json_extract(?, …), … LIMIT 21 OFFSET 0
    /// ```
    ///
    /// NB: why. The page statement looks every match up in `reminders` for its completion (a
    /// factor of its score) and the tiebreakers, and sorts all of them by seven keys: for `s`
    /// at 1,000,000 reminders (577,529 matches) 0.54 s, where scoring them in the index alone
    /// takes 0.33 s. So the first statement scores every match as if open, in the index
    /// alone, and keeps the best with every match tied with the last of them (`trove_best`,
    /// one walk); the second reads the candidates' completion, which gives
    /// their exact ranks (``exactRanks(of:ranking:on:)``); the third reads the page among the
    /// candidates that can be on it (``pageStatement(among:offset:seeking:)``): FTS5 seeks them
    /// by rowid when they are few, or tests each row of one walk when equal ranks make them
    /// many or the text has a long prefix. Neither scores a match again.
    ///
    /// Why it is exact: a reminder's score is at most its score as open
    /// (``TroveRanking/scoresNeverGrowWhenCompleted``). The candidates are the `count` best
    /// scores as open and every match that ties with the last of them, `s`, so a match that is
    /// not a candidate scores strictly less than `s`, as open and so as it is. When the page's
    /// last row (the one past the limit, which tells whether a next page exists) scores at
    /// least `s`, no other match can come before it or tie with it, whatever the tiebreakers.
    /// When there are fewer matches than candidates, every match is one. Otherwise (a
    /// completion scope that leaves too few candidates, more than ``rankBoundTiedLimit`` ties)
    /// the answer is not known, and the page statement runs after all. Halved between two
    /// readers, each half keeps its own best with their ties; a match one half left out scores
    /// less than that half's last, so less than the merged list's `count`th, and the merged
    /// list is cut after that one's ties.
    ///
    /// It applies to the first pages (by offset) of Trove's ranking, with text and no
    /// substring or symbol condition, and no filter unless the search was narrowed to the
    /// filters' ids (``filteredIDs``): then the filters are a test of the index's rowid, and
    /// the best scores as open are those of the matches among the ids, still read from the
    /// index alone (`is:open list:Work milk` at 1,000,000 reminders: 39,642 of milk's 327,207
    /// matches, scored and sorted with their look-ups by the page statement).
    ///
    /// - Parameters:
    ///   - matchCount: How many matches there are, when known (see ``pageSetLimit(matches:)``).
    ///   - helper: A second reader with nothing else to do: the best scores of the upper half of
    ///     the rowids are read there meanwhile (see ``middleRowid(on:)``).
    ///   - matchIDs: Given every match's id, sorted, as one BLOB (`trove_ids`, which the walk
    ///     that finds the best scores also aggregates), when the bound's statements ran, whether
    ///     or not the bound held: counted from ``facts`` (``factsTally(of:on:)``) without a walk
    ///     of their own.
    ///   - record: Told the statements, when their rows are the page (for
    ///     `trove search --explain`).
    func boundedPageRows(
        on db: SQLConnection, matchCount: Int? = nil, helper: SQLiteSharedRead? = nil,
        matchIDs: ((_ ids: [UInt8]) -> Void)? = nil, record: ((String, SQLFragment) -> Void)? = nil
    ) throws -> [SQLiteRow]? {
        guard let (ranking, match) = rankBoundRanking, let (offset, rows) = rankBoundPage else { return nil }
        let count = Self.rankBoundCandidateCount(forRows: rows)
        let index = SearchTables.index
        let openScore = TypedExpression<Double>(
            ranking.expression(exactWords: exactWords, leadingWords: leadingWords, isCompleted: "0", walksSizes: true, underBest: true))
        /// The best `count` rowids by score as open where `condition` holds, with every one
        /// tied with the last of them, in one walk.
        ///
        /// NB: `LIMIT -1` (no limit) keeps SQLite from flattening the subquery into the
        /// aggregate, where FTS5 refuses `trove_rank` ("unable to use function trove_rank in
        /// the requested context"); it runs as a co-routine, row by row.
        func best(_ condition: SQLFragment?) -> SQLFragment {
            let conditions = [WhereClause { match }.queryFragment] + (filteredIDs.map { [$0.contains(index.rowid)] } ?? [])
                + (condition.map { [$0] } ?? [])
            let scores: SQLFragment = "SELECT \(index.rowid.named(HitColumn.id)), \(openScore.named(HitColumn.rank))"
                + " FROM \(identifier: ReminderSearchTable.tableName)" + Self.whereClause(conditions) + " LIMIT -1"
            let ids: SQLFragment = matchIDs == nil ? "" : ", trove_ids(\(HitColumn.id.reference)) AS \(identifier: BestColumn.ids.name)"
            return "SELECT trove_best(\(HitColumn.id.reference), \(HitColumn.rank.reference), \(count), "
                + "\(Self.rankBoundTiedLimit)) AS \(identifier: BestColumn.best.name)\(ids) FROM (\(scores))"
        }
        // NB: ranks are negated scores, smaller first.
        var open: [(id: Int64, rank: Double)]
        let isComplete: Bool
        let bestSQL: SQLFragment
        if let helper, let middle = try Self.middleRowid(on: db),
            let high = try helper.start({ [upper = best("(\(index.rowid) > \(middle))")] in try $0.fetchAll(upper) })
        {
            bestSQL = best("(\(index.rowid) <= \(middle))")
            let (lowRows, highRows) = (try db.fetchAll(bestSQL), try high.value())
            // NB: the lower half's rowids all come before the upper half's, so the two sorted
            // BLOBs one after the other are the sorted whole.
            if let matchIDs { matchIDs(try Self.matchIDs(lowRows) + Self.matchIDs(highRows)) }
            guard let low = try Self.bestRows(lowRows), let upper = try Self.bestRows(highRows) else { return nil }
            isComplete = low.count < count && upper.count < count
            open = (low + upper).sorted { $0.rank < $1.rank }
            if !isComplete, open.count > count {
                let last = open[count - 1].rank
                open = Array(open.prefix { $0.rank <= last })
            }
        } else {
            bestSQL = best(nil)
            let rows = try db.fetchAll(bestSQL)
            if let matchIDs { matchIDs(try Self.matchIDs(rows)) }
            guard let all = try Self.bestRows(rows) else { return nil }
            open = all
            isComplete = open.count < count
        }
        let ranked: (scoped: [(id: Int64, rank: Double)], statement: SQLFragment, factor: Double)
        if isComplete {
            ranked = try exactRanks(of: open, ranking: ranking, on: db)
        } else {
            // NB: the page's last row (the one past the limit) has the rows-th smallest exact
            // rank among the candidates; every match left out ranks after the last candidate,
            // `last`. The candidates tied with it rank at `last` or after, so they are looked
            // up only when the better ones cannot tell the page (thousands may tie).
            //
            // NB: when the filters leave completed reminders only (`is:completed list:Finance
            // and`), every match scores the completed factor times its score as open, and so
            // does every one left out: the bound is `last` times the factor, and a match left
            // out may round to it, so the page's last row must rank strictly before it. Against
            // `last` itself, a page of completed reminders rarely passed when scores are close:
            // that search took 60 ms at 1,000,000 reminders, the page statement ranking every
            // match among the ids again.
            guard let last = open.last?.rank else { return nil }
            let onlyCompleted = filteredIDs.map { $0.completed?.count == $0.bytes.count } ?? false
            /// Whether the page's last row ranks before every match left out (or, not `strictly`,
            /// ties with them only as the candidates tied with `last` do).
            func holds(_ ranked: [(id: Int64, rank: Double)], factor: Double, strictly: Bool) -> Bool {
                guard ranked.count >= rows else { return false }
                // NB: a completed reminder comes one tier lower, so one in tier 1 may rank after
                // one in tier 0 that scores more: below a `last` in tier 1, the factor bounds nothing.
                if onlyCompleted, (-last / TroveRanking.tierStep).rounded(.down) == 1 { return false }
                let bound = onlyCompleted ? TroveRanking.completedRank(last, factor: factor) : last
                return strictly ? ranked[rows - 1].rank < bound : ranked[rows - 1].rank <= bound
            }
            let better = try exactRanks(of: Array(open.prefix { $0.rank < last }), ranking: ranking, on: db)
            if holds(better.scoped, factor: better.factor, strictly: true) {
                ranked = better
            } else {
                ranked = try exactRanks(of: open, ranking: ranking, on: db)
                guard holds(ranked.scoped, factor: ranked.factor, strictly: onlyCompleted) else { return nil }
            }
        }
        let scoped = ranked.scoped
        var among = Self.pageSet(scoped, rows: rows)
        var pageOffset = offset
        var orderSQL: SQLFragment?
        if among.ids.count > rows {
            // NB: more candidates tie at the page's end than the page holds: the page's own are
            // told apart first by the tiebreakers alone, so that highlights and snippets are made
            // for them only (SQLite computes a sorted statement's columns for every row it sorts:
            // 240 rows tied for `milk appointment` at 1,000,000 reminders took ~12 ms).
            let sql = candidatesInOrderSQL(among, rows: request.limit + 1, offset: offset)
            let pageIDs = Set(try db.fetchAll(sql).map { try $0[HitColumn.id] as Int64 })
            among = PageSet(scoped.filter { pageIDs.contains($0.id) })
            pageOffset = 0
            orderSQL = sql
        }
        let seeks = FTSEngine.exactLongPrefixes(query) == nil && among.ids.count <= Self.pageSetLimit(matches: matchCount)
        let pageSQL = pageStatement(among: among, offset: pageOffset, seeking: seeks)
        let page = try db.fetchAll(pageSQL).map { among.withExactRank($0) }
        guard page.allSatisfy({ $0 != nil }) else { return nil }
        record?("hits: the best scores as open", bestSQL)
        record?("hits: the candidates' completion", ranked.statement)
        if let orderSQL { record?("hits: the page's candidates", orderSQL) }
        record?("hits among them", pageSQL)
        return page.compactMap { $0 }
    }

    /// The most candidates ``pageStatement(among:offset:seeking:)`` seeks by rowid, among
    /// `matches` matches (when known): one per 1,000 matches, and at least 128. Each seek runs
    /// the MATCH again from its rowid (~75 µs for `a` at 1,000,000 reminders), where walking the
    /// MATCH once costs ~90 ns per match (~50 ms for `a`). More (many equal ranks at the page's
    /// end) are tested on that walk instead.
    ///
    /// NB: at least 128, not 2 (the fewest matches ranked this way, 2,000, over 1,000): while
    /// the counts are read on a helper the page is chosen by a count that stops at 2,000
    /// (``matchCountForPage(on:)``), and the largest sets gain most. At 20,000 matches 128 seeks
    /// cost ~8 ms more than the walk, and only when that many candidates tie at the page's end;
    /// when more candidates tie than the page holds, the page's own are told apart first
    /// (``candidatesInOrderSQL(_:rows:offset:)``), so a page seeks few.
    static func pageSetLimit(matches: Int?) -> Int {
        max(128, (matches ?? 0) / 1_000)
    }

    /// The candidates in the completion scope with their exact ranks, smallest first, the
    /// statement that read their completion, and the completed factor as SQLite read it (1
    /// when no candidate was read).
    ///
    /// ```swift
    /// try executor.exactRanks(of: candidates, ranking: .standard, on: db)
    /// // SELECT "reminders"."id" AS "id", "reminders"."is_completed" AS "is_completed", 0.7 AS "factor"
    /// //   FROM "reminders" WHERE ("reminders"."id" IN (SELECT "value" FROM json_each(?)))
    /// // with ``facts``, their completion comes from memory, and only: SELECT 0.7 AS "factor"
    /// ```
    ///
    /// NB: exact, to the last bit. `trove_rank` returns `-(tier · 2^20 + sum · factor)`, `factor`
    /// being 1 for an open reminder and the completed factor for a completed one; the
    /// candidates' ranks as open are `-(tier · 2^20 + sum)`, so a completed one's rank is
    /// ``TroveRanking/completedRank(_:factor:)``, with `factor` the double SQLite reads from
    /// the same literal the ranking passes `trove_rank`.
    func exactRanks(
        of candidates: [(id: Int64, rank: Double)], ranking: TroveRanking, on db: SQLConnection
    ) throws -> (scoped: [(id: Int64, rank: Double)], statement: SQLFragment, factor: Double) {
        let r = SearchTables.reminders
        let factor = TypedExpression<Double>(SQLFragment(raw: "\(ranking.completedFactor)"))
        let sql: SQLFragment
        let isCompleted: (Int64) -> Bool?
        var completedFactor = 1.0
        if let facts {
            // NB: the facts hold every reminder of this transaction's data (their version is
            // its own), so the candidates' completion needs no look-up (~4 ms for the 2,000
            // candidates of a 1-letter prefix at 1,000,000 reminders, after the walk).
            sql = "SELECT \(factor.named(CandidateColumn.factor))"
            completedFactor = try db.fetchOne(sql).map { try $0[CandidateColumn.factor] } ?? 1.0
            isCompleted = facts.isCompleted
        } else {
            let ids = IDList(candidates.map(\.id))
            sql = "SELECT \(r.id.named(HitColumn.id)), \(r.isCompleted.named(HitColumn.isCompleted)), "
                + "\(factor.named(CandidateColumn.factor)) FROM \(identifier: ReminderTable.tableName)"
                + " WHERE (\(r.id) IN (SELECT \"value\" FROM json_each(\(ids.json))))"
            var completed: [Int64: Bool] = [:]
            for row in try db.fetchAll(sql) {
                completed[try row[HitColumn.id]] = try row[HitColumn.isCompleted]
                completedFactor = try row[CandidateColumn.factor]
            }
            isCompleted = { completed[$0] }
        }
        var scoped: [(id: Int64, rank: Double)] = []
        for candidate in candidates {
            guard let isCompleted = isCompleted(candidate.id), !(isCompleted && isOpenOnly) else { continue }
            scoped.append((candidate.id, isCompleted ? TroveRanking.completedRank(candidate.rank, factor: completedFactor) : candidate.rank))
        }
        scoped.sort { $0.rank < $1.rank }
        return (scoped, sql, completedFactor)
    }

    /// The name of ``exactRanks(of:ranking:on:)``'s factor column.
    private enum CandidateColumn {
        static let factor = ResultColumn<Double>("factor")
    }

    /// The names of ``boundedPageRows(on:matchCount:helper:matchIDs:record:)``'s `trove_best`
    /// column and, when it collects them, its `trove_ids` column.
    private enum BestColumn {
        static let best = ResultColumn<[UInt8]?>("best")
        static let ids = ResultColumn<[UInt8]>("ids")
    }

    /// The sorted match ids `trove_ids` returned beside `trove_best`'s entries.
    static func matchIDs(_ rows: [SQLiteRow]) throws -> [UInt8] {
        try rows.first.map { try $0[BestColumn.ids] } ?? []
    }

    /// The rowids and ranks `trove_best` returned in its one row, by rank
    /// (``TroveRanking/bestEntries(_:)``); nil when it found too many ties (NULL).
    static func bestRows(_ rows: [SQLiteRow]) throws -> [(id: Int64, rank: Double)]? {
        guard let row = rows.first, let bytes = try row[BestColumn.best] else { return nil }
        return TroveRanking.bestEntries(bytes)
    }

    /// The candidates a page of `rows` rows (offset included) is among: every one whose exact
    /// rank is at most the `rows`-th smallest (ties broken by the tiebreakers are all in), or
    /// every candidate when there are fewer.
    static func pageSet(_ scoped: [(id: Int64, rank: Double)], rows: Int) -> PageSet {
        let last = scoped.count >= rows ? scoped[rows - 1].rank : .infinity
        return PageSet(scoped.prefix { $0.rank <= last })
    }

    /// Candidates, each with its exact rank and the rank's place among the distinct ranks.
    struct PageSet {
        var ids: IDList
        /// `{"id": place, …}`, place 0 for the smallest rank: sorts as the ranks do, ties included.
        var places: String
        var ranks: [Int64: Double]

        init(_ members: some Collection<(id: Int64, rank: Double)>) {
            var places: [String] = []
            var ranks: [Int64: Double] = [:]
            var place = -1
            var previous: Double?
            for member in members {
                if member.rank != previous { place += 1 }
                previous = member.rank
                places.append("\"\(member.id)\":\(place)")
                ranks[member.id] = member.rank
            }
            ids = IDList(members.map(\.id))
            self.places = "{" + places.joined(separator: ",") + "}"
            self.ranks = ranks
        }

        /// `row` with its exact rank in the rank column; nil when the row is not a member.
        func withExactRank(_ row: SQLiteRow) -> SQLiteRow? {
            guard let id = try? row[HitColumn.id], let rank = ranks[id],
                let column = row.columnNames.firstIndex(of: HitColumn.rank.name)
            else { return nil }
            var row = row
            row.values[column] = .double(rank)
            return row
        }
    }

    /// The ids of the page's rows among `set`'s candidates (all of them matches in the completion
    /// scope), in the page's order, read from `reminders` alone: the rank's sort key is the rank's
    /// place, the tiebreakers are the page statement's.
    ///
    /// ```swift
    /// executor.candidatesInOrderSQL(set, rows: 21, offset: 0)
    /// // SELECT "reminders"."id" AS "id" FROM "reminders" WHERE ("reminders"."id" IN (SELECT "value" FROM json_each(?)))
    /// //   ORDER BY json_extract(?, '$."' || "reminders"."id" || '"'), "reminders"."is_completed", … LIMIT 21 OFFSET 0
    /// ```
    func candidatesInOrderSQL(_ set: PageSet, rows: Int, offset: Int) -> SQLFragment {
        let r = SearchTables.reminders
        return "SELECT \(r.id.named(HitColumn.id)) FROM \(identifier: ReminderTable.tableName)"
            + " WHERE (\(r.id) IN (SELECT \"value\" FROM json_each(\(set.ids.json))))"
            + " ORDER BY \(pageOrder(set).joined(separator: ", ")) LIMIT \(rows) OFFSET \(offset)"
    }

    /// The page's order among `set`'s candidates: the rank's place, then the tiebreakers.
    func pageOrder(_ set: PageSet) -> [SQLFragment] {
        let place: SQLFragment = "json_extract(\(set.places), '$.\"' || \(SearchTables.reminders.id) || '\"')"
        return sortKeys.map { key -> SQLFragment in
            (key.isRank ? place : key.expression) + (key.isDescending ? " DESC" : "")
        }
    }

    /// The page statement among `set`'s candidates: the rank's sort key is the rank's place,
    /// and the rank column is left 0 for ``PageSet/withExactRank(_:)`` to fill in.
    ///
    /// ```swift
    /// executor.pageStatement(among: set, offset: 0, seeking: true)
    /// // SELECT …, 0.0 AS "rank", … FROM "reminders_fts" CROSS JOIN "reminders" … WHERE ("reminders_fts" MATCH ?)
    /// //   AND ("reminders_fts"."rowid" IN (SELECT "value" FROM json_each(?)))
    /// //   ORDER BY json_extract(?, '$."' || "reminders"."id" || '"'), "reminders"."is_completed", … LIMIT 21 OFFSET 0
    /// executor.pageStatement(among: set, offset: 0, seeking: false)
    /// // … AND (+"reminders_fts"."rowid" IN (SELECT "value" FROM json_each(?))) ORDER BY json_extract(?, …), …
    /// ```
    ///
    /// NB: why. Among 2,000 candidates of `a` at 1,000,000 reminders the page statement walked
    /// the MATCH's 570,000 rows to keep those and scored each again (~50 ms, more than a third
    /// of the search). Nothing is scored here: `trove_rank` would count each word's matches
    /// again per rowid sought (~11 ms each), so the ranks come from the candidates. `seeking`,
    /// FTS5 seeks each of a few dozen rowids instead of walking (no plus: the ids are its
    /// rowid constraints), which ``pageSetLimit(matches:)`` bounds.
    ///
    /// NB: never seeking for a prefix of 4 or more characters, which has no prefix index: each
    /// seek merges the doclists of every word the prefix starts before finding the rowid (`bill*`
    /// at 1,000,000 reminders: ~5 ms a seek, 0.67 s for 128), while walking its 101,529 matches
    /// once and testing each rowid, as ``amongIndexRows(_:rowid:)`` does, takes ~12 ms.
    func pageStatement(among set: PageSet, offset: Int, seeking: Bool) -> SQLFragment {
        let order = pageOrder(set)
        let among: SQLFragment = seeking
            ? "(\(SearchTables.index.rowid) IN (SELECT \"value\" FROM json_each(\(set.ids.json))))"
            : Self.amongIndexRows(set.ids)
        return "SELECT \(selectionColumns(ranked: false).joined(separator: ", ")) \(from)"
            + Self.whereClause(scopedConditions + [among])
            + " ORDER BY \(order.joined(separator: ", ")) LIMIT \(request.limit + 1) OFFSET \(offset)"
    }

    /// The rowid halfway between the lowest and the highest reminder's: where a helper's half of
    /// the best scores starts (``boundedPageRows(on:matchCount:helper:matchIDs:record:)``); nil for no
    /// reminders.
    ///
    /// NB: why. A 1-letter prefix's page is ranked from the best of 577,529 scores at 1,000,000
    /// reminders (~105 ms); once its counts are read from the per-prefix counts, the helper is
    /// idle. Halved by rowid (FTS5 takes a rowid range as part of the MATCH, so each half walks
    /// only its own rows), two cores score it. Rowids grow as reminders are added and matches
    /// spread over them, so the halves are about even; uneven ones are only slower, never wrong.
    static func middleRowid(on db: SQLConnection) throws -> Int64? {
        // NB: two subqueries: SQLite answers a lone min() or max() from the b-tree's edge, but
        // `SELECT min(id), max(id)` scans every row (~60 ms at 1,000,000).
        let table = SQLFragment(identifier: ReminderTable.tableName)
        guard let row = try db.fetchOne("SELECT (SELECT min(\"id\") FROM \(table)), (SELECT max(\"id\") FROM \(table))"),
            let low: Int64? = try row[0], let high: Int64? = try row[1], let low, let high
        else { return nil }
        return low + (high - low) / 2
    }
}
