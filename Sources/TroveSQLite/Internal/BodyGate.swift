import Synchronization

/// The life of one `read` or `write` body, as a pure state machine; `BodyGate` runs it under a lock.
///
/// It answers the two questions cancellation raises: should a body that has not started yet
/// run at all, and may a cancel interrupt the connection right now? Only a body in
/// `.running` may be interrupted, and the move to `.finished` happens under the same lock as
/// the interrupt, so an interrupt can never land after the body it was aimed at has returned,
/// in whatever body runs next on that connection.
struct BodyLifecycle: Hashable, Sendable {
    enum Phase: Hashable, Sendable {
        case pending, running, finished
    }

    private(set) var phase = Phase.pending
    private(set) var isCancelled = false

    /// The connection's thread is about to run the body. Returns false to skip it.
    mutating func start() -> Bool {
        guard phase == .pending else { return false }
        if isCancelled {
            phase = .finished
            return false
        }
        phase = .running
        return true
    }

    /// The task was cancelled. Returns true when the running body should be interrupted.
    mutating func cancel() -> Bool {
        let shouldInterrupt = phase == .running && !isCancelled
        isCancelled = true
        return shouldInterrupt
    }

    /// The body returned. Returns whether it was cancelled while it ran.
    mutating func finish() -> Bool {
        let wasCancelledWhileRunning = phase == .running && isCancelled
        phase = .finished
        return wasCancelledWhileRunning
    }
}

/// A `BodyLifecycle` behind a `Mutex`, shared by a body's thread and its task's cancel handler.
final class BodyGate: Sendable {
    private let lifecycle = Mutex(BodyLifecycle())

    func start() -> Bool {
        lifecycle.withLock { $0.start() }
    }

    /// Marks the body cancelled and, if it is running, calls `interrupt` while still holding the
    /// lock, so the body cannot finish (and the next one start) in between.
    func cancel(interrupt: () -> Void) {
        lifecycle.withLock { state in
            if state.cancel() { interrupt() }
        }
    }

    @discardableResult
    func finish() -> Bool {
        lifecycle.withLock { $0.finish() }
    }
}
