import Foundation
import TroveSQLite
import TroveSearch

/// Where a settled search's time goes: each statement the fts engine runs for a class's
/// queries, replayed alone through bare libsqlite3 and grouped by what it is for.
///
/// ```swift
/// let rows = try StatementProfile(path: path).profile(queries, rounds: 5)
/// // [("hits", 12, 0.84 ms), ("counts", 12, 0.31 ms), ("vocabulary range", 3, 4.9 ms), …]
/// ```
///
/// A diagnostic for finding what to make cheaper, not a target: the totals are medians of
/// `rounds` replays of each statement, summed per purpose over the queries.
public struct StatementProfile {
    let replay: Replay

    /// Whether to count the thread's CPU time rather than wall time: on a busy machine the
    /// CPU time of a single-threaded search still compares two builds fairly.
    let cpuTime: Bool

    /// Whether to print each statement and its bindings as it is profiled.
    let printStatements: Bool

    public init(path: String, cpuTime: Bool = false, printStatements: Bool = false) throws {
        replay = try Replay(path: path)
        self.cpuTime = cpuTime
        self.printStatements = printStatements
    }

    private func measure(_ body: () throws -> Void) rethrows -> Duration {
        guard cpuTime else { return try replay.clock.measure(body) }
        func now() -> Duration {
            var spec = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
            return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
        }
        let start = now()
        try body()
        return now() - start
    }

    /// One purpose's share: how many statements, and their summed median time.
    public struct Row: Sendable {
        public var purpose: String
        public var statements: Int
        public var total: Duration
    }

    /// What the last row and the one before it are: the whole search, and the part of it that
    /// composes SQL with TroveQuery.
    public static let wholeSearch = "whole engine search (median run)"
    public static let composing = "composing the hits and counts SQL (EngineRegistry.explanation(for:))"
    /// The same statements composed and rendered as a search renders them, without the inlined
    /// copy an explanation adds: the builder's share of a search.
    public static let rendering = "composing and rendering them as a search does (no inlined copy)"

    /// Each query's statements, grouped by purpose, then the queries' summed time to compose
    /// their page and count statements with the builder (plan, build, render, and the inlined
    /// text an explanation adds: more than a search composes), then their summed engine time.
    /// `perQuery` hears every query's median engine time as it is measured, to find the slow
    /// ones a class's sum hides.
    public func profile(
        _ queries: [BenchQuery], rounds: Int, perQuery: (BenchQuery, Duration) -> Void = { _, _ in }
    ) throws -> [Row] {
        var rows: [String: Row] = [:]
        var engine: Duration = .zero
        var composing: Duration = .zero, rendering: Duration = .zero
        let registry = EngineRegistry()
        for query in queries {
            let request = QueryBenchmark.request(query)
            let statements = try replay.statements(FTSEngine(), request)
            for statement in statements {
                if printStatements {
                    print("-- \(query.text)\n\(statement.sql)\n   \(statement.bindings)")
                }
                let purpose = Self.purpose(of: statement.sql)
                var times: [Duration] = []
                for _ in 0..<max(rounds, 1) {
                    times.append(measure { replay.replay([statement]) })
                }
                times.sort()
                rows[purpose, default: Row(purpose: purpose, statements: 0, total: .zero)].statements += 1
                rows[purpose]!.total += times[times.count / 2]
            }
            var runs: [Duration] = []
            for _ in 0..<max(rounds, 1) {
                runs.append(try measure { _ = try FTSEngine().search(request, on: replay.timed) })
            }
            runs.sort()
            engine += runs[runs.count / 2]
            perQuery(query, runs[runs.count / 2])
            // NB: a few hundred µs at most; 20 runs at least, so the median is not one clock tick.
            var builds: [Duration] = []
            for _ in 0..<max(rounds, 20) {
                builds.append(measure { _ = try? registry.explanation(for: request) })
            }
            builds.sort()
            composing += builds[builds.count / 2]
            var renders: [Duration] = []
            for _ in 0..<max(rounds, 20) {
                renders.append(measure { _ = try? registry.renderedStatements(for: request) })
            }
            renders.sort()
            rendering += renders[renders.count / 2]
        }
        return rows.values.sorted { $0.total > $1.total }
            + [Row(purpose: Self.composing, statements: queries.count, total: composing),
               Row(purpose: Self.rendering, statements: queries.count, total: rendering),
               Row(purpose: Self.wholeSearch, statements: queries.count, total: engine)]
    }

    /// A short name for what a statement is for, from its text.
    static func purpose(of sql: String) -> String {
        let flat = sql.replacingOccurrences(of: "\n", with: " ")
        if flat.hasPrefix("BEGIN") || flat.hasPrefix("COMMIT") || flat.hasPrefix("ROLLBACK") { return "transaction" }
        if flat.contains("reminders_vocab") { return flat.contains("LIMIT 1") ? "vocabulary: first word from" : "vocabulary range (typo candidates)" }
        if flat.contains("reminders_fts_data") { return "index version" }
        if flat.hasPrefix("SELECT 1 FROM \"reminders_fts\"") { return "word/phrase probe (MATCH … LIMIT 1)" }
        if flat.contains("GROUP BY") || flat.contains("trove_tally(") { return "facets" }
        if flat.hasPrefix("SELECT count(*)") { return "counts" }
        if flat.hasPrefix("SELECT trove_best(") { return "best scores as open (trove_best)" }
        if flat.contains("json_extract(") && flat.contains("snippet(") { return "page among candidates" }
        if flat.contains("trove_rank") || flat.contains("bm25") { return "ranked hits" }
        return "other: " + String(flat.prefix(70))
    }
}
