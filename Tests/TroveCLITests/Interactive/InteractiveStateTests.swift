import Testing
@testable import TroveCLI

@Suite struct InteractiveStateTests {
    typealias State = InteractiveState

    @Test func startSearchesForTheEmptyQuery() {
        var state = State(size: Fixtures.size, mode: .inline(height: 10))
        #expect(state.handle(.start) == [.startSearch(text: "", includeCompleted: false, generation: 1), .render])
        #expect(state.status == .searching)
        #expect(state.page == nil)
    }

    @Test func eachKeystrokeStartsANewGeneration() {
        var state = Fixtures.started(Fixtures.page(1...3))
        #expect(state.handle(.key(.text("m"))) == [.startSearch(text: "m", includeCompleted: false, generation: 2), .render])
        #expect(state.handle(.key(.text("i"))) == [.startSearch(text: "mi", includeCompleted: false, generation: 3), .render])
    }

    @Test func staleResultsAreDropped() {
        var state = Fixtures.started(Fixtures.page(1...3))
        _ = state.handle(.key(.text("m")))
        _ = state.handle(.key(.text("i")))
        // Generation 3 ("mi") answers first, then the slow generation 2 ("m") arrives.
        #expect(state.handle(.results(Fixtures.page(10...10, query: "mi"), generation: 3, elapsed: .zero)) == [.render])
        #expect(state.handle(.results(Fixtures.page(20...25, query: "m"), generation: 2, elapsed: .zero)) == [])
        #expect(state.page?.queryText == "mi")
        #expect(state.handle(.searchFailed("boom", generation: 2)) == [])
        #expect(state.status == .idle)
    }

    @Test func laterPagesOfTheCurrentGenerationAreLiveUpdates() {
        var state = Fixtures.started(Fixtures.page(1...3))
        #expect(state.handle(.results(Fixtures.page(1...5), generation: 1, elapsed: .zero)) == [.render])
        #expect(state.page?.rows.count == 5)
    }

    @Test func movingTheCursorDoesNotSearch() {
        var state = Fixtures.started(Fixtures.page(1...3))
        _ = state.handle(.key(.text("ab")))
        for key in [Key.left, .home, .right, .end, .ctrl("a"), .ctrl("e"), .ctrl("b"), .ctrl("f")] {
            #expect(state.handle(.key(key)) == [.render], "\(key)")
        }
        #expect(state.generation == 2)
    }

    @Test func editsThatChangeNothingDoNotSearch() {
        var state = Fixtures.started(Fixtures.page(1...3))
        #expect(state.handle(.key(.backspace)) == [.render])
        #expect(state.handle(.key(.ctrl("w"))) == [.render])
        #expect(state.generation == 1)
    }

    @Test func editingKeysSearchWithTheEditedText() {
        var state = Fixtures.started(Fixtures.page(1...3))
        _ = state.handle(.key(.text("buy milk")))
        #expect(state.handle(.key(.ctrl("w"))).first == .startSearch(text: "buy ", includeCompleted: false, generation: 3))
        #expect(state.handle(.key(.backspace)).first == .startSearch(text: "buy", includeCompleted: false, generation: 4))
        #expect(state.handle(.key(.paste("oat\nmilk"))).first == .startSearch(text: "buyoat milk", includeCompleted: false, generation: 5))
        #expect(state.handle(.key(.ctrl("u"))).first == .startSearch(text: "", includeCompleted: false, generation: 6))
    }

    @Test func slowQueriesDebounceTheNextSearch() {
        var state = State(size: Fixtures.size, mode: .inline(height: 10))
        _ = state.handle(.start)
        _ = state.handle(.results(Fixtures.page(1...3), generation: 1, elapsed: .milliseconds(120)))
        #expect(state.handle(.key(.text("m"))) == [.scheduleSearch(after: .milliseconds(30), generation: 2), .render])
        #expect(state.handle(.key(.text("i"))) == [.scheduleSearch(after: .milliseconds(30), generation: 3), .render])
        // The first timer is stale; only the latest starts a search.
        #expect(state.handle(.debounceElapsed(generation: 2)) == [])
        #expect(state.handle(.debounceElapsed(generation: 3)) == [.startSearch(text: "mi", includeCompleted: false, generation: 3)])
        // A fast answer turns the quiet period off again.
        _ = state.handle(.results(Fixtures.page(1...1), generation: 3, elapsed: .milliseconds(4)))
        #expect(state.handle(.key(.text("l"))) == [.startSearch(text: "mil", includeCompleted: false, generation: 4), .render])
    }

    @Test func onlyTheFirstPageOfAGenerationIsTimed() {
        var state = Fixtures.started(Fixtures.page(1...3))
        // A live update long after the query started says nothing about query speed.
        _ = state.handle(.results(Fixtures.page(1...4), generation: 1, elapsed: .seconds(10)))
        #expect(!state.debounce.isSlow)
    }

    @Test func ctrlSTogglesCompletedAndSearchesAgain() {
        var state = Fixtures.started(Fixtures.page(1...3))
        #expect(state.handle(.key(.ctrl("s"))) == [.startSearch(text: "", includeCompleted: true, generation: 2), .render])
        #expect(state.includeCompleted)
        #expect(state.handle(.key(.ctrl("s"))) == [.startSearch(text: "", includeCompleted: false, generation: 3), .render])
    }

    @Test func selectionMovesAndStopsAtTheEnds() {
        var state = Fixtures.started(Fixtures.page(1...3))
        #expect(state.selectedRow?.id == 1)
        _ = state.handle(.key(.up))
        #expect(state.selectedIndex == 0)
        for key in [Key.down, .ctrl("n"), .down, .down] { _ = state.handle(.key(key)) }
        #expect(state.selectedRow?.id == 3)
        _ = state.handle(.key(.ctrl("p")))
        #expect(state.selectedRow?.id == 2)
    }

    @Test func selectionFollowsItsReminderAcrossLiveUpdates() {
        var state = Fixtures.started(Fixtures.page(1...5))
        _ = state.handle(.key(.down))
        _ = state.handle(.key(.down))
        #expect(state.selectedRow?.id == 3)
        // Two new reminders appear above it.
        let updated = ResultPage(rows: [Fixtures.row(8, "new"), Fixtures.row(9, "newer")] + Fixtures.page(1...5).rows)
        _ = state.handle(.results(updated, generation: 1, elapsed: .zero))
        #expect(state.selectedRow?.id == 3)
        #expect(state.selectedIndex == 4)
    }

    @Test func selectionClampsWhenItsReminderIsGone() {
        var state = Fixtures.started(Fixtures.page(1...5))
        for _ in 0..<4 { _ = state.handle(.key(.down)) }
        _ = state.handle(.results(Fixtures.page(1...2), generation: 1, elapsed: .zero))
        #expect(state.selectedRow?.id == 2)
        _ = state.handle(.results(ResultPage(rows: []), generation: 1, elapsed: .zero))
        #expect(state.selectedRow == nil)
        #expect(state.selectedIndex == 0)
    }

    @Test func aNewQueryTextSelectsTheBestMatch() {
        var state = Fixtures.started(Fixtures.page(1...5))
        _ = state.handle(.key(.down))
        _ = state.handle(.key(.text("x")))
        _ = state.handle(.results(Fixtures.page(1...5, query: "x"), generation: 2, elapsed: .zero))
        #expect(state.selectedIndex == 0)
    }

    @Test func typingSelectsTheBestMatchAtOnce() {
        var state = Fixtures.started(Fixtures.page(1...5))
        _ = state.handle(.key(.down))
        _ = state.handle(.key(.text("x")))
        #expect(state.selectedIndex == 0)
        #expect(state.page?.queryText == "")  // still the old page, selection on its top row
    }

    @Test func downPressedBeforeNewResultsArriveIsNotLost() {
        var state = Fixtures.started(Fixtures.page(1...5))
        _ = state.handle(.key(.text("x")))
        _ = state.handle(.key(.down))
        _ = state.handle(.key(.down))
        // The new results hold other reminders; the selection keeps its row number.
        _ = state.handle(.results(Fixtures.page(11...15, query: "x"), generation: 2, elapsed: .zero))
        #expect(state.selectedRow?.id == 13)
        // From now on it follows reminder 13.
        _ = state.handle(.results(ResultPage(rows: [Fixtures.row(13, "item 13"), Fixtures.row(11, "item 11")]), generation: 2, elapsed: .zero))
        #expect(state.selectedRow?.id == 13)
    }

    @Test func scrollKeepsTheSelectionVisible() {
        // Height 6: prompt, header, 4 list lines; each row has a snippet, so 2 rows fit.
        var state = Fixtures.started(Fixtures.page(1...10, snippets: true), height: 6)
        #expect(state.layout.listLines == 4)
        _ = state.handle(.key(.down))
        #expect(state.scrollOffset == 0)
        _ = state.handle(.key(.down))
        #expect(state.selectedIndex == 2)
        #expect(state.scrollOffset == 1)
        _ = state.handle(.key(.pageDown))
        #expect(state.selectedIndex == 4)
        #expect(state.scrollOffset == 3)
        _ = state.handle(.key(.pageUp))
        _ = state.handle(.key(.pageUp))
        #expect(state.selectedIndex == 0)
        #expect(state.scrollOffset == 0)
    }

    @Test func pageDownStopsAtTheLastRow() {
        var state = Fixtures.started(Fixtures.page(1...5), height: 10)
        _ = state.handle(.key(.pageDown))
        #expect(state.selectedRow?.id == 5)
    }

    @Test func resizeKeepsTheSelectionVisibleAndRedraws() {
        var state = Fixtures.started(Fixtures.page(1...20), height: 30)
        for _ in 0..<15 { _ = state.handle(.key(.down)) }
        #expect(state.scrollOffset == 0)
        #expect(state.handle(.resized(TerminalSize(columns: 40, rows: 8))) == [.redraw])
        #expect(state.layout.lines == 8)
        #expect(state.scrollOffset == 10)  // rows 10…15 fill the 6 list lines
    }

    @Test func enterPrintsTheSelectionAndExitsZero() {
        var state = Fixtures.started(Fixtures.page(1...3))
        _ = state.handle(.key(.down))
        #expect(state.handle(.key(.enter)) == [.printSelection([Fixtures.row(2, "item 2")], marked: false), .exit(code: 0)])
    }

    @Test func enterWithNoResultsSaysSoAndStays() {
        var state = Fixtures.started(ResultPage(rows: []))
        #expect(state.handle(.key(.enter)) == [.render])
        #expect(state.notice?.text == "nothing to print: no reminder matches")
        #expect(!state.isEnterPending)
    }

    @Test(arguments: [Key.escape, .ctrl("c"), .ctrl("g")])
    func quitKeysExitWith130(_ key: Key) {
        var state = Fixtures.started(Fixtures.page(1...3))
        #expect(state.handle(.key(key)) == [.exit(code: 130)])
    }

    @Test func ctrlLRedraws() {
        var state = Fixtures.started(Fixtures.page(1...3))
        #expect(state.handle(.key(.ctrl("l"))) == [.redraw])
    }

    @Test func ctrlDDeletesForwardAndQuitsOnAnEmptyQuery() {
        var state = Fixtures.started(Fixtures.page(1...3))
        _ = state.handle(.key(.text("ab")))
        _ = state.handle(.key(.home))
        #expect(state.handle(.key(.ctrl("d"))).first == .startSearch(text: "b", includeCompleted: false, generation: 3))
        _ = state.handle(.key(.ctrl("u")))
        #expect(state.handle(.key(.ctrl("d"))) == [.exit(code: 130)])
    }

    @Test func aFailedSearchKeepsTheLastResults() {
        var state = Fixtures.started(Fixtures.page(1...3))
        _ = state.handle(.key(.text("\"")))
        #expect(state.handle(.searchFailed("unbalanced quote", generation: 2)) == [.render])
        #expect(state.status == .failed("unbalanced quote"))
        #expect(state.page?.rows.count == 3)
    }

    @Test func unboundKeysDoNothing() {
        var state = Fixtures.started(Fixtures.page(1...3))
        for key in [Key.alt("x"), .ctrl("y"), .ctrl("k"), .ctrl("q")] {
            #expect(state.handle(.key(key)) == [], "\(key)")
        }
    }
}
