import Foundation
import Testing
import TroveStore
@testable import TroveCLI

/// #14 item 5 through the real binary: --version, did-you-mean, `add` joining its words,
/// natural dates said back, and commands that change nothing saying so.
@Suite struct CommandLineHabitsTests {
    @Test func versionNamesTheReleaseAndTheCommit() throws {
        let result = try TroveProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "trove \(TroveVersion.release) (commit \(buildCommit))\n")
        #expect(!buildCommit.isEmpty)
    }

    @Test(arguments: [
        (["serch", "milk"], "trove: 'serch' is not a command; did you mean `trove search`? `trove --help` lists the commands.\n"),
        (["add", "--lst", "Home", "milk"], "trove: add has no option --lst; did you mean --list?\n"),
        (["edit", "1", "--titel", "x"], "trove: edit has no option --titel; did you mean --title?\n"),
    ])
    func aMisspeltCommandOrOptionNamesTheNearestOne(arguments: [String], message: String) throws {
        let result = try TroveProcess.run(arguments + ["--demo"])
        #expect(result.status == 2)
        #expect(result.stderr == message)
    }

    @Test func searchSuggestsTheOptionItsMistypedOneIsCloseTo() throws {
        let result = try TroveProcess.run(["search", "--limt", "3", "milk", "--demo"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("trove: search has no option --limt; did you mean --limit? Or, to search for text"))
    }

    @Test func nothingCloseGetsTheUsualMessage() throws {
        let result = try TroveProcess.run(["zzzzzz", "--demo"])
        #expect(result.status == 2)
        #expect(!result.stderr.contains("did you mean"))
    }

    @Test func addJoinsItsWordsAndSaysTheDueDateItRead() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        let added = try TroveProcess.run(["add", "Buy", "oat", "milk", "--due", "next fri", "--db", db])
        #expect(added.status == 0, "\(added.stderr)")
        let expected = try NaturalDate().parse("next fri").spoken(today: NaturalDate().today)
        #expect(added.stdout == "Added 1: Buy oat milk (Reminders), due \(expected)\n")
        let literal = try TroveProcess.run(["add", "--db", db, "--", "-5", "degrees", "tonight"])
        #expect(literal.stdout.hasPrefix("Added 2: -5 degrees tonight (Reminders)"), "\(literal.stderr)")
    }

    @Test(arguments: ["fri", "in 3 days", "1w", "eow", "eom", "dec 24", "24 dec", "2026-12-24", "tomorrow 9am", "17:30"])
    func dueTakesTheDatesPeopleType(phrase: String) throws {
        let folder = try TemporaryFolder()
        let added = try TroveProcess.run(["add", "Thing", "--due", phrase, "--db", folder.path("t.db")])
        #expect(added.status == 0, "\(phrase): \(added.stderr)")
        #expect(added.stdout.contains(", due "))
    }

    @Test func anUnknownDateIsRefusedWithExamples() throws {
        let folder = try TemporaryFolder()
        let added = try TroveProcess.run(["add", "Thing", "--due", "someday", "--db", folder.path("t.db")])
        #expect(added.status == 2)
        #expect(added.stderr.hasPrefix("trove: --due \"someday\" is not valid: expected a date such as today, tomorrow, fri"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("t.db")))
    }

    @Test func editWithNothingToChangeSaysSoAndFails() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        _ = try TroveProcess.run(["add", "Thing", "--db", db])
        let edited = try TroveProcess.run(["edit", "1", "--db", db])
        #expect(edited.status == 2)
        #expect(edited.stderr.contains("Nothing to change: say what, as in `trove edit 1 --due fri`"))
    }

    /// `--due none` (the query's `due:none`) or an empty `--due` removes the due date, as
    /// `--no-due` does; `add --due none` adds a reminder without one.
    @Test func dueNoneRemovesTheDueDate() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        #expect(try TroveProcess.run(["add", "Thing", "--due", "tomorrow", "--db", db]).status == 0)
        for value in ["none", "None", ""] {
            let edited = try TroveProcess.run(["edit", "1", "--due", value, "--db", db])
            #expect(edited.status == 0, "\(value): \(edited.stderr)")
            #expect(try TroveProcess.run(["export", "--db", db]).stdout.contains(#""due":null"#), "\(value)")
            #expect(try TroveProcess.run(["edit", "1", "--due", "fri", "--db", db]).status == 0)
        }
        let added = try TroveProcess.run(["add", "Other", "--due", "none", "--db", db])
        #expect(added.stdout == "Added 2: Other (Reminders)\n", "\(added.stderr)")
    }

    @Test func editToTheValuesItHasSaysNothingChangedAndExits1() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        _ = try TroveProcess.run(["add", "Thing", "--list", "Home", "--tag", "x", "--db", db])
        let same = try TroveProcess.run(["edit", "1", "--title", "Thing", "--list", "home", "--tag", "X", "--no-flag", "--db", db])
        #expect(same.status == 1)
        #expect(same.stdout.isEmpty)
        #expect(same.stderr == "1 has those values already; nothing changed.\n")
        let changed = try TroveProcess.run(["edit", "1", "--title", "Thing", "--priority", "high", "--db", db])
        #expect(changed.status == 0, "\(changed.stderr)")
        // The no-op was not journaled: two undos revert the real edit, then the add.
        #expect(try TroveProcess.run(["undo", "2", "--db", db]).stdout.split(separator: "\n").map { String($0.prefix(20)) }
            == ["Undid entry 2 (edit)", "Undid entry 1 (add):"])
    }

    @Test func doneOnACompletedReminderSaysWhyAndExits1() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        _ = try TroveProcess.run(["add", "Thing", "--db", db])
        _ = try TroveProcess.run(["add", "Other", "--db", db])
        #expect(try TroveProcess.run(["done", "1", "--db", db]).status == 0)
        let again = try TroveProcess.run(["done", "1", "--db", db])
        #expect(again.status == 1)
        #expect(again.stdout == "Completed 0 of 1.\n")
        #expect(again.stderr == "1 is completed already.\n")
        // Some changed: success, and the rest named.
        let mixed = try TroveProcess.run(["done", "1", "2", "--db", db])
        #expect(mixed.status == 0)
        #expect(mixed.stderr == "1 is completed already.\n")
        let reopened = try TroveProcess.run(["undone", "2", "2", "--db", db])
        #expect(reopened.stdout == "Reopened 1 of 2.\n" && reopened.status == 0)
        let open = try TroveProcess.run(["undone", "2", "--db", db])
        #expect(open.status == 1 && open.stderr == "2 is open already.\n")
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionPrintsTheShellsScript(shell: String) throws {
        let result = try TroveProcess.run(["completion", shell])
        #expect(result.status == 0)
        let generated = try TroveProcess.run(["--generate-completion-script", shell]).stdout
        // NB: fish's has the cursor asked for as fish 3 answers (ShellCompletionTests run it).
        #expect(result.stdout == (shell == "fish" ? ShellCompletion.withFish3Cursor(String(generated.dropLast())) + "\n" : generated))
        #expect(result.stdout.contains("search"))
    }
}
