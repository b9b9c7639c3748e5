import Foundation
import Testing
import TroveStore

/// `trove show`, `trove undo [N]`, `trove log`, `--repeat`, and import's identity, through the real binary.
@Suite(.serialized) struct ShowUndoLogCommandTests {
    @Test func showPrintsEveryFieldAndTheNotesInFullByIdOrUid() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        let added = try TroveProcess.run([
            "add", "Water the plants", "--db", db, "--notes", "Ferns first.\nThen the basil.", "--tag", "garden",
            "--due", "2026-03-02", "--repeat", "every 2 weeks on mon,thu", "--priority", "high",
        ])
        // The date read is said back (with its year only when that is not this year's).
        let due = DueDate.day(CalendarDay("2026-03-02")!).spoken(today: CalendarDay(Date()))
        // The priority, tags and notes are said back too: every field set (issue 20, item 4).
        #expect(added.stdout == "Added 1: Water the plants (Reminders), due \(due) ↻ every 2 weeks on Mon, Thu, !!!, #garden, with notes\n", "\(added.stderr)")
        let shown = try TroveProcess.run(["show", "1", "--db", db], environment: ["TZ": "UTC"])
        #expect(shown.status == 0)
        // Each field on its own line: the label, spaces to align, the value.
        let fields = Dictionary(shown.stdout.split(separator: "\n").prefix { !$0.isEmpty }.map { line -> (String, String) in
            let label = line.prefix { $0 != " " }
            return (String(label), String(line.dropFirst(label.count).drop { $0 == " " }))
        }, uniquingKeysWith: { first, _ in first })
        #expect(fields["id"] == "1" && fields["title"] == "Water the plants" && fields["tags"] == "#garden")
        #expect(fields["priority"] == "high" && fields["status"] == "open" && fields["due"] == "2026-03-02")
        #expect(fields["repeats"] == "↻ every 2 weeks on Mon, Thu  (FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH)", "\(shown.stdout)")
        #expect(fields["uid"]?.count == 36)
        #expect(shown.stdout.hasSuffix("\nnotes:\n  Ferns first.\n  Then the basil.\n"), "\(shown.stdout)")
        let json = try TroveProcess.run(["show", "1", "--format", "json", "--db", db])
        let exported = try TroveProcess.run(["export", "--db", db])
        #expect(json.stdout == exported.stdout, "show --format json is the export's line")
        let uid = try #require(json.stdout.split(separator: "\"")[5...].first.map(String.init))
        #expect(try TroveProcess.run(["show", uid, "--db", db], environment: ["TZ": "UTC"]).stdout == shown.stdout)
        let missing = try TroveProcess.run(["show", "99", "--db", db])
        #expect(missing.status == 2 && missing.stderr.contains("There is no reminder 99"))
    }

    @Test func doneMovesARepeatingReminderOnAndUndoRevertsWholeCommands() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        try TroveProcess.run(["add", "Bins", "--due", "2026-03-02", "--repeat", "weekly", "--db", db])
        try TroveProcess.run(["add", "Milk", "--tag", "dairy", "--db", db])
        let done = try TroveProcess.run(["done", "1", "2", "--db", db])
        #expect(done.stdout.hasPrefix("Completed 2 of 2.\n1 repeats every week: next due "), "\(done.stdout)")
        #expect(try TroveProcess.run(["show", "1", "--format", "json", "--db", db]).stdout.contains(#""due":"2026-03-09""#))
        let search = try TroveProcess.run(["search", "bins", "--db", db])
        #expect(search.stdout.contains("↻"), "\(search.stdout)")
        try TroveProcess.run(["rm", "2", "--db", db])

        let log = try TroveProcess.run(["log", "--db", db])
        let rows = log.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        // ENTRY, WHEN (a date and a time), SESSION, COMMAND, WHAT.
        #expect(rows.dropFirst().map { String($0[4]) } == ["rm", "done", "add", "add"], "\(log.stdout)")
        #expect(rows.dropFirst().map { String($0[0]) + " " + String($0[3]) } == ["4 this", "3 this", "2 this", "1 this"], "\(log.stdout)")
        let undo = try TroveProcess.run(["undo", "2", "--db", db])
        #expect(undo.stdout == "Undid entry 4 (rm): deleted 2 \"Milk\".\nUndid entry 3 (done): completed 1 \"Bins\", 2 \"Milk\".\n", "\(undo.stdout)")
        let after = try TroveProcess.run(["export", "--db", db]).stdout
        #expect(after.contains(#""title":"Milk""#) && after.contains(#""due":"2026-03-02""#) && !after.contains(#""completed":true"#))
        #expect(try TroveProcess.run(["check", "--db", db]).status == 0)
        #expect(try TroveProcess.run(["undo", "5", "--db", db]).status == 2)
        try TroveProcess.run(["undo", "2", "--db", db])
        let empty = try TroveProcess.run(["undo", "--db", db])
        #expect(empty.status == 1)
        #expect(empty.stderr == "trove: There is nothing to undo: the journal is empty. `trove log` lists what can be undone.\n")
    }

    @Test func importMatchesOnUIDAndSaysWhatItDid() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        let file = folder.path("tasks.jsonl")
        try #"{"uid":"a","title":"One"}"#.appending("\n").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try TroveProcess.run(["import", file, "--db", db]).stdout == "Imported \(file): 1 added, 0 updated, 0 unchanged.\n")
        #expect(try TroveProcess.run(["import", file, "--db", db]).stdout == "Imported \(file): 0 added, 0 updated, 1 unchanged.\n")
        try #"{"uid":"a","title":"One, changed"}"#.appending("\n").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try TroveProcess.run(["import", file, "--on-conflict", "skip", "--db", db]).stdout
            == "Imported \(file): 0 added, 0 updated, 0 unchanged, 1 skipped.\n")
        #expect(try TroveProcess.run(["import", file, "--db", db]).stdout == "Imported \(file): 0 added, 1 updated, 0 unchanged.\n")
        #expect(try TroveProcess.run(["undo", "--db", db]).stdout.contains(" (import): imported \(file): 0 added, 1 updated"))
        #expect(try TroveProcess.run(["export", "--db", db]).stdout.contains(#""title":"One""#))
        let bad = try TroveProcess.run(["import", file, "--on-conflict", "merge", "--db", db])
        #expect(bad.status == 2)
    }

    @Test func badRepeatsAndUIDClashesAreRefusedWithTheRuleNamed() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        let noDue = try TroveProcess.run(["add", "x", "--repeat", "weekly", "--db", db])
        #expect(noDue.status == 2 && noDue.stderr.contains("needs a due date"))
        let bad = try TroveProcess.run(["add", "x", "--due", "today", "--repeat", "every fortnight", "--db", db])
        #expect(bad.status == 2 && bad.stderr.contains("--repeat: \"fortnight\" is not a day"), "\(bad.stderr)")
        let ics = folder.path("clash.ics")
        try "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:same\r\nSUMMARY:a\r\nEND:VTODO\r\nBEGIN:VTODO\r\nUID:same\r\nSUMMARY:b\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
            .write(toFile: ics, atomically: true, encoding: .utf8)
        let clash = try TroveProcess.run(["import", ics, "--db", db])
        #expect(clash.status == 2)
        #expect(clash.stderr.contains("lines 2 and 6 have the same uid \"same\""), "\(clash.stderr)")
        let rrule = folder.path("rule.ics")
        try "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:a\r\nPRIORITY:urgent\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
            .write(toFile: rrule, atomically: true, encoding: .utf8)
        let priority = try TroveProcess.run(["import", rrule, "--db", db])
        #expect(priority.stderr.contains("line 4, property \"PRIORITY\"") && priority.stderr.contains("RFC 5545 §3.8.1.9"))
        let todo = folder.path("bad.txt")
        try "ok\nPay rent rec:often\n".write(toFile: todo, atomically: true, encoding: .utf8)
        let rec = try TroveProcess.run(["import", todo, "--db", db])
        #expect(rec.stderr.contains("line 2, key \"rec:\"") && rec.stderr.contains("todo.txt recurrence extension"), "\(rec.stderr)")
        #expect(try TroveProcess.run(["export", "--db", db]).stdout.isEmpty)
    }
}
