public import TroveSQLite

extension SearchIndex {
    /// Searches the index on one of `database`'s readers: the final page, as
    /// ``search(_:on:limit:offset:after:highlight:exact:typos:)`` gives it on a connection.
    ///
    /// ```swift
    /// let results = try await notes.search("sourdough", in: database)
    /// // the same SELECT, run on a reader connection; cancelling the task interrupts it
    /// ```
    /// - Throws: `CancellationError` when the task is cancelled (a running statement is
    ///   interrupted), ``SearchIndexError/notMigrated(index:)``, or `SQLiteError`.
    public func search(
        _ text: String, in database: SQLiteDatabase, limit: Int = 20, offset: Int = 0, after: SearchCursor? = nil,
        highlight: HighlightStyle = .brackets, exact: Bool = false, typos: TypoTolerance = .on
    ) async throws -> IndexResultSet {
        try await search(
            text, in: database, limit: limit, offset: offset, after: after, highlight: highlight, exact: exact, typos: typos,
            vocabulary: nil)
    }

    /// ``search(_:in:limit:offset:after:highlight:exact:typos:)`` with a cache of the index's
    /// words, as the index's typing stream keeps one: when its trie mirrors the index, the typo
    /// tier's candidates and did-you-mean's words come from memory instead of the index's
    /// `fts5vocab` table (the first time a search wants them, it starts building the trie in the
    /// background). The answer is the same with or without it.
    ///
    /// ```swift
    /// let words = VocabularyCache(database: database, index: notes)
    /// let results = try await notes.search("sourdouhg", in: database, vocabulary: words)
    /// ```
    /// A cache made for another index (or the reminders) is not used.
    public func search(
        _ text: String, in database: SQLiteDatabase, limit: Int = 20, offset: Int = 0, after: SearchCursor? = nil,
        highlight: HighlightStyle = .brackets, exact: Bool = false, typos: TypoTolerance = .on, vocabulary: VocabularyCache?
    ) async throws -> IndexResultSet {
        try await search(
            text, in: database, limit: limit, offset: offset, after: after, highlight: highlight, exact: exact, typos: typos,
            vocabulary: vocabulary, early: nil)
    }

    /// The same, handing `early` the exact matches before the typo tier runs (see
    /// ``search(_:on:helper:limit:offset:after:highlight:typos:vocabulary:early:)``).
    func search(
        _ text: String, in database: SQLiteDatabase, limit: Int = 20, offset: Int = 0, after: SearchCursor? = nil,
        highlight: HighlightStyle = .brackets, exact: Bool = false, typos: TypoTolerance = .on, vocabulary: VocabularyCache?,
        early: (@Sendable (IndexResultSet) -> Void)?
    ) async throws -> IndexResultSet {
        try await search(
            parse(text, exact: exact), in: database, limit: limit, offset: offset, after: after, highlight: highlight,
            typos: typos, vocabulary: vocabulary, early: early)
    }

    /// ``search(_:in:limit:offset:after:highlight:exact:typos:vocabulary:)`` for a query already
    /// parsed, so that its `due:` words are read against a day of the caller's
    /// (``parse(_:exact:today:timeZone:)``) rather than against now.
    ///
    /// ```swift
    /// let query = tasks.parse("due:overdue", today: CalendarDay("2026-03-02")!, timeZone: .gmt)
    /// let results = try await tasks.search(query, in: database, vocabulary: words)
    /// ```
    public func search(
        _ query: SearchQuery, in database: SQLiteDatabase, limit: Int = 20, offset: Int = 0, after: SearchCursor? = nil,
        highlight: HighlightStyle = .brackets, typos: TypoTolerance = .on, vocabulary: VocabularyCache? = nil
    ) async throws -> IndexResultSet {
        try await search(
            query, in: database, limit: limit, offset: offset, after: after, highlight: highlight, typos: typos,
            vocabulary: vocabulary, early: nil)
    }

    func search(
        _ query: SearchQuery, in database: SQLiteDatabase, limit: Int, offset: Int, after: SearchCursor?,
        highlight: HighlightStyle, typos: TypoTolerance, vocabulary: VocabularyCache?,
        early: (@Sendable (IndexResultSet) -> Void)?
    ) async throws -> IndexResultSet {
        // NB: with a second idle reader, a large set's total and facets are read there while
        // the page is ranked (``search(_:on:helper:limit:offset:after:highlight:typos:vocabulary:early:)``).
        return try await database.readWithHelper { db, helper in
            try self.search(
                query, on: db, helper: helper, limit: limit, offset: offset, after: after, highlight: highlight, typos: typos,
                vocabulary: vocabulary, early: early)
        }
    }

    /// Search as you type: answers for the latest text only; a new text cancels the search of
    /// the one before (its statement is interrupted) and an older answer is never delivered
    /// after a newer text arrived.
    ///
    /// ```swift
    /// for try await results in notes.results(for: typedTexts, in: database) {
    ///     show(results.hits)   // results.query.text is the text it answers
    /// }
    /// ```
    /// A text with more matches than a few pages hold (`b` in a large table) is answered twice:
    /// first ``IndexResultSet/isProvisional``, from its newest matches ranked without document
    /// counts, in a few milliseconds; then finally, every match ranked, with the exact total and
    /// the facets. A text without words (`folder:Baking`) likewise gets its first page before
    /// its total and facets, and a text whose exact matches do not fill the page gets them
    /// before the typo matches are looked for (``IndexResultSet/typoCount``). Any other text
    /// gets the final answer alone; the final answer is always the last for its text. Show a
    /// provisional total as a lower bound (`200+`).
    /// Without `live`, the stream finishes once `texts` ends and the last text is answered, and
    /// an answer does not change when the table changes afterwards. With `live`, as
    /// ``SearchProvider`` does for the reminders, the latest text is answered again after every
    /// commit to the database, this process's or another's (seen through `PRAGMA data_version`
    /// on a read-only connection of the stream's own, or the writer's change count in memory),
    /// and the stream goes on after `texts` ends, until its consumer stops. A live stream also
    /// keeps the final answers of its last 32 texts while nothing is committed, so a text typed
    /// again (`brea` → `bread` → `brea`) is answered at once, with no provisional answer first.
    /// Stop consuming it (or cancel its task) to cancel the search in flight.
    ///
    /// ```swift
    /// for try await results in notes.results(for: typedTexts, in: database, live: true) {
    ///     show(results.hits)   // again after an INSERT INTO "notes" commits
    /// }
    /// ```
    /// - Parameters:
    ///   - texts: What the person typed, one element per change.
    ///   - database: The database the index was migrated in.
    ///   - limit: Hits per answer.
    ///   - highlight: What to put around matches.
    ///   - exact: True to make only starred words prefixes.
    ///   - typos: Whether typo matches follow the exact ones when those do not fill the page.
    ///   - live: True to answer the latest text again after every commit.
    ///   - pollInterval: How often a live stream looks for commits.
    ///   - clock: What `pollInterval` is measured with; tests may pass their own.
    /// - Returns: The answers. A ``SearchError`` (an unknown `!engine`, a `!raw` syntax error)
    ///   does not end the stream: it arrives as an answer with no hits and the message in
    ///   ``SearchQuery/problems``. Any other error (``SearchIndexError``, `SQLiteError`, or
    ///   `OpenError` when a live stream cannot open its watching connection) ends it.
    public func results<Texts: AsyncSequence & Sendable>(
        for texts: Texts, in database: SQLiteDatabase, limit: Int = 20, highlight: HighlightStyle = .brackets,
        exact: Bool = false, typos: TypoTolerance = .on, live: Bool = false, pollInterval: Duration = .milliseconds(250),
        clock: any Clock<Duration> = ContinuousClock()
    ) -> AsyncThrowingStream<IndexResultSet, any Error> where Texts.Element == String {
        // NB: as SearchProvider's fts engine does, a stream keeps the index's words in memory
        // once a keystroke needs typo candidates (built in the background; until it mirrors the
        // index, they are read from SQL, with the same answer).
        results(
            for: texts, in: database, limit: limit, highlight: highlight, exact: exact, typos: typos, live: live,
            pollInterval: pollInterval, clock: clock, vocabulary: VocabularyCache(database: database, index: self))
    }

    /// ``results(for:in:limit:highlight:exact:typos:live:pollInterval:clock:)`` with a given
    /// cache of the index's words (``SearchProvider`` keeps one per index for all its streams).
    func results<Texts: AsyncSequence & Sendable>(
        for texts: Texts, in database: SQLiteDatabase, limit: Int, highlight: HighlightStyle, exact: Bool,
        typos: TypoTolerance, live: Bool, pollInterval: Duration, clock: any Clock<Duration>, vocabulary: VocabularyCache
    ) -> AsyncThrowingStream<IndexResultSet, any Error> where Texts.Element == String {
        AsyncThrowingStream { continuation in
            let latest = LatestWins(continuation: continuation)
            let reader = Task {
                var last: Task<Void, Never>?
                do {
                    let typing = IndexTyping(
                        index: self, database: database, latest: latest,
                        watcher: live ? try ChangeWatcher(database: database) : nil, settled: IndexSettledAnswers(),
                        vocabulary: vocabulary, limit: limit, highlight: highlight, exact: exact, typos: typos,
                        pollInterval: pollInterval, clock: clock)
                    for try await text in texts {
                        let generation = latest.begin()
                        let work = Task { await typing.answer(text, generation: generation) }
                        latest.attach(work, to: generation)
                        last = work
                    }
                    // NB: the texts ended; the latest one's answer is the last element (a live
                    // one's work runs until the consumer stops).
                    await last?.value
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in
                reader.cancel()
                latest.stop()
            }
        }
    }

    /// An answer with no hits that carries a search error (an unknown `!engine`, a `!raw`
    /// syntax error) as a problem with the query, as ``SearchProvider`` answers the reminders.
    func problem(_ error: SearchError, text: String, exact: Bool) -> IndexResultSet {
        var query = parse(text, exact: exact)
        let token = query.raw ?? text
        query.problems.append(QueryProblem(token: token, range: token.startIndex..<token.endIndex, reason: error.description))
        return IndexResultSet(query: query, index: name)
    }
}
