import TroveQuery
import TroveSQLite
import TroveStore

extension SearchExecutor {
    /// How many of the newest matches a provisional answer orders: a few pages' worth.
    static func sampleSize(forLimit limit: Int) -> Int { max(200, 4 * limit) }

    /// A quick first answer: the newest ``sampleSize(forLimit:)`` matches, ordered by Trove's
    /// ranking without document counts.
    ///
    /// ```swift
    /// try SearchExecutor(plan: plan, request: request, engineName: "fts").provisional(on: db)
    /// // WITH "sample" AS (SELECT "reminders"."id" AS "id", …, trove_rank_sample("reminders_fts", …) AS "score"
    /// //     FROM "reminders_fts" CROSS JOIN "reminders" …
    /// //     WHERE ("reminders_fts" MATCH ?) … ORDER BY "reminders_fts"."rowid" DESC LIMIT 201)
    /// // SELECT *, (SELECT count(*) FROM "sample") AS "sampled",
    /// //   (SELECT ifnull(sum("is_completed"), 0) FROM "sample") AS "sampled_completed"
    /// // FROM "sample" ORDER BY "score", "key1", …, "id" LIMIT 50
    /// ```
    ///
    /// NB: why this is fast where `ORDER BY rank` is not. FTS5 returns the rows of a MATCH in
    /// rowid order and can walk them backwards, so `ORDER BY rowid DESC LIMIT n` reads only the
    /// last few pages of the doclist (one doclist for a 1- to 3-letter prefix, thanks to the
    /// schema's prefix indexes) and stops. The full ranking cannot be used even on those few
    /// rows: its idf needs each phrase's document count, which FTS5 gets by walking every match
    /// of the phrase (`xQueryPhrase`) — for `a*` at 1M reminders that alone is ~40 ms. So the
    /// sample is ordered by `trove_rank_sample`: the same per-field BM25, boosts and completion
    /// rule with every word's idf taken as 1, computed on the sampled rows only; then the
    /// sort's tiebreakers. (For a one-word query idf scales every score alike, so the order is
    /// the full ranking's.) Under the bm25 rankings the sample is ordered the same way, after
    /// open-first for `.bm25`. Other sorts order the sample exactly.
    ///
    /// - Returns: nil when the query has no more matches than the sample holds and its text
    ///   no more than ``windowSize``: then the full answer is nearly as cheap, and a
    ///   provisional one would only delay it.
    /// - Throws: `CancellationError` when interrupted, or a `SQLiteError`.
    func provisional(on db: SQLConnection) throws -> ResultSet? {
        if !isRanked, request.sort == .rank { return try leadingPage(on: db) }
        let size = Self.sampleSize(forLimit: request.limit)
        var named = selectionColumns(ranked: false)
        if isRanked, sortKeys.contains(where: \.isRank) {
            named.append(TypedExpression<Double>(sampleRanking.expression(.sample, exactWords: exactWords, leadingWords: leadingWords)).named(SampleColumn.score))
        }
        let newest = isRanked ? SearchTables.index.rowid : SearchTables.reminders.id
        var conditions = scopedConditions
        let window = try windowStart(on: db)
        if let window { conditions.append("(\(SearchTables.index.rowid) >= \(window))") }
        let sample = SQLFragment(identifier: SampleColumn.table)
        let sql: SQLFragment = "WITH \(sample) AS (SELECT \(named.joined(separator: ", ")) \(from)"
            + Self.whereClause(conditions)
            + " ORDER BY \(newest) DESC LIMIT \(size + 1))"
            + " SELECT *, \(TypedExpression<Int>("(SELECT count(*) FROM \(sample))").named(SampleColumn.sampled)),"
            + " \(TypedExpression<Int>("(SELECT ifnull(sum(\(HitColumn.isCompleted.reference)), 0) FROM \(sample))").named(SampleColumn.completed))"
            + " FROM \(sample) ORDER BY \(sampleOrder.joined(separator: ", ")) LIMIT \(request.limit)"
        let rows = try db.fetchAll(sql)
        var sampled = 0, completed = 0
        if let first = rows.first {
            sampled = try first[SampleColumn.sampled]
            completed = try first[SampleColumn.completed]
        }
        // NB: below a full sample the final answer is cheap, unless the text has more matches
        // than the window holds: then it ranks all of them, and this sample (even an empty
        // one) is all that can be shown quickly.
        guard sampled > size || window != nil else { return nil }
        return ResultSet(
            query: resultQuery, engine: engineName, hits: try Self.withRepeatRules(try rows.map(hit), on: db), total: sampled,
            completedCount: completed, includesCompleted: !isOpenOnly, isProvisional: true)
    }

    /// How many of the newest text matches a provisional sample looks through at most.
    static let windowSize = 2_000

    /// The rowid of the ``windowSize``-th newest text match, or nil when the text has fewer
    /// matches than that (or there is no text, or no filter).
    ///
    /// ```swift
    /// try executor.windowStart(on: db)
    /// // SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH ?)
    /// //   ORDER BY "reminders_fts"."rowid" DESC LIMIT ? OFFSET ?   -- binds …, 1, 1999
    /// ```
    ///
    /// NB: the sample stops once it holds enough matches, which for plain text is after a few
    /// hundred rows. With a selective filter (`is:flagged list:Work the`) few text matches
    /// pass, and without a bound the sample would walk all of `the`'s ~400,000 rows at 1M,
    /// reading each reminder to test the filter: ~0.4 s. Bounded to the newest 2,000 text
    /// matches (a walk of the doclist alone, then 2,000 row reads) it takes a few milliseconds,
    /// and its hits and counts are still true lower bounds.
    func windowStart(on db: SQLConnection) throws -> Int64? {
        // NB: without filters nearly every text match is a hit and the sample fills at once;
        // the window would only cost a second walk of the doclist.
        guard let match = plan.match, !query.filters.isEmpty else { return nil }
        let newest = ReminderSearchTable.all.where { _ in match }.select { $0.rowid }
            .order { $0.rowid.desc() }.limit(1, offset: Self.windowSize - 1)
        return try db.fetchOne(newest.sql).map { try newest.decode($0.values) }
    }

    /// A search without text, in the default order: the exact first page, before its counts.
    ///
    /// ```swift
    /// try SearchExecutor(plan: plan, request: SearchRequest(text: "is:flagged list:Work"), engineName: "fts").provisional(on: db)
    /// // SELECT … FROM "reminders" JOIN "lists" … WHERE ("reminders"."is_flagged" = 1) AND …
    /// //   ORDER BY "reminders"."is_completed", ("reminders"."due_date" IS NULL), … LIMIT 21 OFFSET 0
    /// ```
    ///
    /// NB: schema 3's `reminders_in_due_order` index yields rows in this order, so the LIMIT
    /// stops after 21 matches: under a millisecond at 1M reminders. The counts and facets must
    /// see every match (tens of milliseconds when a filter keeps ~100,000), so they come with
    /// the final ResultSet. The hits here are already the final page's.
    ///
    /// - Returns: when every match fits on the page, the final answer itself
    ///   (``answer(holdingEveryMatch:on:)``), or nil when that has to come from the final run.
    private func leadingPage(on db: SQLConnection) throws -> ResultSet? {
        var rows: [SQLiteRow]? = nil
        if let walk = tagWalkStatement(), try tagWalkFillsAPage(on: db) {
            let walked = try db.fetchAll(walk)
            if walked.count > request.limit { rows = walked }
        }
        let (pageHits, next, _) = try pageAndLastCursor(rows: try rows ?? db.fetchAll(pageStatement(on: db)))
        guard next != nil else { return try answer(holdingEveryMatch: pageHits, on: db) }
        let hits = try Self.withRepeatRules(pageHits, on: db)
        return ResultSet(
            query: resultQuery, engine: engineName, hits: hits, total: hits.count + 1,
            completedCount: hits.filter(\.isCompleted).count, includesCompleted: !isOpenOnly, isProvisional: true)
    }

    /// The final answer of a search without text whose matches all fit on its first page,
    /// `hits`: its counts and facets read from those hits' ids, not by finding the matches again.
    /// Nil when there are none, so that the final answer says what to try instead, and for a
    /// text searched without FTS5 (a one-letter word in Chinese): its final answer may add typo
    /// matches below the page.
    ///
    /// ```swift
    /// // SELECT count(*) FROM "reminders" WHERE <filters> AND ("reminders"."is_completed" = 1)   -- when open-only
    /// // the facets' statement over FROM "reminders" WHERE ("reminders"."id" IN (SELECT "value" FROM json_each(?)))
    /// ```
    ///
    /// NB: the final run would read the matches three times more, for the page, the counts and
    /// the facets. For `is:flagged list:Travel tag:home` (43 of 1,000,000 reminders; a tag on 3%
    /// of them) each is a walk of the list's ~30,000 open reminders against the set of the tag's
    /// 30,042, and its only answer came after 23-32 ms the first time it was asked (11-13 ms
    /// this way). Only an open-only search needs the matches again, for the completed ones it
    /// leaves out, and then only those.
    private func answer(holdingEveryMatch hits: [SearchHit], on db: SQLConnection) throws -> ResultSet? {
        guard !hits.isEmpty, !plan.hasText, plan.conditions.isEmpty else { return nil }
        var completed = hits.filter(\.isCompleted).count
        if isOpenOnly {
            let completedMatches: SQLFragment = "SELECT count(*) \(from(joiningLists: false))"
                + Self.whereClause(matchConditions + ["(\(SearchTables.reminders.isCompleted) = 1)"])
            completed = try db.fetchValue(completedMatches, as: Int.self) ?? 0
        }
        let facets = try facets(on: db, among: MatchSet(ids: IDList(hits.map(\.id)), completed: completed))
        return ResultSet(
            query: resultQuery, engine: engineName, hits: try Self.withRepeatRules(hits, on: db), total: hits.count,
            completedCount: completed, includesCompleted: !isOpenOnly, listFacets: facets.lists, tagFacets: facets.tags)
    }

    /// How many reminders, in the page's order, the first page of a `tag:` search without text
    /// looks through before it falls back to the set of the tag's reminders.
    static let tagWalkSize = 1_000

    /// The first page of a search with a `tag:` filter and no text, from the first
    /// ``tagWalkSize`` reminders in the page's order that pass its other filters, each one's tags
    /// probed by its id; nil without a `tag:` clause, or with text.
    ///
    /// ```swift
    /// executor.tagWalkStatement()
    /// // SELECT … FROM "reminders" JOIN "lists" … WHERE ("reminders"."id" IN (SELECT "reminders"."id"
    /// //     FROM (SELECT "reminders"."id" FROM "reminders" WHERE … ORDER BY "reminders"."is_completed", … LIMIT 1000)
    /// //     AS "reminders" WHERE (EXISTS (SELECT 1 FROM "reminder_tags" … AND "tags"."name" = ?))))
    /// //   ORDER BY "reminders"."is_completed", … LIMIT 21 OFFSET 0
    /// ```
    ///
    /// NB: the final answer reads a tag's reminders as a set (``FilterSQL``), which a page has
    /// to wait for: ~0.4-1 s at 1M reminders for a tag on 19% of them, before its first row.
    /// Walking the index in due order and probing each reminder's tags stops after a page for a
    /// common tag (~2 ms), but walks every reminder for a rare one; so the walk is bounded. When
    /// more than a page of the walked reminders have the tags, they are exactly the first page:
    /// any match past the walk sorts after every walked one. Otherwise the set is read after all.
    func tagWalkStatement() -> SQLFragment? {
        let tags = query.filters.filter { $0.key == .tag }
        guard !isRanked, plan.conditions.isEmpty, !tags.isEmpty, request.sort == .rank, request.page == .first else { return nil }
        let filters = FilterSQL(today: request.today, timeZone: request.timeZone)
        let probes = FilterSQL(today: request.today, timeZone: request.timeZone, rowsComeFromText: true)
        let others = query.filters.filter { $0.key != .tag }.map(filters.condition)
            + (isOpenOnly ? [Self.openOnly] : [])
        let id = SearchTables.reminders.id, table = SQLFragment(identifier: ReminderTable.tableName)
        let walk: SQLFragment = "SELECT \(id) FROM (SELECT \(id) FROM \(table)" + Self.whereClause(others)
            + " ORDER BY \(order.joined(separator: ", ")) LIMIT \(Self.tagWalkSize)) AS \(table)"
            + Self.whereClause(tags.map(probes.condition))
        return pageStatement(conditions: ["(\(id) IN (\(walk)))"])
    }

    /// How many of the newest reminders ``tagShare(on:)`` counts the tags among.
    static let tagShareWindow = 10_000

    /// Whether the walk of ``tagWalkStatement()`` is expected to find two pages of the tags'
    /// reminders among its ``tagWalkSize`` reminders, from their share of the newest ones.
    ///
    /// NB: a walk that finds too few costs a probe per walked reminder, and then the set is read
    /// after all. At 1,000,000 reminders, in the `sqlite3` shell: for `is:flagged list:Travel
    /// tag:home` (`home` on 3% of reminders) the walk found 19 of the 50 a page needs in 5-9 ms,
    /// and the page from the set of `home`'s 30,042 reminders took 4-6 ms. For `errand` (19%)
    /// the walk fills the page, where the set would read 191,961 links first.
    func tagWalkFillsAPage(on db: SQLConnection) throws -> Bool {
        Double(Self.tagWalkSize) * (try tagShare(on: db)) >= 2 * Double(request.limit + 1)
    }

    /// The share of the newest ``tagShareWindow`` reminders (by id) that pass every positive
    /// `tag:` clause, taking the clauses as independent; a negated clause counts as 1.
    ///
    /// ```swift
    /// try executor.tagShare(on: db)   // tag:home
    /// // SELECT (SELECT count(*) FROM "reminder_tags" WHERE "tag_id" IN (SELECT "id" FROM "tags" WHERE "name" IN (?))
    /// //     AND "reminder_id" > "newest"."id" - 10000), min("newest"."id", 10000)
    /// //   FROM (SELECT ifnull(max("id"), 0) AS "id" FROM "reminders") AS "newest"
    /// ```
    ///
    /// NB: each count reads the tag's run of `reminder_tags_by_tag` in that id range, at most
    /// 10,000 entries, where counting all of `errand`'s would read 191,961. Deleted ids make
    /// the share look smaller than it is: then the set is read, which is slower but as exact.
    func tagShare(on db: SQLConnection) throws -> Double {
        let clauses = query.filters.filter { $0.key == .tag && !$0.isNegated }
        guard !clauses.isEmpty else { return 1 }
        let link = ReminderTagTable.columns, tag = TagTable.columns, window = Self.tagShareWindow
        let newest = SQLFragment(identifier: "newest")
        let counts: [SQLFragment] = clauses.map { clause in
            let names = clause.anyOf.compactMap { filter -> SQLFragment? in
                if case .tag(let name) = filter { return "\(name)" } else { return nil }
            }
            return "(SELECT count(*) FROM \(identifier: ReminderTagTable.tableName)"
                + " WHERE \(link.tagID) IN (SELECT \(tag.id) FROM \(identifier: TagTable.tableName)"
                + " WHERE \(tag.name) IN (\(names.joined(separator: ", "))))"
                + " AND \(link.reminderID) > \(newest).\(identifier: "id") - \(window))"
        }
        let sql: SQLFragment = "SELECT \(counts.joined(separator: ", ")), min(\(newest).\(identifier: "id"), \(window))"
            + " FROM (SELECT ifnull(max(\(ReminderTable.columns.id)), 0) AS \(identifier: "id")"
            + " FROM \(identifier: ReminderTable.tableName)) AS \(newest)"
        guard let row = try db.fetchOne(sql) else { return 0 }
        let size: Int64 = try row[clauses.count]
        guard size > 0 else { return 0 }
        var share = 1.0
        for index in clauses.indices {
            let count: Int64 = try row[index]
            share *= Double(count) / Double(size)
        }
        return share
    }

    /// The ranking that orders a sample: the request's, or Trove's standard one under bm25.
    private var sampleRanking: TroveRanking {
        if case .custom(let ranking) = request.ranking { return ranking }
        return .standard
    }

    /// The order of the sample, by the names ``provisional(on:)`` gives its columns:
    /// `"score", "key1", "key2", …, "id"`.
    private var sampleOrder: [SQLFragment] {
        var order: [SQLFragment] = []
        for (offset, key) in sortKeys.dropLast().enumerated() {
            if key.isRank {
                order.append(SampleColumn.score.reference.queryFragment)
            } else {
                order.append("\(identifier: HitColumn.key(offset))\(raw: key.isDescending ? " DESC" : "")")
            }
        }
        return order + [HitColumn.id.reference.queryFragment]
    }
}

/// The names of a provisional sample's own columns, beside the ``HitColumn``s.
enum SampleColumn {
    /// The CTE that holds the sample.
    static let table = "sample"
    /// `trove_rank_sample(…)`, which orders the sample.
    static let score = ResultColumn<Double>("score")
    /// How many matches the sample holds, and how many of them are completed.
    static let sampled = ResultColumn<Int>("sampled"), completed = ResultColumn<Int>("sampled_completed")
}
