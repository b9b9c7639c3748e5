import Foundation
import Synchronization
public import TroveSQLite
import TroveQuery

/// Live search: answers a request, then answers again whenever the data behind it changes.
///
/// ```swift
/// let provider = try SearchProvider(database: database)
/// for try await resultSet in provider.results(for: SearchRequest(text: "dentist")) {
///     show(resultSet)   // first answer, then one after every commit that touches the database
/// }
/// ```
///
/// Changes are noticed by polling `PRAGMA data_version` on a connection of the provider's own,
/// which changes whenever any other connection commits: this process's writer or another
/// process. (An in-memory database has only one connection, whose own commits do not change
/// its data version; there the provider also watches `sqlite3_total_changes`.)
/// See https://www.sqlite.org/pragma.html#pragma_data_version.
///
/// Its requests search Trove's reminders (the schema `ReminderStore` makes); on a database
/// without them those throw ``SearchError/noReminders``. It answers an app's own table too,
/// through the table's ``SearchIndex``, live and latest-wins in the same way:
///
/// ```swift
/// for try await results in provider.results(for: typedTexts, in: notes) { show(results.hits) }
/// ```
public actor SearchProvider {
    /// The database searched.
    public nonisolated let database: SQLiteDatabase
    /// The engines `!name` can pick; its fts engine has a ``VocabularyCache`` of ``database``.
    public nonisolated let registry: EngineRegistry
    let pollInterval: Duration
    let clock: any Clock<Duration>
    /// A cache of each app index's words, by index name, shared by that index's searches and
    /// streams (``search(_:in:limit:highlight:exact:typos:)``).
    let indexWords = Mutex<[String: VocabularyCache]>([:])
    /// Notices commits: the provider's own read-only connection to a file, for `data_version`.
    private let watcher: ChangeWatcher
    /// Final answers of recent requests while the data is unchanged; see ``SettledResults``.
    private var settled: SettledResults<ChangeWatcher.Token>

    /// - Parameters:
    ///   - database: Where to search.
    ///   - registry: The engines `!name` can pick. Its built-in fts engine gets a
    ///     ``VocabularyCache`` and a ``ReminderFactsCache`` of the database, if it has none.
    ///   - pollInterval: How often to look for changes.
    ///   - clock: What `pollInterval` is measured with; tests may pass their own.
    ///   - settledCapacity: How many final answers to keep for texts typed again while the
    ///     data is unchanged (backspacing over `budg` back to `bud`); 0 keeps none.
    /// - Throws: `OpenError` when the watching connection cannot open the file.
    public init(
        database: SQLiteDatabase, registry: EngineRegistry = EngineRegistry(),
        pollInterval: Duration = .milliseconds(250), clock: any Clock<Duration> = ContinuousClock(),
        settledCapacity: Int = 32
    ) throws {
        TroveRanking.installFunctions()
        settled = SettledResults(capacity: settledCapacity)
        self.database = database
        // NB: a searcher that lives for many keystrokes keeps the index's words in memory, so
        // typo candidates cost microseconds; the answers are the same either way.
        var registry = registry
        // So are every reminder's list, completion and tags, so that counting many matches by
        // list and tag does not look each one up.
        if let fts = try? registry.engine(named: "fts") as? FTSEngine, fts.vocabulary == nil || fts.facts == nil {
            registry.register(FTSEngine(
                vocabulary: fts.vocabulary ?? VocabularyCache(database: database),
                facts: fts.facts ?? ReminderFactsCache(database: database)))
        }
        self.registry = registry
        self.pollInterval = pollInterval
        self.clock = clock
        watcher = try ChangeWatcher(database: database)
    }

    /// The fts engine's ``VocabularyCache``, unless the registry's fts engine is not Trove's.
    public nonisolated var vocabulary: VocabularyCache? {
        (try? registry.engine(named: "fts") as? FTSEngine)?.vocabulary
    }

    /// The fts engine's ``ReminderFactsCache``, unless the registry's fts engine is not Trove's.
    public nonisolated var facts: ReminderFactsCache? {
        (try? registry.engine(named: "fts") as? FTSEngine)?.facts
    }

    /// The results for `request`, again after every change, until the consumer stops iterating.
    ///
    /// - Returns: A stream that ends with an error only when the search cannot run
    ///   (``SearchError``, a broken file); stopping the iteration cancels the work.
    public nonisolated func results(for request: SearchRequest) -> AsyncThrowingStream<ResultSet, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await self.live(request) { continuation.yield($0) }
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Latest wins: results for the newest text only. Each new text cancels the search for the
    /// previous one (interrupting SQLite), and no result of an older text is delivered after a
    /// newer text arrived. After the texts end, the last one's live results keep coming.
    ///
    /// ```swift
    /// let texts = searchField.textChanges   // "d", "de", "den", …
    /// for try await resultSet in provider.results(for: texts, request: SearchRequest(text: "")) { show(resultSet) }
    /// ```
    ///
    /// - Parameters:
    ///   - texts: What the person typed, one element per change.
    ///   - request: Everything but the text: page size, sort, highlight, today.
    ///   - exact: Parse each text with ``SearchQuery/parse(_:exact:)``'s `exact`: only starred words
    ///     are prefixes. By default the last word is one unless the text ends with a space.
    /// - Returns: A stream of result sets. A ``SearchError`` (such as a `!raw` syntax error
    ///   while typing) does not end it: it arrives as a result set with no hits and the error's
    ///   message in ``SearchQuery/problems``. ``SearchError/noReminders`` (a database without
    ///   Trove's reminders) ends it, as no other text could be answered.
    public nonisolated func results<Texts: AsyncSequence & Sendable>(
        for texts: Texts, request: SearchRequest, exact: Bool = false
    ) -> AsyncThrowingStream<ResultSet, any Error> where Texts.Element == String {
        AsyncThrowingStream { continuation in
            let latest = LatestWins(continuation: continuation)
            let reader = Task {
                do {
                    for try await text in texts {
                        var next = request
                        next.query = .parse(text, exact: exact)
                        next.page = .first
                        let generation = latest.begin()
                        let work = Task {
                            do {
                                try await self.live(next) { latest.deliver($0, from: generation) }
                            } catch is CancellationError {
                            } catch let error as SearchError where error != .noReminders {
                                latest.deliver(SearchProvider.problem(error, for: next), from: generation)
                            } catch {
                                latest.finish(throwing: error, from: generation)
                            }
                        }
                        latest.attach(work, to: generation)
                    }
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

    /// The final answer to `request` as the data stands now: the one result set that
    /// ``results(for:)`` settles on before any change, and what `trove search` prints.
    ///
    /// ```swift
    /// let resultSet = try await provider.search(SearchRequest(text: "dentist"))
    /// resultSet.hits.map(\.title)   // ["Dentist appointment", …]
    /// ```
    ///
    /// - Returns: The final result set; problems with the query are in its `query.problems`.
    /// - Throws: ``SearchError``, `SQLiteError`, or `CancellationError` when cancelled.
    public nonisolated func search(_ request: SearchRequest) async throws -> ResultSet {
        try await registry.search(request, in: database)
    }

    /// ``search(_:)`` for a text, parsed as `trove search` parses it; other settings default.
    ///
    /// ```swift
    /// try await provider.search("dent is:open")   // SearchRequest(text: "dent is:open")
    /// ```
    public nonisolated func search(_ text: String) async throws -> ResultSet {
        try await search(SearchRequest(text: text))
    }

    /// Runs `request` now and after every change, until cancelled.
    private func live(_ request: SearchRequest, deliver: @Sendable (ResultSet) -> Void) async throws {
        var seen = try await watcher.token()
        while true {
            if let answer = settled.value(for: request, at: seen) {
                deliver(answer)
            } else {
                do {
                    for try await resultSet in registry.results(for: request, in: database) {
                        deliver(resultSet)
                        settled.insert(resultSet, for: request, at: seen)
                    }
                } catch {
                    throw await RemindersPresence.explain(
                        error, from: try? registry.engine(named: request.query.engineName), in: database)
                }
            }
            try Task.checkCancellation()
            seen = try await watcher.change(from: seen, every: pollInterval, clock: clock)
        }
    }

    /// A result set that carries a search error as a problem with the query.
    static func problem(_ error: SearchError, for request: SearchRequest) -> ResultSet {
        var query = request.query
        let text = query.raw ?? ""
        query.problems.append(QueryProblem(token: text, range: text.startIndex..<text.endIndex, reason: error.description))
        return ResultSet(query: query, engine: query.engineName)
    }
}
