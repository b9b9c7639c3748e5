import Synchronization

/// A command's work as a task that can be cancelled before it starts: a Ctrl-C that arrives
/// between installing the handler and starting the work still cancels it.
///
/// ```swift
/// let work = WorkCancellation()
/// let interrupt = await InterruptSignal.installed { work.cancel() }
/// let status = try await work.run { try await search() }   // CancellationError after Ctrl-C
/// ```
final class WorkCancellation: Sendable {
    private let state = Mutex<(cancel: (@Sendable () -> Void)?, cancelled: Bool)>((nil, false))

    /// Cancels the running work, or the work ``run(_:)`` starts next.
    func cancel() {
        let cancel = state.withLock { state in
            state.cancelled = true
            return state.cancel
        }
        cancel?()
    }

    /// Runs `body` in a task of its own and returns what it returns.
    func run<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let work = Task { try await body() }
        let cancelled = state.withLock { state in
            state.cancel = { work.cancel() }
            return state.cancelled
        }
        if cancelled { work.cancel() }
        return try await work.value
    }
}
