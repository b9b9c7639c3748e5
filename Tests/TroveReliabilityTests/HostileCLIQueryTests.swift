import Foundation
import Testing
import TroveTestSupport

/// Whether this build's `trove` has a `search` command (it arrives in round 2).
let troveHasSearchCommand: Bool = {
    // NB: without the subcommand, ArgumentParser answers `search --help` with the root's help.
    guard let result = try? TroveProcess.run(["search", "--help"]) else { return false }
    return result.status == 0 && result.stdout.contains("trove search")
}()

/// Hostile text through `trove search`, one process per query: the exit code is documented,
/// stdout is JSON when there are hits, SQLite's wording never shows, and the file is unchanged.
///
/// Contract assumed: exit 0 hits, 1 none, 2 a query the engine refuses, 3 a database problem.
@Suite(.serialized, .enabled(if: troveHasSearchCommand, "needs `trove search`; enabled in round 2"))
struct HostileCLIQueryTests {
    @Test func hostileQueriesThroughTheCLIExitZeroOneOrTwoAndChangeNothing() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("seeded.db")
        try makeSeededDatabase(at: path)
        let before = try DatabaseState.read(path)
        let filesBefore = fileHashes(path)
        var text = HostileSearchText(seed: ReliabilityScale.seed &+ 1)
        var statuses: [Int32: Int] = [:]
        var failures: [String] = []
        let count = ReliabilityScale.cliQueries
        let clock = ContinuousClock()
        let start = clock.now
        var maxLatency = Duration.zero
        for index in 0..<count {
            // NB: argv cannot carry NUL; the kernel would cut the string there.
            var query = (index < 2 ? text.long(bytes: 100_000) : text.string()).replacingOccurrences(of: "\u{0}", with: "")
            if query.hasPrefix("-") { query = " " + query }
            let began = clock.now
            let result = try TroveProcess.run(["search", query, "--format", "json", "--db", path])
            maxLatency = max(maxLatency, clock.now - began)
            statuses[result.status, default: 0] += 1
            if let problem = Self.problem(with: result) { failures.append("\(query.debugDescription.prefix(120)): \(problem)") }
        }
        // Bytes that are not UTF-8 reach argv through a shell's printf.
        for bytes in [#"\377\376milk"#, #"wal\300k"#, #"\355\240\200"#, #"\"\377"#] {
            let result = try TroveProcess.runExecutable(
                URL(fileURLWithPath: "/bin/sh"),
                ["-c", #"exec "$0" search "$(printf '"# + bytes + #"')" --format json --db "$1""#, TroveProcess.binary.path, path])
            statuses[result.status, default: 0] += 1
            if let problem = Self.problem(with: result) { failures.append("bytes \(bytes): \(problem)") }
        }
        let after = try DatabaseState.read(path)
        print("hostile CLI queries: \(count + 4) inputs (2 of 100 KB, 4 invalid UTF-8), \(failures.count) failures, "
            + "exit codes \(statuses.sorted { $0.key < $1.key }), max latency \(milliseconds(maxLatency)) ms, "
            + "\(seconds(clock.now - start)) s")
        for failure in failures.prefix(10) { print("  \(failure)") }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
        #expect(after == before)
        #expect(fileHashes(path) == filesBefore)
    }

    /// Issue 53, item 6: `trove --demo search` of one 100,000-letter word exited 134 ("Fatal
    /// error: failed to allocate 40002000048 bytes"): typo matching built a table quadratic in
    /// the word. Now it finds nothing (exit 1), names the word by its start, and is quick.
    @Test(arguments: [[], ["--format", "json"], ["--typos", "off"]])
    func oneHundredThousandLetterWordFindsNothingQuicklyWithoutCrashing(_ options: [String]) throws {
        let word = String(repeating: "x", count: 100_000)
        let clock = ContinuousClock()
        let started = clock.now
        let result = try TroveProcess.run(["--demo", "search", word] + options, deadline: .seconds(60))
        let elapsed = clock.now - started
        #expect(!result.crashed && !result.hung)
        #expect(result.status == 1, "\(result.stderr.prefix(300))")
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Backtracing"))
        #expect(result.stderr.utf8.count < 1_000, "the word is named by its start, not echoed: \(result.stderr.utf8.count) bytes")
        // NB: a debug build on a shared machine; the release binary takes about 0.1 s.
        #expect(elapsed < .seconds(10), "\(elapsed)")
        print("100,000-letter word, \(options): exit \(result.status) in \(elapsed), stderr \(result.stderr.utf8.count) bytes")
    }

    /// What is wrong with one run, or nil.
    static func problem(with result: TroveProcess.Result) -> String? {
        guard [0, 1, 2].contains(result.status) else { return "exit \(result.status): \(result.stderr)" }
        if let marker = rawSQLiteWording(in: result.stderr) { return "stderr shows \(marker): \(result.stderr)" }
        if result.status == 2, result.stderr.isEmpty { return "exit 2 without a message" }
        if result.status == 0, (try? JSONSerialization.jsonObject(with: result.stdoutData, options: [.fragmentsAllowed])) == nil {
            // JSON Lines is acceptable too: every line must parse.
            let lines = result.stdout.split(separator: "\n")
            let allParse = !lines.isEmpty && lines.allSatisfy {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8), options: [.fragmentsAllowed])) != nil
            }
            if !allParse { return "exit 0 but stdout is not JSON: \(result.stdout.prefix(200))" }
        }
        return nil
    }
}
