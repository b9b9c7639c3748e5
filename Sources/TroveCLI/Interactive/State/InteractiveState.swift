import TroveSearch

/// The interactive search as a pure state machine: every input is an `Event`, and `handle(_:)`
/// updates the state and returns the `Action`s the driver must carry out. No clocks, no I/O.
///
/// ```swift
/// var state = InteractiveState(size: .init(columns: 80, rows: 24), mode: .inline(height: 10))
/// state.handle(.start)            // [.startSearch(text: "", includeCompleted: false, generation: 1), .render]
/// state.handle(.key(.text("m")))  // [.startSearch(text: "m", …, generation: 2), .render]
/// state.handle(.results(page, generation: 1, elapsed: .milliseconds(3)))  // [] — stale, dropped
/// state.handle(.key(.enter))      // [.render]: "m" has no final answer yet, so Enter waits for it
/// ```
///
/// Every page carries the generation (the text) it answers, so nothing is ever acted on for an
/// older text; the selection follows a reminder's id across pages; Enter acts only on the final
/// answer to the text on screen, and waits for it when it is not in yet.
struct InteractiveState: Sendable {
    enum Event: Sendable, Hashable {
        /// The session began: run the first query.
        case start
        case key(Key)
        /// A first page for the query of `generation` (provisional, final, or a live update after
        /// a change); `elapsed` is how long it took since the query started.
        case results(ResultPage, generation: Int, elapsed: Duration)
        /// The page after `after` for the query of `generation`, asked for by `.loadMore`.
        case moreResults(ResultPage, generation: Int, after: SearchCursor)
        case searchFailed(String, generation: Int)
        case moreFailed(String, generation: Int)
        /// The quiet period scheduled by `.scheduleSearch` ended.
        case debounceElapsed(generation: Int)
        case resized(TerminalSize)
        /// The reminders changed outside the query (after a write of ours): search again.
        case dataChanged
        /// A write asked for by `.write` or `.edit` finished (or failed).
        case written(WriteResult)
        /// The reminder a `.loadPreview` asked for.
        case previewLoaded(ReminderPreview)
        /// The terminal is ours again after the editor: draw everything.
        case resumed
    }

    enum Action: Sendable, Hashable {
        /// Cancel any running search and start this one: the latest always wins.
        case startSearch(text: String, includeCompleted: Bool, generation: Int)
        /// Cancel any running search; send `.debounceElapsed(generation)` after `delay`.
        case scheduleSearch(after: Duration, generation: Int)
        /// Fetch up to `limit` more rows after `after` (a keyset cursor), for the same query.
        case loadMore(text: String, includeCompleted: Bool, after: SearchCursor, limit: Int, generation: Int)
        /// Draw the changed screen.
        case render
        /// Clear and draw everything again (Ctrl-L, resize, the preview pane).
        case redraw
        /// Change the database; the driver answers with `.written`.
        case write(WriteRequest)
        /// Open the reminder in `$VISUAL`/`$EDITOR` as a text form and save it; the driver
        /// answers with `.written` and `.resumed`.
        case edit(id: Int64)
        /// Read the reminder for the preview pane; the driver answers with `.previewLoaded`.
        case loadPreview(id: Int64)
        /// Enter: hand these rows to stdout after restoring the terminal. `marked` is true when
        /// they are the marked reminders, false for the selection alone (printed the same way).
        case printSelection([ResultRow], marked: Bool)
        case exit(code: Int32)
    }

    enum Status: Sendable, Hashable {
        case searching
        case idle
        case failed(String)
    }

    /// Which row is selected: a reminder, followed by id across pages, or a row number while
    /// the rows on screen are about to be replaced (typed text, a provisional page).
    enum Selection: Sendable, Hashable {
        case position(Int)
        case reminder(Int64)
    }

    /// A one-off line in the header, cleared by the next key.
    struct Notice: Sendable, Hashable {
        var text: String
        var isError = false
    }

    /// Rows asked for per page as the list scrolls; the first page's size is the search's own.
    static let pageSize = 100
    /// The most rows one further page asks for, when queued moves reach far past the loaded rows.
    static let maxPageSize = 1_000

    // NB: the stored properties are internal, not private(set), only so that the extensions in
    // the files beside this one (keys, selection, paging, Enter, writes) can update them.

    var editor = LineEditor()
    var includeCompleted = false
    /// The results on screen; nil until the first page arrives.
    var page: ResultPage?
    /// The generation `page` answers; when it is not ``generation`` the rows are an older text's.
    var pageGeneration: Int?
    var status = Status.searching
    var notice: Notice?
    var selectedIndex = 0
    var selection = Selection.position(0)
    /// The first result shown in the list.
    var scrollOffset = 0
    var layout: ScreenLayout
    var debounce: AdaptiveDebounce
    /// The newest query asked for; results of any other generation are stale.
    var generation = 0
    var requestedText = ""
    var measuredGeneration: Int?
    /// The marked reminders (Tab), in the order they were marked.
    var marked: [ResultRow] = []
    /// Enter was pressed before the final answer to the text on screen came; it acts when it does.
    var isEnterPending = false
    /// The cursor of the page being fetched; nil when none is.
    var loadingMore: SearchCursor?
    /// Rows the selection still has to move down past the last loaded row: moves (PageDown,
    /// Down) that went beyond the rows on screen while more were coming. Applied as pages
    /// arrive, so every key press counts however fast they come.
    var pendingMove = 0
    /// After a refresh (a live update, a write of ours) the rows loaded beyond the first page are
    /// fetched again up to this many, so the list and the selection stay where they were.
    var refillTo = 0
    /// Journal entries of the writes made in this session, newest last: what the undo key reverts.
    var undoable: [Int64] = []
    /// The preview pane: open or closed, and what it shows.
    var preview = PreviewPane()

    /// - Parameters:
    ///   - query: The text the prompt starts with (`trove --query dentist`), cursor at its end.
    ///   - showsPreview: Start with the preview pane open (`--preview`).
    init(
        size: TerminalSize, mode: ScreenLayout.Mode, debounce: AdaptiveDebounce = .init(), query: String = "",
        showsPreview: Bool = false
    ) {
        self.layout = ScreenLayout(size: size, mode: mode, showsPreview: showsPreview)
        self.debounce = debounce
        self.editor = LineEditor(text: query)
        self.preview.isOpen = showsPreview
    }

    /// The highlighted result, if any.
    var selectedRow: ResultRow? {
        guard let rows = page?.rows, rows.indices.contains(selectedIndex) else { return nil }
        return rows[selectedIndex]
    }

    /// True when the rows on screen are the final answer to the text on screen.
    var showsFinalAnswer: Bool {
        pageGeneration == generation && page?.rowsAreFinal == true
    }

    /// Applies one event.
    /// - Parameter event: What happened.
    /// - Returns: What the driver must do, in order.
    mutating func handle(_ event: Event) -> [Action] {
        switch event {
        case .start:
            return search(debounced: false) + previewActions()
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
            return [.render] + followUp()
        case .moreResults(let more, let resultGeneration, let after):
            guard resultGeneration == generation, after == loadingMore else { return [] }
            append(more)
            return [.render] + followUp()
        case .searchFailed(let message, let failedGeneration):
            guard failedGeneration == generation else { return [] }
            status = .failed(message)
            cancelPendingEnter(because: nil)
            return [.render]
        case .moreFailed(let message, let failedGeneration):
            guard failedGeneration == generation else { return [] }
            loadingMore = nil
            refillTo = 0
            // NB: the rows the queued moves were waiting for will not come.
            pendingMove = 0
            notice = Notice(text: message, isError: true)
            cancelPendingEnter(because: nil)
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
        case .written(let result):
            return written(result)
        case .previewLoaded(let content):
            guard preview.requested == content.id else { return [] }
            if preview.content?.id != content.id { preview.scroll = 0 }
            preview.content = content
            preview.measured = nil
            return [.render]
        case .resumed:
            return [.redraw]
        }
    }

    // MARK: - Searching

    /// Asks for the current text under a new generation, after the adaptive quiet period when
    /// `debounced` and queries have been slow.
    mutating func search(debounced: Bool, textChanged: Bool = false) -> [Action] {
        if textChanged {
            selectedIndex = 0
            scrollOffset = 0
            selection = .position(0)
            refillTo = 0
            pendingMove = 0
        } else if let page {
            // NB: the same text again (a write, the completed toggle): keep as many rows loaded.
            refillTo = max(refillTo, page.rows.count)
        }
        generation += 1
        requestedText = editor.text
        status = .searching
        loadingMore = nil
        let delay = debounced ? debounce.delay : .zero
        if delay > .zero {
            return [.scheduleSearch(after: delay, generation: generation), .render]
        }
        return [.startSearch(text: requestedText, includeCompleted: includeCompleted, generation: generation), .render]
    }

    /// Shows a first page of the current generation.
    private mutating func show(_ newPage: ResultPage) {
        if pageGeneration == generation, let page, page.rowsAreFinal, newPage.rowsAreFinal {
            // NB: a live update: it replaces only the first page; fetch as many rows again.
            refillTo = max(refillTo, page.rows.count)
        }
        page = newPage
        pageGeneration = generation
        loadingMore = nil
        status = .idle
        // NB: a final page may follow a change to the data: read the previewed reminder again.
        if newPage.rowsAreFinal { preview.requested = nil }
        resolveSelection()
        applyPendingMove()
    }

    /// Adds a further page below the rows on screen.
    private mutating func append(_ more: ResultPage) {
        guard var current = page else { return }
        let known = Set(current.rows.map(\.id))
        current.rows += more.rows.filter { !known.contains($0.id) }
        current.next = more.next
        current.total = max(more.total, current.rows.count)
        current.completedCount = more.completedCount
        current.typoCount = more.typoCount
        current.wordFormCount = more.wordFormCount
        page = current
        loadingMore = nil
        if refillTo <= current.rows.count || more.next == nil { refillTo = 0 }
        resolveSelection()
        applyPendingMove()
    }

    /// What a new page may lead to: more rows, a preview, or the Enter that was waiting for it.
    private mutating func followUp() -> [Action] {
        var actions = moreRowsIfNeeded()
        actions += previewActions()
        actions += pendingEnterActions()
        return actions
    }
}
