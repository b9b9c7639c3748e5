import TroveQuery
import TroveSQLite

/// The fts engine's answer in two tiers: the exact matches, then, when they do not fill the
/// page, the matches that need another form of a word (`library` for `libraries`) or a typo,
/// ranked among themselves below every exact one.
///
/// ```swift
/// try TieredSearch(request: SearchRequest(text: "dentst"), engineName: "fts").run(on: db).resultSet
/// // exact:  … WHERE ("reminders_fts" MATCH '"dentst"*') …                        (no hits)
/// // typos:  … WHERE ("reminders_fts" MATCH '"dentst"* OR "dentis"*')
/// //           AND ("reminders"."id" NOT IN (SELECT "rowid" FROM "reminders_fts" WHERE … MATCH '"dentst"*')) …
/// ```
///
/// NB: typos are a tier of their own, not part of the rank: the ranking is whatever the sort
/// keys say, within each tier. The counts and facets of a two-tier answer are those of the
/// exact-or-other query, which holds every exact match; ``ResultSet/wordFormCount`` says how
/// many of them match through a word form (and no typo), ``ResultSet/typoCount`` how many need
/// a typo. A hit of the second tier is one or the other: ``SearchHit/isWordForm`` when the
/// exact query with the word forms alone matches it. Everything is read in one transaction, so the tiers agree.
struct TieredSearch {
    var request: SearchRequest
    var engineName: String
    /// The trie to take words from when it is current; nil reads them from SQL.
    var vocabularyCache: VocabularyCache?
    /// Every reminder's list, completion and tags to count from when current; nil counts with SQL.
    var factsCache: ReminderFactsCache? = nil
    /// Whether ``Outcome/statements`` is filled, for an explanation.
    var recordsStatements = false
    /// Whether pages may be ranked from the best scores as open (``SearchExecutor/usesRankBound``);
    /// tests turn it off to compare.
    var usesRankBound = true
    /// The vocabulary ranges read so far, shared with the did-you-mean that may follow.
    var ranges = VocabularyRanges()

    var query: SearchQuery { request.query }

    /// A tier's answer and the statements that made it, for explanations.
    struct Outcome {
        var resultSet: ResultSet
        var statements: [(purpose: String, sql: SQLFragment)]
    }

    /// The vocabulary to read words from: the cached trie when it mirrors this transaction's
    /// index exactly, else SQL.
    ///
    /// - Parameter forTypos: Whether typo candidates are wanted, the only reason to build a
    ///   trie: word forms are a few point lookups, cheap in SQL.
    func vocabulary(on db: SQLConnection, forTypos: Bool = false) throws -> any Vocabulary {
        if let cache = vocabularyCache, let trie = cache.trie(at: try VocabularyCache.version(on: db), build: forTypos) {
            return trie
        }
        return SQLVocabulary(db: db, ranges: ranges)
    }

    /// The exact tier's plan: the query with the joined and split forms the index holds.
    func exactPlan(on db: SQLConnection, vocabulary: any Vocabulary) throws -> MatchPlan {
        FTSEngine.plan(for: query, expansion: try WordForms(vocabulary: vocabulary, db: db).expansion(for: query))
    }

    /// A quick provisional answer from a sample of the exact matches; see
    /// ``SearchExecutor/provisional(on:)``.
    func provisional(on db: SQLConnection) throws -> ResultSet? {
        try db.transaction(.deferred) {
            let resolved = try request.resolvingNamePrefix(on: db)
            for candidate in try samplePlans(on: db) {
                let executor = SearchExecutor(plan: candidate, request: resolved, engineName: engineName)
                if var resultSet = try executor.provisional(on: db) {
                    resultSet.query = resolved.query.answering(query)
                    return resultSet
                }
            }
            return nil
        }
    }

    /// The plans a provisional sample tries, in order, the first that fills a sample winning.
    ///
    /// ```swift
    /// try TieredSearch(request: SearchRequest(text: "dent"), engineName: "fts", vocabularyCache: cache).samplePlans(on: db)
    /// // trie current:  ["dentist"]             (the prefix's words: as many rows, read lazily)
    /// // otherwise:     ["dent", "dent"*]       (the exact word, a subset, then the prefix)
    /// ```
    func samplePlans(on db: SQLConnection) throws -> [MatchPlan] {
        // NB: a long prefix asks for the trie (built in the background once, then kept while
        // the index is unchanged): its completions make the sample lazy.
        let vocabulary = try vocabulary(on: db, forTypos: FTSEngine.exactLongPrefixes(query) != nil)
        func plan(for query: SearchQuery) throws -> MatchPlan {
            FTSEngine.plan(for: query, expansion: try WordForms(vocabulary: vocabulary, db: db).expansion(for: query))
        }
        let completed = try FTSEngine.completedLongPrefixes(query, vocabulary: vocabulary)
        if let completed, completed.complete {
            // NB: the query's own matches, read lazily (but for split forms of the word being
            // typed, `emai` → "e mai"*, which its completions split only as whole words);
            // with few of them the final answer is as quick, and the sample is skipped.
            return [try plan(for: completed.query)]
        }
        var candidates: [MatchPlan] = []
        if let exact = FTSEngine.exactLongPrefixes(query) { candidates.append(try plan(for: exact)) }
        candidates.append(try completed.map { try plan(for: $0.query) } ?? exactPlan(on: db, vocabulary: vocabulary))
        return candidates
    }

    /// The final answer.
    ///
    /// - Parameters:
    ///   - helper: A second reader: the exact tier's counts and facets are read on it, when they
    ///     take long, while the page is read (``SearchExecutor/tallySource(on:shared:)``).
    ///   - early: Gets the exact tier as a provisional answer before the typo tier is
    ///     searched, when it will be.
    func run(on db: SQLConnection, helper: SQLiteReadHelper? = nil, early: (@Sendable (ResultSet) -> Void)? = nil) throws -> Outcome {
        try db.transaction(.deferred) {
            // NB: the answer carries the query as typed, which the caller compares with its own
            // (with the notices of resolving a name being typed: ``SearchQuery/answering(_:)``).
            var search = self
            search.request = try request.resolvingNamePrefix(on: db)
            let typed = search.request.query.answering(query)
            let shown = early.map { early in { @Sendable (resultSet: ResultSet) in
                var resultSet = resultSet
                resultSet.query = typed
                early(resultSet)
            } }
            var outcome = try SQLiteReadHelper.sharing(helper, snapshotOf: db) { shared in
                try search.run(on: db, shared: shared, early: shown)
            }
            outcome.resultSet.query = typed
            return outcome
        }
    }

    /// ``run(on:helper:early:)`` inside its transaction.
    private func run(on db: SQLConnection, shared: SQLiteSharedRead?, early: (@Sendable (ResultSet) -> Void)?) throws -> Outcome {
        let vocabulary = try vocabulary(on: db)
        let forms = try WordForms(vocabulary: vocabulary, db: db).expansion(for: query)
        let plain = SearchExecutor(plan: FTSEngine.plan(for: query, expansion: forms), request: request, engineName: engineName)
        // NB: explanations show the SQL path's statements, so they never use the facts.
        let cache = recordsStatements ? nil : factsCache
        let filterFacts = plain.mayNarrowFromFacts ? try cache.flatMap { cache in
            try ReminderFacts.version(on: db).flatMap { cache.factsForFilters(at: $0) }
        } : nil
        var exact = try plain.narrowedToFilteredReminders(on: db, facts: filterFacts)
        exact.usesRankBound = usesRankBound
        // NB: only a search that would count by walking its matches asks for the facts (and so
        // starts their first build).
        if let cache, exact.countsFromFacts, let version = try filterFacts?.version ?? ReminderFacts.version(on: db) {
            exact.facts = cache.facts(at: version)
        }
        var statements: [(String, SQLFragment)] = []
        func record(_ purpose: String, _ sql: @autoclosure () throws -> SQLFragment) rethrows {
            if recordsStatements { statements.append((purpose, try sql())) }
        }
        let typoCursor: SearchCursor?
        if case .after(let cursor) = request.page, cursor.isTypo { typoCursor = cursor } else { typoCursor = nil }
        // NB: a cursor among the typo matches leads only to more of them; with typos off there
        // are none, and an empty page would read as "no more results".
        if typoCursor != nil, request.typos == .off, request.wordForms == .off { throw SearchError.invalidCursor }

        var hits: [SearchHit] = []
        var next: SearchPage?
        var lastExact: SearchCursor?
        // NB: the page is read while a helper counts (not for explanations, whose statements
        // come in order, nor for a page among the typo matches); without one the counts come
        // first: how many matches there are decides how the page is ranked.
        let source = try recordsStatements || typoCursor != nil
            ? .here(set: exact.smallMatches(on: db)) : exact.tallySource(on: db, shared: shared)
        var exactSet: SearchExecutor.MatchSet?
        var counted: SearchExecutor.Counts?
        var tally: SearchExecutor.Tally?
        var matchCount: Int?
        switch source {
        case .here(let set): (exactSet, counted) = (set, try exact.countsAndLists(on: db, among: set))
        case .counted(let read): (tally, counted) = (read, read.counts)
        case .helper: break
        case .pageWalk(let count): matchCount = count
        }
        var matchIDs: [UInt8]?
        if typoCursor == nil {
            let recordPage: ((String, SQLFragment) -> Void)? = recordsStatements ? { statements.append(($0, $1)) } : nil
            // NB: counted here (or to be counted from the page's walk), the helper is free to
            // rank half the page's candidates.
            (hits, next, lastExact) = try exact.pageAndLastCursor(
                on: db, matchCount: try matchCount ?? counted?.total ?? exact.matchCountForPage(on: db),
                helper: counted == nil && matchCount == nil ? nil : shared,
                matchIDs: matchCount == nil ? nil : { matchIDs = $0 }, record: recordPage)
            hits = try SearchExecutor.withRepeatRules(hits, on: db)
        }
        if case .helper(let read) = source { tally = try read.value() }
        if matchCount != nil { tally = try exact.tallyAfterPage(on: db, matchIDs: matchIDs) }
        if let tally { (exactSet, counted) = (tally.set, tally.counts) }
        guard let exactCounts = counted else { preconditionFailure("counted here or on the helper") }
        let (total, completed) = (exactCounts.total, exactCounts.completed)
        let exactFacets = { try tally?.facets ?? exact.facets(on: db, among: exactSet, known: exactCounts.facets) }
        try record("counts", exactSet == nil ? exact.largeSetCountSQL(on: db) : exact.matchSetSQL)
        let exactAnswer = { (facets: (lists: [Facet], tags: [Facet])) in
            ResultSet(
                query: exact.resultQuery, engine: engineName, hits: hits, total: total, completedCount: completed,
                includesCompleted: !exact.isOpenOnly, listFacets: facets.lists, tagFacets: facets.tags, next: next)
        }
        // NB: the typo tier starts where the exact one ends: on this page when it has room,
        // on the next when the exact matches fill this page to its last row.
        // NB: a word's other forms (`library` for `libraries`) are that tier's too: the word as
        // typed ranks above them, and the rank-bound paths see one expression per tier.
        guard request.typos == .on || request.wordForms == .on, next == nil, let exactMatch = exact.plan.match else {
            return Outcome(resultSet: exactAnswer(try exactFacets()), statements: statements)
        }
        let inflections = request.wordForms == .on
            ? try WordForms(vocabulary: vocabulary, db: db).inflections(for: query) : QueryExpansion.none
        let typos = request.typos == .on
            ? try TypoExpansion.expansion(for: query, vocabulary: try self.vocabulary(on: db, forTypos: true)) : QueryExpansion.none
        guard !typos.isEmpty || !inflections.isEmpty else {
            return Outcome(resultSet: exactAnswer(try exactFacets()), statements: statements)
        }
        if let early, typoCursor == nil, hits.count < request.limit {
            var provisional = exactAnswer(([], []))
            provisional.isProvisional = true
            early(provisional)
        }

        var union = SearchExecutor(
            plan: FTSEngine.plan(for: query, expansion: forms.merging(inflections).merging(typos)), request: request,
            engineName: engineName)
        // NB: the filters are the exact tier's, so are their ids; read them only if it did not.
        if let ids = exact.filteredIDs { union.filteredIDs = ids } else { union = try union.narrowedToFilteredReminders(on: db) }
        union.usesRankBound = usesRankBound
        var typoOnly = union
        let unionConditions = union.plan.conditions
        typoOnly.plan.conditions = WhereClause {
            unionConditions
            !MatchPlan.indexed(exactMatch)
        }
        typoOnly.request.limit = request.limit - hits.count
        switch request.page {
        case .after(let cursor) where cursor.isTypo: typoOnly.request.page = .after(cursor)
        case .offset(let offset): typoOnly.request.page = .offset(max(0, offset - total))
        default: typoOnly.request.page = .first
        }
        let unionSet = try union.smallMatches(on: db)
        // NB: --explain names the tier after what it holds: typos, word forms or both.
        let tier = inflections.isEmpty ? "typo " : typos.isEmpty ? "word form " : "typo and word form "
        record(tier + "counts", unionSet == nil ? union.largeSetCountSQL : union.matchSetSQL)
        let unionCounts = try union.countsAndLists(on: db, among: unionSet)
        let (unionTotal, unionCompleted) = (unionCounts.total, unionCounts.completed)
        // NB: with both kinds, the forms' own matches say which of the tier need no typo.
        let formsPlan = FTSEngine.plan(for: query, expansion: forms.merging(inflections))
        var formCount = inflections.isEmpty ? 0 : unionTotal - total
        if !inflections.isEmpty, !typos.isEmpty {
            var formsOnly = SearchExecutor(plan: formsPlan, request: request, engineName: engineName)
            if let ids = union.filteredIDs { formsOnly.filteredIDs = ids } else { formsOnly = try formsOnly.narrowedToFilteredReminders(on: db) }
            let formSet = try formsOnly.smallMatches(on: db)
            record("word form counts", formSet == nil ? formsOnly.largeSetCountSQL : formsOnly.matchSetSQL)
            formCount = try formsOnly.countsAndLists(on: db, among: formSet).total - total
        }
        if hits.count == request.limit {
            // NB: a full page of exact matches: the next page, after its last hit, finds
            // no more of them and starts the typo matches.
            next = unionTotal > total ? lastExact.map(SearchPage.after) : nil
        } else {
            // NB: with no exact match in scope, no row of the union is one, so the typo
            // matches are the union's own, and their page may be ranked from the best scores
            // as open as well (a misspelt common word: `appointmentqx`, 171,662 typo matches).
            if total == 0 { typoOnly.plan.conditions = unionConditions }
            var typoStatements: [(String, SQLFragment)] = []
            let recordTypos: ((String, SQLFragment) -> Void)? = recordsStatements ? { typoStatements.append((tier + $0, $1)) } : nil
            let (typoHits, typoNext, _) = try typoOnly.pageAndLastCursor(
                on: db, matchCount: unionTotal - total, record: recordTypos)
            if recordsStatements { statements.insert(contentsOf: typoStatements, at: statements.count - 1) }
            let formRows: Set<Int64>
            if inflections.isEmpty {
                formRows = []
            } else if typos.isEmpty {
                formRows = Set(typoHits.map(\.id))
            } else {
                formRows = try formsPlan.ftsMatch.map {
                    try WordForms.rows(typoHits.map(\.id), matching: $0, fts: VocabularyTables.reminders.fts, on: db)
                } ?? []
            }
            hits += try SearchExecutor.withRepeatRules(typoHits, on: db).map { hit in
                var other = hit
                if formRows.contains(hit.id) { other.isWordForm = true } else { other.isTypo = true }
                return other
            }
            if case .after(let cursor)? = typoNext { next = .after(cursor.amongTypos) } else { next = nil }
        }
        let (lists, tags) = try union.facets(on: db, among: unionSet, known: unionCounts.facets)
        var resultSet = ResultSet(
            query: exact.resultQuery, engine: engineName, hits: hits, total: unionTotal, typoCount: unionTotal - total - formCount,
            completedCount: unionCompleted, includesCompleted: !exact.isOpenOnly, listFacets: lists, tagFacets: tags,
            next: next)
        resultSet.wordFormCount = formCount
        return Outcome(resultSet: resultSet, statements: statements)
    }
}
