import TroveQuery
public import TroveSQLite

/// The default engine, `!fts`: the FTS5 index, ranked by Trove's ranking (``TroveRanking``:
/// per-field BM25 with boosts, computed by the `trove_rank` FTS5 function), or by plain bm25
/// when the request asks (``SearchRequest/ranking``).
///
/// ```swift
/// try FTSEngine().search(SearchRequest(text: "dentist -cancelled #errand"), on: db)
/// // SELECT … FROM "reminders_fts" CROSS JOIN "reminders" … WHERE ("reminders_fts" MATCH ?) AND (EXISTS …)
/// //   ORDER BY trove_rank("reminders_fts", "reminders"."is_completed", 5.0, …), … -- binds '"dentist" NOT "cancelled"'
/// ```
///
/// Terms without a letter or digit (`🎉`, `:-)`), which FTS5 cannot see, are matched with LIKE
/// on the searched columns instead and ANDed in; a group that mixes both kinds (`🎉 OR party`)
/// ORs a LIKE with an `id IN (… MATCH …)`. A term in a script whose words run together
/// (``SubstringScripts``: 春节, בית) matches an indexed word or any substring of a title or
/// notes, through schema 6's substring index; a query that FTS5 cannot rank (only such terms,
/// or terms without letters) puts title matches first, shortest title first, then the
/// tiebreakers (`SortKey.titleOrder(_:)`). Only ``FTS5Expression`` text reaches `MATCH`, so no
/// input can cause an FTS5 syntax error.
public struct FTSEngine: SearchEngine {
    /// `fts`: what `!fts` in a query picks, and the default engine.
    public let name = "fts"
    /// Where typo candidates and joined words come from quickly; nil reads them from SQL.
    public let vocabulary: VocabularyCache?
    /// Where the counts and facets of many matches come from quickly; nil counts them with SQL.
    public let facts: ReminderFactsCache?

    /// - Parameters:
    ///   - vocabulary: A cache of the index's words for a long-lived searcher (see
    ///     ``SearchProvider``); without one, each search reads the words it needs from SQL.
    ///   - facts: A cache of every reminder's list, completion and tags for a long-lived
    ///     searcher; without one, each search looks its matches up for their counts and facets.
    public init(vocabulary: VocabularyCache? = nil, facts: ReminderFactsCache? = nil) {
        self.vocabulary = vocabulary
        self.facts = facts
    }

    /// Answers in two phases when there are many matches: first a provisional ResultSet
    /// (``ResultSet/isProvisional``) from the newest few hundred matches, ordered by the ranking
    /// without document counts, in a few milliseconds even for `a` at a million reminders; then the final one,
    /// equal to ``search(_:on:)``: every match ranked, exact counts and facets. A query with
    /// no more matches than that sample, or a later page, gets only the final one. A search
    /// with filters but no text first gets its exact first page, before the counts; when all
    /// its matches fit on that page, the final answer is read from it and is the only one.
    ///
    /// ```swift
    /// for try await resultSet in FTSEngine().results(for: SearchRequest(text: "a", typing: true), in: database) {
    ///     show(resultSet)   // provisional (isProvisional == true, total >= 201), then final
    /// }
    /// ```
    ///
    /// When the exact matches do not fill the page, the final ResultSet adds the matches through
    /// another form of a word and the typo matches below them (``ResultSet/wordFormCount``,
    /// ``ResultSet/typoCount``), after a provisional one with the exact matches.
    public func results(for request: SearchRequest, in database: SQLiteDatabase) -> AsyncThrowingStream<ResultSet, any Error> {
        let search = TieredSearch(request: request, engineName: name, vocabularyCache: vocabulary, factsCache: facts)
        let quick: (@Sendable () async throws -> ResultSet?)?
        if request.page == .first {
            quick = { try await database.read { db in try search.provisional(on: db) } }
        } else {
            quick = nil
        }
        return EngineRun.phased(first: quick) { early in try await Self.settle(search, early: early, in: database) }
    }

    /// The final answer alone, as the last element of ``results(for:in:)`` is, without the
    /// provisional sample before it.
    ///
    /// ```swift
    /// try await FTSEngine().search(SearchRequest(text: "dent"), in: database).hits.first?.title
    /// // "Dentist appointment"
    /// ```
    public func search(_ request: SearchRequest, in database: SQLiteDatabase) async throws -> ResultSet {
        let search = TieredSearch(request: request, engineName: name, vocabularyCache: vocabulary, factsCache: facts)
        return try await Self.settle(search, early: { _ in }, in: database)
    }

    /// The final answer, with did-you-mean when it needs one; `early` gets what may be shown
    /// before it (the exact tier, the empty answer before suggestions).
    private static func settle(
        _ search: TieredSearch, early: @escaping @Sendable (ResultSet) -> Void, in database: SQLiteDatabase
    ) async throws -> ResultSet {
        let resultSet = try await database.readWithHelper { db, helper in try search.run(on: db, helper: helper, early: early).resultSet }
        return try await EngineRun.addingSuggestions(
            to: resultSet, early: early, in: database, ranges: search.ranges, vocabulary: search.vocabularyCache,
            filters: search.request.filterSQL)
    }

    /// The query with every prefix term of 4 or more characters made exact (`email*` → `email`),
    /// or nil when it has none: its matches are a subset of the query's, found much faster.
    ///
    /// NB: the schema has prefix indexes for 1 to 3 characters only. A longer prefix makes FTS5
    /// merge the doclists of every word that starts with it into one buffer before returning
    /// any row, ~10 ms for `email*` or `dentist*` at 1M reminders, while the exact word's
    /// doclist is read lazily and a LIMIT stops it at once. The provisional sample tries the
    /// exact words first, and falls back to the prefix when they match too few rows.
    static func exactLongPrefixes(_ query: SearchQuery) -> SearchQuery? {
        var exact = query
        var changed = false
        for group in exact.terms.indices {
            for term in exact.terms[group].anyOf.indices where exact.terms[group].anyOf[term].isPrefix {
                guard exact.terms[group].anyOf[term].text.count >= 4 else { continue }
                exact.terms[group].anyOf[term].isPrefix = false
                changed = true
            }
        }
        return changed ? exact : nil
    }

    /// The most words one long prefix is completed to for a provisional sample.
    static let maxCompletions = 8

    /// The query with every prefix term of 4 or more characters replaced by the indexed words
    /// it stands for (`dent*` → `dentist OR dental`), when `vocabulary` lists them cheaply and
    /// there are at most ``maxCompletions``; nil when no term was replaced. `complete` says
    /// whether every such term was, so that the query matches what the original does (split
    /// forms aside: ``WordForms`` splits `emai` as "e mai"* but `email` only as "e mail").
    ///
    /// NB: `dent*` with no prefix index makes FTS5 merge the doclists of every word starting
    /// with `dent` before the first row, ~10-14 ms at 1M reminders when `dentist` is in a fifth
    /// of them, while `"dentist"` alone is read lazily (0.2 ms for the newest 201 rows). The
    /// words come only from a current ``VocabularyTrie``, never a stale one. Only the
    /// sample uses it: there a reminder with two of the words scores each as a phrase of its
    /// own, slightly above what one prefix phrase gives it, and the final answer ranks the
    /// original query anyway.
    static func completedLongPrefixes(_ query: SearchQuery, vocabulary: any Vocabulary) throws -> (query: SearchQuery, complete: Bool)? {
        var completed = query
        var changed = false, complete = true
        for group in completed.terms.indices {
            var terms: [SearchTerm] = []
            for term in completed.terms[group].anyOf {
                guard term.isPrefix, !term.isPhrase, term.text.count >= 4 else {
                    terms.append(term)
                    continue
                }
                guard let word = WordForms.plainWord(term),
                    let words = try vocabulary.completions(of: word, limit: maxCompletions), !words.isEmpty
                else {
                    terms.append(term)
                    complete = false
                    continue
                }
                terms += words.map { SearchTerm($0) }
                changed = true
            }
            completed.terms[group].anyOf = terms
        }
        return changed ? (completed, complete) : nil
    }

    /// Runs the search on a connection the caller holds, such as inside `database.read`.
    ///
    /// - Throws: ``SearchError/invalidCursor``, `CancellationError`, or a `SQLiteError` for a
    ///   broken database file.
    public func search(_ request: SearchRequest, on db: SQLConnection) throws -> ResultSet {
        let search = TieredSearch(request: request, engineName: name, vocabularyCache: vocabulary, factsCache: facts)
        var resultSet = try search.run(on: db).resultSet
        if EngineRun.needsSuggestions(resultSet) {
            let trie = try vocabulary.flatMap { try $0.trie(at: VocabularyCache.version(on: db), build: false) }
            resultSet.didYouMean = (try? Suggester.didYouMean(
                for: resultSet.query, on: db, ranges: search.ranges, trie: trie, filters: request.filterSQL)) ?? .none
        }
        return resultSet
    }

    static func plan(for query: SearchQuery) -> MatchPlan {
        plan(for: query, expansion: .none)
    }

    /// The plan for a query's text, with the forms `expansion` adds to its words.
    ///
    /// The words FTS5 can search become one `MATCH`; every other part is an AND-joined term
    /// of a `where` builder: a group that mixes kinds ORs an `IN` of its FTS5 words with its
    /// substring and LIKE tests, and excluded words are `NOT` of theirs.
    ///
    /// ```swift
    /// FTSEngine.plan(for: .parse("party OR 🎉 -😢 in:title"))
    /// // match nil; conditions:
    /// // (("reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH ?)))
    /// //   OR ("reminders"."title" LIKE ? ESCAPE '\')) AND (NOT ("reminders"."title" LIKE ? ESCAPE '\'))
    /// //   -- binds '{title} : ("party")', '%🎉%', '%😢%'
    /// FTSEngine.plan(for: .parse("春节 OR party"))
    /// // (("reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH ?)
    /// //   UNION SELECT "substring_rows"."id" FROM "reminders" AS "substring_rows" WHERE …)))
    /// ```
    static func plan(for query: SearchQuery, expansion: QueryExpansion) -> MatchPlan {
        var plan = MatchPlan(columns: query.columns)
        let isPlain = { (term: SearchTerm) in term.isSearchableByFTS && !term.isSubstringSearched }
        let pure = query.terms.filter { $0.anyOf.allSatisfy(isPlain) }
        let mixed = query.terms.filter { !$0.anyOf.allSatisfy(isPlain) }
        let excluded = query.excludedTerms.filter(\.isSearchableByFTS)
        // NB: the column filter comes from FTS5Match, so the expressions are built unfiltered.
        let expression = FTS5Expression(query: SearchQuery(terms: pure, excludedTerms: excluded), expansion: expansion)
        plan.match = expression?.positive.map { MatchPlan.match($0, in: query.columns) }
        let onlyExcluded = expression?.negative.map { MatchPlan.match($0, in: query.columns) }
        var dropped = 0
        var groups: [[TypedExpression<Bool>]] = []
        for group in mixed {
            // NB: the index's rows and each substring's are one IN of their UNION (MatchPlan.anyRow).
            var rowSources: [SQLFragment] = []
            let searchable = group.anyOf.filter(\.isSearchableByFTS)
            if let part = FTS5Expression(query: SearchQuery(terms: [TermGroup(anyOf: searchable)]), expansion: expansion)?.positive {
                rowSources.append(MatchPlan.indexedRows(MatchPlan.match(part, in: query.columns)).sql)
            }
            for term in group.anyOf where term.isSubstringSearched {
                if let rows = plan.substringRowIDs(term) { rowSources.append(rows) }
                plan.likeTerms.append(term)
            }
            var alternatives = rowSources.isEmpty ? [] : [MatchPlan.anyRow(of: rowSources)]
            for term in group.anyOf where !term.isSearchableByFTS {
                if let like = plan.like(term) { alternatives.append(like) } else { dropped += 1 }
            }
            groups.append(alternatives)
        }
        let substrings = query.excludedTerms.filter(\.isSubstringSearched).compactMap { plan.substring($0) }
        let symbols = query.excludedTerms.filter { !$0.isSearchableByFTS }
        let excludedLikes = symbols.compactMap { plan.like($0) }
        dropped += symbols.count - excludedLikes.count
        plan.conditions = WhereClause {
            if let onlyExcluded { !MatchPlan.indexed(onlyExcluded) }
            // NB: a group whose LIKE terms were all dropped (past the cap) but that has an FTS5
            // part still narrows by that part; one with nothing left is skipped.
            for alternatives in groups where !alternatives.isEmpty { anyOf(alternatives) }
            for substring in substrings { !substring }
            for like in excludedLikes { !like }
        }
        // NB: excluded LIKE terms are not highlighted: only rows without them match.
        plan.likeTerms = plan.likeTerms.filter { term in !query.excludedTerms.contains(term) }
        plan.noteDroppedTerms(dropped, in: query)
        if plan.match == nil, plan.columns.contains(.title) { plan.titleOrderTerms = plan.likeTerms }
        return plan
    }
}
