import Foundation
import Testing
import TroveSQLite
import TroveStore

/// `trove undo` reverts only the caller's own commands, and `trove undo --entry N` reverts one
/// entry of `trove log` (issue 53, item 1), through the real binary.
///
/// NB: the tests run `trove` in this process's terminal session, as a shell script would; the
/// "other terminal" runs it under `setsid`, which gives it a session of its own.
@Suite(.serialized) struct UndoSessionCommandTests {
    /// The issue's repro: a script's `undo` beside another writer reverted the other writer's
    /// command (139 of 145 runs). It must refuse, name the entry, and say how to undo it anyway.
    @Test func undoRefusesTheNewestEntryWhenAnotherSessionWroteIt() throws {
        let folder = TemporaryFolder.make()
        let db = folder.path("t.db")
        try #require(try TroveProcess.run(["add", "Mine", "--db", db]).status == 0)
        let theirs = try TroveProcess.runInNewSession(["add", "Theirs", "--db", db])
        try #require(theirs.status == 0, "\(theirs.stderr)")

        let refused = try TroveProcess.run(["undo", "--db", db])
        #expect(refused.status == 1)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.hasPrefix("trove: Not undone: the newest change, entry 2 (add: added 2 \"Theirs\"), came from another terminal session"),
            "\(refused.stderr)")
        #expect(refused.stderr.contains("`trove undo --entry 2`"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1)
        let kept = try TroveProcess.run(["export", "--db", db]).stdout
        #expect(kept.contains(#""title":"Mine""#) && kept.contains(#""title":"Theirs""#), "nothing was undone")

        // The log says which entry came from where.
        let log = try TroveProcess.run(["log", "--db", db]).stdout
        let rows = log.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(rows.first == ["ENTRY", "WHEN", "SESSION", "COMMAND", "WHAT"], "\(log)")
        #expect(rows.dropFirst().map { [$0[0], $0[3], $0[4]] } == [["2", "other", "add"], ["1", "this", "add"]], "\(log)")

        // Named by its entry, the other session's command is undone on purpose.
        let named = try TroveProcess.run(["undo", "--entry", "2", "--db", db])
        #expect(named.status == 0 && named.stdout == "Undid entry 2 (add): added 2 \"Theirs\".\n", "\(named.stdout)\(named.stderr)")
        let own = try TroveProcess.run(["undo", "--db", db])
        #expect(own.stdout == "Undid entry 1 (add): added 1 \"Mine\".\n", "\(own.stdout)\(own.stderr)")
        #expect(try TroveProcess.run(["export", "--db", db]).stdout.isEmpty)
    }

    /// Commands run one after another from one script are one session: they undo as they always
    /// did, several at once included.
    @Test func oneScriptsCommandsUndoAsBefore() throws {
        let folder = TemporaryFolder.make()
        let db = folder.path("t.db")
        try TroveProcess.run(["add", "One", "--db", db])
        try TroveProcess.run(["add", "Two", "--db", db])
        try TroveProcess.run(["done", "1", "--db", db])
        let undone = try TroveProcess.run(["undo", "2", "--db", db])
        #expect(undone.stdout == "Undid entry 3 (done): completed 1 \"One\".\nUndid entry 2 (add): added 2 \"Two\".\n", "\(undone.stdout)\(undone.stderr)")
        // Several at once stop, undoing none, at the first that another session wrote.
        try TroveProcess.runInNewSession(["add", "Theirs", "--db", db])
        try TroveProcess.run(["add", "Mine again", "--db", db])
        let mixed = try TroveProcess.run(["undo", "2", "--db", db])
        #expect(mixed.status == 1 && mixed.stderr.contains("entry 2 (add: added 2 \"Theirs\")"), "\(mixed.stderr)")
        #expect(try TroveProcess.run(["export", "--db", db]).stdout.split(separator: "\n").count == 3)
    }

    /// `--entry N` reverts one entry that is not the newest, but never one whose reminders a
    /// later entry changed: that would throw the later change away.
    @Test func undoEntryRevertsOneEntryUnlessALaterOneChangedTheSameReminders() throws {
        let folder = TemporaryFolder.make()
        let db = folder.path("t.db")
        try TroveProcess.run(["add", "Milk", "--db", db])          // entry 1
        try TroveProcess.run(["add", "Bread", "--db", db])         // entry 2
        try TroveProcess.run(["edit", "1", "--title", "Oat milk", "--db", db])  // entry 3
        try TroveProcess.run(["done", "2", "--db", db])            // entry 4

        let clash = try TroveProcess.run(["undo", "--entry", "1", "--db", db])
        #expect(clash.status == 1)
        #expect(clash.stderr == "trove: Not undone: entry 3 (edit: edited 1 \"Milk\") changed the same reminders after entry 1; undo entry 3 first (`trove undo --entry 3`).\n",
            "\(clash.stderr)")
        // Entry 3 does not touch reminder 2, so it goes although entry 4 is newer.
        let edit = try TroveProcess.run(["undo", "--entry", "3", "--db", db])
        #expect(edit.status == 0 && edit.stdout == "Undid entry 3 (edit): edited 1 \"Milk\".\n", "\(edit.stdout)\(edit.stderr)")
        let export = try TroveProcess.run(["export", "--db", db]).stdout
        #expect(export.contains(#""title":"Milk""#) && export.contains(#""completed":true"#), "\(export)")
        #expect(try TroveProcess.run(["undo", "--entry", "1", "--db", db]).status == 0)
        #expect(try TroveProcess.run(["check", "--db", db]).status == 0)

        let gone = try TroveProcess.run(["undo", "--entry", "3", "--db", db])
        #expect(gone.status == 1 && gone.stderr.contains("no longer in the journal"), "\(gone.stderr)")
        let both = try TroveProcess.run(["undo", "2", "--entry", "4", "--db", db])
        #expect(both.status == 2 && both.stderr.contains("--entry"), "\(both.stderr)")
    }
}

extension TroveProcess {
    /// Runs `trove ARGUMENTS…` in a terminal session of its own (`setsid --wait`), as another
    /// terminal would.
    @discardableResult
    static func runInNewSession(_ arguments: [String]) throws -> Result {
        try runExecutable(URL(fileURLWithPath: "/usr/bin/setsid"), ["--wait", binary.path] + arguments)
    }
}

extension TemporaryFolder {
    static func make() -> TemporaryFolder {
        // NB: a temporary folder that cannot be made is a broken machine, not a test result.
        try! TemporaryFolder()
    }
}
