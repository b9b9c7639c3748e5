import Foundation
import Synchronization
import Testing
import TroveSQLite
import TroveSearch
import TroveStore

/// One process imports; `trove search` processes search one after another without pause, and so
/// does this process through the library; a third loop of `trove edit`/`trove done` processes
/// edits. Nobody sees "database is locked", every search answers, and the final state adds up.
@Suite(.serialized) struct ConcurrentProcessesTests {
    @Test func importSearchAndEditAtOnceNeverShowALockAndAddUp() async throws {
        let folder = try TemporaryFolder()
        let rows = ReliabilityScale.concurrentRows
        let source = folder.path("big.jsonl")
        try writeGeneratedJSONLines(count: rows, seed: 11, to: source)
        let db = folder.path("trove.db")
        try makeSeededDatabase(at: db)
        let before = try DatabaseState.read(db)

        let importer = Process()
        importer.executableURL = TroveProcess.binary
        importer.arguments = ["import", source, "--db", db]
        let importErr = Pipe()
        importer.standardError = importErr
        importer.standardOutput = FileHandle.nullDevice
        try importer.run()
        let running = RunningFlag()

        // The editor: `trove edit` and `trove done` on the seed reminders until the import ends.
        // NB: on a thread of its own: waiting for processes must not hold one of the few
        // cooperative threads the searcher's awaits resume on.
        let editor = EditorLoop(db: db, running: running)
        let editorThread = Thread { editor.run() }
        editorThread.start()
        let searcher = SearcherLoop(db: db, running: running)
        let searcherThread = Thread { searcher.run() }
        searcherThread.start()

        // A second searcher: a library read loop on its own connections, which times the
        // searches without a process's start-up.
        let store = try await ReminderStore.open(path: db)
        let registry = EngineRegistry()
        let words = ["milk", "walk", "dentist", "report", "garden", "plan*", "is:open", "tag:home", "due:week", "call OR email"]
        var searches = 0, searchFailures: [String] = []
        var maxLatency = Duration.zero
        let clock = ContinuousClock()
        while importer.isRunning {
            let request = SearchRequest(text: words[searches % words.count], limit: 20)
            let began = clock.now
            do {
                var answered = false
                for try await _ in registry.results(for: request, in: store.database) { answered = true }
                if !answered { searchFailures.append("no answer for \(request.query.raw ?? "")") }
            } catch {
                searchFailures.append("\(error)")
            }
            maxLatency = max(maxLatency, clock.now - began)
            searches += 1
        }
        importer.waitUntilExit()
        running.value.store(false, ordering: .relaxed)
        editor.done.wait()
        searcher.done.wait()
        let edits = (runs: editor.runs, failures: editor.failures)
        let importStderr = String(decoding: importErr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let after = try DatabaseState.read(db)
        let check = try TroveProcess.run(["check", "--db", db])

        print("concurrency: import \(rows) rows (exit \(importer.terminationStatus)); \(searches) searches, "
            + "\(searchFailures.count) failures, max latency \(milliseconds(maxLatency)) ms; \(edits.runs) edit processes, "
            + "\(edits.failures.count) failures; \(searcher.runs) `trove search` processes, \(searcher.failures.count) failures, "
            + "max wall time \(milliseconds(searcher.maxWallTime)) ms; final \(after)")
        for failure in (searchFailures + edits.failures + searcher.failures).prefix(10) { print("  \(failure)") }
        #expect(importer.terminationStatus == 0, "\(importStderr)")
        #expect(rawSQLiteWording(in: importStderr) == nil)
        #expect(searches > 0, "the import ended before any search ran")
        #expect(searchFailures.isEmpty)
        #expect(edits.failures.isEmpty)
        #expect(searcher.runs > 0 && searcher.failures.isEmpty)
        #expect(after.reminders == before.reminders + rows)
        #expect(after.missingFromIndex == 0 && after.orphansInIndex == 0)
        #expect(check.status == 0, "\(check.stdout)")
    }
}

/// Whether the import still runs, shared with the editor's task.
final class RunningFlag: Sendable {
    let value = Atomic<Bool>(true)
}

/// Runs `trove edit`/`trove done` processes until the import ends (and at least 4).
final class EditorLoop: @unchecked Sendable {
    // NB: @unchecked is safe: `runs` and `failures` are written only by the editor thread and
    // read only after `done` was signalled.
    let db: String
    let running: RunningFlag
    let done = DispatchSemaphore(value: 0)
    var runs = 0
    var failures: [String] = []

    init(db: String, running: RunningFlag) {
        self.db = db
        self.running = running
    }

    func run() {
        defer { done.signal() }
        while running.value.load(ordering: .relaxed) || runs < 4 {
            let id = String(1 + runs % 179)
            let arguments = runs % 2 == 0 ? ["edit", id, "--title", "Edited while importing \(runs)"] : ["done", id]
            do {
                let result = try TroveProcess.run(arguments + ["--db", db])
                // NB: `done` on a reminder completed already (in the seed, or by an earlier run)
                // changes nothing and exits 1, as documented; what must never come is a lock.
                let succeeded = result.status == 0 || (arguments[0] == "done" && result.status == 1)
                if !succeeded || rawSQLiteWording(in: result.stderr) != nil || result.stderr.lowercased().contains("busy") {
                    failures.append("\(arguments[0]) exit \(result.status): \(result.stderr)")
                }
            } catch {
                failures.append("\(error)")
            }
            runs += 1
        }
    }
}

/// Runs `trove search` processes one after another until the import ends (and at least 4).
final class SearcherLoop: @unchecked Sendable {
    // NB: @unchecked is safe for the same reason as `EditorLoop`'s.
    let db: String
    let running: RunningFlag
    let done = DispatchSemaphore(value: 0)
    var runs = 0
    var failures: [String] = []
    var maxWallTime = Duration.zero

    init(db: String, running: RunningFlag) {
        self.db = db
        self.running = running
    }

    func run() {
        defer { done.signal() }
        let queries = ["milk", "wal", "report garden", "\"plan the\"", "is:flagged", "tag:home d", "-is:completed call"]
        let clock = ContinuousClock()
        while running.value.load(ordering: .relaxed) || runs < 4 {
            let query = queries[runs % queries.count]
            let began = clock.now
            do {
                let result = try TroveProcess.run(["search", query, "--db", db, "--format", "json", "--limit", "20"])
                maxWallTime = max(maxWallTime, clock.now - began)
                // NB: 0 hits found, 1 none; anything else, or a word about locks, is a failure.
                if ![0, 1].contains(result.status) || rawSQLiteWording(in: result.stderr) != nil
                    || result.stderr.lowercased().contains("busy") || result.stderr.lowercased().contains("locked") {
                    failures.append("search \(query) exit \(result.status): \(result.stderr)")
                }
            } catch {
                failures.append("\(error)")
            }
            runs += 1
        }
    }
}
