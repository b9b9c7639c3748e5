import Foundation
import Testing
import TroveStore

/// The repository's seed-data file: 179 hand-written reminders.
let seedFile = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("seed-data/reminders.jsonl").path

/// A Trove database at `path` holding the seed data, made by the real binary.
func makeSeededDatabase(at path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let result = try TroveProcess.run(["import", seedFile, "--db", path])
    try #require(result.status == 0, "seeding failed: \(result.stderr)", sourceLocation: sourceLocation)
}

/// `count` synthetic reminders as a JSON Lines file at `path`, as `trove-bench generate` writes them.
func writeGeneratedJSONLines(count: Int, seed: UInt64, to path: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
        throw CocoaError(.fileWriteUnknown)
    }
    defer { try? handle.close() }
    let sink = ByteSink(fileHandle: handle)
    var writer = JSONLinesWriter(sink)
    for record in ReminderGenerator(seed: seed, count: count) { try writer.write(record) }
    try writer.finish()
}

/// What a person must never see: SQLite's raw wording, or a lock error.
func rawSQLiteWording(in text: String) -> String? {
    let lower = text.lowercased()
    for marker in ["sqlite_", "sqlite3_", "fts5:", "database is locked", "no such table", "no such column", "unrecognized token"]
    where lower.contains(marker) {
        return marker
    }
    return nil
}

/// Seconds with three decimals, for the figures each test prints.
func seconds(_ duration: Duration) -> String {
    let c = duration.components
    return String(format: "%.3f", Double(c.seconds) + Double(c.attoseconds) / 1e18)
}

/// Milliseconds with one decimal.
func milliseconds(_ duration: Duration) -> String {
    let c = duration.components
    return String(format: "%.1f", Double(c.seconds) * 1000 + Double(c.attoseconds) / 1e15)
}
