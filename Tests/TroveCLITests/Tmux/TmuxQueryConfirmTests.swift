import Foundation
import Testing

/// A command over a query of more than 3 hits asks on a terminal, taskwarrior style, and
/// changes nothing unless told yes (issue 20, item 3), under tmux.
@Suite(.serialized) struct TmuxQueryConfirmTests {
    @Test func aQueryOfManyHitsAsksOnATerminalAndOnlyYesGoesOn() async throws {
        let folder = try TemporaryFolder()
        let db = try QueryTargetCommandTests.familyDatabase(folder)
        let pane = try TmuxPane("\"$TROVE\" done tag:family --db t.db; \"$TROVE\" undone tag:family --db t.db", in: folder, columns: 160)
        // NB: generous deadlines: a loaded machine (the whole suite at once) took over 10 s to start trove.
        try await pane.waitForScreen(timeout: .seconds(60), "the first question") {
            $0.joined().contains("Complete 5 reminders matching ‘tag:family’? (yes/no)")
        }
        try pane.type("yes", thenPress: "Enter")
        try await pane.waitForScreen(timeout: .seconds(60), "the done and the second question") {
            $0.contains("Completed 5 of 5.") && $0.joined().contains("Reopen 5 reminders matching ‘tag:family’? (yes/no)")
        }
        try pane.type("no", thenPress: "Enter")
        #expect(try await pane.waitForExit(timeout: .seconds(60)) == 1)
        #expect(try pane.screen().contains("Nothing changed."))
        // The first answer completed all five; the second reopened none.
        #expect(try QueryTargetCommandTests.openCount("tag:family", db) == 0)
        let completed = try TroveProcess.run(["search", "tag:family", "is:completed", "--format", "jsonl", "--db", db]).stdout
        #expect(completed.split(separator: "\n").count == 5)
    }
}
