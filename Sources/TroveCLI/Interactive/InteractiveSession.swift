/// Runs the interactive search: reads keys, drives `InteractiveState`, runs searches (the
/// latest cancels the one before), and draws frames, until the user picks a reminder or quits.
///
/// Everything arrives through one inbox and is handled on one task, so the state needs no lock;
/// the tty is read on its own thread and searches run in their own tasks, so typing is never
/// blocked by searching.
///
/// ```swift
/// let terminal = try TerminalDevice.open()
/// let session = InteractiveSession(terminal: terminal, options: options, search: search, toggleDone: toggle)
/// let outcome = await session.run()          // the terminal is restored when this returns
/// if let row = outcome.selection { print(row.plainLine) }  // "7\tBuy milk"
/// ```
struct InteractiveSession<C: Clock>: Sendable where C.Duration == Duration {
    /// Results for a query: the first page soon, then a new page whenever the data changes.
    /// Cancelling the consuming task must stop the query.
    typealias Search = @Sendable (_ text: String, _ includeCompleted: Bool) -> AsyncThrowingStream<ResultPage, any Error>
    /// Marks a reminder done (`true`) or not done.
    typealias ToggleDone = @Sendable (_ id: Int64, _ isCompleted: Bool) async throws -> Void

    /// How the session ended.
    struct Outcome: Sendable, Hashable {
        /// 0 after Enter, 130 after Esc/Ctrl-C or when the terminal closed.
        var exitCode: Int32
        /// The row chosen with Enter; ``SelectionOutput`` prints it.
        var selection: ResultRow?
    }

    let terminal: any InteractiveTerminal
    let options: InteractiveOptions
    /// The text the prompt starts with.
    let query: String
    let clock: C
    let search: Search
    let toggleDone: ToggleDone

    init(
        terminal: any InteractiveTerminal,
        options: InteractiveOptions,
        query: String = "",
        clock: C,
        search: @escaping Search,
        toggleDone: @escaping ToggleDone
    ) {
        self.terminal = terminal
        self.options = options
        self.query = query
        self.clock = clock
        self.search = search
        self.toggleDone = toggleDone
    }

    /// Runs until Enter, Esc/Ctrl-C or the end of input, then erases the interface and restores
    /// the terminal (also when the calling task is cancelled).
    /// - Returns: The exit code and the chosen row.
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
        toggleDone: @escaping ToggleDone
    ) {
        self.init(
            terminal: terminal, options: options, query: query, clock: ContinuousClock(),
            search: search, toggleDone: toggleDone)
    }
}
