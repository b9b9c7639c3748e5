import Synchronization

extension SearchProvider {
    /// The final answer of an app's ``SearchIndex`` in the provider's database, as
    /// ``SearchIndex/search(_:in:limit:offset:after:highlight:exact:typos:)`` gives it, with the
    /// provider's cache of the index's words (typo candidates and did-you-mean from memory once
    /// built; the same answer either way).
    ///
    /// ```swift
    /// let provider = try SearchProvider(database: database)
    /// let results = try await provider.search("sourdouhg", in: notes)   // IndexResultSet
    /// let more = try await provider.search("sourdouhg", in: notes, after: results.next)   // the next page
    /// ```
    /// Pages go by `offset` or, stable while rows change, by the cursor of the page before
    /// (`after:`, keyset paging), as on the index itself.
    /// - Throws: ``SearchIndexError/notMigrated(index:)``, ``SearchIndexError/cursorNotForThisSearch(index:)``,
    ///   `SQLiteError`, or `CancellationError`.
    public nonisolated func search(
        _ text: String, in index: SearchIndex, limit: Int = 20, offset: Int = 0, after: SearchCursor? = nil,
        highlight: HighlightStyle = .brackets, exact: Bool = false, typos: TypoTolerance = .on
    ) async throws -> IndexResultSet {
        try await index.search(
            text, in: database, limit: limit, offset: offset, after: after, highlight: highlight, exact: exact, typos: typos,
            vocabulary: words(of: index))
    }

    /// Search as you type in an app's ``SearchIndex``: latest wins (a new text cancels the
    /// search of the one before, and no older answer follows a newer text), and the latest text
    /// is answered again after every commit, this process's or another's, until the consumer
    /// stops: ``SearchIndex/results(for:in:limit:highlight:exact:typos:live:pollInterval:clock:)``
    /// with `live`, the provider's poll interval and clock, and its cache of the index's words.
    ///
    /// ```swift
    /// for try await results in provider.results(for: searchField.textChanges, in: notes) {
    ///     show(results.hits)   // again after an INSERT INTO "notes" commits
    /// }
    /// ```
    /// - Returns: The answers; an error (``SearchIndexError``, `SQLiteError`) ends the stream.
    public nonisolated func results<Texts: AsyncSequence & Sendable>(
        for texts: Texts, in index: SearchIndex, limit: Int = 20, highlight: HighlightStyle = .brackets, exact: Bool = false,
        typos: TypoTolerance = .on
    ) -> AsyncThrowingStream<IndexResultSet, any Error> where Texts.Element == String {
        index.results(
            for: texts, in: database, limit: limit, highlight: highlight, exact: exact, typos: typos, live: true,
            pollInterval: pollInterval, clock: clock, vocabulary: words(of: index))
    }

    /// The provider's cache of `index`'s words, made on first use.
    nonisolated func words(of index: SearchIndex) -> VocabularyCache {
        indexWords.withLock { caches in
            if let cache = caches[index.name], cache.tables == VocabularyTables(index: index) { return cache }
            let cache = VocabularyCache(database: database, index: index)
            caches[index.name] = cache
            return cache
        }
    }
}
