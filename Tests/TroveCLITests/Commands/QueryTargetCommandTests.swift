import Foundation
import Testing

/// `done`, `undone`, `rm`, `edit` and `export` over a query as well as ids (issue 20, item 3),
/// and confirmations that name every field set (item 4), through the real `trove`.
@Suite(.serialized) struct QueryTargetCommandTests {
    /// A database of five reminders tagged family (ids 1–5) and one tagged work (id 6).
    static func familyDatabase(_ folder: TemporaryFolder) throws -> String {
        let db = folder.path("t.db")
        for index in 1...5 {
            try #require(try TroveProcess.run(["add", "Family thing \(index)", "@family", "--db", db]).status == 0)
        }
        try #require(try TroveProcess.run(["add", "Work thing", "@work", "--db", db]).status == 0)
        return db
    }

    static func openCount(_ query: String, _ db: String) throws -> Int {
        let found = try TroveProcess.run(["search", query, "--open", "--format", "jsonl", "--db", db])
        return found.stdout.split(separator: "\n").count
    }

    @Test func doneOverAQueryCompletesEveryOpenHitAndOneUndoRevertsThemAll() throws {
        let folder = try TemporaryFolder()
        let db = try Self.familyDatabase(folder)
        let done = try TroveProcess.run(["done", "tag:family", "--yes", "--db", db])
        #expect(done.status == 0, "\(done.stderr)")
        #expect(done.stdout == "Completed 5 of 5.\n")
        #expect(try Self.openCount("tag:family", db) == 0)
        #expect(try Self.openCount("tag:work", db) == 1)
        let undo = try TroveProcess.run(["undo", "--db", db])
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(undo.stdout.hasPrefix("Undid entry 7 (done): completed 5 reminders"), "\(undo.stdout)")
        #expect(try Self.openCount("tag:family", db) == 5)
    }

    // The standard input of a test's process is no terminal, so more than 3 hits need --yes.
    @Test func aQueryOfMoreThanThreeHitsWithoutATerminalNeedsYesAndChangesNothing() throws {
        let folder = try TemporaryFolder()
        let db = try Self.familyDatabase(folder)
        for command in [["done"], ["rm"], ["edit", "--flag"]] {
            let refused = try TroveProcess.run(command + ["tag:family", "--db", db], stdin: "yes\n")
            #expect(refused.status == 2, "\(command): \(refused.stdout)")
            #expect(refused.stdout.isEmpty)
            #expect(refused.stderr.hasPrefix("trove: ‘tag:family’ matches 5 reminders, more than 3 changed without asking"), "\(refused.stderr)")
            #expect(refused.stderr.contains("pass --yes"))
        }
        #expect(try Self.openCount("tag:family", db) == 5)
        #expect(try TroveProcess.run(["log", "--db", db]).stdout.components(separatedBy: "\n").filter { $0.contains("add") }.count == 6)
    }

    @Test func aQueryOfThreeHitsOrFewerNeedsNoYes() throws {
        let folder = try TemporaryFolder()
        let db = try Self.familyDatabase(folder)
        let done = try TroveProcess.run(["done", "tag:family", "thing", "-5", "-4", "--db", db])
        // `-5` and `-4` are query words here (exclusions): "Family thing 1" to "3" are left.
        #expect(done.status == 0, "\(done.stderr)")
        #expect(done.stdout == "Completed 3 of 3.\n")
        #expect(try Self.openCount("tag:family", db) == 2)
    }

    @Test func wholeNumbersAreIdsAndAnyOtherWordMakesAQuery() throws {
        let folder = try TemporaryFolder()
        let db = try Self.familyDatabase(folder)
        let ids = try TroveProcess.run(["done", "1", "6", "--db", db])
        #expect(ids.stdout == "Completed 2 of 2.\n")
        let missing = try TroveProcess.run(["rm", "99", "--db", db])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("99"), "\(missing.stderr)")
        // "2 zebra" is a query (zebra is no number), and no title holds zebra.
        let query = try TroveProcess.run(["rm", "2", "zebra", "--db", db])
        #expect(query.status == 1)
        #expect(query.stderr == "No reminders match ‘2 zebra’; nothing changed. `trove search --typos off 2 zebra` shows what a query finds.\n")
    }

    /// `export 999` wrote nothing and exited 0; an id with no reminder is refused as `done` and
    /// `rm` refuse it, before anything is written.
    @Test func exportOfAnIdWithNoReminderIsRefusedAsDoneRefusesIt() throws {
        let folder = try TemporaryFolder()
        let db = try Self.familyDatabase(folder)
        for arguments in [["export", "999"], ["export", "1", "999", "--format", "todotxt"], ["done", "999"]] {
            let result = try TroveProcess.run(arguments + ["--db", db])
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result.stdout)")
            #expect(result.stderr == "trove: There is no reminder 999; `trove search` shows the ids.\n", "\(arguments)")
        }
        #expect(try TroveProcess.run(["export", "1", "--db", db]).stdout.contains("Family thing 1"))
    }

    @Test func undoneRmAndEditOverAQueryAreOneJournalEntryEach() throws {
        let folder = try TemporaryFolder()
        let db = try Self.familyDatabase(folder)
        #expect(try TroveProcess.run(["done", "tag:family", "--yes", "--db", db]).status == 0)
        let reopened = try TroveProcess.run(["undone", "family", "--yes", "--db", db])
        #expect(reopened.stdout == "Reopened 5 of 5.\n", "\(reopened.stderr)")
        let edited = try TroveProcess.run(["edit", "tag:family", "--priority", "high", "--tag", "home", "--yes", "--db", db])
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(edited.stdout == (1...5).map { "Updated \($0): Family thing \($0) (Reminders); priority !!!, tagged #home\n" }.joined())
        let removed = try TroveProcess.run(["rm", "tag:home", "--yes", "--db", db])
        #expect(removed.stdout == "Deleted 5.\n")
        let log = try TroveProcess.run(["log", "--db", db]).stdout
        #expect(log.contains("rm       deleted 5 reminders"), "\(log)")
        #expect(log.contains("edit     edited 5 reminders"), "\(log)")
        #expect(try TroveProcess.run(["undo", "--db", db]).status == 0)
        #expect(try Self.openCount("tag:home", db) == 5)
        #expect(try TroveProcess.run(["undo", "--db", db]).status == 0)
        #expect(try Self.openCount("tag:home", db) == 0)
        #expect(try Self.openCount("tag:family", db) == 5)
    }

    @Test func exportTakesAQueryOrIds() throws {
        let folder = try TemporaryFolder()
        let db = try Self.familyDatabase(folder)
        let family = try TroveProcess.run(["export", "tag:family", "thing", "-3", "--format", "todotxt", "--db", db])
        #expect(family.status == 0, "\(family.stderr)")
        let lines = family.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines.allSatisfy { $0.contains(" @family ") && !$0.contains("+Reminders") })
        #expect(lines.map { $0.contains("Family thing 3") } == [false, false, false, false])
        let ids = try TroveProcess.run(["export", "6", "2", "--db", db])
        #expect(ids.stdout.split(separator: "\n").map { $0.hasPrefix("{\"id\":2,") || $0.hasPrefix("{\"id\":6,") } == [true, true])
        #expect(ids.stdout.hasPrefix("{\"id\":2,"))
        let none = try TroveProcess.run(["export", "tag:nothing", "--db", db])
        #expect(none.status == 1)
        #expect(none.stdout.isEmpty)
        #expect(none.stderr.hasPrefix("No reminders match ‘tag:nothing’."))
    }

    @Test func aBlankQueryOrAMistypedOptionIsRefused() throws {
        let folder = try TemporaryFolder()
        let db = try Self.familyDatabase(folder)
        let blank = try TroveProcess.run(["rm", "", "--db", db])
        #expect(blank.status == 2)
        #expect(blank.stderr == "trove: Give rm reminder ids, as in `trove rm 3 7`, or a query, as in `trove rm tag:family`.\n")
        let typo = try TroveProcess.run(["done", "--yse", "tag:family", "--db", db])
        #expect(typo.status == 2)
        #expect(typo.stderr.hasPrefix("trove: done has no option --yse; did you mean --yes?"), "\(typo.stderr)")
        #expect(try Self.openCount("tag:family", db) == 5)
    }

    // Regression (issue 20, item 4): `add … --flag` and `edit 3 --tag dairy` said nothing of
    // the flag or the tag.
    @Test func confirmationsNameEveryFieldSetOrChanged() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        let added = try TroveProcess.run(["add", "Buy milk", "--flag", "--notes", "oat", "--db", db])
        #expect(added.stdout == "Added 1: Buy milk (Reminders), flagged, with notes\n")
        let tagged = try TroveProcess.run(["edit", "1", "--tag", "dairy", "--db", db])
        #expect(tagged.stdout == "Updated 1: Buy milk (Reminders); tagged #dairy\n")
        let many = try TroveProcess.run([
            "edit", "1", "--title", "Buy oat milk", "--notes", "", "--list", "Groceries", "--priority", "low",
            "--due", "2026-12-24", "--repeat", "weekly", "--no-flag", "--untag", "dairy", "--tag", "shop", "--db", db,
        ])
        let due = try #require(try TroveProcess.run(["show", "1", "--db", db]).stdout.split(separator: "\n").first { $0.hasPrefix("due") })
        #expect(many.status == 0, "\(many.stderr)")
        #expect(many.stdout.hasPrefix(
            "Updated 1: Buy oat milk (Groceries); title, notes cleared, list Groceries, priority !, due "), "\(many.stdout) \(due)")
        #expect(many.stdout.hasSuffix(" ↻ every week, unflagged, tagged #shop, untagged #dairy\n"), "\(many.stdout)")
    }
}
