import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveStore
import TroveTestSupport

/// `kill -9` at seeded random moments: after each, `trove check` passes, the journal holds an entry
/// exactly for what committed, the import is there
/// whole or not at all, and the index and the reminders match row for row.
@Suite(.serialized) struct CrashSafetyTests {
    @Test func killingAnImportLeavesTheFileWholeOrUntouched() throws {
        let folder = try TemporaryFolder()
        let template = folder.path("template.db")
        try makeSeededDatabase(at: template)
        try Self.killImports(of: ReliabilityScale.crashRows, into: template, in: folder, named: "import")
    }

    /// Into an empty store, an import of more than 10,000 rows drops the filter and uid indexes
    /// part way through and builds them again before it commits: a kill during either leaves
    /// the store empty with every index, or whole (`check` compares the schema).
    @Test func killingALargeImportIntoAnEmptyStoreLeavesItWholeOrEmpty() throws {
        let folder = try TemporaryFolder()
        let template = folder.path("empty.db")
        try #require(try TroveProcess.run(["init", "--db", template]).status == 0)
        try Self.killImports(of: ReliabilityScale.crashRows + 10_000, into: template, in: folder, named: "large import, empty store")
    }

    /// Imports a generated file of `rows` into copies of `template`, killing each at a random
    /// moment, and checks every copy.
    static func killImports(of rows: Int, into template: String, in folder: TemporaryFolder, named name: String) throws {
        let source = folder.path("big-\(rows).jsonl")
        try writeGeneratedJSONLines(count: rows, seed: 7, to: source)
        let base = try DatabaseState.read(template)
        var outcomes = (untouched: 0, whole: 0, failures: [String]())
        let importTime = try killRuns(["import", source], copying: template, in: folder, seed: ReliabilityScale.seed) { trial, db in
            let check = try TroveProcess.run(["check", "--db", db])
            let state = try DatabaseState.read(db)
            if state.reminders == base.reminders { outcomes.untouched += 1 }
            else if state.reminders == base.reminders + rows { outcomes.whole += 1 }
            else { outcomes.failures.append("trial \(trial): \(state.reminders) reminders") }
            if check.status != 0 { outcomes.failures.append("trial \(trial): check \(check.status) \(check.stdout) \(check.stderr)") }
            // The journal entry commits with the import or not at all.
            let journalled = state.newestJournalEntry - base.newestJournalEntry
            if journalled != (state.reminders == base.reminders + rows ? 1 : 0) {
                outcomes.failures.append("trial \(trial): \(journalled) journal entries for \(state.reminders - base.reminders) new reminders")
            }
            if state.missingFromIndex != 0 || state.orphansInIndex != 0 || state.indexed != state.reminders {
                outcomes.failures.append("trial \(trial): index \(state)")
            }
        }
        print("crash safety (\(name), kill -9): \(ReliabilityScale.killTrials) trials, \(rows) rows per file, import \(seconds(importTime)) s; "
            + "\(outcomes.untouched) left untouched, \(outcomes.whole) whole, \(outcomes.failures.count) failures")
        for failure in outcomes.failures { print("  \(failure)") }
        #expect(outcomes.failures.isEmpty)
    }

    /// A re-import that changes every reminder's title: past 1,000 rows its text triggers are
    /// away, each changed row's old text is kept in temporary tables and each reminder as it was
    /// is a `journal_reminders` row (schema 8). A kill anywhere leaves every title old (and the
    /// file byte for byte as it was) or every title new with one journal entry keeping every
    /// reminder, and that entry's undo gives the store's export back exactly.
    @Test func killingAReimportThatUpdatesEveryRowLeavesItWholeOrUntouched() throws {
        let folder = try TemporaryFolder()
        let template = folder.path("template.db")
        try makeSeededDatabase(at: template)
        let added = folder.path("added.jsonl")
        try writeGeneratedJSONLines(count: ReliabilityScale.crashRows, seed: 11, to: added)
        try #require(try TroveProcess.run(["import", added, "--db", template]).status == 0)
        let exported = try TroveProcess.run(["export", "--format", "jsonl", "--db", template])
        try #require(exported.status == 0)
        let edited = folder.path("edited.jsonl")
        try exported.stdout.replacingOccurrences(of: #""title":""#, with: #""title":"Edited "#)
            .write(toFile: edited, atomically: true, encoding: .utf8)
        let total = exported.stdout.split(separator: "\n").count
        let base = try DatabaseState.read(template)
        func editedTitles(_ path: String) throws -> Int {
            let db = try SQLConnection(path: path)
            return try db.fetchValue("SELECT count(*) FROM reminders WHERE title LIKE 'Edited %'", as: Int.self) ?? -1
        }
        func kept(_ path: String, entry: Int) throws -> Int {
            let db = try SQLConnection(path: path)
            return try db.fetchValue("SELECT count(*) FROM journal_reminders WHERE entry = \(entry)", as: Int.self) ?? -1
        }

        var outcomes = (untouched: 0, whole: 0, failures: [String]())
        let importTime = try Self.killRuns(["import", edited], copying: template, in: folder, seed: ReliabilityScale.seed &+ 5) { trial, db in
            let check = try TroveProcess.run(["check", "--db", db])
            if check.status != 0 { outcomes.failures.append("trial \(trial): check \(check.status) \(check.stdout) \(check.stderr)") }
            let state = try DatabaseState.read(db)
            if state.missingFromIndex != 0 || state.orphansInIndex != 0 || state.indexed != state.reminders {
                outcomes.failures.append("trial \(trial): index \(state)")
            }
            switch try editedTitles(db) {
            case 0:
                outcomes.untouched += 1
                if state.contentHash != base.contentHash { outcomes.failures.append("trial \(trial): untouched titles, other contents") }
            case total:
                outcomes.whole += 1
                let entry = state.newestJournalEntry
                let keptRows = try kept(db, entry: entry)
                if entry != base.newestJournalEntry + 1 || keptRows != total {
                    outcomes.failures.append("trial \(trial): entry \(entry) keeps \(keptRows) of \(total)")
                }
                let undo = try TroveProcess.run(["undo", "--db", db])
                let after = try TroveProcess.run(["export", "--format", "jsonl", "--db", db])
                if undo.status != 0 || after.stdout != exported.stdout {
                    outcomes.failures.append("trial \(trial): undo \(undo.status) \(undo.stderr), export \(after.stdout == exported.stdout ? "same" : "differs")")
                }
            case let count:
                outcomes.failures.append("trial \(trial): \(count) of \(total) titles edited")
            }
        }
        print("crash safety (re-import updating every row, kill -9): \(ReliabilityScale.killTrials) trials, \(total) rows, import \(seconds(importTime)) s; "
            + "\(outcomes.untouched) left untouched, \(outcomes.whole) whole, \(outcomes.failures.count) failures")
        for failure in outcomes.failures { print("  \(failure)") }
        #expect(outcomes.failures.isEmpty)
    }

    /// Runs `trove arguments --db COPY` on ``ReliabilityScale/killTrials`` copies of `template`,
    /// killing each at a random moment in 0–110% of one whole run (timed first, to completion,
    /// on a copy of its own), and hands each killed copy to `inspect`.
    /// - Returns: How long the whole run took.
    static func killRuns(
        _ arguments: [String], copying template: String, in folder: TemporaryFolder, seed: UInt64,
        inspect: (_ trial: Int, _ db: String) throws -> Void
    ) throws -> Duration {
        let clock = ContinuousClock()
        let full = folder.path("full-\(seed).db")
        try copyDatabase(template, to: full)
        let began = clock.now
        try #require(try TroveProcess.run(arguments + ["--db", full]).status == 0)
        let runTime = clock.now - began
        let runSeconds = Double(runTime.components.seconds) + Double(runTime.components.attoseconds) / 1e18
        var random = SplitMix64(seed: seed)
        for trial in 0..<ReliabilityScale.killTrials {
            let db = folder.path("trial-\(seed)-\(trial).db")
            try copyDatabase(template, to: db)
            // NB: uniform over 0–110% of a whole run, so some kills land during the commit or
            // after it, not only mid-transaction.
            let delay = Double(random.next() % 10_000) / 10_000 * 1.1 * runSeconds
            let process = try TroveProcess.start(arguments + ["--db", db])
            // NB: not a wait for something to happen: the kill moment itself, drawn at random.
            // Every trial checks the outcome whatever the moment turns out to hit.
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try inspect(trial, db)
        }
        return runTime
    }

    @Test func killingAddsAndEditsLeavesAConsistentDatabase() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("trove.db")
        try makeSeededDatabase(at: db)
        var random = SplitMix64(seed: ReliabilityScale.seed &+ 3)
        let trials = ReliabilityScale.killTrials * 4
        var failures: [String] = []
        var killedEarly = 0
        for trial in 0..<trials {
            let arguments: [String] = switch trial % 4 {
            case 0: ["add", "Killed add \(trial)", "--list", "Crash", "--tag", "k\(trial)", "--notes", "trial \(trial)"]
            case 1: ["edit", String(1 + random.next() % 179), "--title", "Edited by trial \(trial)", "--tag", "e\(trial)"]
            case 2: ["done", String(1 + random.next() % 179)]
            default: ["rm", String(1 + random.next() % 179)]
            }
            let before = try DatabaseState.read(db)
            let process = try TroveProcess.start(arguments + ["--db", db])
            // NB: a debug `trove` starts in tens of milliseconds; kill anywhere in 0–150 ms. The
            // pause is the kill moment, not a wait: each trial checks the database whatever it hit.
            Thread.sleep(forTimeInterval: Double(random.next() % 150) / 1000)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { killedEarly += 1 }
            let after = try DatabaseState.read(db)
            if after.missingFromIndex != 0 || after.orphansInIndex != 0 || after.indexed != after.reminders {
                failures.append("trial \(trial) \(arguments[0]): \(after)")
            }
            let expected: Set<Int> = switch trial % 4 {
            case 0: [before.reminders, before.reminders + 1]
            case 3: [before.reminders, before.reminders - 1]
            default: [before.reminders]
            }
            if !expected.contains(after.reminders) { failures.append("trial \(trial) \(arguments[0]): \(after.reminders) reminders") }
            // A change and its journal entry commit together: one entry exactly when something changed.
            let journalled = after.newestJournalEntry - before.newestJournalEntry
            if journalled != (after.dataHash != before.dataHash ? 1 : 0) {
                failures.append("trial \(trial) \(arguments[0]): \(journalled) journal entries, data \(after.dataHash != before.dataHash ? "changed" : "unchanged")")
            }
        }
        let check = try TroveProcess.run(["check", "--db", db])
        print("crash safety (add/edit/done/rm, kill -9): \(trials) trials, \(killedEarly) killed before finishing, "
            + "\(failures.count) failures; check exit \(check.status)")
        for failure in failures { print("  \(failure)") }
        #expect(failures.isEmpty)
        #expect(check.status == 0, "\(check.stdout)")
    }
}

/// Copies a database with its WAL, as `trove` leaves one behind.
func copyDatabase(_ source: String, to destination: String) throws {
    for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: source + suffix) {
        try FileManager.default.copyItem(atPath: source + suffix, toPath: destination + suffix)
    }
}
