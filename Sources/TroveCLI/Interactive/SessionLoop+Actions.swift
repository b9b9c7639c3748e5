import Foundation

extension SessionLoop {
    /// Carries out the state's actions; draws at most once per batch.
    mutating func perform(_ actions: [InteractiveState.Action]) {
        var render = false
        var redraw = false
        var selection: ResultRow?
        for action in actions {
            switch action {
            case .startSearch(let text, let includeCompleted, let generation):
                startSearch(text: text, includeCompleted: includeCompleted, generation: generation)
            case .scheduleSearch(let delay, let generation):
                searchTask?.cancel()
                searchTask = nil
                let (sink, clock) = (sink, session.clock)
                timers.append(Task {
                    guard (try? await clock.sleep(for: delay)) != nil else { return }
                    sink.yield(.event(.debounceElapsed(generation: generation)))
                })
            case .render:
                render = true
            case .redraw:
                redraw = true
            case .toggleDone(let id, let isCompleted):
                let (sink, toggleDone) = (sink, session.toggleDone)
                timers.append(Task {
                    do {
                        try await toggleDone(id, isCompleted)
                        sink.yield(.event(.dataChanged))
                    } catch {
                        sink.yield(.event(.toggleFailed(Self.message(for: error))))
                    }
                })
            case .printSelection(let row):
                selection = row
            case .exit(let code):
                outcome = .init(exitCode: code, selection: selection)
                return
            }
        }
        if render || redraw {
            session.terminal.write(screen.draw(renderer.frame(for: state), clear: redraw))
        }
    }

    /// Cancels the running search and starts the next: the latest always wins, and the state
    /// drops anything the old one still manages to send.
    private mutating func startSearch(text: String, includeCompleted: Bool, generation: Int) {
        searchTask?.cancel()
        let (sink, clock, search) = (sink, session.clock, session.search)
        searchTask = Task {
            let start = clock.now
            do {
                for try await page in search(text, includeCompleted) {
                    try Task.checkCancellation()
                    let elapsed = start.duration(to: clock.now)
                    sink.yield(.event(.results(page, generation: generation, elapsed: elapsed)))
                }
            } catch {
                guard !Task.isCancelled, !(error is CancellationError) else { return }
                sink.yield(.event(.searchFailed(Self.message(for: error), generation: generation)))
            }
        }
    }

    /// One line for the screen: the error's own description, as a person reads it.
    static func message(for error: any Error) -> String {
        if let localized = error as? any LocalizedError, let description = localized.errorDescription {
            return description
        }
        return String(describing: error)
    }
}
