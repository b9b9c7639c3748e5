import Testing
@testable import TroveCLI

/// Enter acts on what was typed: never on a row of an earlier text, never on a provisional row
/// the final answer moves or drops. Issue 14's race, decided by the state machine alone.
@Suite struct EnterStateTests {
    typealias State = InteractiveState

    /// Started on "" (rows 1…3), then "book" typed: generation 2, no page of its own yet.
    static func typedBook() -> State {
        var state = Fixtures.started(Fixtures.page(1...3))
        _ = state.handle(.key(.text("book")))
        return state
    }

    static func printed(_ id: Int64) -> [State.Action] {
        [.printSelection([Fixtures.row(id, "item \(id)")], marked: false), .exit(code: 0)]
    }

    @Test func enterOnTheFinalAnswerPrintsAtOnce() {
        var state = Self.typedBook()
        _ = state.handle(.results(Fixtures.page([9, 7, 8], query: "book"), generation: 2, elapsed: .zero))
        #expect(state.handle(.key(.enter)) == Self.printed(9))
    }

    @Test func enterBeforeTheNewTextsResultsWaitsAndPrintsTheFinalTopHit() {
        var state = Self.typedBook()
        // The rows on screen are still the empty query's: Enter must not print "item 1".
        #expect(state.handle(.key(.enter)) == [.render])
        #expect(state.isEnterPending)
        // The empty query's live update and a provisional page for "book" are not the answer.
        #expect(state.handle(.results(Fixtures.page([1, 2, 3]), generation: 1, elapsed: .zero)) == [])
        #expect(state.handle(.results(Fixtures.page([7, 8, 9], query: "book", provisional: true), generation: 2, elapsed: .zero)) == [.render])
        #expect(state.isEnterPending)
        // The final answer ranks 9 first: that is what Enter prints.
        #expect(state.handle(.results(Fixtures.page([9, 7, 8], query: "book"), generation: 2, elapsed: .zero)) == [.render] + Self.printed(9))
    }

    @Test func enterOnAProvisionalPageWaitsForTheFinalTopHit() {
        var state = Self.typedBook()
        _ = state.handle(.results(Fixtures.page([7, 8, 9], query: "book", provisional: true), generation: 2, elapsed: .zero))
        #expect(state.selectedRow?.id == 7)
        #expect(state.handle(.key(.enter)) == [.render])
        #expect(state.handle(.results(Fixtures.page([9, 7, 8], query: "book"), generation: 2, elapsed: .zero)) == [.render] + Self.printed(9))
    }

    @Test func theSelectionFollowsItsReminderWhenTheFinalPageReplacesTheProvisionalOne() {
        var state = Self.typedBook()
        _ = state.handle(.results(Fixtures.page([7, 8, 9], query: "book", provisional: true), generation: 2, elapsed: .zero))
        _ = state.handle(.key(.down))
        _ = state.handle(.key(.down))
        #expect(state.selectedRow?.id == 9)
        // Ranked, 9 moves to the top: the selection moves with it, not stays on row 3.
        _ = state.handle(.results(Fixtures.page([9, 7, 8], query: "book"), generation: 2, elapsed: .zero))
        #expect(state.selectedRow?.id == 9)
        #expect(state.selectedIndex == 0)
        #expect(state.handle(.key(.enter)) == Self.printed(9))
    }

    @Test func enterAfterMovingOnAProvisionalPagePrintsThatReminderFromTheFinalPage() {
        var state = Self.typedBook()
        _ = state.handle(.results(Fixtures.page([7, 8, 9], query: "book", provisional: true), generation: 2, elapsed: .zero))
        _ = state.handle(.key(.down))
        #expect(state.handle(.key(.enter)) == [.render])
        #expect(state.handle(.results(Fixtures.page([9, 8, 7], query: "book"), generation: 2, elapsed: .zero)) == [.render] + Self.printed(8))
    }

    @Test func aWaitingEnterIsCancelledWhenTheFinalPageLacksTheChosenReminder() {
        var state = Self.typedBook()
        _ = state.handle(.results(Fixtures.page([7, 8, 9], query: "book", provisional: true), generation: 2, elapsed: .zero))
        _ = state.handle(.key(.down))
        _ = state.handle(.key(.enter))
        // 8 ranked below the first page: Enter never prints another reminder in its place.
        #expect(state.handle(.results(Fixtures.page([9, 7], query: "book"), generation: 2, elapsed: .zero)) == [.render])
        #expect(!state.isEnterPending)
        #expect(state.notice == .init(text: "Enter cancelled: the selected reminder is no longer among the results", isError: true))
        #expect(state.selectedRow?.id == 7)
    }

    @Test func escCancelsTheWaitAndKeepsTheSearchOpen() {
        var state = Self.typedBook()
        _ = state.handle(.key(.enter))
        #expect(state.handle(.key(.escape)) == [.render])
        #expect(!state.isEnterPending)
        #expect(state.notice?.text == "Enter cancelled")
        // The answer comes later and is shown, not acted on.
        #expect(state.handle(.results(Fixtures.page([9, 7, 8], query: "book"), generation: 2, elapsed: .zero)) == [.render])
        // A second Esc quits as usual.
        #expect(state.handle(.key(.escape)) == [.exit(code: 130)])
    }

    @Test func ctrlCStillQuitsWhileEnterWaits() {
        var state = Self.typedBook()
        _ = state.handle(.key(.enter))
        #expect(state.handle(.key(.ctrl("c"))) == [.exit(code: 130)])
    }

    @Test func keysAfterEnterCannotChangeTheTextItChose() {
        var state = Self.typedBook()
        _ = state.handle(.key(.enter))
        for key in [Key.text("x"), .backspace, .down, .ctrl("u"), .tab, .ctrl("t"), .enter] {
            #expect(state.handle(.key(key)) == [], "\(key)")
        }
        #expect(state.editor.text == "book")
        #expect(state.handle(.results(Fixtures.page([9], query: "book"), generation: 2, elapsed: .zero)) == [.render] + Self.printed(9))
    }

    @Test func aSearchWithoutWordsActsOnItsProvisionalRows() {
        // Filters only: the provisional rows are the final page's; only the counts are to come.
        var state = Fixtures.started(Fixtures.page(1...3))
        _ = state.handle(.key(.text("#call")))
        var page = Fixtures.page([4, 5], query: "#call", provisional: true)
        page.rowsAreFinal = true
        _ = state.handle(.results(page, generation: 2, elapsed: .zero))
        #expect(state.handle(.key(.enter)) == Self.printed(4))
    }

    @Test func aFailedSearchCancelsTheWaitingEnter() {
        var state = Self.typedBook()
        _ = state.handle(.key(.enter))
        #expect(state.handle(.searchFailed("unbalanced quote", generation: 2)) == [.render])
        #expect(!state.isEnterPending)
    }

    @Test func aDebouncedTextIsSearchedBeforeEnterActs() {
        var state = State(size: Fixtures.size, mode: .inline(height: 10))
        _ = state.handle(.start)
        _ = state.handle(.results(Fixtures.page(1...3), generation: 1, elapsed: .milliseconds(120)))
        #expect(state.handle(.key(.text("b"))) == [.scheduleSearch(after: .milliseconds(30), generation: 2), .render])
        #expect(state.handle(.key(.enter)) == [.render])
        #expect(state.handle(.debounceElapsed(generation: 2)) == [.startSearch(text: "b", includeCompleted: false, generation: 2)])
        #expect(state.handle(.results(Fixtures.page([6]), generation: 2, elapsed: .zero)) == [.render] + Self.printed(6))
    }

    @Test func marksArePrintedAtOnceEvenWhileRanking() {
        var state = Fixtures.started(Fixtures.page(1...3))
        _ = state.handle(.key(.tab))
        _ = state.handle(.key(.text("book")))
        #expect(state.handle(.key(.enter)) == [.printSelection([Fixtures.row(1, "item 1")], marked: true), .exit(code: 0)])
    }

    @Test func enterAfterAWriteWaitsForTheFreshAnswer() {
        var state = Fixtures.started(Fixtures.page(1...3))
        _ = state.handle(.key(.down))
        _ = state.handle(.written(WriteResult(message: "Saved", recorded: 1, changed: true)))
        // The rows are generation 1's; generation 2 (same text, after the change) is running.
        #expect(state.handle(.key(.enter)) == [.render])
        #expect(state.handle(.results(Fixtures.page([2, 1, 3]), generation: 2, elapsed: .zero)) == [.render] + Self.printed(2))
    }

    @Test func enterAfterTheSelectedReminderWasCompletedAwayIsCancelled() {
        var state = Fixtures.started(Fixtures.page(1...3))
        _ = state.handle(.key(.ctrl("t")))
        _ = state.handle(.written(WriteResult(message: "Completed", recorded: 1, changed: true)))
        _ = state.handle(.key(.enter))
        // Completed, 1 is hidden now: Enter does not print 2 in its place.
        #expect(state.handle(.results(Fixtures.page([2, 3]), generation: 2, elapsed: .zero)) == [.render])
        #expect(state.notice?.text == "Enter cancelled: the selected reminder is no longer among the results")
    }
}
