import Foundation
import Synchronization
import TroveQuery
public import TroveSQLite

/// Keeps a `VocabularyTrie` of a database's index for a long-lived searcher, such as
/// ``SearchProvider``, so that typo candidates cost microseconds on every keystroke.
///
/// ```swift
/// let cache = VocabularyCache(database: database)
/// var registry = EngineRegistry()
/// registry.register(FTSEngine(vocabulary: cache))   // typo candidates from the trie once built
/// ```
///
/// The trie is built in the background the first time a search asks for typo candidates, and
/// again after the index changes. A search uses it only when it was built from exactly the
/// index the search reads (same FTS5 structure record, read in the same transaction);
/// otherwise it reads the candidates from SQL (`SQLVocabulary`), which gives the same
/// answer more slowly. So a search's answer never depends on whether the trie was ready.
public final class VocabularyCache: Sendable {
    let database: SQLiteDatabase
    private let state = Mutex(State())
    /// How long after a build another may start: a burst of writes does not rebuild per write.
    private let pause: Duration

    private struct State {
        var trie: VocabularyTrie?
        var version: [UInt8]?
        var isBuilding = false
        var lastBuildEnded: ContinuousClock.Instant?
        var builds = 0
        var uses = 0
    }

    /// - Parameters:
    ///   - database: The database whose index it mirrors.
    ///   - pause: The least time between the end of one build and the start of the next.
    public init(database: SQLiteDatabase, pause: Duration = .seconds(2)) {
        self.database = database
        self.pause = pause
    }

    /// How many tries were built so far, for tests and benchmarks.
    public var builds: Int { state.withLock { $0.builds } }
    /// How many times a search read its words from the trie.
    var uses: Int { state.withLock { $0.uses } }
    /// The last trie built, current or not.
    var currentTrie: VocabularyTrie? { state.withLock { $0.trie } }

    /// The trie when it mirrors the index at `version`; otherwise nil, and (when `build`) a
    /// build starts in the background unless one is running or one ended less than the pause ago.
    func trie(at version: [UInt8], build: Bool = true) -> VocabularyTrie? {
        let (trie, startBuild) = state.withLock { state -> (VocabularyTrie?, Bool) in
            if state.version == version, let trie = state.trie {
                state.uses += 1
                return (trie, false)
            }
            let clock = ContinuousClock()
            let rested = state.lastBuildEnded.map { clock.now - $0 >= pause } ?? true
            guard build, !state.isBuilding, rested else { return (nil, false) }
            state.isBuilding = true
            return (nil, true)
        }
        if startBuild { buildInBackground() }
        return trie
    }

    /// Builds now and waits for it; for benchmarks and tests.
    public func buildNow() async throws {
        let (version, trie) = try await database.read { db in (try Self.version(on: db), try VocabularyTrie(db: db)) }
        state.withLock {
            $0.trie = trie
            $0.version = version
            $0.builds += 1
            $0.lastBuildEnded = ContinuousClock().now
        }
    }

    /// Starts a build in the background unless a trie exists or one is being built: a search
    /// box calls it when it opens, so that the first long prefix or typo of a session finds the
    /// trie ready (building it reads every word once: ~0.8 s at 1M reminders).
    public func prepare() {
        let start = state.withLock { state -> Bool in
            guard state.trie == nil, !state.isBuilding else { return false }
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

    /// The index's structure record: it changes with every transaction that writes the index.
    ///
    /// NB: `PRAGMA data_version` is per connection, so it cannot tell two readers apart; FTS5
    /// rewrites this record (id 10 of the `_data` table) on every change to the index, and a
    /// read inside the search's own transaction sees exactly the index that search reads.
    /// See https://www.sqlite.org/fts5.html (the %_data shadow table).
    static func version(on db: SQLiteConnection, tables: VocabularyTables = .reminders) throws -> [UInt8] {
        try db.fetchOne("SELECT \"block\" FROM \(identifier: tables.fts + "_data") WHERE \"id\" = 10").map { try $0[0] } ?? []
    }
}
