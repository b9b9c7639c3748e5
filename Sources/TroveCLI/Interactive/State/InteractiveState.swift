/// The interactive search as a pure state machine: every input is an `Event`, and `handle(_:)`
/// updates the state and returns the `Action`s the driver must carry out. No clocks, no I/O.
///
/// ```swift
/// var state = InteractiveState(size: .init(columns: 80, rows: 24), mode: .inline(height: 10))
/// state.handle(.start)            // [.startSearch(text: "", includeCompleted: false, generation: 1), .render]
/// state.handle(.key(.text("m")))  // [.startSearch(text: "m", …, generation: 2), .render]
/// state.handle(.results(page, generation: 1, elapsed: .milliseconds(3)))  // [] — stale, dropped
/// ```
struct InteractiveState: Sendable {
    enum Event: Sendable, Hashable {
        /// The session began: run the first (empty) query.
        case start
        case key(Key)
        /// A page for the query of `generation`; `elapsed` is how long its first page took.
        case results(ResultPage, generation: Int, elapsed: Duration)
        case searchFailed(String, generation: Int)
        /// The quiet period scheduled by `.scheduleSearch` ended.
        case debounceElapsed(generation: Int)
        case resized(TerminalSize)
        /// The reminders changed outside the query (e.g. after Ctrl-D): search again.
        case dataChanged
        case toggleFailed(String)
    }

    enum Action: Sendable, Hashable {
        /// Cancel any running search and start this one: the latest always wins.
        case startSearch(text: String, includeCompleted: Bool, generation: Int)
        /// Cancel any running search; send `.debounceElapsed(generation)` after `delay`.
        case scheduleSearch(after: Duration, generation: Int)
        /// Draw the changed screen.
        case render
        /// Clear and draw everything again (Ctrl-L, resize).
        case redraw
        /// Mark the reminder done (`isCompleted` true) or not done.
        case toggleDone(id: Int64, isCompleted: Bool)
        /// Enter: hand the row to stdout after restoring the terminal.
        case printSelection(ResultRow)
        case exit(code: Int32)
    }

    enum Status: Sendable, Hashable {
        case searching
        case idle
        case failed(String)
    }

    private(set) var editor = LineEditor()
    private(set) var includeCompleted = false
    /// The results on screen; nil until the first page arrives.
    private(set) var page: ResultPage?
    private(set) var status = Status.searching
    /// A one-off message, such as a failed Ctrl-D; cleared by the next key.
    private(set) var notice: String?
    private(set) var selectedIndex = 0
    /// The first result shown in the list.
    private(set) var scrollOffset = 0
    private(set) var layout: ScreenLayout
    private(set) var debounce: AdaptiveDebounce
    /// The newest query asked for; results of any other generation are stale.
    private(set) var generation = 0
    private var requestedText = ""
    private var shownText: String?
    /// The reminder the selection stays on across updates; nil right after the text changed,
    /// when the selection stays on the row number instead (the best match, or where the user
    /// moved before the new results came).
    private var followedID: Int64?
    private var measuredGeneration: Int?

    /// - Parameter query: The text the prompt starts with (`trove -q dentist`), cursor at its end.
    init(size: TerminalSize, mode: ScreenLayout.Mode, debounce: AdaptiveDebounce = .init(), query: String = "") {
        self.layout = ScreenLayout(size: size, mode: mode)
        self.debounce = debounce
        self.editor = LineEditor(text: query)
    }

    /// The highlighted result, if any.
    var selectedRow: ResultRow? {
        guard let rows = page?.rows, rows.indices.contains(selectedIndex) else { return nil }
        return rows[selectedIndex]
    }

    /// Applies one event.
    /// - Parameter event: What happened.
    /// - Returns: What the driver must do, in order.
    mutating func handle(_ event: Event) -> [Action] {
        switch event {
        case .start:
            return search(debounced: false)
        case .key(let key):
            notice = nil
            return handle(key)
        case .results(let newPage, let resultGeneration, let elapsed):
            guard resultGeneration == generation else { return [] }
            if measuredGeneration != resultGeneration {
                measuredGeneration = resultGeneration
                debounce.record(elapsed)
            }
            show(newPage)
            return [.render]
        case .searchFailed(let message, let failedGeneration):
            guard failedGeneration == generation else { return [] }
            status = .failed(message)
            return [.render]
        case .debounceElapsed(let elapsedGeneration):
            guard elapsedGeneration == generation else { return [] }
            return [.startSearch(text: requestedText, includeCompleted: includeCompleted, generation: generation)]
        case .resized(let size):
            layout.size = size
            keepSelectionVisible()
            return [.redraw]
        case .dataChanged:
            return search(debounced: false)
        case .toggleFailed(let message):
            notice = message
            return search(debounced: false)
        }
    }

    // MARK: - Searching

    /// Asks for the current text under a new generation, after the adaptive quiet period when
    /// `debounced` and queries have been slow.
    private mutating func search(debounced: Bool, textChanged: Bool = false) -> [Action] {
        if textChanged {
            selectedIndex = 0
            scrollOffset = 0
            followedID = nil
        }
        generation += 1
        requestedText = editor.text
        status = .searching
        let delay = debounced ? debounce.delay : .zero
        if delay > .zero {
            return [.scheduleSearch(after: delay, generation: generation), .render]
        }
        return [.startSearch(text: requestedText, includeCompleted: includeCompleted, generation: generation), .render]
    }

    /// Shows a fresh page: the selection follows its reminder when it is still there (live
    /// updates, Tab, Ctrl-D), else keeps its row number, clamped.
    private mutating func show(_ newPage: ResultPage) {
        page = newPage
        shownText = requestedText
        status = .idle
        if let followedID, let index = newPage.rows.firstIndex(where: { $0.id == followedID }) {
            selectedIndex = index
        }
        keepSelectionVisible()
        followedID = selectedRow?.id
    }

    // MARK: - Keys

    /// Applies one key: editing keys search again when the text changed, movement keys render.
    private mutating func handle(_ key: Key) -> [Action] {
        let before = editor.text
        switch key {
        case .text(let text): editor.insert(text)
        case .paste(let text): editor.paste(text)
        case .backspace: editor.backspace()
        case .delete: editor.deleteForward()
        case .ctrl("u"): editor.clear()
        case .ctrl("w"): editor.deleteWordBackward()
        case .left, .ctrl("b"): editor.moveLeft()
        case .right, .ctrl("f"): editor.moveRight()
        case .home, .ctrl("a"): editor.moveHome()
        case .end, .ctrl("e"): editor.moveEnd()
        case .up, .ctrl("p"), .backTab: moveSelection(by: -1)
        case .down, .ctrl("n"): moveSelection(by: 1)
        case .pageUp: moveSelection(by: -pageStep)
        case .pageDown: moveSelection(by: pageStep)
        case .tab:
            includeCompleted.toggle()
            return search(debounced: false)
        case .enter:
            guard let row = selectedRow else { return [] }
            return [.printSelection(row), .exit(code: 0)]
        case .ctrl("d"):
            return toggleSelectedDone()
        case .escape, .ctrl("c"), .ctrl("g"):
            return [.exit(code: 130)]
        case .ctrl("l"):
            return [.redraw]
        default:
            return []
        }
        return editor.text == before ? [.render] : search(debounced: true, textChanged: true)
    }

    /// Flips the selected row's completion on screen at once; the driver writes it and reports
    /// `.dataChanged` (or `.toggleFailed`), which searches again.
    private mutating func toggleSelectedDone() -> [Action] {
        guard let row = selectedRow, var newPage = page else { return [] }
        let isCompleted = !row.isCompleted
        newPage.rows[selectedIndex].isCompleted = isCompleted
        page = newPage
        return [.toggleDone(id: row.id, isCompleted: isCompleted), .render]
    }

    // MARK: - Selection

    /// Moves the selection, stopping at the first and last rows.
    private mutating func moveSelection(by delta: Int) {
        guard let count = page?.rows.count, count > 0 else { return }
        selectedIndex = min(max(selectedIndex + delta, 0), count - 1)
        keepSelectionVisible()
        // NB: on a page for older text the row is about to be replaced; keep the position only.
        followedID = shownText == requestedText ? selectedRow?.id : nil
    }

    /// How many rows PageUp/PageDown move: the rows that fit in the list from the top shown row.
    var pageStep: Int {
        guard let rows = page?.rows else { return 1 }
        var used = 0
        var fitting = 0
        for row in rows[min(scrollOffset, rows.count)...] {
            used += ScreenLayout.lineCount(of: row)
            if used > layout.listLines { break }
            fitting += 1
        }
        return max(fitting, 1)
    }

    /// Clamps the selection to the rows and scrolls so that it is on screen.
    private mutating func keepSelectionVisible() {
        let rows = page?.rows ?? []
        guard !rows.isEmpty else {
            selectedIndex = 0
            scrollOffset = 0
            return
        }
        selectedIndex = min(max(selectedIndex, 0), rows.count - 1)
        scrollOffset = min(max(scrollOffset, 0), selectedIndex)
        func linesShown() -> Int {
            rows[scrollOffset...selectedIndex].reduce(0) { $0 + ScreenLayout.lineCount(of: $1) }
        }
        while scrollOffset < selectedIndex, linesShown() > layout.listLines {
            scrollOffset += 1
        }
    }
}
