import TroveSearch

/// Runs the interactive search: reads keys, drives `InteractiveState`, runs searches (the
/// latest cancels the one before), writes what the keys ask for, and draws frames, until the
/// user picks reminders or quits.
///
/// Everything arrives through one inbox and is handled on one task, so the state needs no lock;
/// the tty is read on its own thread and searches run in their own tasks, so typing is never
/// blocked by searching.
///
/// ```swift
/// let terminal = try TerminalDevice.open()
/// let session = InteractiveSession(terminal: terminal, options: options, search: search, store: bridge)
/// let outcome = await session.run()          // the terminal is restored when this returns
/// for row in outcome.selection { print(row.plainLine) }  // "7\tBuy milk"
/// ```
struct InteractiveSession<C: Clock>: Sendable where C.Duration == Duration {
    /// What the session asks the search for.
    struct PageRequest: Sendable, Hashable {
        var text: String
        var includeCompleted: Bool
        /// nil for the first page, which keeps coming again after every change; otherwise the
        /// page after this keyset cursor, answered once.
        var after: SearchCursor?
        /// The most rows; nil for the search's own page size.
        var limit: Int?
    }

    /// Results for a request: for a first page, the first answer soon, then a new one whenever
    /// the data changes; for a later page, one answer. Cancelling the consuming task must stop
    /// the query.
    typealias Search = @Sendable (PageRequest) -> AsyncThrowingStream<ResultPage, any Error>

    /// How the session ended.
    struct Outcome: Sendable, Hashable {
        /// 0 after Enter, 130 after Esc/Ctrl-C or when the terminal closed.
        var exitCode: Int32
        /// The reminders chosen with Enter, in order: the marked ones, or the selected one.
        var selection: [ResultRow] = []
        /// True when they were marked (Tab), not the selection alone; both print in one shape.
        var marked = false
    }

    let terminal: any InteractiveTerminal
    let options: InteractiveOptions
    /// The text the prompt starts with.
    let query: String
    let clock: C
    let search: Search
    let store: any InteractiveStore
    let textEditor: any TextEditor

    init(
        terminal: any InteractiveTerminal,
        options: InteractiveOptions,
        query: String = "",
        clock: C,
        search: @escaping Search,
        store: any InteractiveStore,
        textEditor: any TextEditor = ExternalEditor()
    ) {
        self.terminal = terminal
        self.options = options
        self.query = query
        self.clock = clock
        self.search = search
        self.store = store
        self.textEditor = textEditor
    }

    /// Runs until Enter, Esc/Ctrl-C or the end of input, then erases the interface and restores
    /// the terminal (also when the calling task is cancelled).
    /// - Returns: The exit code and the chosen rows.
    func run() async -> Outcome {
        var loop = SessionLoop(session: self)
        let outcome = await loop.run()
        terminal.restore()
        return outcome
    }
}

extension InteractiveSession where C == ContinuousClock {
    init(
        terminal: any InteractiveTerminal,
        options: InteractiveOptions,
        query: String = "",
        search: @escaping Search,
        store: any InteractiveStore,
        textEditor: any TextEditor = ExternalEditor()
    ) {
        self.init(
            terminal: terminal, options: options, query: query, clock: ContinuousClock(),
            search: search, store: store, textEditor: textEditor)
    }
}
