import Testing
@testable import TroveCLI

@Suite struct ScreenRendererTests {
    static let plain = ScreenRenderer(palette: .plain)

    static let milkPage = ResultPage(
        rows: [
            ResultRow(id: 1, title: HighlightedText(marked: "Buy [milk]", open: "[", close: "]"),
                      snippet: HighlightedText(marked: "get [milk] and eggs", open: "[", close: "]"),
                      list: "Groceries", tags: ["dairy"], due: "Mar 2"),
            ResultRow(id: 2, title: HighlightedText(marked: "Oat [milk]", open: "[", close: "]"), isCompleted: true),
        ],
        total: 5, completedCount: 1, queryText: "milk"
    )

    static func state(columns: Int = 40, height: Int = 6, query: String = "milk", page: ResultPage? = milkPage) -> InteractiveState {
        var state = InteractiveState(size: TerminalSize(columns: columns, rows: 24), mode: .inline(height: height))
        _ = state.handle(.start)
        _ = state.handle(.key(.text(query)))
        if let page { _ = state.handle(.results(page, generation: 2, elapsed: .milliseconds(1))) }
        return state
    }

    @Test func drawsPromptHeaderRowsSnippetAndDetails() {
        let frame = Self.plain.frame(for: Self.state())
        #expect(frame.lines == [
            "> milk",
            "  2 of 5 (1 completed hidden)",
            // The title first, then the due date, then the list and tags in what is left.
            "> Buy milk    Groceries · #dairy · Mar 2",
            "    get milk and eggs",
            "  ✓ Oat milk",
            "",
        ])
        #expect(frame.cursorColumn == 6)
        #expect(frame.lines.allSatisfy { DisplayWidth.of($0) <= 40 })
    }

    @Test func provisionalCountsShowAsLowerBoundsWhileRanking() {
        var page = Self.milkPage
        page.isProvisional = true
        let frame = Self.plain.frame(for: Self.state(columns: 60, page: page))
        #expect(frame.lines[1] == "  2 of 5+ (1+ completed hidden) · ranking…")
        page.pendingWork = "counting…"
        let counting = Self.plain.frame(for: Self.state(columns: 60, page: page))
        #expect(counting.lines[1] == "  2 of 5+ (1+ completed hidden) · counting…")
    }

    @Test func theQuerysHintFollowsTheCounts() {
        let page = ResultPage(rows: [], total: 0, queryText: "dentst", hint: "did you mean: dentist?")
        let frame = Self.plain.frame(for: Self.state(columns: 60, query: "dentst", page: page))
        #expect(frame.lines[1] == "  0 of 0 · did you mean: dentist?")
        #expect(frame.lines[2] == "  no matches")
    }

    @Test func detailsFitWhenThereIsRoom() {
        let frame = Self.plain.frame(for: Self.state(columns: 70))
        #expect(frame.lines[2] == "> Buy milk" + String(repeating: " ", count: 34) + "Groceries · #dairy · Mar 2")
        #expect(DisplayWidth.of(frame.lines[2]) == 70)
    }

    @Test func includedCompletedAreCountedWithoutHidden() {
        var state = Self.state()
        _ = state.handle(.key(.ctrl("s")))
        _ = state.handle(.results(Self.milkPage, generation: 3, elapsed: .zero))
        #expect(Self.plain.frame(for: state).lines[1] == "  2 of 5 (1 completed)")
    }

    @Test func wideTitlesAreCutByDisplayWidth() {
        let page = ResultPage(rows: [ResultRow(id: 1, title: "牛乳を買う 🎂 cake", priority: 2)])
        let frame = Self.plain.frame(for: Self.state(columns: 15, height: 3, query: "x", page: page))
        #expect(frame.lines == ["> x", "  1 of 1", "> !! 牛乳を買…"])
        // 14 columns: "う" would take 15 and 16, leaving no room for the '…'.
        #expect(DisplayWidth.of(frame.lines[2]) == 14)
    }

    @Test func flaggedRowsEndInAFlag() {
        let page = ResultPage(rows: [ResultRow(id: 1, title: "Call mum", isFlagged: true)])
        #expect(Self.plain.frame(for: Self.state(height: 3, query: "x", page: page)).lines[2] == "> Call mum ⚑")
    }

    @Test func showsSearchingBeforeTheFirstPage() {
        let frame = Self.plain.frame(for: Self.state(height: 4, page: nil))
        #expect(frame.lines == ["> milk", "  searching…", "", ""])
    }

    /// Issue 51: for ~170 ms the header showed "100 of 614" (the answer for `libre`) beside
    /// `libreoffice` with no mark when queries were fast, and an older text's count stayed
    /// unmarked while backspacing. The mark now shows whenever the counts answer an older text,
    /// first, so a narrow screen cannot cut it off.
    @Test(arguments: [Duration.milliseconds(1), .milliseconds(200)])
    func countsOfAnOlderTextAreAlwaysMarkedSearching(elapsed: Duration) {
        var state = InteractiveState(size: TerminalSize(columns: 40, rows: 24), mode: .inline(height: 3))
        _ = state.handle(.start)
        _ = state.handle(.results(Self.milkPage, generation: 1, elapsed: elapsed))
        #expect(Self.plain.frame(for: state).lines[1] == "  2 of 5 (1 completed hidden)")
        _ = state.handle(.key(.text("m")))
        #expect(Self.plain.frame(for: state).lines[1] == "  searching… · 2 of 5 (1 completed hidd…")
        _ = state.handle(.results(Self.milkPage, generation: 2, elapsed: elapsed))
        #expect(Self.plain.frame(for: state).lines[1] == "  2 of 5 (1 completed hidden)")
        // Backspacing: the longer text's count is marked until the shorter text's answer comes.
        _ = state.handle(.key(.backspace))
        #expect(Self.plain.frame(for: state).lines[1].hasPrefix("  searching… · 2 of 5"))
    }

    @Test func showsNoMatches() {
        let frame = Self.plain.frame(for: Self.state(height: 4, page: ResultPage(rows: [])))
        #expect(frame.lines == ["> milk", "  0 of 0", "  no matches", ""])
    }

    @Test func showsTheErrorInTheHeader() {
        var state = Self.state(height: 3)
        _ = state.handle(.key(.text("\"")))
        _ = state.handle(.searchFailed("unbalanced quote; close it", generation: 3))
        #expect(Self.plain.frame(for: state).lines == ["> milk\"", "  error: unbalanced quote; close it", "> Buy milk    Groceries · #dairy · Mar 2"])
    }

    @Test func longQueriesScrollToKeepTheCursorVisible() {
        let frame = Self.plain.frame(for: Self.state(columns: 10, height: 2, query: "abcdefghijkl", page: nil))
        #expect(frame.lines[0] == "> fghijkl")
        #expect(frame.cursorColumn == 9)
    }

    @Test func cursorColumnCountsWideCharacters() {
        var state = Self.state(query: "牛乳 x", page: nil)
        _ = state.handle(.key(.left))
        _ = state.handle(.key(.left))
        #expect(Self.plain.frame(for: state).cursorColumn == 2 + 4)
    }

    @Test func scrolledListStartsAtTheOffset() {
        var state = Self.state(height: 4, query: "x", page: Fixtures.page(1...5))
        for _ in 0..<3 { _ = state.handle(.key(.down)) }
        #expect(Self.plain.frame(for: state).lines == ["> x", "  5 of 5", "  item 3", "> item 4"])
    }

    @Test func controlCharactersInDataCannotMoveTheCursor() {
        let page = ResultPage(rows: [ResultRow(id: 1, title: "evil\u{1B}[2Jtitle", snippet: "line one\nline two")])
        let frame = Self.plain.frame(for: Self.state(height: 4, query: "x", page: page))
        #expect(frame.lines[2] == "> evil [2Jtitle")
        #expect(frame.lines[3] == "    line one line two")
    }

    @Test func colourMarksTheSelectionAndTheMatches() {
        let page = ResultPage(rows: [ResultRow(id: 1, title: HighlightedText(marked: "Buy [milk]", open: "[", close: "]"))])
        let frame = ScreenRenderer(colour: true).frame(for: Self.state(height: 3, query: "milk", page: page))
        let esc = "\u{1B}"
        #expect(frame.lines[0] == "\(esc)[1;36m> \(esc)[0mmilk")
        #expect(frame.lines[1] == "  \(esc)[2m1 of 1\(esc)[0m")
        #expect(frame.lines[2] == "\(esc)[1;36m>\(esc)[0m \(esc)[1mBuy \(esc)[0m\(esc)[1;33mmilk\(esc)[0m")
    }

    // MARK: - Layout at every width: the title, then the due date, then the list and tags

    static let longRow = ResultRow(
        id: 3, title: "Call the plumber about the boiler pressure", list: "Home", tags: ["call", "urgent"],
        due: "tomorrow", isFlagged: true, repeats: true, priority: 3)

    @Test(arguments: [
        (100, "> !!! Call the plumber about the boiler pressure ⚑ ↻" + String(repeating: " ", count: 17) + "Home · #call #urgent · tomorrow"),
        (70, "> !!! Call the plumber about the boiler pressure ⚑ ↻   Home · tomorrow"),
        (61, "> !!! Call the plumber about the boiler pressure ⚑ ↻ tomorrow"),
        (40, "> !!! Call the plumber about t… tomorrow"),
        (30, "> !!! Call the plumb… tomorrow"),
        (20, "> !!! Call the plum…"),
    ])
    func aNarrowLineGivesUpListAndTagsThenTheDueDateNeverTheTitleFirst(columns: Int, expected: String) {
        let line = Self.plain.titleLine(Self.longRow, isSelected: true, isMarked: false, width: columns)
        #expect(line.plain == expected)
        #expect(line.width <= columns)
    }

    /// A typo match starts with `~`, a match by another word form with `≈`, before `✓`; the
    /// header counts both.
    @Test func typoAndWordFormMatchesAreMarked() {
        var page = ResultPage(rows: [
            ResultRow(id: 1, title: "Renew library card", isCompleted: true, isWordForm: true),
            ResultRow(id: 2, title: "Sort out the loft", isTypo: true),
            ResultRow(id: 3, title: "Return library books"),
        ])
        page.typoCount = 1
        page.wordFormCount = 1
        let lines = Self.plain.frame(for: Self.state(columns: 60, height: 5, query: "libraries", page: page)).lines
        #expect(lines[1].hasSuffix("· 1 with a typo · 1 by another word form"), "\(lines[1])")
        #expect(Array(lines[2...4]) == ["> ≈ ✓ Renew library card", "  ~ Sort out the loft", "  Return library books"])
    }

    @Test func repeatingRemindersShowTheRepeatSign() {
        let page = ResultPage(rows: [ResultRow(id: 1, title: "Water the plants", repeats: true)])
        #expect(Self.plain.frame(for: Self.state(height: 3, query: "x", page: page)).lines[2] == "> Water the plants ↻")
    }

    @Test func withoutColourMatchesAreBoldAndUnderlinedNotInvisible() {
        let page = ResultPage(rows: [ResultRow(id: 1, title: HighlightedText(marked: "Buy [milk]", open: "[", close: "]"))])
        let frame = ScreenRenderer(colour: false).frame(for: Self.state(height: 3, query: "milk", page: page))
        let esc = "\u{1B}"
        #expect(frame.lines[2] == "\(esc)[1m>\(esc)[0m \(esc)[1mBuy \(esc)[0m\(esc)[1;4mmilk\(esc)[0m")
        // No colour code anywhere (31 red, 33 yellow, 35 magenta, 36 cyan).
        for code in ["31", "33", "35", "36"] { #expect(!frame.lines.joined().contains("[\(code)") && !frame.lines.joined().contains(";\(code)m")) }
    }

    @Test func aWaitingEnterSaysSoInTheHeader() {
        var state = Self.state(columns: 80)
        _ = state.handle(.key(.text("x")))
        _ = state.handle(.key(.enter))
        #expect(Self.plain.frame(for: state).lines[1] == "  Enter: waiting for the final results for this text (Esc cancels)")
    }

    @Test func thePreviewPaneGoesRightOnAWideTerminal() {
        var state = InteractiveState(size: TerminalSize(columns: 100, rows: 24), mode: .inline(height: 6), showsPreview: true)
        _ = state.handle(.start)
        _ = state.handle(.results(Self.milkPage, generation: 1, elapsed: .zero))
        _ = state.handle(.previewLoaded(ReminderPreview(id: 1, lines: ["id     1", "title  Buy milk", "notes:", "  get milk and eggs, the big one, and something for the weekend"])))
        let lines = Self.plain.frame(for: state).lines
        // 45 columns of preview after a border: the list keeps 54.
        #expect(lines[2] == "> Buy milk" + String(repeating: " ", count: 18) + "Groceries · #dairy · Mar 2│ id     1")
        #expect(lines[3] == "    get milk and eggs" + String(repeating: " ", count: 33) + "│ title  Buy milk")
        #expect(lines[4] == "  ✓ Oat milk" + String(repeating: " ", count: 42) + "│ notes:")
        // The note goes on past the pane: its last line says how to read on.
        #expect(lines[5] == String(repeating: " ", count: 54) + "│ … Shift-Down for more")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 100 })
    }

    @Test func thePreviewPaneGoesUnderTheListOnANarrowTerminalAndWrapsTheNotes() {
        var state = InteractiveState(size: TerminalSize(columns: 40, rows: 24), mode: .inline(height: 12), showsPreview: true)
        _ = state.handle(.start)
        _ = state.handle(.results(Self.milkPage, generation: 1, elapsed: .zero))
        _ = state.handle(.previewLoaded(ReminderPreview(id: 1, lines: ["title  Buy milk", "notes:", "  get milk and eggs, the big one, and something for the weekend"])))
        #expect(state.layout.listLines == 4)
        #expect(Self.plain.frame(for: state).lines == [
            "> ",
            "  2 of 5 (1 completed hidden)",
            "> Buy milk    Groceries · #dairy · Mar 2",
            "    get milk and eggs",
            "  ✓ Oat milk",
            "",
            "── 1 ───────────────────────────────────",
            " title  Buy milk",
            " notes:",
            "   get milk and eggs, the big one, and",
            " something for the weekend",
            "",
        ])
    }

    @Test func thePreviewPaneScrollsToTheEndOfALongNote() {
        var state = InteractiveState(size: TerminalSize(columns: 100, rows: 24), mode: .inline(height: 6), showsPreview: true)
        _ = state.handle(.start)
        _ = state.handle(.results(Self.milkPage, generation: 1, elapsed: .zero))
        let note = (1...10).map { "line \($0)" }
        _ = state.handle(.previewLoaded(ReminderPreview(id: 1, lines: note)))
        func pane() -> [String] {
            Self.plain.frame(for: state).lines[2...5].map { String($0.split(separator: "│", omittingEmptySubsequences: false).last ?? "") }
        }
        #expect(pane() == [" line 1", " line 2", " line 3", " … Shift-Down for more"])
        #expect(state.handle(.key(.shiftDown)) == [.render])
        #expect(pane() == [" ↑ 2 more (Shift-Up)", " line 3", " line 4", " … Shift-Down for more"])
        // A page at a time, and never past the last line: the end of the note is readable.
        _ = state.handle(.key(.shiftPageDown))
        _ = state.handle(.key(.shiftPageDown))
        _ = state.handle(.key(.shiftPageDown))
        #expect(pane() == [" ↑ 7 more (Shift-Up)", " line 8", " line 9", " line 10"])
        #expect(state.handle(.key(.shiftDown)) == [])
        _ = state.handle(.key(.shiftPageUp))
        _ = state.handle(.key(.shiftPageUp))
        _ = state.handle(.key(.shiftPageUp))
        _ = state.handle(.key(.shiftPageUp))
        #expect(state.preview.scroll == 0)
        #expect(pane().first == " line 1")
        // Another reminder starts at its top.
        _ = state.handle(.key(.shiftDown))
        _ = state.handle(.key(.down))
        _ = state.handle(.previewLoaded(ReminderPreview(id: 2, lines: note)))
        #expect(state.preview.scroll == 0)
    }
}
