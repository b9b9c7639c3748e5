import Foundation
import TroveStore

extension SessionLoop {
    /// Carries out the state's actions; draws at most once per batch.
    mutating func perform(_ actions: [InteractiveState.Action]) {
        var render = false
        var redraw = false
        var selection: [ResultRow] = []
        var marked = false
        for action in actions {
            switch action {
            case .startSearch(let text, let includeCompleted, let generation):
                startSearch(.init(text: text, includeCompleted: includeCompleted), generation: generation)
            case .scheduleSearch(let delay, let generation):
                searchTask?.cancel()
                searchTask = nil
                let (sink, clock) = (sink, session.clock)
                timers.append(Task {
                    guard (try? await clock.sleep(for: delay)) != nil else { return }
                    sink.yield(.event(.debounceElapsed(generation: generation)))
                })
            case .loadMore(let text, let includeCompleted, let after, let limit, let generation):
                loadMore(.init(text: text, includeCompleted: includeCompleted, after: after, limit: limit), generation: generation)
            case .render:
                render = true
            case .redraw:
                redraw = true
            case .write(let request):
                writes.yield(request)
            case .loadPreview(let id):
                let (sink, store) = (sink, session.store)
                timers.append(Task { sink.yield(.event(.previewLoaded(await store.preview(id: id)))) })
            case .edit(let id):
                startEditing(id)
            case .printSelection(let rows, let isMarked):
                selection = rows
                marked = isMarked
            case .exit(let code):
                outcome = .init(exitCode: code, selection: selection, marked: marked)
                return
            }
        }
        if (render || redraw), !isEditing {
            session.terminal.write(screen.draw(renderer.frame(for: state), clear: redraw))
        }
    }

    /// Cancels the running search and starts the next: the latest always wins, and the state
    /// drops anything the old one still manages to send.
    private mutating func startSearch(_ request: InteractiveSession<C>.PageRequest, generation: Int) {
        searchTask?.cancel()
        moreTask?.cancel()
        let (sink, clock, search) = (sink, session.clock, session.search)
        searchTask = Task {
            let start = clock.now
            do {
                for try await page in search(request) {
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

    /// Fetches the page after a cursor, alongside the live first page.
    private mutating func loadMore(_ request: InteractiveSession<C>.PageRequest, generation: Int) {
        moreTask?.cancel()
        guard let after = request.after else { return }
        let (sink, search) = (sink, session.search)
        moreTask = Task {
            do {
                for try await page in search(request) {
                    try Task.checkCancellation()
                    sink.yield(.event(.moreResults(page, generation: generation, after: after)))
                    return
                }
            } catch {
                guard !Task.isCancelled, !(error is CancellationError) else { return }
                sink.yield(.event(.moreFailed(Self.message(for: error), generation: generation)))
            }
        }
    }

    /// Hands the terminal to `$EDITOR` for the reminder's form; the loop keeps running (results
    /// still arrive) but draws nothing and reads no key until `.editorClosed`.
    private mutating func startEditing(_ id: Int64) {
        isEditing = true
        let (sink, store, editor, terminal) = (sink, session.store, session.textEditor, session.terminal)
        terminal.suspend()
        Task {
            let result = await FormEditing(store: store, editor: editor).edit(id: id)
            sink.yield(.editorClosed(result))
        }
    }

    /// One line for the screen: the error's own description, as a person reads it.
    static func message(for error: any Error) -> String {
        if let error = error as? StoreError { return error.cliDescription }
        if let localized = error as? any LocalizedError, let description = localized.errorDescription {
            return description
        }
        return String(describing: error)
    }
}
