import Foundation
import Testing
@testable import TroveCLI

/// The editor key: the form goes to `$EDITOR`, the terminal is handed over and taken back, and
/// a form that does not read is reopened or kept, never lost.
@Suite struct SessionEditorTests {
    @Test func ctrlOOpensTheFormSavesItAndTakesTheTerminalBack() async {
        let terminal = FakeTerminal(size: TerminalSize(columns: 60, rows: 12))
        let store = FakeStore()
        let editor = FakeEditor { $0.replacingOccurrences(of: "due:\n", with: "due: fri\n") }
        let run = InteractiveSessionTests.start(terminal, FakeSearch(), store: store, editor: editor)
        #expect(await terminal.wait { $0.contains("> all 1") })
        terminal.type("\u{F}")
        #expect(await terminal.wait { $0[1] == "  3 of 3 · Saved 1 — Ctrl-Z to undo" })
        #expect(terminal.suspendCount == 1)
        #expect(editor.opened == ["title: reminder 1\ndue:\n"])
        #expect(store.savedForms == ["title: reminder 1\ndue: fri\n"])
        // Drawn again after the editor: the results are back.
        #expect(terminal.screen.contains("> all 1"))
        terminal.type("\u{1A}")
        #expect(await terminal.wait { $0[1] == "  3 of 3 · Undid 1" })
        terminal.type("\u{3}")
        _ = await run.value
    }

    @Test func aFormThatDoesNotReadIsReopenedWithTheProblemAtItsTop() async throws {
        let terminal = FakeTerminal(size: TerminalSize(columns: 80, rows: 12))
        let store = FakeStore(saving: { $0.contains("someday") ? .invalid("due: \"someday\" is not a date Trove knows") : nil })
        // First save an unknown date; when reopened with the problem, fix it.
        let editor = FakeEditor { text in
            text.hasPrefix("# Problem: ")
                ? text.replacingOccurrences(of: "someday", with: "tomorrow")
                : text.replacingOccurrences(of: "due:\n", with: "due: someday\n")
        }
        let run = InteractiveSessionTests.start(terminal, FakeSearch(), store: store, editor: editor)
        #expect(await terminal.wait { $0.contains("> all 1") })
        terminal.type("\u{F}")
        #expect(await terminal.wait { $0[1].contains("Saved 1") })
        // NB: #require, so a run that went wrong fails here instead of crashing the test process.
        try #require(editor.opened.count == 2)
        #expect(editor.opened[1].hasPrefix("# Problem: due: \"someday\" is not a date Trove knows. Fix it and save"))
        #expect(editor.opened[1].hasSuffix("title: reminder 1\ndue: someday\n"))
        #expect(store.savedForms.last?.hasSuffix("due: tomorrow\n") == true)
        terminal.type("\u{3}")
        _ = await run.value
    }

    @Test func aFormSavedUnchangedAfterAProblemIsKeptInItsFile() async throws {
        let terminal = FakeTerminal(size: TerminalSize(columns: 200, rows: 12))
        let store = FakeStore(saving: { $0.contains("someday") ? .invalid("due: \"someday\" is not a date Trove knows") : nil })
        let editor = FakeEditor { text in text.hasPrefix("# Problem: ") ? text : text.replacingOccurrences(of: "due:\n", with: "due: someday\n") }
        let run = InteractiveSessionTests.start(terminal, FakeSearch(), store: store, editor: editor)
        #expect(await terminal.wait { $0.contains("> all 1") })
        terminal.type("\u{F}")
        #expect(await terminal.wait { $0[1].contains("your edit is kept in ") })
        let header = terminal.screen[1]
        let path = try #require(header.components(separatedBy: "your edit is kept in ").last)
        let kept = try String(contentsOfFile: path, encoding: .utf8)
        #expect(kept.contains("due: someday"))
        try? FileManager.default.removeItem(atPath: path)
        terminal.type("\u{3}")
        _ = await run.value
    }
}
