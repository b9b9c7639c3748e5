import TroveQuery
import TroveSQLite

extension SearchIndex {
    /// A typing stream's quick first answer (``IndexResultSet/isProvisional``): the newest
    /// matches, a few pages' worth (`SearchExecutor.sampleSize(forLimit:)`, 200 for 20 hits),
    /// ordered by ``TroveRanking`` with every word's idf taken as 1, as the reminders' first
    /// answers are. The rows, highlights and snippets are those the final answer gives them;
    /// the total is how many were sampled.
    ///
    /// ```swift
    /// try notes.provisional(notes.parse("b"), on: db, limit: 20, highlight: .brackets)
    /// // SELECT count(*) AS "total" FROM (SELECT "trove_notes_fts"."rowid" FROM "trove_notes_fts" WHERE (… MATCH '"b"*') LIMIT 201)
    /// // WITH "trove_sample" AS (SELECT "trove_notes_fts"."rowid" AS "key", trove_rank_fields_sample(…) AS "score"
    /// //   FROM … WHERE (… MATCH '"b"*') ORDER BY "trove_notes_fts"."rowid" DESC LIMIT 201)
    /// //   SELECT "key", … AS "sampled" FROM "trove_sample" ORDER BY "score", "key" LIMIT 20
    /// // SELECT "notes"."id" AS "key", …, highlight(…), snippet(…), trove_rank_fields_sample(…) AS "score" FROM …
    /// //   WHERE … AND ("trove_notes_fts"."rowid" >= ? AND "trove_notes_fts"."rowid" <= ? AND +"trove_notes_fts"."rowid" IN (…)) …
    /// ```
    ///
    /// With a filter, an exclusion or a word FTS5 cannot see, only the newest 2,000 matches of
    /// the words are sampled (`SearchExecutor.windowSize`), so a filter that few of them pass
    /// costs no more than one that many pass: such a sample may be small, even empty, and is
    /// still provisional.
    ///
    /// A search without words to rank first gets its first page in key order, before its
    /// total and facets (``leadingPage(of:limit:on:)``).
    ///
    /// - Returns: nil when the final answer is about as quick: a column sort, no more matches
    ///   than the sample holds (within the window, when there is one, the answer is
    ///   provisional whatever its size), or no more rows than the page without words.
    /// - Throws: ``SearchIndexError/notMigrated(index:)``, ``SearchError`` for an unknown
    ///   `!engine` or a `!raw` syntax error, `SQLiteError`, or `CancellationError` when
    ///   interrupted.
    func provisional(
        _ query: SearchQuery, on db: SQLConnection, limit: Int, highlight: HighlightStyle
    ) throws -> IndexResultSet? {
        guard case .rank = sort else { return nil }
        let limit = min(max(limit, 1), SearchIndex.maxLimit)
        let size = SearchExecutor.sampleSize(forLimit: limit)
        let body = { () throws -> IndexResultSet? in
            guard try isCurrent(db) else { throw SearchIndexError.notMigrated(index: name) }
            try checkSortColumn(db)
            // NB: first, cheaply, whether the words alone have more matches than a sample
            // holds (fewer, and the final answer is as quick); then the word forms, as the
            // final answer has them, so the sample's rows are its rows.
            let words = IndexStatements(index: self, query: query, style: highlight)
            if !words.isRanked { return try leadingPage(of: words, limit: limit, on: db) }
            guard let count = words.wordMatches(upTo: size + 1),
                try db.fetchOne(count).map({ try $0[IndexStatements.total] }) ?? 0 > size
            else { return nil }
            let vocabulary = SQLVocabulary(db: db, ranges: VocabularyRanges(tables: VocabularyTables(index: self)))
            let forms = words.matching == .fts
                ? try WordForms(vocabulary: vocabulary, db: db, fts: ftsTable).expansion(for: query) : QueryExpansion.none
            var statements = IndexStatements(index: self, query: query, style: highlight, expansion: forms)
            statements.ranking = .sample
            guard statements.isRanked else { return nil }
            var window: Int64?
            if statements.narrowsTheMatch, let start = statements.windowStart(offset: SearchExecutor.windowSize - 1) {
                window = try db.fetchOne(start).map { try $0[0] }
            }
            let rows = try db.fetchAll(statements.sampleKeys(size: size, limit: limit, from: window))
            let sampled = try rows.first.map { try $0[IndexStatements.sampled] } ?? 0
            guard sampled > size || window != nil else { return nil }
            let keys = try rows.map { try $0[IndexStatements.key] }
            let page = keys.isEmpty ? [] : try db.fetchAll(statements.page(amongSampled: keys))
            var answer = IndexResultSet(
                query: query, index: name, hits: try page.map { try hit($0, statements) }, total: sampled, isProvisional: true)
            answer.hidesDemoted = statements.hiddenDemoted != nil
            return answer
        }
        return try IndexMatching(query).explainingRawErrors {
            if db.isInTransaction { return try body() }
            return try db.transaction(.deferred) { try body() }
        }
    }

    /// The first page of a search without words to rank (`folder:Baking`, `-pinned:yes`), in
    /// key order, before its total and facets are counted: a provisional answer when more rows
    /// than the page holds match, whose total (one more than the page) is a lower bound.
    ///
    /// ```swift
    /// // SELECT "notes"."id" AS "key", … FROM "notes" WHERE ("notes"."folder" COLLATE "NOCASE" = 'Baking')
    /// //   ORDER BY "notes"."id" ASC LIMIT 21 OFFSET 0
    /// ```
    /// NB: in key order the statement stops after the page's rows, where the total and the
    /// facets read every row that matches. Nil for an order that must read them all first
    /// (words matched as substrings come first when they are in the first field), and when
    /// the page holds every match: then the final answer costs no more.
    private func leadingPage(of statements: IndexStatements, limit: Int, on db: SQLConnection) throws -> IndexResultSet? {
        guard statements.substringTerms.isEmpty else { return nil }
        let rows = try db.fetchAll(statements.page(limit: limit + 1, offset: 0))
        guard rows.count > limit else { return nil }
        var answer = IndexResultSet(
            query: statements.query, index: name, hits: try rows.prefix(limit).map { try hit($0, statements) }, total: rows.count,
            isProvisional: true)
        answer.hidesDemoted = statements.hiddenDemoted != nil
        return answer
    }
}
