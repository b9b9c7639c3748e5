import Foundation
import Testing
import TroveTestSupport

/// Ctrl-C during a slow search: real processes on the real clock, so `scripts/test` runs this
/// suite on its own.
@Suite struct SearchInterruptTests {
    /// Every fts query first keeps SQLite busy for 30 s (SlowTestEngine, debug builds only);
    /// Ctrl-C arrives once its log says the query started, never after a fixed sleep (a fixed
    /// 0.8 s used to stand for "the query is running", and failed when it had already ended).
    @Test func ctrlCDuringASlowSearchExitsPromptlyWith130() async throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        try #require(try TroveProcess.run(["add", "Buy milk", "--db", db]).status == 0)
        let log = folder.path("slow.log")
        let process = Process()
        process.executableURL = TroveProcess.binary
        process.arguments = ["search", "--db", db, "milk"]
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["TROVE_TEST_SLOW_MS": "30000", "TROVE_TEST_SLOW_LOG": log], uniquingKeysWith: { $1 })
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let started = await eventually(timeout: .seconds(30)) {
            (try? String(contentsOfFile: log, encoding: .utf8))?.contains("start milk") == true
        }
        #expect(started, "the search never started")
        let sent = Date()
        process.interrupt()
        process.waitUntilExit()
        let took = Date().timeIntervalSince(sent)
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 130)
        #expect(took < 3, "took \(took) s to stop")
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message == "trove: Interrupted.\n")
        // The query was interrupted inside SQLite, not left to finish.
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "start milk\ncancelled milk\n")
    }
}
