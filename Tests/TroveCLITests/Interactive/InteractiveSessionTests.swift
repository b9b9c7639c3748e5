import Clocks
import Testing
@testable import TroveCLI
import TroveTestSupport

@Suite struct InteractiveSessionTests {
    /// NB: a threshold no test reaches, so a loaded machine cannot turn debouncing on by surprise.
    static let options = InteractiveOptions(height: 6, colour: false, debounce: AdaptiveDebounce(slowThreshold: .seconds(60)))

    static func start(
        _ terminal: FakeTerminal, _ search: FakeSearch, options: InteractiveOptions = options,
        store: FakeStore = FakeStore(), editor: FakeEditor = FakeEditor { $0 }
    ) -> Task<InteractiveSession<ContinuousClock>.Outcome, Never> {
        let session = InteractiveSession(
            terminal: terminal, options: options, search: search.function, store: store, textEditor: editor)
        return Task { await session.run() }
    }

    /// A session on `clock`, whose debounce and escape waits pass only when the test advances it.
    static func start(
        _ terminal: FakeTerminal, _ search: FakeSearch, options: InteractiveOptions = options, clock: TestClock<Duration>,
        store: FakeStore = FakeStore()
    ) -> Task<InteractiveSession<TestClock<Duration>>.Outcome, Never> {
        let session = InteractiveSession(
            terminal: terminal, options: options, clock: clock, search: search.function(for: TestClock<Duration>.self),
            store: store, textEditor: FakeEditor { $0 })
        return Task { await session.run() }
    }

    /// Types `text` one key at a time, each once the search for the text before it was asked
    /// for: keys a loaded machine reads together would otherwise search only once.
    static func type(_ text: String, into terminal: FakeTerminal, _ search: FakeSearch, sourceLocation: SourceLocation = #_sourceLocation) async {
        var typed = ""
        for character in text {
            terminal.type(String(character))
            typed.append(character)
            #expect(await eventually { search.calls.last?.text == typed }, "no search for \(typed)", sourceLocation: sourceLocation)
        }
    }

    @Test func typingMilkShowsTheResultsForMilk() async {
        let terminal = FakeTerminal()
        let search = FakeSearch()
        let run = Self.start(terminal, search)
        #expect(await terminal.wait { $0.contains("> all 1") })
        await Self.type("milk", into: terminal, search)
        #expect(await terminal.wait { $0.contains("> milk 1") })
        #expect(Array(terminal.screen.prefix(6)) == ["> milk", "  3 of 3", "> milk 1", "  milk 2", "  milk 3", ""])
        #expect(search.calls.map(\.text) == ["", "m", "mi", "mil", "milk"])
        terminal.type("\u{1B}")
        #expect(await run.value.exitCode == 130)
    }

    /// Was: it slept 300 ms for "every slow search to finish" and then checked; on a slow
    /// machine they had not, and it passed without checking. Now the searches wait on a test
    /// clock, the clock is moved past all of them, and the check waits until each has ended.
    @Test func slowEarlyQueriesNeverShowAfterNewerOnes() async {
        let terminal = FakeTerminal()
        let clock = TestClock<Duration>()
        // The shorter the text, the slower its search: without latest-wins, "m" would land last.
        let search = FakeSearch(delays: { .milliseconds(max(0, 4 - $0.count) * 60) }, clock: clock)
        let run = Self.start(terminal, search, clock: clock)
        await Self.type("milk", into: terminal, search)
        #expect(await terminal.wait { $0.contains("> milk 1") })
        await clock.advance(by: .milliseconds(300))  // past every slow search
        #expect(await eventually { search.allEnded }, "a search never ended")
        let shown = terminal.frames.compactMap { $0.first(where: { $0.hasPrefix("> ") && $0.last == "1" }) }
        let firstMilk = shown.firstIndex(of: "> milk 1")
        #expect(firstMilk != nil)
        #expect(shown[(firstMilk ?? 0)...].allSatisfy { $0 == "> milk 1" }, "\(shown)")
        #expect(!search.cancelled.isEmpty)  // the slow ones were cancelled, not left running
        terminal.type("\u{3}")
        #expect(await run.value.exitCode == 130)
    }

    @Test func afterASlowQueryABurstOfKeysRunsOnlyTheLastText() async {
        let terminal = FakeTerminal()
        let clock = TestClock<Duration>()
        let search = FakeSearch(delays: { $0.isEmpty ? .milliseconds(120) : .zero }, clock: clock)
        var options = Self.options
        options.debounce = AdaptiveDebounce(slowThreshold: .milliseconds(50), quietPeriod: .milliseconds(30))
        let run = Self.start(terminal, search, options: options, clock: clock)
        #expect(await eventually { search.calls.count == 1 })
        await clock.advance(by: .milliseconds(120))  // the first search took 120 ms: slow
        #expect(await terminal.wait { $0.contains("> all 1") })
        terminal.type("milk")
        #expect(await terminal.wait { $0.first == "> milk" })
        await clock.advance(by: .milliseconds(30))  // the quiet period after the last key
        #expect(await terminal.wait { $0.contains("> milk 1") })
        #expect(search.calls.map(\.text) == ["", "milk"])
        terminal.type("\u{3}")
        _ = await run.value
    }

    @Test func enterReturnsTheSelection() async {
        let terminal = FakeTerminal()
        let run = Self.start(terminal, FakeSearch())
        terminal.type("milk")
        #expect(await terminal.wait { $0.contains("> milk 1") })
        terminal.type("\u{1B}[B\r")
        let outcome = await run.value
        #expect(outcome.exitCode == 0)
        #expect(outcome.selection.map(\.id) == [2])
        #expect(outcome.selection.map(\.plainLine) == ["2\tmilk 2"])
        #expect(!outcome.marked)
    }

    @Test func ctrlCExits130AndRestoresTheTerminal() async {
        let terminal = FakeTerminal()
        let run = Self.start(terminal, FakeSearch())
        #expect(await terminal.wait { $0.contains("> all 1") })
        terminal.type("\u{3}")
        let outcome = await run.value
        #expect(outcome == .init(exitCode: 130))
        #expect(terminal.restoreCount == 1)
        #expect(terminal.cleanup == "\r\u{1B}[J\u{1B}[?25h")
        #expect(terminal.screen.allSatisfy { $0.isEmpty })  // the inline interface is erased
    }

    @Test func aLoneEscExitsAfterTheTimeoutButAnArrowDoesNot() async {
        let terminal = FakeTerminal()
        let run = Self.start(terminal, FakeSearch())
        #expect(await terminal.wait { $0.contains("> all 1") })
        terminal.type(bytes: [0x1B])
        terminal.type("[B")  // completes an arrow before the timeout
        #expect(await terminal.wait { $0.contains("> all 2") })
        terminal.type(bytes: [0x1B])
        #expect(await run.value.exitCode == 130)
    }

    @Test func endOfInputExits130() async {
        let terminal = FakeTerminal()
        let run = Self.start(terminal, FakeSearch())
        terminal.endInput()
        #expect(await run.value.exitCode == 130)
        #expect(terminal.restoreCount == 1)
    }

    @Test func ctrlSSearchesWithCompletedIncluded() async {
        let terminal = FakeTerminal()
        let search = FakeSearch()
        let run = Self.start(terminal, search)
        #expect(await terminal.wait { $0.contains("> all 1") })
        terminal.type("\u{13}")
        #expect(await eventually { search.calls.last == .init(text: "", includeCompleted: true) })
        terminal.type("\u{3}")
        _ = await run.value
    }

    @Test func ctrlTCompletesTheSelectionSaysHowToUndoAndUndoes() async {
        let terminal = FakeTerminal(size: TerminalSize(columns: 60, rows: 12))
        let search = FakeSearch()
        let store = FakeStore()
        let run = Self.start(terminal, search, store: store)
        #expect(await terminal.wait { $0.contains("> all 1") })
        terminal.type("\u{14}")
        #expect(await terminal.wait { $0[1] == "  3 of 3 · Completed 1 — Ctrl-Z to undo" })
        #expect(await terminal.wait { _ in search.calls.count == 2 })
        terminal.type("\u{1A}")
        #expect(await terminal.wait { $0[1] == "  3 of 3 · Undid 1" })
        #expect(store.writes == [.setCompleted(ids: [1], completed: true), .undo(entry: 1)])
        terminal.type("\u{3}")
        _ = await run.value
    }

    @Test func aFailedSearchShowsItsMessage() async {
        let terminal = FakeTerminal()
        let search = FakeSearch(failure: { $0 == "\"" ? "unbalanced quote; close it" : nil })
        let run = Self.start(terminal, search)
        terminal.type("\"")
        #expect(await terminal.wait { $0.contains("  error: unbalanced quote; close it") })
        terminal.type("\u{3}")
        _ = await run.value
    }

    @Test func resizeRedrawsAtTheNewWidth() async {
        let terminal = FakeTerminal()
        let run = Self.start(terminal, FakeSearch())
        terminal.type("a very long query that will not fit")
        #expect(await terminal.wait { $0.first == "> a very long query that will not fit" })
        terminal.resize(to: TerminalSize(columns: 20, rows: 12))
        #expect(await terminal.wait { $0.first == "> that will not fit" })  // the last 17 characters, cursor after them
        // NB: a frame drawn at the old width just before the resize may overflow; frames
        // after it must not.
        let overflowsBefore = terminal.emulator.overflows
        terminal.type("\u{8}")
        #expect(await terminal.wait { $0.first == ">  that will not fi" })  // 17 columns again: the space before "that" comes back
        #expect(terminal.screen.allSatisfy { $0.count <= 20 })
        #expect(terminal.emulator.overflows == overflowsBefore)
        terminal.type("\u{3}")
        _ = await run.value
    }

    @Test func pastingTypesTheTextAsOneQuery() async {
        let terminal = FakeTerminal()
        let search = FakeSearch()
        let run = Self.start(terminal, search)
        terminal.type("\u{1B}[200~oat\nmilk\u{1B}[201~")
        #expect(await terminal.wait { $0.contains("> oat milk 1") })
        #expect(search.calls.map(\.text) == ["", "oat milk"])
        terminal.type("\u{3}")
        _ = await run.value
    }

    @Test func theInlineInterfaceScrollsAtMostOnce() async {
        let terminal = FakeTerminal(size: TerminalSize(columns: 40, rows: 12))
        let run = Self.start(terminal, FakeSearch())
        for character in "milk" { terminal.type(String(character)) }
        #expect(await terminal.wait { $0.contains("> milk 1") })
        #expect(terminal.emulator.scrolls == 0)  // starting at the top, nothing needed to scroll
        terminal.type("\u{3}")
        _ = await run.value
    }
}
