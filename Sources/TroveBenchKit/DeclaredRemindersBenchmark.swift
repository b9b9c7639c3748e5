import Foundation
import TroveQuery
import TroveSQLite
import TroveSearch
import TroveStore

/// The reminders searched by today's engine and by their declaration as one ``SearchIndex``
/// (issue 18, item 3: `SearchIndex.declaredReminders`), query by query in the same run, over a
/// copy of the benchmark's reminders database that also holds the declaration's index.
///
/// Per query, each the median of `rounds` runs, the six taking turns at going first:
/// - the engine on one connection, no caches (`FTSEngine().search(request, on:)`, as
///   `trove-bench statements` times it);
/// - the declaration on one connection, no caches (`SearchIndex.remindersResultSet(for:…on:)`:
///   its search, then the engine's `ResultSet` made of its answer, as `trove search` prints it);
/// - each on a connection opened for that search alone, the text parsed in it: what a
///   one-shot `trove search` process does after it starts (the schema read, SQLite's page
///   cache empty), without the process's own start, which is the same for both;
/// - the engine with two readers and a `SearchProvider`'s caches (the reminders' facts and
///   vocabulary trie), as the CLI's typing stream and an app's provider search;
/// - the declaration with two readers and its `VocabularyCache` (words and the copy of the
///   facet values), as an app's stream over its index.
///
/// Both answer the same request: 50 hits, typo tier on, the day pinned to the generator's
/// today. Each query's two answers are compared whole (``difference(_:_:)``), and the queries
/// whose answers differ are counted, with the first few named.
public struct DeclaredRemindersBenchmark {
    /// The benchmark's reminders database.
    public var sourcePath: String
    /// Where the copy with the declaration's index is made (kept between runs).
    public var path: String

    public init(sourcePath: String, path: String) {
        self.sourcePath = sourcePath
        self.path = path
    }

    /// One class's figures, ms.
    public struct Row: Sendable {
        public var queryClass: QueryClass
        public var queries: Int
        public var engine: LatencyStats
        public var declared: LatencyStats
        public var engineCached: LatencyStats
        public var declaredCached: LatencyStats
        public var engineFresh: LatencyStats
        public var declaredFresh: LatencyStats
        /// Queries whose two answers differ (hits in order, or total).
        public var differing: Int
        /// The first few of them, with both answers' first hits and totals.
        public var examples: [String]
        /// Each query's one-connection medians, ms: the engine's and the declaration's.
        public var perQuery: [(text: String, engine: Double, declared: Double)] = []
    }

    /// Makes the copy when it is missing or its index is not current; returns its reminders
    /// and the seconds `declareReminders` took (nil when the copy was kept).
    public func prepare() throws -> (rows: Int, declareSeconds: Double?) {
        if FileManager.default.fileExists(atPath: path) {
            let current = try { () throws -> Int? in
                let db = try SQLConnection(path: path)
                guard try SearchIndex.declaredReminders.isCurrent(db) else { return nil }
                // NB: stores the copy of the facet values again when an older Trove stored it in another layout.
                try SearchIndex.declaredReminders.migrate(db)
                return try db.fetchValue("SELECT count(*) FROM reminders", as: Int.self) ?? 0
            }()
            if let current { return (current, nil) }
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        try { () throws in
            let source = try SQLConnection(path: sourcePath, options: .init(readOnly: true))
            try source.execute("VACUUM INTO \(path)")
        }()
        let db = try SQLConnection(path: path)
        let clock = ContinuousClock()
        let start = clock.now
        try db.transaction(.immediate) { try SearchIndex.declareReminders(db) }
        let seconds = (clock.now - start).milliseconds / 1000
        return (try db.fetchValue("SELECT count(*) FROM reminders", as: Int.self) ?? 0, seconds)
    }

    /// Each statement the declaration runs for `text` on one connection (its SQL with the values
    /// bound), and the fastest of `rounds` runs of it alone on bare libsqlite3, in ms; then the
    /// whole search's fastest, labelled. The fastest, not the median: on a busy machine it is
    /// the steadier figure for comparing two builds.
    public func profile(_ text: String, typing: Bool, rounds: Int) throws -> [(String, Double)] {
        let request = QueryBenchmark.request(BenchQuery(text, typing: typing))
        SQLCapture.isArmed = true
        let captured = try SQLConnection(path: path, options: .init(readOnly: true))
        SQLCapture.isArmed = false
        let statements = try SQLCapture.record {
            _ = try SearchIndex.remindersResultSet(for: request, text: text, exact: !typing, on: captured)
        }
        let direct = try DirectConnection(path: path, readOnly: true)
        let clock = ContinuousClock()
        var out: [(String, Double)] = []
        for statement in statements {
            var times: [Double] = []
            for _ in 0..<max(rounds, 1) {
                let start = clock.now
                _ = try? direct.run(statement)
                times.append((clock.now - start).milliseconds)
                if !direct.isAutocommit { try? direct.execute("ROLLBACK") }
            }
            let shown = statement.sql + (statement.bindings.isEmpty ? "" : "  -- \(statement.bindings.map(Self.shown).joined(separator: ", ").prefix(200))")
            out.append((shown, times.min() ?? 0))
        }
        let timed = try SQLConnection(path: path, options: .init(readOnly: true))
        var whole: [Double] = []
        for _ in 0..<max(rounds, 1) {
            let start = clock.now
            _ = try SearchIndex.remindersResultSet(for: request, text: text, exact: !typing, on: timed)
            whole.append((clock.now - start).milliseconds)
        }
        out.append(("the whole search (SearchIndex.remindersResultSet on one connection)", whole.min() ?? 0))
        return out
    }

    private static func shown(_ value: SQLValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let number): String(number)
        case .double(let number): String(number)
        case .text(let text): "'\(text.prefix(60))'"
        case .blob(let bytes): "<\(bytes.count) bytes>"
        }
    }

    /// What differs between the engine's answer and the declaration's, briefly; nil when they
    /// are the same: every field of every hit (scores within a billionth), the totals, the
    /// completed count, the facets, did-you-mean and whether a next page follows.
    static func difference(_ engine: ResultSet, _ declared: ResultSet) -> String? {
        var differ: [String] = []
        if engine.hits.map(\.id) != declared.hits.map(\.id) {
            differ.append("ids \(engine.hits.prefix(5).map(\.id)) / \(declared.hits.prefix(5).map(\.id))")
        }
        for (a, b) in zip(engine.hits, declared.hits) where a.id == b.id {
            var hit = b
            if abs(a.rank - b.rank) <= 1e-9 * max(1, abs(a.rank)) { hit.rank = a.rank }
            if a != hit { differ.append("hit \(a.id)") }
        }
        if engine.total != declared.total { differ.append("total \(engine.total) / \(declared.total)") }
        if engine.typoCount != declared.typoCount || engine.wordFormCount != declared.wordFormCount { differ.append("typos or forms") }
        if engine.completedCount != declared.completedCount || engine.includesCompleted != declared.includesCompleted {
            differ.append("completed \(engine.completedCount) / \(declared.completedCount)")
        }
        if engine.listFacets != declared.listFacets || engine.tagFacets != declared.tagFacets { differ.append("facets") }
        if engine.didYouMean != declared.didYouMean { differ.append("did you mean") }
        if (engine.next == nil) != (declared.next == nil) { differ.append("next page") }
        return differ.isEmpty ? nil : differ.prefix(4).joined(separator: ", ")
    }

    /// Times every query of every class.
    public func measure(_ classes: [QueryClass: [BenchQuery]], rounds: Int) async throws -> [Row] {
        let db = try SQLConnection(path: path, options: .init(readOnly: true))
        let database = try SQLiteDatabase(path: path, readers: 2, options: .init(readOnly: true))
        let index = SearchIndex.declaredReminders
        let provider = try SearchProvider(database: database)
        guard let facts = provider.facts, let vocabulary = provider.vocabulary else {
            throw BenchError("the SearchProvider's fts engine keeps no reminders' facts or vocabulary")
        }
        try await facts.buildNow()
        try await vocabulary.buildNow()
        let cachedEngine = FTSEngine(vocabulary: vocabulary, facts: facts)
        let words = VocabularyCache(database: database, index: index)
        try await words.buildNow()
        let clock = ContinuousClock()
        var rows: [Row] = []
        for queryClass in QueryClass.allCases {
            let queries = classes[queryClass] ?? []
            guard !queries.isEmpty else { continue }
            var times: [[Double]] = Array(repeating: [], count: 6)
            var differing = 0
            var examples: [String] = []
            var perQuery: [(text: String, engine: Double, declared: Double)] = []
            for (number, query) in queries.enumerated() {
                let request = QueryBenchmark.request(query)
                let (text, exact) = (query.text, !query.typing)
                let declared = { (db: SQLConnection) throws -> ResultSet in
                    guard let answer = try SearchIndex.remindersResultSet(for: request, text: text, exact: exact, on: db) else {
                        throw BenchError("the declaration does not answer \(query)")
                    }
                    return answer
                }
                let engineAnswer = try FTSEngine().search(request, on: db)
                let declaredAnswer = try declared(db)
                if let difference = Self.difference(engineAnswer, declaredAnswer) {
                    differing += 1
                    if examples.count < 3 { examples.append("\(query): \(difference)") }
                }
                // NB: each reader warms its own cache, and the two swap roles from one search to the next.
                for _ in 0..<2 {
                    _ = try await cachedEngine.search(request, in: database)
                    _ = try await SearchIndex.remindersResultSet(for: request, text: text, exact: exact, in: database, vocabulary: words)
                }
                let runs: [() async throws -> Void] = [
                    { _ = try FTSEngine().search(request, on: db) },
                    { _ = try declared(db) },
                    { _ = try await cachedEngine.search(request, in: database) },
                    { _ = try await SearchIndex.remindersResultSet(for: request, text: text, exact: exact, in: database, vocabulary: words) },
                    { _ = try FTSEngine().search(request, on: try SQLConnection(path: path, options: .init(readOnly: true))) },
                    { _ = try declared(try SQLConnection(path: path, options: .init(readOnly: true))) },
                ]
                var samples: [[Double]] = Array(repeating: [], count: runs.count)
                for round in 0..<max(rounds, 1) {
                    for turn in 0..<runs.count {
                        let which = (turn + round + number) % runs.count
                        let start = clock.now
                        try await runs[which]()
                        samples[which].append((clock.now - start).milliseconds)
                    }
                }
                for which in 0..<runs.count { times[which].append(LatencyStats(milliseconds: samples[which]).p50) }
                perQuery.append((query.text, times[0].last ?? 0, times[1].last ?? 0))
            }
            rows.append(Row(
                queryClass: queryClass, queries: queries.count, engine: LatencyStats(milliseconds: times[0]),
                declared: LatencyStats(milliseconds: times[1]), engineCached: LatencyStats(milliseconds: times[2]),
                declaredCached: LatencyStats(milliseconds: times[3]), engineFresh: LatencyStats(milliseconds: times[4]),
                declaredFresh: LatencyStats(milliseconds: times[5]), differing: differing, examples: examples,
                perQuery: perQuery))
        }
        return rows
    }

    /// The rows as a table: ms p50 / p99 (p99 is the slowest query when there are fewer than 100).
    public static func table(_ rows: [Row]) -> MarkdownTable {
        var table = MarkdownTable(header: [
            "class", "queries", "engine, one connection", "declared, one connection", "declared / engine p50",
            "engine, 2 readers + caches", "declared, 2 readers + caches", "declared / engine p50",
            "engine, new connection", "declared, new connection", "declared / engine p50", "answers differing",
        ])
        func pair(_ stats: LatencyStats) -> String { Format.ms(stats.p50) + " / " + Format.ms(stats.p99) }
        func ratio(_ a: LatencyStats, _ b: LatencyStats) -> String { String(format: "×%.2f", a.p50 / max(b.p50, 0.001)) }
        for row in rows {
            table.append([
                row.queryClass.label, String(row.queries), pair(row.engine), pair(row.declared), ratio(row.declared, row.engine),
                pair(row.engineCached), pair(row.declaredCached), ratio(row.declaredCached, row.engineCached),
                pair(row.engineFresh), pair(row.declaredFresh), ratio(row.declaredFresh, row.engineFresh),
                String(row.differing),
            ])
        }
        return table
    }
}
