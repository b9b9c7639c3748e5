public import TroveSQLite
import Synchronization

/// Keeps every reminder's list, completion, flag, priority and tags in memory for a long-lived
/// searcher, such as ``SearchProvider``, so that a search's counts and facets do not look each
/// match up, and a search narrowed to its `list:` or `tag:` filter's reminders finds them
/// without SQL.
///
/// ```swift
/// let facts = ReminderFactsCache(database: database)
/// var registry = EngineRegistry()
/// registry.register(FTSEngine(vocabulary: VocabularyCache(database: database), facts: facts))
/// ```
///
/// The copy is built in the background the first time a search could use it, and again after
/// the reminders change (~0.4 s at 1,000,000 reminders; ~23 MB). A search uses it only when it
/// was read from exactly the database the search reads: same index structure record and same
/// count of list, completion, flag and priority changes (schemas 13 and 14), read in the
/// search's own transaction. Otherwise the search counts and filters with SQL, which gives the
/// same answer more slowly, so an answer never depends on whether the copy was ready. (A copy
/// read from a schema-13 database holds no flags or priorities: a change to them could go
/// unseen there.)
///
/// NB: what it saves. `milk appointment` at 1,000,000 reminders has 61,682 matches; their counts
/// and facets took 65 ms of look-ups in `reminders`, and take ~5 ms with the copy (BENCHMARKS-HISTORY.md).
public final class ReminderFactsCache: Sendable {
    private let copy: BackgroundBuild<ReminderFacts.Version, ReminderFacts>

    /// - Parameters:
    ///   - database: The database whose reminders it mirrors.
    ///   - pause: The least time between the end of one build and the start of the next.
    public init(database: SQLiteDatabase, pause: Duration = .seconds(2)) {
        copy = BackgroundBuild(pause: pause) {
            try await database.read { db in
                try db.transaction(.deferred) { try ReminderFacts.read(on: db).map { (version: $0.version, value: $0) } }
            }
        }
    }

    /// How many copies were built so far, for tests and benchmarks.
    public var builds: Int { copy.builds }
    /// How many searches counted from the copy.
    var uses: Int { copy.uses }

    /// How many searches read their filters' reminders from the copy.
    var filterUses: Int { filterUseCount.withLock { $0 } }
    private let filterUseCount = Mutex(0)

    /// The facts when they mirror the database at `version`; otherwise nil, and (when `build`)
    /// a build starts in the background unless one is running or one ended less than the pause ago.
    func facts(at version: ReminderFacts.Version, build: Bool = true) -> ReminderFacts? {
        copy.value(at: version, build: build)
    }

    /// The facts when they mirror the database at `version`, for a search's filters
    /// (``SearchExecutor/narrowedToFilteredReminders(on:facts:)``), counted in ``filterUses``;
    /// otherwise nil. Starts no build: only a search that counts with them does.
    func factsForFilters(at version: ReminderFacts.Version) -> ReminderFacts? {
        let facts = copy.value(at: version, build: false, counted: false)
        if facts != nil { filterUseCount.withLock { $0 += 1 } }
        return facts
    }

    /// Builds now and waits for it; for benchmarks and tests. Without schema 13's count of
    /// list and completion changes there is nothing to build, and no copy is kept.
    public func buildNow() async throws {
        try await copy.buildNow()
    }

    /// Starts a build in the background unless a copy exists or one is being built: a search
    /// box calls it when it opens, so that its first searches find the copy ready.
    public func prepare() {
        copy.prepare()
    }
}
