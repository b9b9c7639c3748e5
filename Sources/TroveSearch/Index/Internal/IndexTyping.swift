import TroveSQLite

/// What one typing stream over a ``SearchIndex`` answers each text with
/// (``SearchIndex/results(for:in:limit:highlight:exact:typos:live:pollInterval:clock:)``): the
/// stream's settings, its watcher and its kept answers, and where answers go (latest wins).
struct IndexTyping: Sendable {
    var index: SearchIndex
    var database: SQLiteDatabase
    var latest: LatestWins<IndexResultSet>
    /// Set for a live stream: its commits make the latest text be answered again.
    var watcher: ChangeWatcher?
    var settled: IndexSettledAnswers
    var vocabulary: VocabularyCache
    var limit: Int
    var highlight: HighlightStyle
    var exact: Bool
    var typos: TypoTolerance
    var pollInterval: Duration
    var clock: any Clock<Duration>

    /// Answers `text` until a newer text supersedes it (its task is cancelled): at once from
    /// its kept final answer when the data is unchanged; otherwise a provisional answer first
    /// when it has many matches (``SearchIndex/provisional(_:on:limit:highlight:)``) or no
    /// words, the exact matches before the typo tier, then the final answer; live, again after
    /// every commit.
    func answer(_ text: String, generation: UInt64) async {
        do {
            // NB: the token is read before each search, so a commit that lands while it runs
            // is noticed and answered again.
            var seen = try await watcher?.token()
            var cached = seen.flatMap { settled.value(for: text, at: $0) }
            if cached == nil, let quick = try await provisional(text) {
                latest.deliver(quick, from: generation)
            }
            var answered = false
            while true {
                let answer: IndexResultSet
                if let known = cached {
                    answer = known
                    cached = nil
                } else {
                    // NB: the exact matches before the typo tier only the first time: an answer
                    // again after a commit replaces a final one.
                    var early: (@Sendable (IndexResultSet) -> Void)?
                    if !answered {
                        let latest = latest
                        early = { exactMatches in latest.deliver(exactMatches, from: generation) }
                    }
                    answer = try await search(text, early: early)
                    if let seen { settled.insert(answer, for: text, at: seen) }
                }
                latest.deliver(answer, from: generation)
                answered = true
                guard let watcher, let before = seen else { break }
                seen = try await watcher.change(from: before, every: pollInterval, clock: clock)
            }
        } catch is CancellationError {
        } catch let error as SearchError {
            // NB: a query the index cannot run (`!ra` on the way to `!raw`) is a problem with
            // this text, not the end of typing.
            latest.deliver(index.problem(error, text: text, exact: exact), from: generation)
        } catch {
            latest.finish(throwing: error, from: generation)
        }
    }

    private func provisional(_ text: String) async throws -> IndexResultSet? {
        let query = index.parse(text, exact: exact)
        return try await database.read { [index, limit, highlight] db in
            try index.provisional(query, on: db, limit: limit, highlight: highlight)
        }
    }

    private func search(_ text: String, early: (@Sendable (IndexResultSet) -> Void)?) async throws -> IndexResultSet {
        try await index.search(
            text, in: database, limit: limit, highlight: highlight, exact: exact, typos: typos, vocabulary: vocabulary,
            early: early)
    }
}
