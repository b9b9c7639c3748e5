import Foundation
import Testing

/// Ctrl-C during a slow search: real processes on the real clock, so `scripts/test` runs this
/// suite on its own.
@Suite struct SearchInterruptTests {
    @Test func ctrlCDuringASlowSearchExitsPromptlyWith130() throws {
        let folder = try TemporaryFolder()
        let jsonl = folder.path("big.jsonl"), db = folder.path("big.db")
        try generatedJSONLines(count: 50_000, seed: 1).write(to: URL(fileURLWithPath: jsonl))
        #expect(try TroveProcess.run(["import", jsonl, "--db", db]).status == 0)

        // 61 LIKE alternatives that match nothing: every row is scanned 61 × 3 times, which
        // takes seconds on 50,000 rows in a debug build.
        let words = (1...60).map { "qq\($0)zx OR " }.joined() + "qqzz"
        let process = Process()
        process.executableURL = TroveProcess.binary
        process.arguments = ["search", "--db", db, "!like " + words]
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        Thread.sleep(forTimeInterval: 0.8)
        #expect(process.isRunning, "the search finished before Ctrl-C; the test needs a slower query")
        let sent = Date()
        process.interrupt()
        process.waitUntilExit()
        let took = Date().timeIntervalSince(sent)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 130)
        #expect(took < 3, "took \(took) s to stop")
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message == "trove: Interrupted.\n")
    }
}
