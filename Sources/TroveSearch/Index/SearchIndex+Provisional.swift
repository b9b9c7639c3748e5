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
    /// // WITH "trove_sample" AS (SELECT … trove_rank_fields_sample(…) AS "score" FROM … WHERE (… MATCH '"b"*')
    /// //   ORDER BY "trove_notes_fts"."rowid" DESC LIMIT 201) SELECT *, … FROM "trove_sample" ORDER BY "score", "key" LIMIT 20
    /// ```
    ///
    /// With a filter, an exclusion or a word FTS5 cannot see, only the newest 2,000 matches of
    /// the words are sampled (`SearchExecutor.windowSize`), so a filter that few of them pass
    /// costs no more than one that many pass: such a sample may be small, even empty, and is
    /// still provisional.
    ///
    /// - Returns: nil when the final answer is about as quick: no words to rank, a column
    ///   sort, or no more matches than the sample holds (within the window, when there is one,
    ///   the answer is provisional whatever its size).
    /// - Throws: ``SearchIndexError/notMigrated(index:)``, `SQLiteError`, or
    ///   `CancellationError` when interrupted.
    func provisional(
        _ query: SearchQuery, on db: SQLiteConnection, limit: Int, highlight: HighlightStyle
    ) throws -> IndexResultSet? {
        guard case .rank = sort else { return nil }
        let limit = min(max(limit, 1), SearchIndex.maxLimit)
        let body = { () throws -> IndexResultSet? in
            guard try isCurrent(db) else { throw SearchIndexError.notMigrated(index: name) }
            // NB: the word forms, as the final answer has them, so the sample's rows are its rows.
            let vocabulary = SQLVocabulary(db: db, ranges: VocabularyRanges(tables: VocabularyTables(index: self)))
            let forms = try WordForms(vocabulary: vocabulary, db: db, fts: ftsTable).expansion(for: query)
            var statements = IndexStatements(index: self, query: query, style: highlight, expansion: forms)
            statements.ranking = .sample
            guard statements.isRanked else { return nil }
            let size = SearchExecutor.sampleSize(forLimit: limit)
            var window: Int64?
            if statements.narrowsTheMatch, let start = statements.windowStart(offset: SearchExecutor.windowSize - 1) {
                window = try db.fetchOne(start).map { try $0[0] }
            }
            let rows = try db.fetchAll(statements.sample(size: size, limit: limit, from: window))
            let sampled = try rows.first.map { try $0[IndexStatements.sampled] } ?? 0
            guard sampled > size || window != nil else { return nil }
            return IndexResultSet(
                query: query, index: name, hits: try rows.map { try hit($0, statements) }, total: sampled,
                isProvisional: true)
        }
        if db.isInTransaction { return try body() }
        return try db.transaction(.deferred) { try body() }
    }
}
