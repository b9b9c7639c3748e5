/// The body of `InteractiveSession.run()`: the inbox, the state, the decoder and the tasks it
/// started, owned by the one task that runs the loop.
// NB: its stored properties are internal only so that `SessionLoop+Actions.swift` can reach
// them; nothing outside the loop's own task touches them.
struct SessionLoop<C: Clock> where C.Duration == Duration {
    /// Everything the loop reacts to.
    enum Input: Sendable {
        case bytes([UInt8])
        case inputEnded
        /// The Esc wait numbered `serial` ran out.
        case escapeTimeout(serial: Int)
        case event(InteractiveState.Event)
    }

    let session: InteractiveSession<C>
    var state: InteractiveState
    var decoder = KeyDecoder()
    var screen: TerminalScreen
    let renderer: ScreenRenderer
    let inbox: AsyncStream<Input>
    let sink: AsyncStream<Input>.Continuation
    var escapeSerial = 0
    var searchTask: Task<Void, Never>?
    var timers: [Task<Void, Never>] = []
    var outcome: InteractiveSession<C>.Outcome?
    /// Set by `TROVE_TRACE_LATENCY`; see `LatencyTrace`.
    let trace: LatencyTrace?

    init(session: InteractiveSession<C>) {
        self.session = session
        let options = session.options
        state = InteractiveState(
            size: session.terminal.size(), mode: options.mode, debounce: options.debounce, query: session.query)
        screen = TerminalScreen(mode: options.mode)
        renderer = ScreenRenderer(colour: options.colour)
        (inbox, sink) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
        trace = options.latencyTracePath.flatMap(LatencyTrace.init(path:))
    }

    mutating func run() async -> InteractiveSession<C>.Outcome {
        let terminal = session.terminal
        terminal.setCleanup(screen.leave())
        terminal.write(screen.enter(lines: state.layout.lines))
        let forwarders = startForwarding()
        defer {
            for task in forwarders + timers { task.cancel() }
            searchTask?.cancel()
            sink.finish()
        }
        perform(state.handle(.start))
        for await input in inbox {
            receive(input)
            if let outcome { return outcome }
        }
        // NB: the inbox only ends early when the calling task is cancelled.
        return InteractiveSession<C>.Outcome(exitCode: 130, selection: nil)
    }

    private func startForwarding() -> [Task<Void, Never>] {
        let terminal = session.terminal
        let sink = sink
        let keys = Task {
            for await bytes in terminal.input { sink.yield(.bytes(bytes)) }
            sink.yield(.inputEnded)
        }
        let resizes = Task {
            for await size in terminal.resizes { sink.yield(.event(.resized(size))) }
        }
        return [keys, resizes]
    }

    private mutating func receive(_ input: Input) {
        switch input {
        case .bytes(let bytes):
            let receivedAt = ContinuousClock.now
            let generation = state.generation
            defer {
                if let trace, state.generation != generation {
                    trace.keyed(generation: state.generation, text: state.editor.text, receivedAt: receivedAt)
                }
            }
            escapeSerial += 1
            let keys = decoder.decode(bytes)
            if decoder.isPendingEscape { startEscapeTimer() }
            var actions: [InteractiveState.Action] = []
            for key in keys where outcome == nil {
                let keyActions = state.handle(.key(key))
                actions += keyActions
                if keyActions.contains(where: { if case .exit = $0 { true } else { false } }) { break }
            }
            perform(actions)
        case .escapeTimeout(let serial):
            guard serial == escapeSerial else { return }
            var actions: [InteractiveState.Action] = []
            for key in decoder.flush() { actions += state.handle(.key(key)) }
            perform(actions)
        case .inputEnded:
            perform([.exit(code: 130)])
        case .event(let event):
            perform(state.handle(event))
            if let trace, case .results(_, let generation, _) = event, generation == state.generation {
                trace.shown(generation: generation)
            }
        }
    }

    private mutating func startEscapeTimer() {
        let serial = escapeSerial
        let (sink, clock, timeout) = (sink, session.clock, session.options.escapeTimeout)
        timers.removeAll { $0.isCancelled }
        timers.append(Task {
            try? await clock.sleep(for: timeout)
            sink.yield(.escapeTimeout(serial: serial))
        })
    }
}
