import ArgumentParser
import Foundation
import TroveSQLite
import TroveSearch
import TroveStore

/// `trove debug-typing-latency --file X`: a hidden, throwaway measurement of as-you-type latency
/// through ``SearchProvider``, per query class: the time from a new text to its first
/// ResultSet and to its final (settled) one, p50 and p99. Not a benchmark suite (that is
/// `trove-bench`); it exists to choose the two-phase design by measurement.
///
/// ```
/// swift build -c release --product trove
/// .build/release/trove debug-typing-latency --file /tmp/moon/1m.db --samples 100
/// .build/release/trove debug-typing-latency --file /tmp/moon/1m.db --plain   # single-phase baseline
/// ```
///
/// The database is opened as is, without migrating, so an old (schema 1) file measures the
/// index without prefix indexes.
struct DebugTypingLatency: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "debug-typing-latency",
        abstract: "Measure first-ResultSet and settle latency per query class (for developers).",
        shouldDisplay: false)

    @Option(help: "The database file; opened as is, without migrating.") var file: String
    @Option(help: "Samples per class (texts are repeated round-robin).") var samples = 100
    @Flag(help: "Use the plain single-phase engine (the baseline) instead of the streaming one.") var plain = false
    @Option(help: "Only these classes, comma-separated.") var only: String?
    @Flag(inversion: .prefixedNo, help: "Run every text once before measuring.") var warmUp = true
    @Option(help: "Wait for the settled answer on every Nth sample only; the others stop after the first ResultSet, as the next keystroke would.")
    var settleEvery = 10

    static let classes: [(name: String, texts: [String])] = [
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

    func run() async throws {
        let database = try Database(path: file, readers: 2)
        var registry = EngineRegistry()
        if plain { registry.register(PlainFTSEngine(), as: "fts") }
        // NB: no settled-answer cache, or every repeat of a text would measure the cache.
        let provider = try SearchProvider(database: database, registry: registry, settledCapacity: 0)
        let wanted = only.map { Set($0.split(separator: ",").map(String.init)) }
        emit("| class | first p50 | first p99 | settle p50 | settle p99 | first was provisional | n first/settle |")
        emit("|---|---:|---:|---:|---:|---:|---:|")
        for (name, texts) in Self.classes where wanted?.contains(name) ?? true {
            var first: [Double] = [], settle: [Double] = [], provisional = 0
            // NB: one warm-up pass so the page cache holds the index, as it does while typing.
            for text in texts.prefix(warmUp ? texts.count : 0) { _ = try await measure(text, provider, settle: false) }
            for index in 0..<samples {
                let settles = index % max(1, settleEvery) == 0
                let (f, s, p) = try await measure(texts[index % texts.count], provider, settle: settles)
                first.append(f)
                if settles { settle.append(s) }
                if p { provisional += 1 }
            }
            emit("| \(name) | \(ms(first, 0.5)) | \(ms(first, 0.99)) | \(ms(settle, 0.5)) | \(ms(settle, 0.99)) | \(provisional)/\(samples) | \(samples)/\(settle.count) |")
        }
    }

    /// One line, written at once (standard output is not line-buffered when piped).
    private func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Milliseconds to the first and to the final result set, and whether the first was provisional.
    private func measure(_ text: String, _ provider: SearchProvider, settle: Bool) async throws -> (Double, Double, Bool) {
        let request = SearchRequest(text: text, limit: 50, highlight: .brackets)
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
private struct PlainFTSEngine: Engine {
    let name = "fts"

    func results(for request: SearchRequest, in database: Database) -> AsyncThrowingStream<ResultSet, any Error> {
        Self.single { try await database.read { db in try FTSEngine().search(request, on: db) } }
    }
}
