import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `trove check` while other processes write: it reads one snapshot, so a write that commits
/// between two of its reads never looks like damage (issue 53, item 9).
@Suite(.serialized) struct CheckUnderWritesTests {
    /// The repro: 2,000 rows imported, `trove add` processes one after another in the
    /// background, and `trove check` run again and again meanwhile. Before, check read each
    /// table at a different moment and said "the per-prefix counts … differ" (exit 1) in 4 of 4
    /// runs; it must say ok every time.
    @Test func checkSaysOKEveryTimeWhileAnotherProcessAdds() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("trove.db")
        let source = folder.path("rows.jsonl")
        try writeGeneratedJSONLines(count: 2_000, seed: 53, to: source)
        let imported = try TroveProcess.run(["import", source, "--db", db])
        try #require(imported.status == 0, "\(imported.stderr)")

        // NB: one shell runs the adds, each a process of its own, as the loop did.
        let adds = 200
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "i=0; while [ $i -lt \(adds) ]; do \"$0\" add \"written while checking $i #tag$i\" --list \"List $((i % 7))\" --db \"$1\" >/dev/null || exit 1; i=$((i + 1)); done",
            TroveProcess.binary.path, db]
        writer.standardOutput = FileHandle.nullDevice
        writer.standardError = FileHandle.nullDevice
        try writer.run()
        defer { if writer.isRunning { kill(writer.processIdentifier, SIGKILL) }; writer.waitUntilExit() }

        // NB: poll until the writer is done, with a deadline, never a fixed sleep.
        let deadline = ContinuousClock.now + .seconds(600)
        var checks = 0
        var failures: [String] = []
        while writer.isRunning, ContinuousClock.now < deadline {
            let check = try TroveProcess.run(["check", "--db", db], deadline: .seconds(120))
            checks += 1
            if check.status != 0 { failures.append("exit \(check.status): \(check.stdout)\(check.stderr)") }
        }
        writer.waitUntilExit()
        print("check under writes: \(checks) checks beside \(adds) adds, \(failures.count) reported damage")
        #expect(writer.terminationStatus == 0, "an add failed")
        #expect(checks >= 3, "the adds ended before check ran a few times; make the writer longer")
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        #expect(try TroveProcess.run(["check", "--db", db]).status == 0)
    }
}
