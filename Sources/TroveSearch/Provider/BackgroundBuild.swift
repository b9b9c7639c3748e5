import Synchronization

/// A value a long-lived searcher builds from its database in the background and uses only
/// while the database is still at the version it was built from: what ``VocabularyCache`` and
/// ``ReminderFactsCache`` share.
///
/// ```swift
/// let trie = BackgroundBuild<[UInt8], VocabularyTrie>(pause: .seconds(2)) {
///     try await database.read { db in (try VocabularyCache.version(on: db), try VocabularyTrie(db: db)) }
/// }
/// trie.value(at: version)   // the trie when built at `version`; else nil, and a build starts
/// ```
///
/// A build that fails (the database went away) leaves the last value; the searcher's SQL path
/// gives the same answers meanwhile.
final class BackgroundBuild<Version: Equatable & Sendable, Value: Sendable>: Sendable {
    /// Reads a version and the value at it, in one snapshot; nil when there is nothing to build.
    typealias Builder = @Sendable () async throws -> (version: Version, value: Value)?

    private let state = Mutex(State())
    /// How long after a build another may start: a burst of writes does not rebuild per write.
    private let pause: Duration
    private let builder: Builder

    private struct State {
        var value: Value?
        var version: Version?
        var isBuilding = false
        var lastBuildEnded: ContinuousClock.Instant?
        var builds = 0
        var uses = 0
    }

    init(pause: Duration, builder: @escaping Builder) {
        self.pause = pause
        self.builder = builder
    }

    /// How many builds ended so far.
    var builds: Int { state.withLock { $0.builds } }
    /// How many times a search used the value.
    var uses: Int { state.withLock { $0.uses } }
    /// The last value built, current or not.
    var current: Value? { state.withLock { $0.value } }

    /// The value when it was built at `version`; otherwise nil, and (when `build`) a build
    /// starts in the background unless one is running or one ended less than the pause ago.
    /// A value given counts in ``uses`` unless `counted` is false (its caller counts it).
    func value(at version: Version, build: Bool = true, counted: Bool = true) -> Value? {
        let (value, startBuild) = state.withLock { state -> (Value?, Bool) in
            if state.version == version, let value = state.value {
                if counted { state.uses += 1 }
                return (value, false)
            }
            let rested = state.lastBuildEnded.map { ContinuousClock().now - $0 >= pause } ?? true
            guard build, !state.isBuilding, rested else { return (nil, false) }
            state.isBuilding = true
            return (nil, true)
        }
        if startBuild { buildInBackground() }
        return value
    }

    /// Builds now and waits for it.
    func buildNow() async throws {
        let built = try await builder()
        state.withLock {
            $0.value = built?.value
            $0.version = built?.version
            $0.builds += 1
            $0.lastBuildEnded = ContinuousClock().now
        }
    }

    /// Starts a build in the background unless a value exists or one is being built.
    func prepare() {
        let start = state.withLock { state -> Bool in
            guard state.value == nil, !state.isBuilding else { return false }
            state.isBuilding = true
            return true
        }
        if start { buildInBackground() }
    }

    private func buildInBackground() {
        Task.detached(priority: .utility) { [self] in
            do {
                try await buildNow()
            } catch {
                // NB: a failed build (the database went away) leaves the SQL path in use.
            }
            state.withLock { $0.isBuilding = false }
        }
    }
}
