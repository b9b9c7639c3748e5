import Foundation
import Testing

/// `trove undo` on a terminal, under tmux: the newest entry came from another terminal session
/// (this test process's; a tmux pane has a session of its own), so it asks before reverting it,
/// and reverts nothing unless told "y" (issue 53, item 1).
@Suite(.serialized) struct TmuxUndoAskTests {
    @Test func undoOnATerminalAsksBeforeRevertingAnotherSessionsEntry() async throws {
        let folder = try TemporaryFolder()
        let db = folder.path("t.db")
        try #require(try TroveProcess.run(["add", "Theirs", "--db", db]).status == 0)
        try #require(try TroveProcess.run(["add", "Also theirs", "--db", db]).status == 0)
        let pane = try TmuxPane("\"$TROVE\" undo --db t.db; \"$TROVE\" undo --db t.db", in: folder, columns: 220)
        // NB: generous deadlines: a loaded machine (the whole suite at once) took over 10 s to start trove.
        try await pane.waitForScreen(timeout: .seconds(60), "the first question") {
            $0.joined(separator: "\n").contains("entry 2 (add: added 2 \"Also theirs\"), came from another terminal session (")
                && $0.joined().contains("Undo it anyway? [y/N]")
        }
        try pane.type("y", thenPress: "Enter")
        try await pane.waitForScreen(timeout: .seconds(60), "the undo and the second question") {
            $0.contains("Undid entry 2 (add): added 2 \"Also theirs\".")
                && $0.joined().contains("entry 1 (add: added 1 \"Theirs\"), came from another terminal session")
        }
        try pane.type("n", thenPress: "Enter")
        #expect(try await pane.waitForExit(timeout: .seconds(60)) == 1)
        #expect(try pane.screen().contains { $0.hasPrefix("trove: Nothing was undone;") })
        let left = try TroveProcess.run(["export", "--db", db]).stdout
        #expect(left.contains(#""title":"Theirs""#) && !left.contains("Also theirs"), "\(left)")
    }
}
