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
    private let trie: BackgroundBuild<[UInt8], VocabularyTrie>
    /// The copy of an index's facet values (``IndexFacts``), for a cache made for an index with facets.
    private let facts: BackgroundBuild<IndexFacts.Version, IndexFacts>?
    /// The index whose words it keeps: the reminders', or a ``SearchIndex``'s.
    let tables: VocabularyTables

    /// - Parameters:
    ///   - database: The database whose index it mirrors.
    ///   - pause: The least time between the end of one build and the start of the next.
    public convenience init(database: SQLiteDatabase, pause: Duration = .seconds(2)) {
        self.init(database: database, tables: .reminders, pause: pause)
    }

    /// A cache of a ``SearchIndex``'s words, for
    /// ``SearchIndex/search(_:in:limit:offset:after:highlight:exact:typos:vocabulary:)``; the
    /// index's typing stream keeps one of its own.
    ///
    /// ```swift
    /// let words = VocabularyCache(database: database, index: notes)
    /// try await notes.search("sourdouhg", in: database, vocabulary: words)   // typo candidates from memory once built
    /// ```
    ///
    /// For an index with ``SearchIndex/facets``, it also keeps a copy of every row's facet
    /// values, built in the background as the trie is and used on the same terms (only when it
    /// mirrors the database the search reads): a search of words FTS5 finds on their own (no
    /// word in a substring script, not `!like`) and of `.text` or lookup filters on facets counts
    /// its total and facets from the matches' keys instead of joining each match to the app's
    /// tables. At 100,000 notes with a folder and tags the copy is ~2.3 MB and takes ~0.16 s to
    /// build (`trove-bench app-index`).
    public convenience init(database: SQLiteDatabase, index: SearchIndex, pause: Duration = .seconds(2)) {
        self.init(database: database, tables: VocabularyTables(index: index), pause: pause, facetsOf: index)
    }

    /// A cache of one index's words: `.reminders`, or a ``SearchIndex``'s tables; and of the
    /// facet values of `index`, when given and it has facets.
    init(database: SQLiteDatabase, tables: VocabularyTables, pause: Duration = .seconds(2), facetsOf index: SearchIndex? = nil) {
        self.tables = tables
        // NB: an index with facets also gets a copy of every row's facet values (``IndexFacts``),
        // kept by whoever keeps its words: a search's total and facets are then counted in
        // memory when the copy mirrors the database the search reads.
        if let index, !index.facets.isEmpty {
            facts = BackgroundBuild(pause: pause) {
                try await database.read { db in
                    // NB: the stored copy when it holds: read in a few ms where reading the rows takes ~0.2 s.
                    try db.transaction(.deferred) {
                        try (IndexFacts.stored(of: index, on: db) ?? IndexFacts.read(of: index, on: db)).map { (version: $0.version, value: $0) }
                    }
                }
            }
        } else {
            facts = nil
        }
        // NB: the version and the words from one snapshot, so a trie is never labelled with
        // an index it was not read from.
        trie = BackgroundBuild(pause: pause) {
            try await database.read { db in
                try db.transaction(.deferred) {
                    (version: try Self.version(on: db, tables: tables), value: try VocabularyTrie(db: db, tables: tables))
                }
            }
        }
    }

    /// How many tries were built so far, for tests and benchmarks.
    public var builds: Int { trie.builds }
    /// How many times a search read its words from the trie.
    var uses: Int { trie.uses }
    /// The last trie built, current or not.
    var currentTrie: VocabularyTrie? { trie.current }

    /// The trie when it mirrors the index at `version`; otherwise nil, and (when `build`) a build
    /// starts in the background unless one is running or one ended less than the pause ago.
    func trie(at version: [UInt8], build: Bool = true) -> VocabularyTrie? {
        trie.value(at: version, build: build)
    }

    /// The trie when it mirrors the index `db` reads now (in its transaction); see
    /// ``trie(at:build:)``.
    func trie(mirroring db: SQLConnection, build: Bool = true) throws -> VocabularyTrie? {
        trie.value(at: try Self.version(on: db, tables: tables), build: build)
    }

    /// Builds now and waits for it; for benchmarks and tests.
    public func buildNow() async throws {
        try await trie.buildNow()
        try await facts?.buildNow()
    }

    /// How many copies of the index's facet values were built, for tests and benchmarks.
    var factsBuilds: Int { facts?.builds ?? 0 }
    /// How many times a search counted a total and facets from the copy (``countedFromFacts()``).
    var factsUses: Int { factsUseCount.withLock { $0 } }
    private let factsUseCount = Mutex(0)

    /// Notes that a search counted from the copy; for tests and benchmarks.
    func countedFromFacts() {
        factsUseCount.withLock { $0 += 1 }
    }

    /// The copy of `index`'s facet values when it mirrors the database `db` reads now (in its
    /// transaction) and was read for the same facets; otherwise nil, and a build starts in the
    /// background unless one is running or one ended less than the pause ago.
    func facts(of index: SearchIndex, mirroring db: SQLConnection) throws -> IndexFacts? {
        guard let facts, let version = try IndexFacts.version(of: index, on: db) else { return nil }
        guard let copy = facts.value(at: version, counted: false), copy.sources == IndexFacts.sources(of: index),
            copy.numberColumns == IndexFacts.numberColumns(of: index)
        else { return nil }
        return copy
    }

    /// Starts a build in the background unless a trie exists or one is being built: a search
    /// box calls it when it opens, so that the first long prefix or typo of a session finds the
    /// trie ready (building it reads every word once: ~0.8 s at 1M reminders).
    public func prepare() {
        trie.prepare()
        facts?.prepare()
    }

    /// The index's structure record: it changes with every transaction that writes the index.
    ///
    /// NB: `PRAGMA data_version` is per connection, so it cannot tell two readers apart; FTS5
    /// rewrites this record (id 10 of the `_data` table) on every change to the index, and a
    /// read inside the search's own transaction sees exactly the index that search reads.
    /// See https://www.sqlite.org/fts5.html (the %_data shadow table).
    static func version(on db: SQLConnection, tables: VocabularyTables = .reminders) throws -> [UInt8] {
        try db.fetchOne("SELECT \"block\" FROM \(identifier: tables.fts + "_data") WHERE \"id\" = 10").map { try $0[0] } ?? []
    }
}
