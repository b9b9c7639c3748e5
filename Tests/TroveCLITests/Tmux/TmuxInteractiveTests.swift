import Foundation
import Testing
@testable import TroveCLI
import TroveSQLite
import TroveSearch
import TroveStore

/// The built `trove` binary, for real, in a 100×30 tmux pane: typing, a slow query, resizing,
/// Ctrl-C/Esc/SIGTERM, Enter, the done and undo keys and live updates from another process.
///
/// Every wait polls the screen, the exit file or the slow engine's log with a deadline; nothing sleeps a fixed time.
// NB: not skipped when tmux is missing: TmuxPane fails each test, naming it (scripts/bootstrap --with-tmux).
@Suite(.serialized)
struct TmuxInteractiveTests {
    /// Starts `trove --db DB ARGS` in a pane and waits for its first screen.
    static func start(
        _ arguments: String = "", environment: String = "", columns: Int = 100, rows: Int = 30
    ) async throws -> (TmuxPane, db: String) {
        let folder = try TemporaryFolder()
        let db = try ExpectedScreen.seededDatabase(in: folder)
        let pane = try TmuxPane(
            "\(environment) \"$TROVE\" --db t.db \(arguments) > out 2> err", in: folder, columns: columns, rows: rows)
        try await pane.waitForScreen(timeout: .seconds(10), "the first results") { $0.count > 1 && $0[1].contains(" of ") }
        return (pane, db)
    }

    @Test func typingAQueryCharacterByCharacterShowsEachPrefixsResults() async throws {
        let (pane, db) = try await Self.start()
        var typed = ""
        for character in "dentist" {
            typed.append(character)
            try pane.type(String(character))
            let expected = try await ExpectedScreen.screen(db: db, query: typed)
            try await pane.waitForScreen("the results for \(typed)") { $0 == expected }
        }
        // An independent look at the same screen: the library's own hits, in order.
        let store = try await ReminderStore.open(path: db, readOnly: true)
        let hits = try await store.database.read { db in
            try FTSEngine().search(SearchRequest(text: "dentist", includeCompleted: false), on: db).hits
        }
        let screen = try pane.screen()
        #expect(hits.count == 2)
        #expect(screen[1] == "  \(hits.count) of \(hits.count)")
        #expect(screen[2].hasPrefix(">") && screen[2].contains(hits[0].title))
        try pane.press("Escape")
        #expect(try await pane.waitForExit() == 130)
    }

    @Test(arguments: ["search -i dent", "search --interactive dent"])
    func searchDashIStartsTheInteractiveSearchWithTheQueryTyped(arguments: String) async throws {
        let (pane, db) = try await Self.start(arguments)
        let started = try await ExpectedScreen.screen(db: db, query: "dent")
        try await pane.waitForScreen("the results for the query given") { $0 == started }
        try pane.type("ist")
        let expected = try await ExpectedScreen.screen(db: db, query: "dentist")
        try await pane.waitForScreen("the results for the typed-on text") { $0 == expected }
        try pane.press("Enter")
        #expect(try await pane.waitForExit() == 0)
        let first = try #require(try await ExpectedScreen.page(db: db, query: "dentist").rows.first)
        #expect(pane.file("out") == "\(first.id)\t\(first.title.plain)\n")
    }

    @Test func typingFastWhileASlowQueryRunsEndsOnTheFinalTextsResults() async throws {
        // Every fts query first keeps SQLite busy for 400 ms (SlowTestEngine, debug builds only),
        // and each burst of typing lands while the previous burst's query is still running:
        // the next burst is typed once the log says that query started (fixed 120 ms pauses
        // stood for that before, and on a loaded machine did not).
        let (pane, db) = try await Self.start(environment: "TROVE_TEST_SLOW_MS=400 TROVE_TEST_SLOW_LOG=slow.log")
        let text = "payment plan"
        var typed = ""
        for burst in ["pay", "ment", " pl", "an"] {
            for character in burst { try pane.type(String(character)) }
            typed += burst
            let expectedStart = "start " + typed.trimmingCharacters(in: .whitespaces)
            if typed != text {
                let started = try await Self.waitForLog(pane) { $0.contains { $0 == expectedStart } }
                #expect(started, "no query started for \(typed)")
            }
        }
        let expected = try await ExpectedScreen.screen(db: db, query: text)
        try await pane.waitForScreen("the results for the final text") { $0 == expected }
        // A stale query's answer must never replace the final one: once every query that
        // started has ended, the screen is still the final text's.
        let ended = try await Self.waitForLog(pane) { lines in
            let started = lines.filter { $0.hasPrefix("start ") }.map { $0.dropFirst(6) }
            let finished = lines.filter { $0.hasPrefix("done ") || $0.hasPrefix("cancelled ") }
            return started.count == finished.count
        }
        #expect(ended, "queries still running: \(pane.file("slow.log") ?? "")")
        #expect(try pane.screen() == expected)
        #expect(pane.file("slow.log")?.contains("cancelled ") == true, "no query was superseded while it ran")
        try pane.press("Escape")
        #expect(try await pane.waitForExit() == 130)
    }

    /// Polls the slow engine's log until `condition` holds on its lines, or ten seconds pass.
    static func waitForLog(_ pane: TmuxPane, _ condition: ([Substring]) -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if condition((pane.file("slow.log") ?? "").split(separator: "\n")) { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return condition((pane.file("slow.log") ?? "").split(separator: "\n"))
    }

    @Test func resizingRedrawsAtTheNewWidthWithNothingLeftOver() async throws {
        let (pane, db) = try await Self.start()
        try pane.type("tax")
        let wide = try await ExpectedScreen.screen(db: db, query: "tax")
        try await pane.waitForScreen("the results at 100 columns") { $0 == wide }
        for (columns, rows) in [(60, 30), (40, 20), (120, 30)] {
            try pane.resize(columns: columns, rows: rows)
            let expected = try await ExpectedScreen.screen(db: db, query: "tax", columns: columns, rows: rows)
            let screen = try await pane.waitForScreen("the results at \(columns)×\(rows)") { $0 == expected }
            #expect(screen?.allSatisfy { DisplayWidth.of($0) <= columns } == true)
        }
        try pane.press("Escape")
        #expect(try await pane.waitForExit() == 130)
    }

    @Test(arguments: ["C-c", "Escape"])
    func quittingExits130AndRestoresTheTerminal(key: String) async throws {
        let (pane, _) = try await Self.start()
        try pane.type("milk")
        try await pane.waitForScreen("the query") { $0.first == "> milk" }
        try pane.press(key)
        #expect(try await pane.waitForExit() == 130)
        let before = try #require(pane.file("stty-before"))
        let after = try #require(pane.file("stty-after"))
        #expect(after == before)
        #expect(after.contains(" icanon") && !after.contains("-icanon"))
        #expect(after.contains(" echo ") && !after.contains("-echo "))
        // Inline mode erases itself: nothing of the interface is left on the screen.
        #expect(try pane.screen().allSatisfy(\.isEmpty))
        #expect(pane.file("out") == "")
    }

    @Test func sigtermRestoresTheTerminalAndExits143() async throws {
        let folder = try TemporaryFolder()
        _ = try ExpectedScreen.seededDatabase(in: folder)
        // NB: a background job's stdin is /dev/null, so this also shows keys coming from /dev/tty.
        let pane = try TmuxPane("\"$TROVE\" --db t.db --fullscreen & echo $! > pid; wait $!", in: folder)
        try await pane.waitForScreen("the first results") { $0.count > 1 && $0[1].contains(" of ") }
        try pane.type("milk")
        try await pane.waitForScreen("the query typed through /dev/tty") { $0.first == "> milk" }
        let pid = try #require(pane.file("pid").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        #expect(kill(pid, SIGTERM) == 0)
        #expect(try await pane.waitForExit() == 143)
        #expect(pane.file("stty-after") == pane.file("stty-before"))
        // Full screen leaves the alternate screen: the pane is back to the (empty) shell screen.
        #expect(try pane.screen().allSatisfy(\.isEmpty))
    }

    @Test(arguments: [InteractiveFlags.Format.text, .json, .jsonl])
    func enterPrintsTheSelectedReminderAndExits0(format: InteractiveFlags.Format) async throws {
        let folder = try TemporaryFolder()
        let db = try ExpectedScreen.seededDatabase(in: folder)
        // stdin is a pipe and stdout a file: the interface still runs on the terminal.
        let pane = try TmuxPane("echo ignored | \"$TROVE\" --db t.db --format \(format.rawValue) > out", in: folder)
        try pane.type("dentist")
        let page = try await ExpectedScreen.page(db: db, query: "dentist")
        try await pane.waitForScreen("the results") { $0.count > 1 && $0[1] == "  2 of 2" }
        let expected = ExpectedScreen.frame(for: page, query: "dentist", selected: 1)
        try pane.press("Down")
        try await pane.waitForScreen("the second result selected") { Array($0.prefix(expected.count)) == expected }
        try pane.press("Enter")
        #expect(try await pane.waitForExit() == 0)
        let chosen = page.rows[1]
        let out = try #require(pane.file("out"))
        switch format {
        case .text:
            #expect(out == "\(chosen.id)\t\(chosen.title.plain)\n")
        case .json, .jsonl:
            // Issue 51: `json` is always an array, also of the selection alone; `jsonl` is one
            // object per line.
            let parsed = try JSONSerialization.jsonObject(with: Data(out.utf8))
            let objects = try #require(format == .json ? parsed as? [[String: Any]] : (parsed as? [String: Any]).map { [$0] })
            let object = try #require(objects.count == 1 ? objects.first : nil)
            #expect(object["id"] as? Int == Int(chosen.id))
            #expect(object["title"] as? String == chosen.title.plain)
            #expect(object["list"] as? String == chosen.list)
            // Issue 15: the same reminder has the same JSON everywhere: Enter prints exactly the
            // start of its `trove search --format jsonl` hit, before the hit's own fields.
            let hits = try TroveProcess.run(["search", "dentist", "--format", "jsonl", "--db", db]).stdout
            let hit = try #require(hits.split(separator: "\n").first { $0.hasPrefix("{\"id\":\(chosen.id),") })
            let line = format == .json ? out.dropFirst().dropLast(3) : out.dropLast(2)
            #expect(hit.hasPrefix(line + ",\"repeats\":"), "\(out) vs \(hit)")
        }
        #expect(pane.file("stty-after") == pane.file("stty-before"))
    }

    /// Issue 51: 300 PageDowns sent at once on 63,697 rows stopped near row 300: only presses
    /// that arrived while no page was loading counted. Every press now counts, and the Enter
    /// sent after them waits for the moves to land and prints the row they lead to.
    @Test func threeHundredPageDownsSentAtOnceMoveThreeHundredPages() async throws {
        let folder = try TemporaryFolder()
        let lamps = (0..<5_000).map { #"{"title":"Lamp \#($0)"}"# }.joined(separator: "\n") + "\n"
        try lamps.write(toFile: folder.path("lamps.jsonl"), atomically: true, encoding: .utf8)
        let db = folder.path("t.db")
        try #require(try TroveProcess.run(["import", folder.path("lamps.jsonl"), "--db", db]).status == 0)
        let pane = try TmuxPane("\"$TROVE\" --db t.db --query lamp --format jsonl > out", in: folder)
        try await pane.waitForScreen("the first page") { $0.count > 1 && $0[1].hasSuffix(" of 5000") && !$0[1].contains("searching") }
        try pane.press(Array(repeating: "PageDown", count: 300) + ["Enter"])
        #expect(try await pane.waitForExit(timeout: .seconds(30)) == 0)
        // Each row is one line, so a PageDown moves a list's height of rows.
        let step = InteractiveState(size: TerminalSize(columns: 100, rows: 30), mode: .inline(height: 15)).layout.listLines
        let ranked = try TroveProcess.run(["search", "lamp", "--limit", "5000", "--format", "jsonl", "--db", db]).stdout
            .split(separator: "\n")
        let expected = try #require(ranked[300 * step].split(separator: ",").first)
        let printed = try #require(pane.file("out"))
        #expect(printed.hasPrefix(expected + ","), "\(printed) should be row \(300 * step + 1): \(expected)")
    }

    @Test func anotherProcessAddingAndCompletingShowsWithinASecond() async throws {
        let (pane, db) = try await Self.start()
        try pane.type("zeppelin")
        try await pane.waitForScreen("no matches yet") { $0.count > 2 && $0[2] == "  no matches" }

        let added = try TroveProcess.run(["add", "Zeppelin museum tickets", "--db", db, "--list", "Fun"])
        #expect(added.status == 0, "\(added.stderr)")
        var start = ContinuousClock.now
        try await pane.waitForScreen("the added reminder") { $0.count > 2 && $0[2].contains("Zeppelin museum tickets") }
        #expect(start.duration(to: .now) < .seconds(1))

        let id = try #require(added.stdout.split(separator: " ").dropFirst().first.flatMap { Int($0.dropLast()) })
        #expect(try TroveProcess.run(["done", String(id), "--db", db]).status == 0)
        start = ContinuousClock.now
        try await pane.waitForScreen("the completed reminder hidden") { $0.count > 2 && $0[2] == "  no matches" }
        #expect(start.duration(to: .now) < .seconds(1))
        try pane.press("Escape")
        #expect(try await pane.waitForExit() == 130)
    }

    @Test func ctrlTCompletesTheSelectionCtrlZUndoesItAndCtrlDOnAnEmptyLineQuits() async throws {
        let (pane, db) = try await Self.start()
        try pane.type("dentist")
        let page = try await ExpectedScreen.page(db: db, query: "dentist")
        try await pane.waitForScreen("the results") { $0.count > 2 && $0[1] == "  2 of 2" }
        try pane.press("C-t")
        // Done now, so hidden: one open match left, one completed; the header says how to undo.
        try await pane.waitForScreen("the completed row hidden") {
            $0.count > 2 && $0[1].hasPrefix("  1 of 1 (1 completed hidden) · Completed ‘") && $0[1].hasSuffix("— Ctrl-Z to undo")
        }
        let store = try await ReminderStore.open(path: db, readOnly: true)
        #expect(try await store.reminder(id: page.rows[0].id).isCompleted)
        try pane.press("C-s")
        try await pane.waitForScreen("completed shown") { $0.count > 2 && $0[1] == "  2 of 2 (1 completed)" }
        try pane.press("C-z")
        try await pane.waitForScreen("the undo said") { $0.count > 2 && $0[1].contains("Undid done") }
        #expect(try await store.reminder(id: page.rows[0].id).isCompleted == false)
        // Ctrl-D deletes forward while there is text, and quits on an empty line, as in a shell.
        try pane.press("C-u")
        try pane.press("C-d")
        #expect(try await pane.waitForExit() == 130)
    }

    @Test func searchOnANarrowTerminalFitsItsWidthAndGivesAShortHint() async throws {
        let folder = try TemporaryFolder()
        _ = try ExpectedScreen.seededDatabase(in: folder)
        let pane = try TmuxPane("NO_COLOR=1 \"$TROVE\" --db t.db search call --limit 2", in: folder, columns: 40, rows: 20)
        let screen = try await pane.waitForScreen("the search's output") { $0.contains { $0.hasPrefix("Next page:") } }
        // Cut with … rather than wrapped; the hint names the offset only (the cursor is in JSON).
        #expect(screen?.contains { $0.count == 40 && $0.hasSuffix("…") } == true)
        #expect(screen?.contains("Next page: --offset 2") == true)
        #expect(try await pane.waitForExit() == 0)
    }

    @Test func shiftDownScrollsThePreviewToTheEndOfALongNote() async throws {
        let folder = try TemporaryFolder()
        let db = try ExpectedScreen.seededDatabase(in: folder)
        let note = (1...40).map { "note line \($0)" }.joined(separator: "\n")
        #expect(try TroveProcess.run(["add", "Zeppelin", "packing", "list", "--notes", note, "--db", db]).status == 0)
        let pane = try TmuxPane("\"$TROVE\" --db t.db --preview --query zeppelin > out 2> err", in: folder, columns: 100, rows: 30)
        try await pane.waitForScreen("the note's start in the pane") { screen in
            screen.contains { $0.contains("│") && $0.hasSuffix("Shift-Down for more") }
        }
        #expect(try !pane.screen().contains { $0.contains("note line 40") })
        for _ in 0..<60 { try pane.press("S-Down") }
        let end = try await pane.waitForScreen("the note's last line") { screen in
            screen.contains { $0.hasSuffix("note line 40") } && !screen.contains { $0.hasSuffix("Shift-Down for more") }
        }
        #expect(end?.contains { $0.contains("more (Shift-Up)") } == true)
        try pane.press("S-Up")
        try await pane.waitForScreen("one line back") { !$0.contains { $0.hasSuffix("note line 40") } }
        try pane.press("Escape")
        #expect(try await pane.waitForExit() == 130)
    }

    /// Was: deleting `-shm` while the interactive search was open, then writing from another
    /// process and pressing the done key, silently lost a saved reminder. Now the session notices
    /// the file changed (its inode), writes nothing, and stops with a sentence and exit 3. (The
    /// done key was Ctrl-D then; it is Ctrl-T since #14.)
    @Test(arguments: ["-shm", "-wal"])
    func aDeletedSharedMemoryOrLogFileStopsTheSessionBeforeAnyWrite(suffix: String) async throws {
        let (pane, db) = try await Self.start()
        try pane.type("dentist")
        try await pane.waitForScreen("the results") { $0.count > 2 && $0[1] == "  2 of 2" }
        let page = try await ExpectedScreen.page(db: db, query: "dentist")
        #expect(FileManager.default.fileExists(atPath: db + suffix))
        try FileManager.default.removeItem(atPath: db + suffix)
        try pane.press("C-t")
        #expect(try await pane.waitForExit() == 3)
        #expect(pane.file("err") == "trove: t.db\(suffix) was deleted or replaced by another program while trove had it open; "
            + "trove stopped without writing, so nothing of yours is lost. Start trove again.\n")
        #expect(pane.file("stty-after") == pane.file("stty-before"))
        let store = try await ReminderStore.open(path: db, readOnly: true)
        #expect(try await !store.reminder(id: page.rows[0].id).isCompleted)
        #expect(try await store.check().isOK)
    }

    @Test func withNoTerminalTroveAlonePrintsHelpAndSucceeds() throws {
        // setsid: a new session with no controlling terminal, so /dev/tty cannot be opened.
        let process = Process()
        process.executableURL = try requireTool("setsid")
        process.arguments = ["-w", TroveProcess.binary.path, "--demo"]
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = Pipe()
        process.standardError = Pipe()
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0)
        #expect(text.contains("USAGE: trove"))
        #expect(text.contains("Keys in the interactive search"))
    }
}
