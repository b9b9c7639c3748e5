import Foundation
import TroveSQLite
import TroveSearch

/// As-you-type latency per query class through ``SearchProvider``: the time from a new text to
/// its first ResultSet and to its final (settled) one, p50 and p99, as one markdown table.
/// `trove-bench typing-latency` prints it; `scripts/bench` appends it to BENCHMARKS-HISTORY.md.
///
/// ```swift
/// try await ClassLatency(path: "1m.db", samples: 100).run { print($0) }
/// // | class | first p50 | first p99 | settle p50 | settle p99 | first was provisional | n first/settle |
/// // | 1-char prefix | 2.2 ms | 5.1 ms | 1261.0 ms | 1620.0 ms | 100/100 | 100/10 |
/// ```
///
/// The database is opened as is, without migrating, so an old (schema 1) file measures the
/// index without prefix indexes.
public struct ClassLatency: Sendable {
    public var path: String
    /// Samples per class; texts are repeated round-robin.
    public var samples: Int
    /// Use the single-phase engine (one fully ranked ResultSet) instead of the streaming one.
    public var plain: Bool
    /// Only these classes, by name; nil for all.
    public var only: Set<String>?
    /// Run every text once before measuring, so the page cache holds the index as it does while
    /// typing, and build the provider's vocabulary trie first, as a session does while it opens.
    public var warmUp: Bool
    /// Wait for the settled answer on every Nth sample only; the others stop after the first
    /// ResultSet, as the next keystroke would.
    public var settleEvery: Int
    /// After each class, name this many of its slowest first answers (text and milliseconds).
    public var slowest: Int
    /// Whether each request asks for facets (``SearchRequest/facets``). The interactive search
    /// does not (its screen shows none), so neither does this by default.
    public var facets: Bool

    public init(
        path: String, samples: Int = 100, plain: Bool = false, only: Set<String>? = nil, warmUp: Bool = true,
        settleEvery: Int = 10, slowest: Int = 0, facets: Bool = false
    ) {
        self.path = path
        self.samples = samples
        self.plain = plain
        self.only = only
        self.warmUp = warmUp
        self.settleEvery = settleEvery
        self.slowest = slowest
        self.facets = facets
    }

    public static let classes: [(name: String, texts: [String])] = [
        ("1-char prefix", ["a", "b", "c", "d", "e", "f", "g", "h", "i", "l", "m", "n", "o", "p", "r", "s", "t", "w"]),
        ("2-char prefix", ["bu", "ca", "di", "em", "fi", "gr", "ho", "in", "la", "me", "no", "pa", "re", "sc", "th", "wa"]),
        ("3+-char prefix", ["bud", "call", "dent", "emai", "fix", "groc", "hous", "mee", "pay", "rep", "sche", "trav"]),
        ("two words", ["call d", "buy mi", "email a", "fix the", "pay b", "book t", "meet w", "the a"]),
        ("filter+text", [
            "list:Work c", "is:flagged b", "tag:errand p", "is:open a", "-tag:home t", "list:Health d",
            "is:flagged list:Work tag:errand the", "p:high list:Home tag:call a",
        ]),
        ("filter only", [
            "is:flagged list:Work", "is:flagged", "list:Health", "p:high", "tag:errand", "-is:flagged list:Home",
            "is:completed list:Work", "tag:call list:Work",
        ]),
        ("no hit", ["dentistqx", "budgetqx", "zzqx", "walkqx", "meetingqx", "reportqx", "gardenqx", "callqx"]),
    ]

    /// Measures every class and hands each line of the table to `emit` as soon as it is known,
    /// and the ``slowest`` first answers of each class to `detail`, one line per class:
    /// `3+-char prefix slowest first: "dent" 21.0 ms, "call" 9.8 ms`.
    public func run(emit: (String) -> Void, detail: (String) -> Void = { _ in }) async throws {
        let database = try SQLiteDatabase(path: path, readers: 2)
        var registry = EngineRegistry()
        if plain { registry.register(PlainFTSEngine(), as: "fts") }
        // NB: no settled-answer cache, or every repeat of a text would measure the cache.
        let provider = try SearchProvider(database: database, registry: registry, settledCapacity: 0)
        // NB: the warm state of a session a second after it opened: SearchProvider's vocabulary
        // trie (which completes long prefixes and finds typos) and its reminders' facts are built by then.
        if warmUp {
            try await provider.vocabulary?.buildNow()
            try await provider.facts?.buildNow()
        }
        emit("| class | first p50 | first p99 | settle p50 | settle p99 | first was provisional | n first/settle |")
        emit("|---|---:|---:|---:|---:|---:|---:|")
        for (name, texts) in Self.classes where only?.contains(name) ?? true {
            var first: [Double] = [], settle: [Double] = [], provisional = 0
            var byText: [(text: String, ms: Double)] = []
            for text in texts.prefix(warmUp ? texts.count : 0) { _ = try await measure(text, provider, settle: false) }
            for index in 0..<max(0, samples) {
                let settles = index % max(1, settleEvery) == 0
                let (f, s, p) = try await measure(texts[index % texts.count], provider, settle: settles)
                first.append(f)
                byText.append((texts[index % texts.count], f))
                if settles { settle.append(s) }
                if p { provisional += 1 }
            }
            if slowest > 0 {
                let worst = byText.sorted { $0.ms > $1.ms }.prefix(slowest)
                    .map { "\"\($0.text)\" " + String(format: "%.1f ms", $0.ms) }
                detail("\(name) slowest first: " + worst.joined(separator: ", "))
            }
            emit("| \(name) | \(ms(first, 0.5)) | \(ms(first, 0.99)) | \(ms(settle, 0.5)) | \(ms(settle, 0.99)) | \(provisional)/\(samples) | \(samples)/\(settle.count) |")
        }
    }

    /// Milliseconds to the first and to the final result set, and whether the first was provisional.
    private func measure(_ text: String, _ provider: SearchProvider, settle: Bool) async throws -> (Double, Double, Bool) {
        var request = SearchRequest(text: text, limit: 50, highlight: .brackets)
        request.facets = facets
        let clock = ContinuousClock()
        let start = clock.now
        var first: Duration?
        var wasProvisional = false
        for try await resultSet in provider.results(for: request) {
            if first == nil {
                first = clock.now - start
                wasProvisional = resultSet.isProvisional
            }
            if !resultSet.isProvisional || !settle { break }
        }
        let settled = clock.now - start
        return (milliseconds(first ?? settled), milliseconds(settled), wasProvisional)
    }

    private func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    private func ms(_ values: [Double], _ quantile: Double) -> String {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return "-" }
        let index = min(sorted.count - 1, Int((Double(sorted.count) * quantile).rounded(.up)) - 1)
        return String(format: "%.1f ms", sorted[max(0, index)])
    }
}

/// The single-phase baseline: one fully ranked ResultSet, as before the two-phase engine.
private struct PlainFTSEngine: SearchEngine {
    let name = "fts"

    func results(for request: SearchRequest, in database: SQLiteDatabase) -> AsyncThrowingStream<ResultSet, any Error> {
        Self.single { try await database.read { db in try FTSEngine().search(request, on: db) } }
    }
}
