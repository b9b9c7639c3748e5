import Foundation
import Testing

/// Issue 15: under an address-space limit (`ulimit -v`), `trove` ends with a sentence and a
/// documented exit, never a segfault or a hang. Before, any large search, even argument
/// parsing, segfaulted in the runtime's allocation-failure path at 100–200 MB, or hung.
///
/// Accepted: exit 0–2; exit 3 with a sentence (out of memory, or too little address space to
/// start); exit 127 from the dynamic loader when the limit is too small to map the Swift
/// libraries at all (before any of trove's code runs; documented in the README).
@Suite(.serialized) struct MemoryLimitTests {
    /// Limits tried, in MB: the CI list, or `TROVE_RELIABILITY_MEMORY_LIMITS` of them from
    /// 200 MB down to 60 MB.
    static var limits: [Int] {
        let count = ReliabilityScale.memoryLimits
        guard count != 6 else { return [150, 110, 100, 95, 90, 70] }
        return (0..<count).map { 200 - $0 * 140 / max(1, count - 1) }
    }

    @Test func runningOutOfAddressSpaceEndsWithASentenceNeverACrashOrAHang() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        try makeSeededDatabase(at: db)
        let source = folder.path("more.jsonl")
        try writeGeneratedJSONLines(count: 5_000, seed: 3, to: source)
        try #require(try TroveProcess.run(["import", source, "--db", db]).status == 0)
        var commands = ["lists", "search a --limit 10000 --format json", "export", "import more.jsonl --db scratch.db"]
        if Self.limits.count > 6 { commands += ["check", "search 'is:open' --sort due --limit 10000 --format csv", "optimize --db copy.db"] }
        var outcomes: [Int: [Int32: Int]] = [:]
        var failures: [String] = []
        let clock = ContinuousClock()
        let start = clock.now
        for limit in Self.limits {
            for command in commands {
                try? FileManager.default.removeItem(atPath: folder.path("scratch.db"))
                try? FileManager.default.removeItem(atPath: folder.path("copy.db"))
                try FileManager.default.copyItem(atPath: db, toPath: folder.path("copy.db"))
                let outcome = try TroveProcess.runExecutable(
                    URL(fileURLWithPath: "/bin/sh"),
                    ["-c", "ulimit -v \(limit * 1000) && exec \"$0\" \(command)", TroveProcess.binary.path],
                    in: folder.url.path, environment: ["TROVE_DB": db], deadline: .seconds(120))
                outcomes[limit, default: [:]][outcome.status, default: 0] += 1
                let where_ = "ulimit -v \(limit) MB, trove \(command)"
                if outcome.hung { failures.append("hung: \(where_)") }
                if outcome.crashed || outcome.status >= 128 {
                    failures.append("exit \(outcome.status): \(where_): \(outcome.stderr.prefix(300))")
                }
                if outcome.status == 3, !outcome.stderr.hasPrefix("trove: ") && !outcome.stderr.contains("\ntrove: ") {
                    failures.append("exit 3 without a sentence: \(where_): \(outcome.stderr.prefix(300))")
                }
                if outcome.status == 127, !outcome.stderr.contains("error while loading shared libraries") {
                    failures.append("exit 127 not from the loader: \(where_): \(outcome.stderr.prefix(300))")
                }
            }
        }
        print("memory limits: \(Self.limits.count) limits × \(commands.count) commands, \(failures.count) failures, "
            + "exits per limit (MB): " + outcomes.sorted { $0.key > $1.key }
                .map { "\($0.key): \($0.value.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: " "))" }
                .joined(separator: "; ") + ", \(seconds(clock.now - start)) s")
        for failure in failures.prefix(10) { print("  \(failure)") }
        #expect(failures.isEmpty)
    }
}
