import Testing
@testable import TroveCLI

/// fzf's habits (Tab marks, a preview pane), the done key with its undo, and the editor key.
@Suite struct MarksAndWritesStateTests {
    typealias State = InteractiveState

    @Test func tabMarksAndMovesDownShiftTabUnmarksAndMovesUp() {
        var state = Fixtures.started(Fixtures.page(1...5))
        _ = state.handle(.key(.tab))
        _ = state.handle(.key(.tab))
        #expect(state.marked.map(\.id) == [1, 2])
        #expect(state.selectedRow?.id == 3)
        _ = state.handle(.key(.backTab))  // marks 3, moves up to 2
        _ = state.handle(.key(.backTab))  // unmarks 2, moves up to 1
        #expect(state.marked.map(\.id) == [1, 3])
        #expect(state.selectedRow?.id == 1)
    }

    @Test func enterPrintsTheMarkedRemindersInTheOrderMarkedAcrossTexts() {
        var state = Fixtures.started(Fixtures.page(1...5))
        _ = state.handle(.key(.down))
        _ = state.handle(.key(.tab))                                       // 2
        _ = state.handle(.key(.text("x")))
        _ = state.handle(.results(Fixtures.page([9, 1], query: "x"), generation: 2, elapsed: .zero))
        _ = state.handle(.key(.tab))                                       // 9
        #expect(state.handle(.key(.enter)) == [
            .printSelection([Fixtures.row(2, "item 2"), Fixtures.row(9, "item 9")], marked: true), .exit(code: 0),
        ])
    }

    @Test func theMarkedCountIsInTheHeaderAndMarkedRowsShowAStar() {
        var state = Fixtures.started(Fixtures.page(1...3))
        _ = state.handle(.key(.tab))
        let lines = ScreenRenderer(palette: .plain).frame(for: state).lines
        #expect(lines[1] == "  3 of 3 · 1 marked")
        #expect(lines[2] == " *item 1")
        #expect(lines[3] == "> item 2")
    }

    @Test func ctrlTCompletesTheSelectionAndShowsItAtOnce() {
        var state = Fixtures.started(Fixtures.page(1...3))
        _ = state.handle(.key(.down))
        #expect(state.handle(.key(.ctrl("t"))) == [.write(.setCompleted(ids: [2], completed: true)), .render])
        #expect(state.selectedRow?.isCompleted == true)
    }

    @Test func ctrlTOnACompletedRowReopensIt() {
        var state = Fixtures.started(ResultPage(rows: [Fixtures.row(4, "done", completed: true)]))
        #expect(state.handle(.key(.ctrl("t"))) == [.write(.setCompleted(ids: [4], completed: false)), .render])
    }

    @Test func ctrlTCompletesTheMarkedRemindersAndClearsTheMarks() {
        var state = Fixtures.started(Fixtures.page(1...5))
        _ = state.handle(.key(.tab))
        _ = state.handle(.key(.down))
        _ = state.handle(.key(.tab))
        #expect(state.handle(.key(.ctrl("t"))) == [.write(.setCompleted(ids: [1, 3], completed: true)), .render])
        #expect(state.marked.isEmpty)
    }

    @Test func aWriteShowsItsMessageWithTheUndoKeyAndSearchesAgain() {
        var state = Fixtures.started(Fixtures.page(1...3))
        _ = state.handle(.key(.ctrl("t")))
        let actions = state.handle(.written(WriteResult(message: "Completed ‘item 1’", recorded: 41, changed: true)))
        #expect(actions == [.startSearch(text: "", includeCompleted: false, generation: 2), .render])
        #expect(state.notice == .init(text: "Completed ‘item 1’ — Ctrl-Z to undo"))
        #expect(state.undoable == [41])
        // The rows are the answer from before the write until the new one comes: marked.
        let header = ScreenRenderer(palette: .plain).frame(for: state).lines[1]
        #expect(header == "  searching… · 3 of 3 · Completed ‘item 1’ — Ctrl-Z to undo")
        _ = state.handle(.results(Fixtures.page(2...3), generation: 2, elapsed: .zero))
        #expect(ScreenRenderer(palette: .plain).frame(for: state).lines[1] == "  2 of 2 · Completed ‘item 1’ — Ctrl-Z to undo")
    }

    @Test func ctrlZUndoesTheSessionsNewestWriteOnly() {
        var state = Fixtures.started(Fixtures.page(1...3))
        _ = state.handle(.written(WriteResult(message: "Completed ‘item 1’", recorded: 41, changed: true)))
        _ = state.handle(.written(WriteResult(message: "Saved ‘item 2’", recorded: 44, changed: true)))
        #expect(state.handle(.key(.ctrl("z"))) == [.write(.undo(entry: 44))])
        _ = state.handle(.written(WriteResult(message: "Undid edit", forgotten: 44, changed: true)))
        #expect(state.undoable == [41])
        #expect(state.notice?.text == "Undid edit")
        #expect(state.handle(.key(.ctrl("z"))) == [.write(.undo(entry: 41))])
    }

    @Test func anUndoRefusedBecauseAnotherCommandWroteKeepsTheEntry() {
        var state = Fixtures.started(Fixtures.page(1...3))
        _ = state.handle(.written(WriteResult(message: "Completed ‘item 1’", recorded: 41, changed: true)))
        _ = state.handle(.key(.ctrl("z")))
        #expect(state.handle(.written(WriteResult(message: "Not undone: another command changed the database since", isError: true))) == [.render])
        #expect(state.undoable == [41])
        #expect(state.notice?.isError == true)
    }

    @Test func ctrlZWithNothingDoneInThisSearchSaysSo() {
        var state = Fixtures.started(Fixtures.page(1...3))
        #expect(state.handle(.key(.ctrl("z"))) == [.render])
        #expect(state.notice?.text == "nothing to undo in this search; `trove undo` reverts earlier commands")
    }

    @Test func ctrlOEditsTheSelection() {
        var state = Fixtures.started(Fixtures.page(1...3))
        _ = state.handle(.key(.down))
        #expect(state.handle(.key(.ctrl("o"))) == [.edit(id: 2)])
        #expect(state.handle(.resumed) == [.redraw])
    }

    // MARK: - Preview

    @Test func ctrlSlashOpensThePreviewAndReadsEachSelectedReminderOnce() {
        var state = Fixtures.started(Fixtures.page(1...3))
        #expect(state.handle(.key(.ctrl("/"))) == [.redraw, .loadPreview(id: 1)])
        #expect(state.handle(.key(.down)) == [.render, .loadPreview(id: 2)])
        // The answer for 1 came too late: it is not shown for 2.
        #expect(state.handle(.previewLoaded(ReminderPreview(id: 1, lines: ["one"]))) == [])
        #expect(state.handle(.previewLoaded(ReminderPreview(id: 2, lines: ["two"]))) == [.render])
        #expect(state.preview.content?.lines == ["two"])
        #expect(state.handle(.key(.ctrl("/"))) == [.redraw])
        #expect(!state.preview.isOpen)
    }

    @Test func thePreviewStartsOpenWithPreviewAndReadsAgainAfterAChange() {
        var state = State(size: Fixtures.size, mode: .inline(height: 10), showsPreview: true)
        _ = state.handle(.start)
        #expect(state.handle(.results(Fixtures.page(1...3), generation: 1, elapsed: .zero)) == [.render, .loadPreview(id: 1)])
        _ = state.handle(.previewLoaded(ReminderPreview(id: 1, lines: ["one"])))
        // A live update may have changed reminder 1: read it again.
        #expect(state.handle(.results(Fixtures.page(1...3), generation: 1, elapsed: .zero)) == [.render, .loadPreview(id: 1)])
    }
}
