public import TroveQuery
public import TroveSQLite

extension SearchIndex {
    /// The most hits one page holds: a ``SearchRequest``'s, so that `trove search --limit
    /// 10000` reads one page either way.
    public static let maxLimit = SearchRequest.maxLimit

    /// Searches the index: the final ranked page, the exact total and the facets.
    ///
    /// ```swift
    /// let results = try notes.search("sourdough folder:Baking", on: db)
    /// // SELECT "notes"."id" AS "key", coalesce("notes"."title", '') AS "value_0",
    /// //   coalesce(highlight("trove_notes_fts", 0, '[', ']'), '') AS "highlighted_0", …,
    /// //   trove_rank_fields("trove_notes_fts", 1.2, 0.5, 0.5, 1.0, 0.25, -1, '', '', 10.0, 0.75, 1.0, 0.75) AS "score"
    /// // FROM "trove_notes_fts" CROSS JOIN "notes" ON ("notes"."id" = "trove_notes_fts"."rowid")
    /// // WHERE ("trove_notes_fts" MATCH '"sourdough"') AND ("notes"."folder" COLLATE "NOCASE" = 'Baking')
    /// // ORDER BY "score" ASC, "notes"."id" ASC LIMIT 20 OFFSET 0
    /// results.hits.first?.highlighted["title"]   // "[Sourdough] loaf"
    /// ```
    ///
    /// The text is the reminders' query language (see ``parse(_:exact:today:timeZone:)``): words AND, the last
    /// one a prefix while typing, `"phrases"`, `-exclusions`, `a OR b`, and `key:value` for
    /// the declared ``filters``. Hits are ranked by ``TroveRanking`` over the fields with their
    /// weights; a query without words lists rows in key order (or the declared column order).
    ///
    /// As for the reminders, a word also matches the joined or split forms the index holds
    /// (`oncall` finds "on call", `wi fi` finds "wifi"), and when the exact matches do not fill
    /// the page, the rows that match only with a typo follow them, ranked among themselves
    /// (``IndexHit/isTypo``, ``IndexResultSet/typoCount``): one typo in a word of 5 to 8 letters,
    /// two from 9, never in the first letter, candidates taken from the index's own words:
    ///
    /// ```swift
    /// let results = try notes.search("sourdouhg", on: db)
    /// // exact: … WHERE ("trove_notes_fts" MATCH '"sourdouhg"*') …                       (no rows)
    /// // typos: … WHERE ("trove_notes_fts" MATCH '"sourdouhg"* OR "sourdough"*')
    /// //          AND ("notes"."id" NOT IN (SELECT rowid FROM "trove_notes_fts" WHERE … MATCH '"sourdouhg"*')) …
    /// results.hits[0].isTypo   // true
    /// ```
    ///
    /// The other English forms of a word that the index holds (`breads` finds "bread",
    /// `running` "run"; ``wordForms``, `WordForms.inflections(for:)`) are in that tier too,
    /// whether typos are on or not, marked ``IndexHit/isWordForm`` and counted in
    /// ``IndexResultSet/wordFormCount``:
    ///
    /// ```swift
    /// try notes.search("breads ", on: db)
    /// // forms: … WHERE ("trove_notes_fts" MATCH '"breads" OR "bread"')
    /// //          AND ("notes"."id" NOT IN (SELECT rowid FROM "trove_notes_fts" WHERE … MATCH '"breads"')) …
    /// ```
    /// `in:body` searches only that field (`-in:title` all but that one), as a column filter:
    /// `MATCH '{body} : ("bread"*)'`.
    ///
    /// As for the reminders, `!like` matches every word as a substring of any searched field
    /// (ASCII case ignored; no score: by the tiebreakers, then by key; no word forms or typos),
    /// and `!raw` hands the rest of the text to FTS5 as its expression (ranked):
    ///
    /// ```swift
    /// notes.search("!like 50%", on: db)
    /// // SELECT … FROM "notes" WHERE ("notes"."title" LIKE '%50\%%' ESCAPE '\' OR "notes"."body" LIKE '%50\%%' ESCAPE '\')
    /// //   ORDER BY "notes"."id" ASC …
    /// notes.search(#"!raw NEAR("sourdough" "starter", 3)"#, on: db)
    /// // … WHERE ("trove_notes_fts" MATCH 'NEAR("sourdough" "starter", 3)') …
    /// ```
    ///
    /// - Parameters:
    ///   - text: What was typed.
    ///   - db: A connection to the database the index was migrated in.
    ///   - limit: Hits per page, 1 to ``maxLimit``.
    ///   - offset: Hits to skip: 0, or the previous page's ``IndexResultSet/nextOffset``.
    ///   - after: The previous page's ``IndexResultSet/next``: the page after its last hit,
    ///     by the keys of the order (score or sort column, then key) rather than a count, so
    ///     rows inserted or deleted meanwhile neither skip nor repeat hits. `offset` is then
    ///     not used.
    ///   - highlight: What to put around matches in ``IndexHit/highlighted`` and the snippet.
    ///   - exact: True to make only starred words prefixes.
    ///   - typos: Whether typo matches follow the exact ones when those do not fill the page;
    ///     `.off` for exact matches only.
    /// - Returns: The page; the query's ``SearchQuery/problems`` say what was left out of it.
    /// - Throws: ``SearchIndexError/notMigrated(index:)`` when ``migrate(_:)`` has not made
    ///   this declaration's index in `db`; ``SearchIndexError/cursorNotForThisSearch(index:)``
    ///   for another index's or another sort's cursor; ``SearchError/unknownEngine(_:known:)``
    ///   for a `!name` other than `!fts`, `!like` and `!raw`;
    ///   ``SearchError/invalidRawQuery(message:near:)`` for `!raw` text FTS5 rejects;
    ///   `SQLiteError`; `CancellationError` when interrupted.
    public func search(
        _ text: String, on db: SQLConnection, limit: Int = 20, offset: Int = 0, after: SearchCursor? = nil,
        highlight: HighlightStyle = .brackets, exact: Bool = false, typos: TypoTolerance = .on
    ) throws -> IndexResultSet {
        try search(
            parse(text, exact: exact), on: db, limit: limit, offset: offset, after: after, highlight: highlight,
            typos: typos)
    }

    /// Searches the index for a parsed query; see ``search(_:on:limit:offset:after:highlight:exact:typos:)``.
    ///
    /// Parse the query with ``parse(_:exact:today:timeZone:)``, so that its `key:value` words are this index's.
    public func search(
        _ query: SearchQuery, on db: SQLConnection, limit: Int = 20, offset: Int = 0, after: SearchCursor? = nil,
        highlight: HighlightStyle = .brackets, typos: TypoTolerance = .on
    ) throws -> IndexResultSet {
        try search(query, on: db, helper: nil, limit: limit, offset: offset, after: after, highlight: highlight, typos: typos)
    }

    /// ``search(_:on:limit:offset:after:highlight:typos:)`` with a second reader (`helper`,
    /// from `SQLiteDatabase.readWithHelper`): a text with more than ``rankedInIndexMinimum``
    /// matches has its total and facets read there, in the same snapshot, while `db` ranks the
    /// page. The same answer as without one.
    ///
    /// `vocabulary`, a cache of this index's words that a typing stream keeps, gives the typo
    /// tier's candidates and did-you-mean's words from memory when its trie mirrors the index
    /// this search reads; otherwise (and always for word forms) they are read from SQL. The
    /// answer is the same either way.
    ///
    /// `early`, when given, gets the exact matches as a provisional answer (no facets) before
    /// the typo tier runs, as the reminders' typing stream shows them; only when that tier
    /// has candidates to try.
    func search(
        _ query: SearchQuery, on db: SQLConnection, helper: SQLiteReadHelper?, limit: Int, offset: Int,
        after: SearchCursor?, highlight: HighlightStyle, typos: TypoTolerance, vocabulary cache: VocabularyCache? = nil,
        early: (@Sendable (IndexResultSet) -> Void)? = nil
    ) throws -> IndexResultSet {
        let cache = cache?.tables == VocabularyTables(index: self) ? cache : nil
        let limit = min(max(limit, 1), SearchIndex.maxLimit)
        let offset = max(offset, 0)
        let matching = try IndexMatching(query)
        let body = { (shared: SQLiteSharedRead?) throws -> IndexResultSet in
            guard try isCurrent(db) else { throw SearchIndexError.notMigrated(index: name) }
            try checkSortColumn(db)
            let vocabulary = SQLVocabulary(db: db, ranges: VocabularyRanges(tables: VocabularyTables(index: self)))
            // NB: the joined and split forms from the cache's trie when it mirrors the index, as
            // the reminders' engine reads them: a word no row holds costs no range reads.
            let formWords: any Vocabulary = matching == .fts ? try cache?.trie(mirroring: db, build: false) ?? vocabulary : vocabulary
            let forms = matching == .fts
                ? try WordForms(vocabulary: formWords, db: db, fts: ftsTable).expansion(for: query) : QueryExpansion.none
            var exact = IndexStatements(index: self, query: query, style: highlight, expansion: forms)
            // NB: a cursor among the typo matches skips the exact tier: its rows came before.
            // With typos off there is no typo tier for it to lead into.
            let typoCursor = after?.isTypo == true ? after : nil
            if typoCursor != nil, typos == .off, wordForms == .off { throw SearchIndexError.cursorNotForThisSearch(index: name) }
            // NB: with facets, the first one's statement also counts the matches: one pass
            // over them instead of two. With a helper and many matches, that and the other
            // facets are read there while the page is ranked here; the text's matches,
            // counted up to one past the threshold in the index alone, choose the page's way.
            // NB: with a current copy of the facet values (``IndexFacts``, kept by the cache), a
            // search of words FTS5 finds alone and of filters the copy can test counts its
            // matches and their facets from the matches' keys, without looking a match up in
            // the app's tables; past 1,000 matches, the walk that reads the keys also finds the
            // first page's (``IndexStatements/keysAndBest(rows:among:demotedRows:rowids:)``).
            // NB: without a current copy in memory, the copy stored in the database when it holds
            // and the search is one it pays for (``storedFacts(for:on:)``).
            // NB: a few matches' facts (``IndexFacts/read(of:among:on:)``) count the exact tier
            // alone: the typo tier's rows are others.
            let read = exact.factsCount == nil
                ? nil : try cache?.facts(of: self, mirroring: db).map { ($0, false) } ?? storedFacts(for: exact, on: db)
            let facts = read?.isFew == false ? read?.facts : nil
            let firstPage = typoCursor == nil && after == nil ? (offset, limit) : nil
            let counted = try read.flatMap {
                try countInMemory(exact, facts: $0.facts, isFew: $0.isFew, page: firstPage, on: db, shared: shared)
            }
            let inMemory = counted?.tally
            if inMemory != nil, read?.isFew == false { cache?.countedFromFacts() }
            if counted == nil, typoCursor == nil, SearchIndex.narrowsToFilteredKeys { exact.narrowed = try narrowedKeys(exact, on: db) }
            let tally = typoCursor == nil && inMemory == nil ? try tallyInParallel(exact, on: shared, db: db) : nil
            var exactTotal: Int
            var firstFacet: [Facet]?
            var exactFacets: [String: [Facet]]?
            var exactDemoted: Int?
            if let inMemory {
                (exactTotal, exactFacets, exactDemoted) = (inMemory.total, inMemory.facets, inMemory.demoted)
            } else if tally == nil {
                let counted = try countAndFirstFacet(exact, on: db)
                (exactTotal, exactDemoted, firstFacet) = (counted.total, counted.demoted, counted.firstFacet)
            } else {
                exactTotal = 0
            }
            var answer = typoCursor == nil
                ? try page(
                    of: exact, total: tally == nil ? exactTotal : SearchIndex.rankedInIndexMinimum + 1, limit: limit,
                    offset: offset, after: after, keys: counted?.pageKeys, on: db)
                : Tier(statements: exact, hits: [], hasMore: false)
            if let tally {
                let counted: Counted
                (counted, exactFacets) = try tally.value()
                (exactTotal, exactDemoted, firstFacet) = (counted.total, counted.demoted, counted.firstFacet)
                if after == nil { answer.hasMore = offset + answer.hits.count < exactTotal }
            }
            var total = exactTotal
            var demotedTotal = exactDemoted
            var facetSource = exact
            var formCount = 0
            // NB: as for the reminders, typo matches and other forms of the words come below
            // every exact one, and only once the exact ones have run out on this page.
            let secondTier = !answer.hasMore && exact.isRanked && matching == .fts && (typos == .on || wordForms == .on)
            // NB: one look at the trie for both kinds; only typos ask for one to be built.
            let words: any Vocabulary = secondTier ? try cache?.trie(mirroring: db, build: typos == .on) ?? vocabulary : vocabulary
            let inflections = secondTier && wordForms == .on
                ? try WordForms(vocabulary: words, db: db, fts: ftsTable).inflections(for: query) : QueryExpansion.none
            let typoAlternatives = secondTier && typos == .on
                ? try TypoExpansion.expansion(for: query, vocabulary: words) : QueryExpansion.none
            if secondTier, case let alternatives = inflections.merging(typoAlternatives), !alternatives.isEmpty {
                early?(IndexResultSet(query: query, index: name, hits: answer.hits, total: exactTotal, isProvisional: true))
                let union = IndexStatements(
                    index: self, query: query, style: highlight, expansion: forms.merging(alternatives))
                // NB: with no exact match, the typo tier's rows are the union's, ranked alike: the
                // walk that reads the union's keys for the copy finds the tier's first page too.
                let unionPage = exactTotal == 0 && typoCursor == nil && after == nil ? (offset, limit) : nil
                // NB: with no copy in memory, the stored one or the union's few matches' facts, as
                // for the exact tier: `dentistqx` (no exact match, every "dentist" a typo match)
                // counted its thousands of matches and each facet in SQL, ~60 ms at 100,000 reminders.
                let unionRead = try facts.map { ($0, false) } ?? (typoCursor == nil ? storedFacts(for: union, on: db) : nil)
                let unionCounted = try unionRead.flatMap {
                    try countInMemory(union, facts: $0.0, isFew: $0.1, page: unionPage, on: db, shared: shared)
                }
                let unionInMemory = unionCounted?.tally
                if unionInMemory != nil, facts != nil { cache?.countedFromFacts() }
                let unionCount = try unionInMemory.map { Counted(total: $0.total, demoted: $0.demoted, firstFacet: nil) }
                    ?? countAndFirstFacet(union, on: db)
                let (unionTotal, unionFacet) = (unionCount.total, unionCount.firstFacet)
                // NB: with both kinds, the forms' own matches say which of the tier need no typo.
                let formsOnly = IndexStatements(index: self, query: query, style: highlight, expansion: forms.merging(inflections))
                if !inflections.isEmpty {
                    formCount = unionTotal - exactTotal
                    if !typoAlternatives.isEmpty { formCount = try countAndFirstFacet(formsOnly, on: db).total - exactTotal }
                }
                if unionTotal > exactTotal {
                    total = unionTotal
                    demotedTotal = unionCount.demoted
                    facetSource = union
                    firstFacet = unionFacet
                    exactFacets = unionInMemory?.facets
                    if answer.hits.count == limit {
                        // NB: the exact matches fill this page; the next one starts the typo tier.
                        answer.hasMore = true
                    } else {
                        let typoOnly = IndexStatements(
                            index: self, query: query, style: highlight, expansion: forms.merging(alternatives),
                            excluding: exact.expression)
                        let typoOffset = after == nil ? max(0, offset - exactTotal) : 0
                        let more = try page(
                            of: typoOnly, total: unionTotal - exactTotal, limit: limit - answer.hits.count,
                            offset: typoOffset, after: typoCursor, keys: unionPage == nil ? nil : unionCounted?.pageKeys, on: db)
                        let formKeys: Set<Int64>
                        if inflections.isEmpty {
                            formKeys = []
                        } else if typoAlternatives.isEmpty {
                            formKeys = Set(more.hits.map(\.key))
                        } else {
                            formKeys = try formsOnly.expression?.positive.map {
                                try WordForms.rows(more.hits.map(\.key), matching: $0, fts: ftsTable, on: db)
                            } ?? []
                        }
                        answer = Tier(
                            statements: typoOnly,
                            hits: answer.hits + more.hits.map { hit in
                                var other = hit
                                if formKeys.contains(hit.key) { other.isWordForm = true } else { other.isTypo = true }
                                return other
                            },
                            hasMore: more.hasMore)
                    }
                }
            }
            var facets = try exactFacets ?? otherFacets(of: facetSource, on: db)
            if demotedTotal == nil {
                // NB: the copy counted the matches but does not hold the demoted column (too many values).
                demotedTotal = try db.fetchOne(facetSource.count).map { try $0[IndexStatements.demotedTotal] } ?? 0
            }
            if let first = self.facets.first, let firstFacet { facets[first] = firstFacet }
            let hits = answer.hits
            let nextOffset = after == nil && answer.hasMore && !hits.isEmpty ? offset + hits.count : nil
            let next = try hits.last.flatMap { last -> SearchCursor? in
                guard answer.hasMore else { return nil }
                // NB: the last hit's own tier's statements know its current order value.
                let secondTier = last.isTypo || last.isWordForm
                let cursor = try self.cursor(after: last, secondTier ? answer.statements : exact, on: db)
                return secondTier ? cursor.amongTypos : cursor
            }
            // NB: as for the reminders (``EngineRun/needsSuggestions(_:isRaw:)``), when nothing
            // matched exactly or through another form of a word, typo matches or not, and not
            // for `!raw`: the same text gets the same suggestions in both.
            let didYouMean = exactTotal + formCount == 0 && (exact.isRanked || matching == .like) && matching != .raw
                ? try Suggester.didYouMean(
                    for: query, on: db, ranges: vocabulary.ranges, trie: try cache?.trie(mirroring: db, build: false))
                : DidYouMean.none
            var resultSet = IndexResultSet(
                query: query, index: name, hits: hits, total: total, typoCount: total - exactTotal - formCount, facets: facets,
                nextOffset: nextOffset, next: next, didYouMean: didYouMean)
            resultSet.wordFormCount = formCount
            resultSet.demotedCount = demotedTotal ?? 0
            resultSet.hidesDemoted = exact.hiddenDemoted != nil
            return resultSet
        }
        // NB: one read transaction, so the page, the total and the facets see the same rows.
        return try matching.explainingRawErrors {
            if db.isInTransaction { return try body(nil) }
            return try db.transaction(.deferred) { try SQLiteReadHelper.sharing(helper, snapshotOf: db, body) }
        }
    }

    /// Starts reading the total and the facets of `statements`' matches on `shared`, when there
    /// is a helper and the text matches more than ``rankedInIndexMinimum`` rows (counted up to
    /// one more in the index alone); nil otherwise, and for a search whose page is not ranked
    /// in the index alone.
    private func tallyInParallel(
        _ statements: IndexStatements, on shared: SQLiteSharedRead?, db: SQLConnection
    ) throws -> SQLiteParallelRead<(Counted, [String: [Facet]])>? {
        guard let shared, SearchIndex.ranksPagesInIndexAlone,
            let count = statements.matchCount(upTo: SearchIndex.rankedInIndexMinimum + 1),
            try db.fetchOne(count).map({ try $0[IndexStatements.total] }) ?? 0 > SearchIndex.rankedInIndexMinimum
        else { return nil }
        return try shared.start { db in
            (try self.countAndFirstFacet(statements, on: db), try self.otherFacets(of: statements, on: db))
        }
    }

    /// The total and every facet of `statements`' matches, counted from `facts`, the matches'
    /// keys and the filters tested in memory (``IndexStatements/factsCount``); nil when
    /// something else decides the matches or a filter is not one the copy can test.
    ///
    /// ```swift
    /// // SELECT trove_ids("trove_notes_fts"."rowid") FROM "trove_notes_fts" WHERE ("trove_notes_fts" MATCH '"b"*')
    /// ```
    ///
    /// Given a `page` by offset that may be ranked in the index alone, the walk that reads the
    /// keys also finds that page's keys, in order
    /// (``IndexStatements/keysAndBest(rows:among:demotedRows:rowids:)``); they are nil when it
    /// could not (more than ``IndexStatements/bestTiedLimit`` ties).
    ///
    /// `isFew`: `facts` are those of the matches alone (``storedFacts(for:on:)``), so every row
    /// they hold matches, and the page is the page statement's (among the keys the filters
    /// pass, when there are filters), as for any few matches.
    private func countInMemory(
        _ statements: IndexStatements, facts: IndexFacts, isFew: Bool = false, page: (offset: Int, limit: Int)?,
        on db: SQLConnection, shared: SQLiteSharedRead? = nil
    ) throws -> (tally: IndexFacts.Tally, pageKeys: PageKeys?)? {
        guard let plan = statements.factsCount else { return nil }
        var passing: [Int32]?
        if !plan.filters.isEmpty || plan.hidingDemoted {
            guard let tested = facts.passing(plan.filters, hidingDemoted: plan.hidingDemoted, of: self) else { return nil }
            passing = tested
        }
        // NB: a search without words that hides the demoted rows counts how many it hid.
        let hidden = plan.hidingDemoted ? passing.flatMap { kept in
            facts.passing(plan.filters, of: self).map { $0.count - kept.count }
        } : nil
        if isFew {
            let pageKeys = passing.map { PageKeys.every($0.map { facts.keys[Int($0)] }) }
            var tally = facts.tally(matches: nil, passing: passing, facets: facets, demoted: demoted)
            if plan.hidingDemoted { tally.demoted = hidden }
            if tally.demoted == nil {
                // NB: the few matches' number columns were not read (no filter tests them): the
                // statement that read their keys counted the demoted ones among them all.
                if passing == nil, let rows = facts.demotedRows {
                    tally.demoted = rows
                } else if let sql = statements.demotedCount(among: passing.map { $0.map { facts.keys[Int($0)] } } ?? facts.keys) {
                    tally.demoted = try db.fetchValue(sql, as: Int.self)
                }
            }
            return (tally, pageKeys)
        }
        // NB: the filters' rows, when there are filters, are a test of the FTS5 table's rowid.
        // The walk's first rows are read first: a few matches (a phrase, a rare word) are all
        // there, and the page statement alone ranks them more cheaply than a walk that scores
        // them all and a second statement for the page.
        let among = passing.map { IDSet(sortedKeys: $0.map { facts.keys[Int($0)] }) }
        if plan.matchedKeys != nil, let page, SearchIndex.ranksPagesInIndexAlone, page.offset + page.limit <= SearchIndex.bestPageRows,
            let start = statements.bestWalkStart(upTo: SearchIndex.bestWalkMinimum + 1, among: among)
        {
            let first = try db.fetchOne(start)
            let keys = try first?[IndexStatements.matchedKeys] ?? []
            if try first.map({ try $0[IndexStatements.total] }) ?? 0 <= SearchIndex.bestWalkMinimum {
                // NB: every match that passes the filters: counted as they are. With filters,
                // the page is ranked among just those keys: the page statement alone would
                // join every match of the words to the app's tables to test the filters there
                // (`is:open list:Work call` at 100,000 reminders: ~20 ms for a page of 20).
                let pageKeys = among.map { _ in PageKeys.every(IDBlob(keys).values) }
                return (facts.tally(matches: keys, facets: facets, demoted: demoted), pageKeys)
            }
            let rows = page.offset + page.limit
            if let walked = try walk(statements, rows: rows, among: among, facts: facts, on: db, shared: shared) {
                let tally = facts.tally(matches: walked.keys, facets: facets, demoted: demoted)
                guard let entries = walked.best else { return (tally, nil) }
                guard statements.bestWalkGivesCandidates else {
                    return (tally, .exact(entries.dropFirst(page.offset).prefix(page.limit).map(\.id)))
                }
                // NB: candidates (scored as the page scores them when the copy knows the demoted
                // rows, else each as open); too many ties, and the page statement is cheaper.
                guard let last = entries.last, entries.count <= 4 * (page.offset + page.limit) + 100 else { return (tally, nil) }
                return (tally, .candidates(entries.map(\.id), bound: last.rank, all: entries.count >= tally.total))
            }
        }
        let keys: [UInt8]? = try plan.matchedKeys.map { try db.fetchOne($0)?[0] ?? [] }
        var tally = facts.tally(matches: keys, passing: passing, facets: facets, demoted: demoted)
        if plan.hidingDemoted { tally.demoted = hidden }
        // NB: filters alone that pass few rows: the page is ordered among just those keys. The
        // page statement alone reads the table in its order and tests the filters row by row
        // until the page is full, every row when fewer pass (`trove-bench declared`'s filters
        // alone at 100,000 reminders: 16–24 ms for the pages of those passing 17 and 45 rows).
        if keys == nil, let passing, passing.count <= SearchIndex.rankedInIndexMinimum {
            return (tally, .every(passing.map { facts.keys[Int($0)] }))
        }
        return (tally, nil)
    }

    /// The walk of ``IndexStatements/keysAndBest(rows:among:demotedRows:rowids:)``: every
    /// match's keys, sorted, and the best `rows` entries with their ties (nil past
    /// ``IndexStatements/bestTiedLimit`` ties); nil when the statements do not walk.
    ///
    /// With a helper, the keys below the copy's middle key are walked here and the rest there,
    /// at once, as the reminders' engine halves its bounded walk: the two lists of keys join in
    /// order, and the best of both with the ties of the `rows`-th are one walk's best (a match
    /// one half left out ranks after that half's `rows`-th, so after the merged `rows`-th).
    private func walk(
        _ statements: IndexStatements, rows: Int, among: IDSet?, facts: IndexFacts, on db: SQLConnection, shared: SQLiteSharedRead?
    ) throws -> (keys: [UInt8], best: [(id: Int64, rank: Double)]?)? {
        let read = { @Sendable (row: SQLiteRow?) throws -> (keys: [UInt8], best: [UInt8]?) in
            (try row?[IndexStatements.matchedKeys] ?? [], try row?[IndexStatements.bestKeys])
        }
        if let shared, facts.keys.count >= 2, case let middle = facts.keys[facts.keys.count / 2],
            let lower = statements.keysAndBest(rows: rows, among: among, demotedRows: facts.demotedKeys, rowids: (nil, middle)),
            let upper = statements.keysAndBest(rows: rows, among: among, demotedRows: facts.demotedKeys, rowids: (middle, nil)),
            let there = try shared.start({ db in try read(try db.fetchOne(upper)) })
        {
            let here = try read(try db.fetchOne(lower))
            let other = try there.value()
            guard let a = here.best, let b = other.best else { return (here.keys + other.keys, nil) }
            return (here.keys + other.keys, SearchIndex.mergedBest(TroveRanking.bestEntries(a), TroveRanking.bestEntries(b), rows: rows))
        }
        guard let walk = statements.keysAndBest(rows: rows, among: among, demotedRows: facts.demotedKeys) else { return nil }
        let one = try read(try db.fetchOne(walk))
        return (one.keys, one.best.map(TroveRanking.bestEntries))
    }

    /// Two halves' best entries (each by rank, then key) as one walk's `trove_best` keeps them:
    /// the first `rows` by rank, then key, and every entry tied with the last of them.
    static func mergedBest(
        _ a: [(id: Int64, rank: Double)], _ b: [(id: Int64, rank: Double)], rows: Int
    ) -> [(id: Int64, rank: Double)] {
        let all = (a + b).sorted { ($0.rank, $0.id) < ($1.rank, $1.id) }
        guard rows > 0, all.count > rows else { return all }
        let last = all[rows - 1].rank
        return Array(all.prefix { $0.rank <= last })
    }

    /// Whether a search with no copy of the facet values in memory reads the stored one
    /// (``storedFacts(for:on:)``); tests turn it off to compare with the statements alone.
    @TaskLocal static var readsStoredFacts = true

    /// The fewest matches of its words for a search to read the stored copy; tests set it to 0.
    @TaskLocal static var storedFactsMinimum = rankedInIndexMinimum

    /// The copy of the facet values stored in the database (``IndexFacts/stored(of:on:)``), for
    /// a search ``IndexStatements/factsCount`` may count from it: one of filters alone, or one
    /// whose words match more than ``storedFactsMinimum`` rows (counted up to one more in the
    /// FTS5 table alone); nil for others, and when there is no copy the search can read or bring
    /// up to date (its log of written rows full).
    ///
    /// ```swift
    /// // SELECT count(*) AS "total", trove_ids("id") AS "ids" FROM (SELECT "trove_notes_fts"."rowid" AS "id" … LIMIT 1001)
    /// // SELECT "changes" FROM "trove_notes_changes" WHERE "id" = 1
    /// // SELECT "changes" FROM "trove_notes_facts" WHERE "id" = 1
    /// // (after writes: SELECT count(*) FROM "trove_notes_factslog"; SELECT "key" FROM "trove_notes_factslog" …)
    /// // SELECT "snapshot" FROM "trove_notes_facts" WHERE "id" = 1
    /// ```
    ///
    /// NB: why. Reading the copy costs ~3 ms at 100,000 rows (~8 ms more with 201 rows written
    /// since): less than looking up a thousand matches' rows, far less than `a`'s 66,344 (~130
    /// ms), more than a rare word's few. A minimum of 200 or 4,000 matches was slower (BENCHMARKS).
    ///
    /// Words that match at most that many rows read the facts of just those rows instead
    /// (`isFew`, ``IndexFacts/read(of:among:numbers:on:)``), from the keys the first statement
    /// read as it counted them: a few statements kept to the keys, where counting in SQL matched
    /// the words once for the total, once for each facet and once more for the page (`"hang
    /// bread"`: five times).
    ///
    /// ```swift
    /// // SELECT trove_ids("notes"."id") FROM "notes" WHERE "notes"."id" IN (SELECT "value" FROM json_each(?)); …
    /// ```
    func storedFacts(for statements: IndexStatements, on db: SQLConnection) throws -> (facts: IndexFacts, isFew: Bool)? {
        guard SearchIndex.readsStoredFacts, let count = statements.factsCount else { return nil }
        if count.matchedKeys != nil {
            let minimum = SearchIndex.storedFactsMinimum
            guard let sql = statements.textMatchKeys(upTo: minimum + 1), let row = try db.fetchOne(sql) else { return nil }
            let total: Int = try row[IndexStatements.total]
            if total <= minimum {
                // NB: the number columns only for the filters (and the demoted rows hidden while
                // browsing) that test them; the walk, which scores the demoted rows from them,
                // does not run for this few matches.
                let keys = IDBlob(try row[IndexStatements.matchedKeys] ?? []).values
                let numbers = !count.filters.isEmpty || count.hidingDemoted || total > SearchIndex.bestWalkMinimum
                return try IndexFacts.read(of: self, among: keys, numbers: numbers, on: db).map { ($0, true) }
            }
        }
        return try IndexFacts.stored(of: self, on: db).map { ($0, false) }
    }

    /// Whether a search is narrowed to its filters' keys when it may be (``narrowedKeys(_:on:)``);
    /// tests turn it off to compare with the statements alone.
    @TaskLocal static var narrowsToFilteredKeys = true

    /// The most keys the filters may pass for a search to be narrowed to them (``narrowedKeys(_:on:)``).
    static let narrowedKeysLimit = 131_072

    /// The keys the filters of a search of words FTS5 finds alone pass, read from the app's
    /// tables first, when SQLite finds them through an index (no full scan of the app's table
    /// in the plan) and there are at most ``narrowedKeysLimit``; nil otherwise.
    ///
    /// ```swift
    /// // EXPLAIN QUERY PLAN SELECT count(*) AS "total", trove_ids("id") AS "ids" FROM (SELECT "reminders"."id" AS "id"
    /// //   FROM "reminders" WHERE ("reminders"."is_completed" = 0) AND ("reminders"."list_id" IN (SELECT …)) LIMIT 131073)
    /// // SELECT count(*) AS "total", trove_ids("id") AS "ids" FROM (…)
    /// ```
    ///
    /// NB: why. Without the copy of the facet values, every statement of `is:open list:Home in`
    /// joined each of `in`'s 34,066 matches at 100,000 reminders to `reminders` and `lists` to
    /// test the filters (the count alone: 18 ms in the `sqlite3` shell), where the index on the
    /// list reads the 24,122 open reminders of Home in 3 ms, and a test of the FTS5 rowid
    /// against them costs nanoseconds a match. As the reminders' engine narrows to a list's or
    /// tag's reminders, with the index the declaration's filters find in the plan.
    func narrowedKeys(_ statements: IndexStatements, on db: SQLConnection) throws -> IDSet? {
        guard let sql = statements.filteredKeys(limit: SearchIndex.narrowedKeysLimit + 1) else { return nil }
        let plan = try db.fetchAll("EXPLAIN QUERY PLAN " + sql).map { row -> String in try row["detail"] }
        let scan = ("SCAN " + table).lowercased()
        guard !plan.contains(where: { $0.lowercased() == scan || $0.lowercased().hasPrefix(scan + " ") }) else { return nil }
        guard let row = try db.fetchOne(sql) else { return nil }
        let total: Int = try row[IndexStatements.total]
        guard total <= SearchIndex.narrowedKeysLimit else { return nil }
        return IDSet(sortedKeys: IDBlob(try row[IndexStatements.matchedKeys] ?? []).values)
    }

    /// The values of every facet column but the first (which comes with the total).
    private func otherFacets(of statements: IndexStatements, on db: SQLConnection) throws -> [String: [Facet]] {
        var facets: [String: [Facet]] = [:]
        for column in self.facets.dropFirst() where facets[column] == nil {
            facets[column] = try db.fetchAll(statements.facet(column)).map {
                Facet(name: try $0[IndexStatements.facetValue], count: try $0[IndexStatements.facetCount])
            }
        }
        return facets
    }

    /// Whether a page by offset may be ranked in the index alone first (see ``page(of:total:limit:offset:after:on:)``);
    /// tests turn it off to compare with the page statement alone.
    @TaskLocal static var ranksPagesInIndexAlone = true

    /// The fewest matches whose page is ranked in the index alone first.
    static let rankedInIndexMinimum = 1_000

    /// The fewest matches whose page is found on the walk that reads their keys for the copy
    /// (``IndexStatements/keysAndBest(rows:among:demotedRows:rowids:)``); tests set it to 0 to
    /// walk small tables.
    @TaskLocal static var bestWalkMinimum = rankedInIndexMinimum

    /// The most rows (offset and page) a page may need for its keys to be found on the walk
    /// that reads the matches' keys for the copy
    /// (``IndexStatements/keysAndBest(rows:among:demotedRows:rowids:)``).
    static let bestPageRows = 1_000

    /// One tier's part of a page: the hits and whether the tier has more after them.
    private struct Tier {
        var statements: IndexStatements
        var hits: [IndexHit]
        var hasMore: Bool
    }

    /// How many rows match, how many of them are demoted (or, for a search without words that
    /// hides those, how many it hid), and, when the index has facets, the first facet's values.
    private func countAndFirstFacet(_ statements: IndexStatements, on db: SQLConnection) throws -> Counted {
        let hidden = try statements.hiddenCount.map { try db.fetchOne($0).map { try $0[IndexStatements.total] } ?? 0 }
        let demoted = { (row: SQLiteRow?) throws -> Int in
            try hidden ?? (self.demoted == nil ? 0 : row.map { try $0[IndexStatements.demotedTotal] } ?? 0)
        }
        guard let column = facets.first else {
            let row = try db.fetchOne(statements.count)
            return Counted(total: try row.map { try $0[IndexStatements.total] } ?? 0, demoted: try demoted(row), firstFacet: nil)
        }
        if filters[column.lowercased()]?.lookupPath != nil {
            // NB: a match has any number of looked-up values, so their counts do not sum to
            // the total.
            let row = try db.fetchOne(statements.count)
            let values = try db.fetchAll(statements.facet(column)).map {
                Facet(name: try $0[IndexStatements.facetValue], count: try $0[IndexStatements.facetCount])
            }
            return Counted(total: try row.map { try $0[IndexStatements.total] } ?? 0, demoted: try demoted(row), firstFacet: values)
        }
        let rows = try db.fetchAll(statements.facetAndTotal(column))
        let total = try rows.first.map { try $0[IndexStatements.facetTotal] } ?? 0
        let values = try rows.compactMap { row -> Facet? in
            let name = try row[IndexStatements.facetValueOrNull]
            return try name.map { Facet(name: $0, count: try row[IndexStatements.facetCount]) }
        }
        return Counted(total: total, demoted: try demoted(rows.first), firstFacet: Array(values.prefix(IndexStatements.facetLimit)))
    }

    /// What ``countAndFirstFacet(_:on:)`` counts, or the copy of the facet values.
    private struct Counted {
        var total: Int
        /// How many of the matches are demoted; for a search that hides them, how many it hid.
        /// Nil when the copy does not hold the demoted column: SQL counts them after the tiers.
        var demoted: Int?
        var firstFacet: [Facet]?
    }

    /// What the walk that reads the copy's keys found of a page by offset
    /// (``IndexStatements/keysAndBest(rows:among:demotedRows:rowids:)``).
    enum PageKeys {
        /// The page's keys, in order.
        case exact([Int64])
        /// With a demoted column or tiebreakers: the keys of the best scores with their ties,
        /// `bound` the last one's rank, `all` when they are every match. The walk scores the
        /// demoted rows as the page does when the copy knows them, otherwise every row as open.
        /// A match left out ranks after `bound` (as open, so after it demoted too: demotion
        /// only lowers a score): when the page's last row among them ranks at `bound` or
        /// before, the page is theirs. Tiebreakers only order rows of one score, and every row
        /// tied with the last is a candidate.
        case candidates([Int64], bound: Double, all: Bool)
        /// Every match's key (found in the copy): the page is ranked among them.
        case every([Int64])
    }

    /// Up to `limit` hits of one tier, from `offset` or after a cursor; `keys`, when known, are
    /// what the walk found of that page (``PageKeys``).
    private func page(
        of statements: IndexStatements, total: Int, limit: Int, offset: Int, after: SearchCursor?, keys: PageKeys? = nil,
        on db: SQLConnection
    ) throws -> Tier {
        let position = try after.map { try self.position(after: $0, statements, on: db) }
        // NB: a page by offset of a text search with many matches is ranked in the index alone
        // first, when nothing else decides its rows (`IndexStatements.rankedKeys`); should the
        // app's table lack a row the index has, the page statement decides after all. With
        // few matches, the page statement alone is cheaper than matching the text twice.
        var rows: [SQLiteRow]?
        if position == nil, case .exact(let keys) = keys {
            let among = keys.isEmpty ? [] : try db.fetchAll(statements.page(amongKeys: keys, passingFilters: true))
            if among.count == keys.count { rows = among }
        } else if position == nil, case .candidates(let keys, let bound, let all) = keys {
            let among = keys.isEmpty
                ? [] : try db.fetchAll(statements.page(amongKeys: keys, limit: limit, offset: offset, passingFilters: true))
            // NB: the page's rows must be found (the app's table may lack one), and its last
            // must score no worse than any match left out could.
            let expected = min(limit, max(keys.count - offset, 0))
            if among.count == expected,
                try all || among.last.map({ try $0[IndexStatements.rank] <= bound }) ?? (expected == 0 && all)
            {
                rows = among
            }
        } else if position == nil, case .every(let keys) = keys {
            // NB: the keys are the rows the copy found passing the filters, so the statement does
            // not test them again (``IndexStatements/keysPassFilters``).
            rows = keys.isEmpty
                ? [] : try db.fetchAll(statements.page(amongKeys: keys, limit: limit, offset: offset, passingFilters: true))
        } else if position == nil, total > SearchIndex.rankedInIndexMinimum, SearchIndex.ranksPagesInIndexAlone,
            let ranked = statements.rankedKeys(limit: limit, offset: offset)
        {
            let keys = try db.fetchAll(ranked).map { row -> Int64 in try row[0] }
            let among = keys.isEmpty ? [] : try db.fetchAll(statements.page(amongKeys: keys))
            if among.count == keys.count { rows = among }
        }
        // NB: a keyset page reads one row more, to know whether another page follows.
        let fetched = try (rows ?? db.fetchAll(
            statements.page(limit: position == nil ? limit : limit + 1, offset: offset, after: position)
        )).map { try hit($0, statements) }
        let hits = Array(fetched.prefix(limit))
        let hasMore = position == nil ? offset + hits.count < total : fetched.count > limit
        return Tier(statements: statements, hits: hits, hasMore: hasMore)
    }

    /// The statement that selects one page of hits, as ``search(_:on:limit:offset:after:highlight:typos:)``
    /// runs it for the exact matches: for logs and snapshot tests (its `debugDescription`
    /// inlines the bound values). The joined and split word forms and the typo tier depend on
    /// the index's words, so they are not in it.
    ///
    /// ```swift
    /// notes.pageStatement(for: notes.parse("bread")).debugDescription
    /// // SELECT "notes"."id" AS "key", … FROM "trove_notes_fts" CROSS JOIN "notes" ON … WHERE ("trove_notes_fts" MATCH '"bread"*') …
    /// ```
    public func pageStatement(
        for query: SearchQuery, limit: Int = 20, offset: Int = 0, highlight: HighlightStyle = .brackets
    ) -> SQLFragment {
        IndexStatements(index: self, query: query, style: highlight)
            .page(limit: min(max(limit, 1), SearchIndex.maxLimit), offset: max(offset, 0))
    }

    /// Where a page after `cursor` starts: its row's key and the row's order value now (so a
    /// score that moved when rows changed neither skips nor repeats hits), or the value the
    /// cursor stored when the row no longer matches.
    private func position(
        after cursor: SearchCursor, _ statements: IndexStatements, on db: SQLConnection
    ) throws -> (key: Int64, values: [SQLBinding]) {
        let count = statements.orderKeys.count
        guard cursor.sort == .rank, cursor.ranking == statements.orderName, cursor.keys.count == count
        else { throw SearchIndexError.cursorNotForThisSearch(index: name) }
        var values = cursor.keys
        if let sql = statements.currentValue(of: cursor.id), let row = try db.fetchOne(sql) {
            values = (0..<count).map { row[$0] }
        }
        return (cursor.id, values)
    }

    /// The cursor of a page whose last hit is `last`.
    ///
    /// NB: ranked by score, the hit already holds its value (the page read it); a column sort's
    /// value is not in the page's columns, so it is read for that one row.
    private func cursor(after last: IndexHit, _ statements: IndexStatements, on db: SQLConnection) throws -> SearchCursor {
        let keys: [SQLBinding]
        let count = statements.orderKeys.count
        if case .rank = sort, statements.isRanked, rankedLast == nil, tiebreakers.isEmpty {
            keys = [.double(last.rank)]
        } else if case .rank = sort, statements.isRanked, rankedLast == nil, let sql = statements.tiebreakerValues(of: last.key),
            let row = try db.fetchOne(sql)
        {
            // NB: the score as the page read it, then the tiebreakers from the row.
            keys = [.double(last.rank)] + (0..<(2 * tiebreakers.count)).map { row[$0] }
        } else if let sql = statements.currentValue(of: last.key) {
            let row = try db.fetchOne(sql)
            keys = (0..<count).map { row?[$0] ?? .null }
        } else {
            keys = []
        }
        return SearchCursor(sort: .rank, ranking: statements.orderName, id: last.key, keys: keys)
    }

    func hit(_ row: SQLiteRow, _ statements: IndexStatements) throws -> IndexHit {
        var values: [String: String] = [:]
        var highlighted: [String: String] = [:]
        var matched: Set<String> = []
        // NB: FTS5 marks only the words it matched; a substring match (`奶奶` inside
        // 给奶奶打电话, `🎉`) is marked here, in a field FTS5 left unmarked.
        let substrings = statements.substringTerms
        let markup = HitMarkup(terms: substrings, style: statements.style)
        for (number, field) in fields.enumerated() {
            let value: String = try row[IndexStatements.value(number)]
            values[field.column] = value
            var marked = value
            if statements.isRanked {
                marked = try row[IndexStatements.highlighted(number)]
                if try row[IndexStatements.matched(number)] { matched.insert(field.column) }
            }
            if !substrings.isEmpty, marked == value, !markup.matches(in: value).isEmpty {
                marked = markup.highlight(value)
                matched.insert(field.column)
            }
            highlighted[field.column] = marked
        }
        // NB: the fields a snippet may come from (``IndexStatements/snippetFields``), the
        // longest first on a tie, as the SQL's `max` picks them.
        let candidates = statements.snippetFields.map { values[fields[$0].column] ?? "" }
        let longest = { (texts: [String]) in texts.reduce(nil as String?) { best, text in (best?.count ?? -1) >= text.count ? best : text } }
        var snippet: String
        if statements.isRanked {
            snippet = try row[IndexStatements.snippet]
        } else {
            // NB: no MATCH to cut it: the start of the longest (or the part a substring matched, below).
            snippet = HitMarkup(terms: [], style: statements.style).snippet(longest(candidates) ?? "")
        }
        if !substrings.isEmpty, !snippet.contains(statements.style.open) || statements.style.open.isEmpty,
            let matched = longest(candidates.filter { !markup.matches(in: $0).isEmpty })
        {
            snippet = markup.snippet(matched)
        }
        var carried: [String: SQLBinding] = [:]
        for (number, column) in columns.enumerated() { carried[column] = try row.value(named: IndexStatements.carried(number)) }
        return IndexHit(
            key: try row[IndexStatements.key], values: values, highlighted: highlighted,
            snippet: HitMarkup.collapsingWhitespace(snippet),
            matchedFields: matched, rank: statements.isRanked ? try row[IndexStatements.rank] : 0, columns: carried)
    }
}
