import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveSearch
import TroveStore
import TroveTestSupport

/// `kill -9` of an app that keeps its own table searchable through a `SearchIndex`
/// (`trove-bench app-writes`), at seeded random moments: while it fills its table, while
/// `migrate` builds the index over the rows, and while it writes batches of inserts, edits and
/// deletes (one in five through `bulkWrite`, whose triggers are away while it writes). After each kill the index is either not made at all or passes `SearchIndex.check`
/// (FTS5 compares it with the table row for row), and every batch is there whole or not at all.
@Suite(.serialized) struct AppIndexCrashSafetyTests {
    static let appWrites: URL = TroveProcess.binary.deletingLastPathComponent().appendingPathComponent("trove-bench")
    static let seedRows = 3_000
    static let batches = 100
    static let rowsPerBatch = 30  // `app-writes`: 40 inserted and 10 deleted per batch

    @Test func killingAnAppWritingThroughItsIndexLeavesTheIndexMatchingItsTable() throws {
        let folder = try TemporaryFolder()
        let index = try SearchIndex(table: "notes", key: "id", fields: [.init("title", weight: 4), .init("body")],
            filters: ["folder": .text("folder")], facets: ["folder"])
        func arguments(_ db: String) -> [String] {
            ["app-writes", "--db", db, "--rows", String(Self.seedRows), "--batches", String(Self.batches)]
        }
        // The whole run, timed to the end, so the kills can land anywhere in it.
        let clock = ContinuousClock()
        let full = folder.path("full.db")
        let began = clock.now
        let whole = try TroveProcess.runExecutable(Self.appWrites, arguments(full))
        try #require(whole.status == 0, "\(whole.stderr)")
        let runTime = clock.now - began
        let runSeconds = Double(runTime.components.seconds) + Double(runTime.components.attoseconds) / 1e18
        do {
            let db = try SQLConnection(path: full)
            #expect(try index.check(db).isOK)
            #expect(try db.fetchValue("SELECT count(*) FROM notes", as: Int.self) == Self.seedRows + Self.batches * Self.rowsPerBatch)
        }

        var random = SplitMix64(seed: ReliabilityScale.seed &+ 21)
        var outcomes = (notMade: 0, made: 0, failures: [String]())
        for trial in 0..<ReliabilityScale.killTrials * 2 {
            let path = folder.path("trial-\(trial).db")
            let delay = Double(random.next() % 10_000) / 10_000 * 1.1 * runSeconds
            let process = Process()
            process.executableURL = Self.appWrites
            process.arguments = arguments(path)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // NB: not a wait for something to happen: the kill moment itself, drawn at random.
            // Every trial checks the database whatever the moment turns out to hit.
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            guard FileManager.default.fileExists(atPath: path) else { outcomes.notMade += 1; continue }
            let db = try SQLConnection(path: path)
            let notes = try db.fetchValue("SELECT count(*) FROM notes", as: Int.self) ?? -1
            let report = try index.check(db)
            if report.needsMigration {
                // Killed before migrate committed: no index object may be left half made.
                outcomes.notMade += 1
                let objects = try db.fetchValue("SELECT count(*) FROM sqlite_schema WHERE name LIKE 'trove_notes_%'", as: Int.self)
                if objects != 0 { outcomes.failures.append("trial \(trial): not migrated, yet \(objects ?? -1) index objects") }
                if notes != 0 && notes != Self.seedRows { outcomes.failures.append("trial \(trial): \(notes) notes before the index") }
                try index.migrate(db)
                if try !index.check(db).isOK { outcomes.failures.append("trial \(trial): migrate after the kill left \(try index.check(db).problems)") }
            } else {
                outcomes.made += 1
                if !report.isOK { outcomes.failures.append("trial \(trial): \(report.problems)") }
                let batches = try db.fetchValue("SELECT count(*) FROM batches", as: Int.self) ?? -1
                if notes != Self.seedRows + batches * Self.rowsPerBatch {
                    outcomes.failures.append("trial \(trial): \(notes) notes after \(batches) batches")
                }
                // The index answers for the rows the table holds.
                let hits = try index.search("sourdough", on: db).total
                let expected = try db.fetchValue(
                    "SELECT count(*) FROM notes WHERE title LIKE '%sourdough%' OR body LIKE '%sourdough%'", as: Int.self)
                if hits != expected { outcomes.failures.append("trial \(trial): \(hits) hits for sourdough, \(expected ?? -1) rows hold it") }
            }
        }
        print("crash safety (an app's SearchIndex, kill -9): \(ReliabilityScale.killTrials * 2) trials, \(Self.seedRows) rows then "
            + "\(Self.batches) batches, run \(String(format: "%.1f", runSeconds)) s; \(outcomes.notMade) before the index was made, "
            + "\(outcomes.made) after, \(outcomes.failures.count) failures")
        for failure in outcomes.failures { print("  \(failure)") }
        #expect(outcomes.failures.isEmpty)
    }
}
