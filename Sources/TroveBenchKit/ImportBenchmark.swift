import Foundation
import TroveStore

/// Import throughput and peak RSS. Each side runs in its own child process (this executable
/// with the hidden `_child import` command) so that peak RSS figures never mix.
///
/// Sides: Trove's importer fed from the JSONL file (parsing included), Trove's importer fed
/// records from memory, and ``DirectImport`` fed the same records from memory. The last two
/// compare like with like: neither parses JSON, both pay for generating the records.
public struct ImportBenchmark {
    public enum Side: String, CaseIterable, Sendable {
        case troveJSONL = "trove-jsonl"
        case troveRecords = "trove-records"
        case direct = "direct"
    }

    public var workload: Workload

    public init(workload: Workload) {
        self.workload = workload
    }

    public func run(into report: inout BenchReport) throws {
        _ = try workload.jsonl()
        var figures: [Side: (rate: Double, rss: Int)] = [:]
        for side in [Side.direct, .troveRecords, .troveJSONL] {
            let result = "\(workload.dataDirectory)/import-\(side.rawValue).result"
            let outcome = try ChildProcess.runMeasuringRSS(ChildProcess.currentExecutable, [
                "_child", "import", side.rawValue, "--count", "\(workload.count)", "--seed", "\(workload.seed)",
                "--data-dir", workload.dataDirectory,
            ], stdout: result)
            let text = (try? String(contentsOfFile: result, encoding: .utf8)) ?? ""
            let parts = text.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            guard outcome.status == 0, parts.count == 2, parts[1] > 0 else {
                throw BenchError("the \(side.rawValue) import child failed (exit \(outcome.status)); run `trove-bench _child import \(side.rawValue)` to see why")
            }
            figures[side] = (parts[0] / parts[1], outcome.peakRSSKiB)
        }
        let direct = figures[.direct]!, records = figures[.troveRecords]!, jsonl = figures[.troveJSONL]!
        let n = Format.count(Double(workload.count))
        report.add("Import", "rows/s, \(n) records from memory (no JSON on either side)",
            trove: Format.count(records.rate), baseline: "direct libsqlite3: \(Format.count(direct.rate))",
            versus: Format.share(records.rate, of: direct.rate), target: "≥ 90%")
        report.add("Import", "rows/s, \(n) from the JSONL file (Trove parses JSON; baseline does not)",
            trove: Format.count(jsonl.rate), baseline: "direct libsqlite3: \(Format.count(direct.rate))",
            versus: Format.share(jsonl.rate, of: direct.rate))
        report.add("Import", "peak RSS, records from memory / JSONL file",
            trove: "\(Format.mebibytes(kib: records.rss)) / \(Format.mebibytes(kib: jsonl.rss))",
            baseline: "direct libsqlite3: \(Format.mebibytes(kib: direct.rss))",
            versus: Format.overhead(Double(records.rss), over: Double(direct.rss)))
    }

    /// The child's side: imports into a fresh, migrated database and prints `rows seconds`.
    public static func child(_ side: Side, workload: Workload) async throws -> String {
        let path = "\(workload.dataDirectory)/import-\(side.rawValue).db"
        Workload.remove(path)
        defer { Workload.remove(path) }
        var store: ReminderStore? = try await ReminderStore.open(path: path)
        let clock = ContinuousClock()
        let rows: Int
        let start: ContinuousClock.Instant
        switch side {
        case .troveJSONL:
            var reader = JSONLinesReader(try LineReader(path: workload.jsonlPath))
            start = clock.now
            rows = try await store!.importRecords(&reader, source: workload.jsonlPath).imported
        case .troveRecords:
            var reader = GeneratorReader(seed: workload.seed, count: workload.count)
            start = clock.now
            rows = try await store!.importRecords(&reader, source: "generator").imported
        case .direct:
            store = nil
            start = clock.now
            rows = try DirectImport.run(ReminderGenerator(seed: workload.seed, count: workload.count), into: path)
        }
        let seconds = (clock.now - start).milliseconds / 1000
        _ = store
        return "\(rows) \(seconds)"
    }
}
