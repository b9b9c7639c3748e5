import Testing
@testable import TroveCLI

/// Every result is reachable: scrolling near the last loaded row fetches the next page with the
/// page's keyset cursor, one page at a time, to the last match.
@Suite struct PagingStateTests {
    typealias State = InteractiveState

    /// Height 10: 8 list lines. Rows 1…20 of 250 loaded.
    static func scrolled() -> State {
        Fixtures.started(Fixtures.page(Array(1...20), total: 250, next: 20))
    }

    @Test func nearingTheLastLoadedRowFetchesTheNextPage() {
        var state = Self.scrolled()
        // A screenful is 8 rows: the next page is asked for 16 rows before the end.
        for _ in 0..<3 { #expect(state.handle(.key(.down)) == [.render]) }
        #expect(state.handle(.key(.down)) == [
            .render, .loadMore(text: "", includeCompleted: false, after: Fixtures.cursor(after: 20), limit: 100, generation: 1),
        ])
        // One page at a time.
        #expect(state.handle(.key(.down)) == [.render])
        let more = Fixtures.page(Array(21...120), total: 250, next: 120)
        #expect(state.handle(.moreResults(more, generation: 1, after: Fixtures.cursor(after: 20))) == [.render])
        #expect(state.page?.rows.count == 120)
        #expect(state.page?.next == Fixtures.cursor(after: 120))
        #expect(state.selectedRow?.id == 6)
    }

    @Test func pagesLoadToTheLastMatch() {
        var state = Fixtures.started(Fixtures.page(Array(1...20), total: 30, next: 20))
        _ = state.handle(.key(.pageDown))
        _ = state.handle(.moreResults(Fixtures.page(Array(21...30), total: 30), generation: 1, after: Fixtures.cursor(after: 20)))
        for _ in 0..<40 { _ = state.handle(.key(.down)) }
        #expect(state.selectedRow?.id == 30)
        #expect(state.loadingMore == nil)
        #expect(state.page?.next == nil)
    }

    @Test func aPageForAnotherTextOrCursorIsDropped() {
        var state = Self.scrolled()
        _ = state.handle(.key(.pageDown))
        let more = Fixtures.page(Array(21...40), total: 250, next: 40)
        #expect(state.handle(.moreResults(more, generation: 1, after: Fixtures.cursor(after: 99))) == [])
        _ = state.handle(.key(.text("x")))
        #expect(state.handle(.moreResults(more, generation: 1, after: Fixtures.cursor(after: 20))) == [])
        #expect(state.loadingMore == nil)
    }

    @Test func aProvisionalPageLoadsNothingMore() {
        var state = Fixtures.started(Fixtures.page(1...3))
        _ = state.handle(.key(.text("x")))
        _ = state.handle(.results(Fixtures.page(Array(1...20), query: "x", provisional: true, total: 300), generation: 2, elapsed: .zero))
        for _ in 0..<19 { #expect(!state.handle(.key(.down)).contains { if case .loadMore = $0 { true } else { false } }) }
    }

    @Test func aLiveUpdateLoadsTheRowsBeyondTheFirstPageAgainAndKeepsTheSelection() {
        var state = Self.scrolled()
        _ = state.handle(.key(.pageDown))
        _ = state.handle(.moreResults(Fixtures.page(Array(21...120), total: 250, next: 120), generation: 1, after: Fixtures.cursor(after: 20)))
        for _ in 0..<111 { _ = state.handle(.key(.down)) }
        #expect(state.selectedRow?.id == 120)
        // Another process changed something: the first page comes again, 20 rows.
        let actions = state.handle(.results(Fixtures.page(Array(1...20), total: 251, next: 20), generation: 1, elapsed: .zero))
        #expect(actions.contains(.loadMore(text: "", includeCompleted: false, after: Fixtures.cursor(after: 20), limit: 100, generation: 1)))
        // Until the rest is back, the selection waits for its reminder rather than jumping.
        #expect(state.selection == .reminder(120))
        _ = state.handle(.moreResults(Fixtures.page(Array(21...121), total: 251, next: 121), generation: 1, after: Fixtures.cursor(after: 20)))
        #expect(state.selectedRow?.id == 120)
    }

    @Test func aFailedPageSaysSoAndAllowsAnotherTry() {
        var state = Self.scrolled()
        _ = state.handle(.key(.pageDown))
        #expect(state.handle(.moreFailed("database is locked", generation: 1)) == [.render])
        #expect(state.notice == .init(text: "database is locked", isError: true))
        #expect(state.handle(.key(.down)).contains { if case .loadMore = $0 { true } else { false } })
    }

    @Test func theHeaderCountsTheLoadedRows() {
        var state = Self.scrolled()
        let plain = ScreenRenderer(palette: .plain)
        #expect(plain.frame(for: state).lines[1] == "  20 of 250")
        _ = state.handle(.key(.pageDown))
        #expect(plain.frame(for: state).lines[1] == "  20 of 250 · loading more…")
        _ = state.handle(.moreResults(Fixtures.page(Array(21...120), total: 250, next: 120), generation: 1, after: Fixtures.cursor(after: 20)))
        #expect(plain.frame(for: state).lines[1] == "  120 of 250")
    }

    // MARK: - Every key press counts (issue 51)

    /// Issue 51: 300 PageDowns sent at once on 63,697 rows stopped near row 300, because only
    /// presses that arrived while no page was loading counted. Moves past the loaded rows are
    /// now kept and finished as the pages come, with one page asked for where they end.
    @Test func pageDownsThatArriveWhileAPageLoadsAreAllApplied() {
        var state = Self.scrolled()
        let loads = (0..<30).flatMap { _ in state.handle(.key(.pageDown)) }.filter { if case .loadMore = $0 { true } else { false } }
        // One page is asked for; the other 29 presses wait for it, none is dropped.
        #expect(loads == [.loadMore(text: "", includeCompleted: false, after: Fixtures.cursor(after: 20), limit: 100, generation: 1)])
        #expect(state.selectedRow?.id == 20)
        #expect(state.pendingMove == 30 * 8 - 19)
        // The first page brings the selection to its last row; the rest of the moves ask for
        // one page that reaches where they end (and the usual margin below it).
        let actions = state.handle(.moreResults(Fixtures.page(Array(21...120), total: 250, next: 120), generation: 1, after: Fixtures.cursor(after: 20)))
        #expect(state.selectedRow?.id == 120)
        #expect(actions.contains(.loadMore(text: "", includeCompleted: false, after: Fixtures.cursor(after: 120), limit: 121 + 16, generation: 1)))
        _ = state.handle(.moreResults(Fixtures.page(Array(121...250), total: 250), generation: 1, after: Fixtures.cursor(after: 120)))
        // 30 pages of 8 rows down from the first row: row 241, exactly where the presses lead.
        #expect(state.selectedRow?.id == 241)
        #expect(state.pendingMove == 0)
        #expect(state.selection == .reminder(241))
    }

    @Test func moreQueuedPageDownsThanRowsStopAtTheLastMatch() {
        var state = Self.scrolled()
        for _ in 0..<300 { _ = state.handle(.key(.pageDown)) }
        _ = state.handle(.moreResults(Fixtures.page(Array(21...120), total: 250, next: 120), generation: 1, after: Fixtures.cursor(after: 20)))
        // 2,400 rows owed, at most 1,000 asked for in one page.
        #expect(state.loadingMore == Fixtures.cursor(after: 120))
        _ = state.handle(.moreResults(Fixtures.page(Array(121...250), total: 250), generation: 1, after: Fixtures.cursor(after: 120)))
        #expect(state.selectedRow?.id == 250)
        #expect(state.pendingMove == 0)
        #expect(state.loadingMore == nil)
    }

    @Test func upPressesCancelQueuedDownMovesFirst() {
        var state = Self.scrolled()
        for _ in 0..<5 { _ = state.handle(.key(.pageDown)) }
        #expect(state.pendingMove == 40 - 19)
        for _ in 0..<22 { _ = state.handle(.key(.up)) }
        #expect(state.pendingMove == 0)
        _ = state.handle(.moreResults(Fixtures.page(Array(21...120), total: 250, next: 120), generation: 1, after: Fixtures.cursor(after: 20)))
        // 5 pages down and 22 rows up: row 41 - 22 = 19.
        #expect(state.selectedRow?.id == 19)
    }

    @Test func enterWaitsForTheQueuedMovesAndPrintsTheRowTheyLeadTo() {
        var state = Self.scrolled()
        for _ in 0..<5 { _ = state.handle(.key(.pageDown)) }
        #expect(state.handle(.key(.enter)) == [.render])
        #expect(state.isEnterPending)
        let actions = state.handle(.moreResults(Fixtures.page(Array(21...120), total: 250, next: 120), generation: 1, after: Fixtures.cursor(after: 20)))
        #expect(actions.suffix(2) == [.printSelection([Fixtures.row(41, "item 41")], marked: false), .exit(code: 0)])
    }

    @Test func movesBeforeTheNewTextsAnswerAreAppliedToIt() {
        var state = Self.scrolled()
        _ = state.handle(.key(.text("x")))
        for _ in 0..<3 { _ = state.handle(.key(.pageDown)) }
        // The older text's 20 rows are still on screen: the last 5 rows of the move wait.
        #expect(state.selectedIndex == 19)
        #expect(state.pendingMove == 5)
        _ = state.handle(.results(Fixtures.page(Array(1...50), query: "x", total: 50), generation: 2, elapsed: .zero))
        #expect(state.selectedRow?.id == 25)
        #expect(state.pendingMove == 0)
    }

    @Test func aFailedPageDropsTheQueuedMoves() {
        var state = Self.scrolled()
        for _ in 0..<5 { _ = state.handle(.key(.pageDown)) }
        _ = state.handle(.moreFailed("database is locked", generation: 1))
        #expect(state.pendingMove == 0)
        #expect(state.selectedRow?.id == 20)
    }
}
