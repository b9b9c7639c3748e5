import Foundation
import Testing
import TroveStore

/// Runs the built `trove` binary as a person would, and captures what it prints.
struct TroveProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// `.build/debug/trove`, beside the test bundle that SwiftPM runs.
    static let binary: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // NB: the test binary lives inside TrovePackageTests.xctest on some platforms.
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("trove").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("trove")
    }()

    @discardableResult
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> Result {
        try runExecutable(binary, arguments, stdin: stdin, environment: environment)
    }

    /// Runs any executable to the end, with `NO_COLOR` set.
    static func runExecutable(
        _ executable: URL, _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // NB: read both pipes before waiting, so a large output cannot fill a pipe and stall.
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        let stderrData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: stdoutData, as: UTF8.self),
            stderr: String(decoding: stderrData, as: UTF8.self)
        )
    }
}

/// `count` synthetic reminders as JSON Lines, as `trove-bench generate` writes them.
func generatedJSONLines(count: Int, seed: UInt64) throws -> Data {
    let sink = ByteSink()
    var writer = JSONLinesWriter(sink)
    for record in ReminderGenerator(seed: seed, count: count) { try writer.write(record) }
    try writer.finish()
    return Data(sink.bytes)
}

/// A fresh temporary folder, removed when the value goes away.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("trove-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The repository's seed-data file.
let seedFile = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("seed-data/reminders.jsonl")

/// What a person must never see: SQLite's raw wording.
func expectNoRawSQLiteText(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!text.contains("SQLITE_"), sourceLocation: sourceLocation)
    #expect(!text.lowercased().contains("sqlite3_"), sourceLocation: sourceLocation)
}
