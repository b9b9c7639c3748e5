import Foundation
import TroveStore

/// Import throughput and peak RSS. Each side runs in its own child process (this executable
/// with the hidden `_child import` command) so that peak RSS figures never mix.
///
/// Sides: Trove's importer fed from the JSONL file (parsing included), Trove's importer fed
/// records from memory, ``DirectImport`` fed the same records from memory, and ``DirectImport``
/// into the ``BenchSchema`` (a plain FTS5 setup: `prefix = '2 3'`, no filter, uid or substring
/// indexes), and ``DirectImport`` into Trove's schema writing the text index at the end as
/// Trove's importer does (the other direct sides write it row by row through the triggers). The
/// records sides compare like with like: none parses JSON, all pay for generating the records.
///
/// NB: on a small, shared machine one busy moment can cost a side 20%, more than the gap being
/// measured. So the sides run interleaved over several rounds, each round in a rotated order
/// (direct first, then records first, then JSONL first), and each side reports its median rate.
public struct ImportBenchmark {
    public enum Side: String, CaseIterable, Sendable {
        case troveJSONL = "trove-jsonl"
        case troveRecords = "trove-records"
        case direct = "direct"
        case directBenchSchema = "direct-bench-schema"
        case directTextAtTheEnd = "direct-text-at-the-end"
    }

    public var workload: Workload
    /// How many times each side runs; 1 for a smoke run.
    public var rounds: Int

    public init(workload: Workload, rounds: Int = 3) {
        self.workload = workload
        self.rounds = max(1, rounds)
    }

    /// The order the sides run in during round `round`: they rotate, so none always runs
    /// first (on a cold cache) or last.
    ///
    /// ```swift
    /// ImportBenchmark.order(round: 1)  // [.troveRecords, .troveJSONL, .directBenchSchema, .directTextAtTheEnd, .direct]
    /// ```
    public static func order(round: Int) -> [Side] {
        let sides: [Side] = [.direct, .troveRecords, .troveJSONL, .directBenchSchema, .directTextAtTheEnd]
        return sides.indices.map { sides[($0 + round) % sides.count] }
    }

    /// The middle value, or the mean of the two middle values; nil for none.
    public static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    public func run(into report: inout BenchReport) throws {
        _ = try workload.jsonl()
        var rates: [Side: [Double]] = [:]
        var peakRSS: [Side: Int] = [:]
        for round in 0..<rounds {
            for side in Self.order(round: round) {
                let figure = try measure(side)
                rates[side, default: []].append(figure.rate)
                peakRSS[side] = max(peakRSS[side] ?? 0, figure.rss)
            }
        }
        let direct = Self.median(rates[.direct]!)!, records = Self.median(rates[.troveRecords]!)!
        let jsonl = Self.median(rates[.troveJSONL]!)!, benchSchema = Self.median(rates[.directBenchSchema]!)!
        let textAtTheEnd = Self.median(rates[.directTextAtTheEnd]!)!
        let n = Format.count(Double(workload.count))
        let how = rounds == 1 ? "1 run per side" : "median of \(rounds) interleaved runs per side"
        report.add("Import", "rows/s, \(n) records from memory (no JSON on either side; \(how))",
            trove: Format.count(records), baseline: "direct libsqlite3: \(Format.count(direct))",
            versus: Format.share(records, of: direct), target: "≥ 90%")
        report.add("Import", "rows/s, \(n) records from memory, against the bench schema (prefix '2 3' only, no filter, uid or substring indexes; \(how))",
            trove: Format.count(records), baseline: "direct libsqlite3, bench schema: \(Format.count(benchSchema))",
            versus: Format.share(records, of: benchSchema), target: "≥ 80%")
        report.add("Import", "rows/s, \(n) records from memory, against direct libsqlite3 on the same schema writing the text index at the end as Trove does (\(how))",
            trove: Format.count(records), baseline: "direct libsqlite3, text at the end: \(Format.count(textAtTheEnd))",
            versus: Format.share(records, of: textAtTheEnd))
        report.add("Import", "rows/s, \(n) from the JSONL file (Trove parses JSON; baseline does not; \(how))",
            trove: Format.count(jsonl), baseline: "direct libsqlite3: \(Format.count(direct))",
            versus: Format.share(jsonl, of: direct))
        report.add("Import", "peak RSS, records from memory / JSONL file (highest of the runs)",
            trove: "\(Format.mebibytes(kib: peakRSS[.troveRecords]!)) / \(Format.mebibytes(kib: peakRSS[.troveJSONL]!))",
            baseline: "direct libsqlite3: \(Format.mebibytes(kib: peakRSS[.direct]!))",
            versus: Format.overhead(Double(peakRSS[.troveRecords]!), over: Double(peakRSS[.direct]!)))
    }

    /// Runs one side in a child process.
    ///
    /// - Returns: Its rows per second and peak RSS in KiB.
    func measure(_ side: Side) throws -> (rate: Double, rss: Int) {
        let result = "\(workload.dataDirectory)/import-\(side.rawValue).result"
        let outcome = try ChildProcess.runMeasuringRSS(ChildProcess.currentExecutable, [
            "_child", "import", side.rawValue, "--count", "\(workload.count)", "--seed", "\(workload.seed)",
            "--data-dir", workload.dataDirectory,
        ] + (workload.distinctTags.map { ["--distinct-tags", "\($0)"] } ?? []), stdout: result)
        let text = (try? String(contentsOfFile: result, encoding: .utf8)) ?? ""
        let parts = text.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard outcome.status == 0, parts.count == 2, parts[1] > 0 else {
            throw BenchError("the \(side.rawValue) import child failed (exit \(outcome.status)); run `trove-bench _child import \(side.rawValue)` to see why")
        }
        return (parts[0] / parts[1], outcome.peakRSSKiB)
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
            var reader = GeneratorReader(workload.generator)
            start = clock.now
            rows = try await store!.importRecords(&reader, source: "generator").imported
        case .direct:
            store = nil
            start = clock.now
            rows = try DirectImport.run(workload.generator, into: path)
        case .directBenchSchema:
            store = nil
            try BenchSchema.reduce(DirectConnection(path: path, readOnly: false))
            start = clock.now
            rows = try DirectImport.run(workload.generator, into: path)
        case .directTextAtTheEnd:
            store = nil
            start = clock.now
            rows = try DirectImport.run(
                workload.generator, into: path, textAtTheEnd: true)
        }
        let seconds = (clock.now - start).milliseconds / 1000
        _ = store
        return "\(rows) \(seconds)"
    }
}
