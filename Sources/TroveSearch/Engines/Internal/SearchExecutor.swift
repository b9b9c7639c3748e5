import Foundation
import TroveQuery
import TroveSQLite
import TroveStore

/// Runs a ``MatchPlan`` plus a request's filters, sort and page: the hits, the counts and the
/// facets, all read in one transaction so they agree with each other.
struct SearchExecutor {
    var plan: MatchPlan
    var request: SearchRequest
    var engineName: String
    /// The ids of the reminders a small filter leaves, read before the text is matched: the
    /// MATCH's rows are then tested against them before any is looked up in reminders; see
    /// ``narrowedToFilteredReminders(on:)``.
    var filteredIDs: IDSet?
    /// Whether the first pages of a text search may be ranked from the best scores as open
    /// (``boundedPageRows(on:matchCount:helper:matchIDs:record:)``); tests turn it off to compare with the page statement alone.
    var usesRankBound = true
    /// Whether a one- or two-letter search may read its counts and facets from the per-prefix
    /// counts (``prefixCounts(on:)``); tests turn it off to compare with walking the matches.
    var usesPrefixCounts = true
    /// Every reminder's list, completion and tags as of this search's transaction, when a
    /// long-lived searcher keeps them (``ReminderFactsCache``): the counts and facets are then
    /// counted from them (``factsTally(on:)``) instead of by looking each match up.
    var facts: ReminderFacts?

    var query: SearchQuery { request.query }
    var isRanked: Bool { plan.match != nil }
    var sortKeys: [SortKey] {
        SortKey.keys(
            for: request.sort, ranking: request.ranking, ranked: isRanked, exactWords: exactWords, leadingWords: leadingWords,
            titleTerms: plan.titleOrderTerms) + [SortKey.id]
    }
    /// The words ``TroveRanking/exactWord`` rewards when they stand whole in a title.
    var exactWords: [String] { TroveRanking.exactWords(of: query) }
    /// The words the exactness tiers compare with a title's first words.
    var leadingWords: [String] { TroveRanking.leadingWords(of: query) }

    /// `FROM …` the index (when matching) joined to reminders and their list.
    ///
    /// ```swift
    /// executor.from
    /// // FROM "reminders_fts" CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
    /// //   JOIN "lists" ON "lists"."id" = "reminders"."list_id"
    /// ```
    ///
    /// NB: `CROSS JOIN` makes the MATCH the outer loop (SQLite never reorders the two sides
    /// of a CROSS JOIN). With a filter SQLite can answer from an index of reminders
    /// (`is:open`, `list:`, `p:`), a plain JOIN let the planner walk that index first and
    /// run the MATCH once per reminder with `rowid = ?`, which rebuilds a prefix's doclist
    /// each time: `is:open list:Home tag:call call` took 200 s at 1M reminders, 0.15 s this
    /// way. The MATCH's own rows bound the work instead, as in the same search unfiltered.
    /// (A few filtered reminders are read first instead: ``filteredIDs``.)
    var from: SQLFragment { from(joiningLists: true) }

    /// ``from``, with or without the lists: a statement that reads no list column (the counts,
    /// and the small match set's ids they may come from) leaves them out, so that a count of
    /// `is:open due:today` reads `reminders_by_due` alone instead of looking every row up for
    /// its `list_id` (0.74 → 0.07 s for the whole search at 1,000,000 reminders; BENCHMARKS-HISTORY.md).
    /// Every reminder has a list (`list_id` is a NOT NULL foreign key; `trove check` reports one
    /// that points nowhere), so the rows are the same.
    func from(joiningLists: Bool) -> SQLFragment {
        let r = SearchTables.reminders, l = SearchTables.lists
        let lists: SQLFragment = joiningLists ? " JOIN \(identifier: ListTable.tableName) ON \(l.id) = \(r.listID)" : ""
        guard isRanked else { return "FROM \(identifier: ReminderTable.tableName)" + lists }
        return "FROM \(identifier: ReminderSearchTable.tableName) CROSS JOIN \(identifier: ReminderTable.tableName)"
            + " ON \(r.id) = \(SearchTables.index.rowid)" + lists
    }

    /// The match and the filters, without the completion scope.
    ///
    /// NB: with ``filteredIDs`` the filters are those ids (read from every filter, in the same
    /// transaction), so they are not tested again: a `tag:` filter's probe of each row's tags
    /// and the look-ups the others need cost ~1 µs a matching row.
    var matchConditions: [SQLFragment] {
        var conditions: [SQLFragment] = []
        let text = WhereClause {
            plan.match
            plan.conditions
        }
        if !text.isEmpty { conditions.append(text.queryFragment) }
        if let filteredIDs { return conditions + [filteredIDs.contains(SearchTables.index.rowid)] }
        return conditions + filterConditions(rowsComeFromText: isRanked)
    }

    /// The filters alone; a `tag:` filter probes each row's tags when the rows come from the text.
    func filterConditions(rowsComeFromText: Bool) -> [SQLFragment] {
        let filters = FilterSQL(today: request.today, timeZone: request.timeZone, rowsComeFromText: rowsComeFromText)
        return query.filters.map(filters.condition)
    }

    /// Whether completed reminders are left out; see ``SearchRequest/includeCompleted``.
    var isOpenOnly: Bool {
        let decidesCompletion = query.filters.contains { clause in
            clause.anyOf.contains { $0 == .status(.open) || $0 == .status(.completed) || $0 == .due(.overdue) }
        }
        if decidesCompletion { return false }
        return !(request.includeCompleted ?? plan.hasText)
    }

    var scopedConditions: [SQLFragment] {
        matchConditions + (isOpenOnly ? [Self.openOnly] : [])
    }

    /// The completion scope's condition.
    static let openOnly: SQLFragment = "(\(SearchTables.reminders.isCompleted) = 0)"

    static func whereClause(_ conditions: [SQLFragment]) -> SQLFragment {
        conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    }

    /// The page, counts and facets. Runs in a read transaction so every part sees one snapshot;
    /// with a `helper`, the counts and facets are read on it meanwhile, in the same snapshot
    /// (``tallySource(on:shared:)``).
    func run(on db: SQLConnection, helper: SQLiteReadHelper? = nil) throws -> ResultSet {
        try db.transaction(.deferred) {
            try SQLiteReadHelper.sharing(helper, snapshotOf: db) { shared in
                try narrowedToFilteredReminders(on: db).runAsChosen(on: db, shared: shared)
            }
        }
    }

    /// ``run(on:helper:)`` without looking for ``filteredIDs`` (kept as they are).
    func runAsChosen(on db: SQLConnection, shared: SQLiteSharedRead? = nil) throws -> ResultSet {
        let source = try tallySource(on: db, shared: shared)
        var tally: Tally?
        var matchCount: Int?
        switch source {
        case .here(let set): tally = try self.tally(on: db, among: set)
        case .counted(let counted): tally = counted
        case .helper: break
        case .pageWalk(let count): matchCount = count
        }
        // NB: counted here (or to be counted from the page's walk), the helper is free to rank
        // half the page's candidates.
        var matchIDs: [UInt8]?
        let (pageHits, next, _) = try pageAndLastCursor(
            on: db, matchCount: try matchCount ?? tally?.counts.total ?? matchCountForPage(on: db),
            helper: tally == nil && matchCount == nil ? nil : shared,
            matchIDs: matchCount == nil ? nil : { matchIDs = $0 })
        let hits = try Self.withRepeatRules(pageHits, on: db)
        if case .helper(let read) = source { tally = try read.value() }
        if matchCount != nil { tally = try tallyAfterPage(on: db, matchIDs: matchIDs) }
        guard let tally else { preconditionFailure("tallied here or on the helper") }
        return ResultSet(
            query: resultQuery, engine: engineName, hits: hits, total: tally.counts.total, completedCount: tally.counts.completed,
            includesCompleted: !isOpenOnly, listFacets: tally.facets.lists, tagFacets: tally.facets.tags, next: next)
    }

    /// The query with the problems planning found.
    var resultQuery: SearchQuery {
        var resultQuery = query
        resultQuery.problems += plan.problems
        return resultQuery
    }

    // MARK: Counts and facets

    /// The statement that counts the matches and the completed ones among them.
    ///
    /// ```swift
    /// executor.countSQL
    /// // SELECT count(*) AS "total", ifnull(sum("reminders"."is_completed"), 0) AS "completed" FROM … WHERE …
    /// ```
    var countSQL: SQLFragment {
        let completed = TypedExpression<Int>("ifnull(sum(\(SearchTables.reminders.isCompleted)), 0)")
        return "SELECT \(countAll().named(CountColumn.total)), \(completed.named(CountColumn.completed)) \(from(joiningLists: false))"
            + Self.whereClause(matchConditions)
    }

    /// The names of ``countSQL``'s columns.
    enum CountColumn {
        static let total = ResultColumn<Int>("total"), completed = ResultColumn<Int>("completed")
    }

    /// The matches (within the completion scope) and the completed ones among all matches.
    func counts(on db: SQLConnection) throws -> (total: Int, completed: Int) {
        guard let row = try db.fetchOne(countSQL) else { return (0, 0) }
        let all = try row[CountColumn.total], completed = try row[CountColumn.completed]
        return (isOpenOnly ? all - completed : all, completed)
    }

    /// The most matches ``smallMatches(on:)`` reads as ids.
    static let smallMatchLimit = 1_000

    /// A search's matches read once, before the completion scope.
    struct MatchSet {
        var ids: IDList
        var completed: Int
    }

    /// The most matches this search reads as ids: ``smallMatchLimit``, or all of them when the
    /// MATCH's rows are tested against ``filteredIDs`` (there are no more matches than ids).
    ///
    /// NB: with filtered ids every statement walks the whole MATCH (a common word's 600,000
    /// rows) to keep a few thousand; read once as ids, the counts and facets look those up by
    /// id and only the page walks the MATCH again. `-is:flagged list:Finance tag:urgent the` at
    /// 1,000,000 reminders keeps 1,458 of `the`'s 610,473 rows (BENCHMARKS-HISTORY.md).
    var matchSetLimit: Int {
        max(Self.smallMatchLimit, filteredIDs?.count ?? 0)
    }

    /// The statement that reads a small match set: one row more than ``matchSetLimit``.
    ///
    /// ```swift
    /// executor.matchesSQL
    /// // SELECT "reminders"."id" AS "id", "reminders"."is_completed" AS "is_completed" FROM "reminders_fts" CROSS JOIN … WHERE … LIMIT 1001
    /// narrowed.matchesSQL  // narrowed to filtered ids read with their completion
    /// // SELECT "reminders_fts"."rowid" AS "id", trove_has(?, "reminders_fts"."rowid") AS "is_completed" FROM "reminders_fts"
    /// //   WHERE ("reminders_fts" MATCH ?) AND trove_has(?, "reminders_fts"."rowid") LIMIT 39643
    /// ```
    var matchesSQL: SQLFragment {
        let r = SearchTables.reminders, index = SearchTables.index
        if plan.conditions.isEmpty, let match = plan.match, let filteredIDs, let isCompleted = filteredIDs.isCompleted(index.rowid) {
            // NB: narrowed to ids whose completion was read with them, the matches among them are
            // read from the index alone: `is:open list:Work milk` at 1,000,000 reminders looked
            // 39,642 of them up for it.
            let conditions = [WhereClause { match }.queryFragment, filteredIDs.contains(index.rowid)]
            return "SELECT \(index.rowid.named(HitColumn.id)), \(isCompleted.named(HitColumn.isCompleted))"
                + " FROM \(identifier: ReminderSearchTable.tableName)" + Self.whereClause(conditions)
                + " LIMIT \(matchSetLimit + 1)"
        }
        return "SELECT \(r.id.named(HitColumn.id)), \(r.isCompleted.named(HitColumn.isCompleted)) \(from(joiningLists: false))"
            + Self.whereClause(matchConditions) + " LIMIT \(matchSetLimit + 1)"
    }

    /// The statement ``smallMatches(on:)`` runs: ``matchesSQL``'s ids as one JSON value,
    /// with their count and the completed ones (see ``IDList``).
    var matchSetSQL: SQLFragment { IDList.statement(matchesSQL, summing: true) }

    /// The matches' ids, when the text matches and there are at most ``matchSetLimit``
    /// (filters included); nil otherwise.
    ///
    /// NB: counting the matches and grouping them into list and tag facets each evaluate the
    /// MATCH again. For a phrase at 1M reminders that is ~4.5 ms a time (a walk of both words'
    /// doclists for 31 rows), three times over. Read once as ids, the counts come with them and
    /// the facets look the rows up by id. A large set is counted by ``countSQL`` as before,
    /// after a walk of at most ``matchSetLimit`` + 1 of its rows.
    func smallMatches(on db: SQLConnection) throws -> MatchSet? {
        guard isRanked, let read = try IDList.read(matchesSQL, limit: matchSetLimit, summing: true, on: db) else { return nil }
        return MatchSet(ids: read.ids, completed: read.sum)
    }

    /// ``counts(on:)`` of a set ``smallMatches(on:)`` read.
    func counts(of set: MatchSet) -> (total: Int, completed: Int) {
        (isOpenOnly ? set.ids.count - set.completed : set.ids.count, set.completed)
    }

    /// The counts, from `set` when there is one.
    func counts(on db: SQLConnection, among set: MatchSet?) throws -> (total: Int, completed: Int) {
        try set.map(counts(of:)) ?? counts(on: db)
    }

    /// The counts and, when they come with them, the facets: ``countsAndLists(on:among:)``.
    struct Counts {
        var total: Int
        var completed: Int
        /// The facets, when the counts were summed from the list facets; nil when not read yet.
        var facets: (lists: [Facet], tags: [Facet])?
    }

    /// The counts, summed from the list facets when the request wants facets anyway, so that
    /// a large set is walked once for both instead of once for each.
    ///
    /// ```swift
    /// try executor.countsAndLists(on: db, among: nil)
    /// // the facets' statement (``facetsSQL(_:)``) over every match in scope
    /// ```
    ///
    /// NB: every reminder is in exactly one list, so the groups' sums are the counts. Only when
    /// completed reminders are in scope: the counts count them, and an open-only search's list
    /// facets leave them out, so that one still counts with ``countSQL``.
    func countsAndLists(on db: SQLConnection, among set: MatchSet?) throws -> Counts {
        if set == nil, let counts = try prefixCounts(on: db) { return counts }
        guard set == nil, countsFromLists else {
            let (total, completed) = try counts(on: db, among: set)
            return Counts(total: total, completed: completed, facets: nil)
        }
        let read = try readFacets(on: db, facetsAndCountsSQL)
        return Counts(
            total: read.lists.reduce(0) { $0 + $1.count }, completed: read.completed, facets: (read.lists, read.tags))
    }

    /// The facets' statement over every match in scope, which the counts are summed from; see
    /// ``countsAndLists(on:among:)``.
    var facetsAndCountsSQL: SQLFragment {
        facetsSQL((from: from(joiningLists: false), conditions: scopedConditions))
    }

    /// The statement that counts the matches for an explanation: the one ``countsAndLists(on:among:)``
    /// runs for a set too large to read as ids.
    var largeSetCountSQL: SQLFragment {
        countsFromLists ? facetsAndCountsSQL : countSQL
    }

    /// Whether a large set's counts are summed from the list facets: facets are wanted, and
    /// completed reminders are in their scope as in the counts'.
    private var countsFromLists: Bool { request.facets && !isOpenOnly }

    /// The lists and the tags of the matches, with how many each holds: ``facetsSQL(_:)``
    /// over the matches in scope.
    ///
    /// - Parameters:
    ///   - set: The matches as ids (``smallMatches(on:)``): then the statement reads
    ///     `FROM "reminders" WHERE ("reminders"."id" IN (SELECT "value" FROM json_each(?)))`
    ///     instead of matching the text again.
    ///   - known: The facets ``countsAndLists(on:among:)`` read, if it did: not read again.
    ///
    /// Empty, with nothing run, when the request asks for no facets (``SearchRequest/facets``).
    func facets(
        on db: SQLConnection, among set: MatchSet? = nil, known: (lists: [Facet], tags: [Facet])? = nil
    ) throws -> (lists: [Facet], tags: [Facet]) {
        guard request.facets else { return ([], []) }
        if let known { return known }
        let read = try readFacets(on: db, facetsSQL(facetsSource(among: set)))
        return (read.lists, read.tags)
    }

    /// The rows ``facets(on:among:known:)`` tallies: the matches in scope, or, given their ids,
    /// those reminders read by id.
    ///
    /// ```swift
    /// executor.facetsSource(among: set)   // an open-only search's
    /// // FROM "reminders" WHERE ("reminders"."id" IN (SELECT "value" FROM json_each(?))) AND (+"reminders"."is_completed" = 0)
    /// ```
    ///
    /// NB: the unary `+` keeps SQLite from answering `is_completed = 0` from an index: it then
    /// walked every open reminder's entry in `reminders_by_due` and tested each against the
    /// ids (~50 ms at 1,000,000 reminders, for three ids), instead of reading the ids' rows.
    func facetsSource(among set: MatchSet?) -> (from: SQLFragment, conditions: [SQLFragment]) {
        guard let set else { return (from: from(joiningLists: false), conditions: scopedConditions) }
        let r = SearchTables.reminders
        return (
            from: "FROM \(identifier: ReminderTable.tableName)",
            conditions: ["(\(r.id) IN (SELECT \"value\" FROM json_each(\(set.ids.json))))"]
                + (isOpenOnly ? ["(+\(r.isCompleted) = 0)"] : [])
        )
    }

    /// The names of the facets statement's columns.
    private enum FacetColumn {
        static let kind = ResultColumn<Int>("kind"), name = ResultColumn<String>("name"), count = ResultColumn<Int>("count")
        static let completed = ResultColumn<Int>("completed")
    }

    /// The list and tag facets of `source`'s rows, and the completed rows among them, from one
    /// pass over the rows: a list row per list (kind 0, with its completed rows), then a tag
    /// row per tag (kind 1), each kind largest first, then by name.
    ///
    /// ```swift
    /// executor.facetsSQL((from: executor.from, conditions: executor.scopedConditions))
    /// // WITH "tally" AS MATERIALIZED (SELECT trove_tally("reminders"."list_id", "reminders"."is_completed") AS "lists",
    /// //     trove_tally_names("reminders"."tags") AS "tags" FROM … WHERE …)
    /// // SELECT 0 AS "kind", "lists"."name" AS "name", json_extract("entry"."value", '$[1]') AS "count",
    /// //     json_extract("entry"."value", '$[2]') AS "completed", "lists"."id" AS "group"
    /// //   FROM "tally", json_each("tally"."lists") AS "entry" JOIN "lists" ON "lists"."id" = json_extract("entry"."value", '$[0]')
    /// // UNION ALL SELECT 1, "tags"."name", json_extract("entry"."value", '$[1]'), 0, "tags"."id"
    /// //   FROM "tally", json_each("tally"."tags") AS "entry" JOIN "tags" ON "tags"."name" = json_extract("entry"."value", '$[0]')
    /// // ORDER BY 1, 3 DESC, 2 COLLATE NOCASE, 5
    /// ```
    ///
    /// NB: why one pass. `trove_tally` and `trove_tally_names` (C, `Sources/CTroveRanking/trove_tally.c`)
    /// count into hash tables: a `GROUP BY` sorted every match by its group first, and a
    /// statement per facet matched the text, looked each match up and tested its filters once
    /// per facet (`s` at 1,000,000 reminders: lists 0.29 s and tags 0.16 s as two `GROUP BY`s,
    /// 0.13 and 0.10 s as two tallies, 0.14 s as this one). The tags are counted from the
    /// reminder's `tags` text, which the schema's triggers keep equal to its links (names hold
    /// no comma; `trove check` compares the two), and named from `tags` by that name. The
    /// matches are not joined to `lists` (every reminder has one: see ``from(joiningLists:)``):
    /// the tally's list ids are, once, for the names; joined per match, `a` at 1,000,000
    /// reminders took 181 ms instead of 154 in the `sqlite3` shell.
    func facetsSQL(_ source: (from: SQLFragment, conditions: [SQLFragment])) -> SQLFragment {
        let r = SearchTables.reminders, lists = SearchTables.lists, tags = TableScope<TagTable>()
        let tally = SQLFragment(identifier: "tally"), entry = SQLFragment(identifier: "entry")
        func part(_ index: Int) -> SQLFragment { "json_extract(\(entry).\"value\", '$[\(raw: String(index))]')" }
        let counts: SQLFragment = "SELECT trove_tally(\(r.listID), \(r.isCompleted)) AS \"lists\", trove_tally_names(\(r.tags)) AS \"tags\" "
            + source.from + Self.whereClause(source.conditions)
        let listRows: SQLFragment = "SELECT 0 AS \(identifier: FacetColumn.kind.name), \(lists.name.named(FacetColumn.name)), "
            + "\(TypedExpression<Int>(part(1)).named(FacetColumn.count)), \(TypedExpression<Int>(part(2)).named(FacetColumn.completed)), "
            + "\(lists.id) AS \"group\" FROM \(tally), json_each(\(tally).\"lists\") AS \(entry)"
            + " JOIN \(identifier: ListTable.tableName) ON \(lists.id) = \(part(0))"
        let tagRows: SQLFragment = "SELECT 1, \(tags.name), \(part(1)), 0, \(tags.id) FROM \(tally), json_each(\(tally).\"tags\") AS \(entry)"
            + " JOIN \(identifier: TagTable.tableName) ON \(tags.name) = \(part(0))"
        return "WITH \(tally) AS MATERIALIZED (\(counts)) \(listRows) UNION ALL \(tagRows) ORDER BY 1, 3 DESC, 2 COLLATE NOCASE, 5"
    }

    /// The facets statement's rows as facets, with the completed rows of the lists.
    func readFacets(on db: SQLConnection, _ sql: SQLFragment) throws -> (lists: [Facet], tags: [Facet], completed: Int) {
        var read: (lists: [Facet], tags: [Facet], completed: Int) = ([], [], 0)
        for row in try db.fetchAll(sql) {
            let facet = Facet(name: try row[FacetColumn.name], count: try row[FacetColumn.count])
            if try row[FacetColumn.kind] == 0 {
                read.lists.append(facet)
                read.completed += try row[FacetColumn.completed]
            } else {
                read.tags.append(facet)
            }
        }
        return read
    }

    // MARK: The page

    /// The statement that reads the page: one row more than the limit, to tell whether a next
    /// page exists. For a cursor page, the anchor's keys come from `db` when given (see
    /// ``anchorValues(of:on:)``), else from the cursor itself.
    ///
    /// - Throws: ``SearchError/invalidCursor`` for a cursor of another sort or shape.
    func pageStatement(on db: SQLConnection?) throws -> SQLFragment {
        var conditions = scopedConditions
        var offset = 0
        switch request.page {
        case .first: break
        case .offset(let count): offset = max(0, count)
        case .after(let cursor):
            guard cursor.sort == request.sort, cursor.ranking == request.ranking.name,
                cursor.keys.count == sortKeys.count - 1
            else {
                throw SearchError.invalidCursor
            }
            let current = try db.flatMap { try anchorValues(of: cursor, on: $0) }
            conditions.append(SortKey.after(sortKeys, values: current ?? (cursor.keys + [.integer(cursor.id)])))
        }
        return pageStatement(conditions: conditions, offset: offset)
    }

    /// The page statement over `conditions`: the selection, the sort, one row past the limit.
    func pageStatement(conditions: [SQLFragment], offset: Int = 0) -> SQLFragment {
        "SELECT \(selection) \(from)" + Self.whereClause(conditions)
            + " ORDER BY \(order.joined(separator: ", ")) LIMIT \(request.limit + 1) OFFSET \(offset)"
    }

    /// The sort keys as `ORDER BY` terms.
    var order: [SQLFragment] {
        sortKeys.map { "\($0.expression)\(raw: $0.isDescending ? " DESC" : "")" as SQLFragment }
    }

    /// The page, the next page, and where the page's last hit is (whether or not more follow).
    ///
    /// - Parameters:
    ///   - matchCount: How many matches the page is taken from, when counted already:
    ///     from ``rankBoundMinimumMatches`` on, ``boundedPageRows(on:matchCount:helper:matchIDs:record:)`` ranks it. Below,
    ///     the page statement alone costs less than matching the text a second time.
    ///   - helper: A second reader with nothing else to do, for ``boundedPageRows(on:matchCount:helper:matchIDs:record:)``.
    ///   - matchIDs: Given the matches' ids when the walk for the best scores ran (see
    ///     ``boundedPageRows(on:matchCount:helper:matchIDs:record:)``); not called when it did not.
    ///   - record: Told each statement whose rows are the page, with its purpose.
    func pageAndLastCursor(
        on db: SQLConnection, matchCount: Int? = nil, helper: SQLiteSharedRead? = nil,
        matchIDs: ((_ ids: [UInt8]) -> Void)? = nil, record: ((String, SQLFragment) -> Void)? = nil
    ) throws -> ([SearchHit], SearchPage?, SearchCursor?) {
        if (matchCount ?? 0) >= Self.rankBoundMinimumMatches,
            let rows = try boundedPageRows(on: db, matchCount: matchCount, helper: helper, matchIDs: matchIDs, record: record)
        {
            return try pageAndLastCursor(rows: rows)
        }
        let sql = try pageStatement(on: db)
        record?("hits", sql)
        return try pageAndLastCursor(rows: try db.fetchAll(sql))
    }

    /// The page, the next page and the last hit's cursor, from a page statement's rows.
    func pageAndLastCursor(rows: [SQLiteRow]) throws -> ([SearchHit], SearchPage?, SearchCursor?) {
        let hits = try rows.prefix(request.limit).map(hit)
        guard let last = rows.prefix(request.limit).last else { return (hits, nil, nil) }
        let keyValues = try cursorKeys(of: last)
        let cursor = SearchCursor(
            sort: request.sort, ranking: request.ranking.name, id: try last[HitColumn.id], keys: keyValues)
        return (hits, rows.count > request.limit ? .after(cursor) : nil, cursor)
    }

    /// A hit row's sort key values, without the id; the rank key's is the rank column's.
    func cursorKeys(of row: SQLiteRow) throws -> [SQLBinding] {
        try sortKeys.dropLast().enumerated().map { offset, key in
            try row.value(named: key.isRank ? HitColumn.rank.name : HitColumn.key(offset))
        }
    }

    /// The cursor row's sort keys as they are now, when it still matches.
    ///
    /// NB: both rankings depend on every row in the index (idf, average field lengths), so
    /// inserting any row shifts all ranks a little; comparing with the anchor's current rank
    /// keeps pages from skipping or repeating.
    private func anchorValues(of cursor: SearchCursor, on db: SQLConnection) throws -> [SQLBinding]? {
        let keys = sortKeys.map(\.expression).joined(separator: ", ")
        let sql: SQLFragment = "SELECT \(keys) \(from)"
            + Self.whereClause(scopedConditions + ["\(SearchTables.reminders.id) = \(cursor.id)"])
        return try db.fetchOne(sql)?.values
    }

    /// Fills in the repeat rule of the hits that repeat: one look-up by primary key for the
    /// page, so the search's own statements (and their snapshots) stay as they are.
    ///
    /// ```swift
    /// // SELECT "reminders"."id", "reminders"."repeat_rule" FROM "reminders"
    /// //   WHERE ("reminders"."id" IN (?, ?, …)) AND ("reminders"."repeat_rule" IS NOT NULL)
    /// ```
    static func withRepeatRules(_ hits: [SearchHit], on db: SQLConnection) throws -> [SearchHit] {
        guard !hits.isEmpty else { return hits }
        let query = ReminderTable.where { r in
            r.id.in(hits.map(\.id))
            r.repeatRule.isNotNull
        }.select { ($0.id, $0.repeatRule) }
        let rows = try db.fetchAll(query.sql)
        guard !rows.isEmpty else { return hits }
        var rules: [Int64: RepeatRule] = [:]
        for row in rows {
            let (id, text) = try query.decode(row.values)
            if let text, let rule = try? RepeatRule(rrule: text) { rules[id] = rule }
        }
        return hits.map { hit in
            var hit = hit
            hit.repeatRule = rules[hit.id]
            return hit
        }
    }
}
