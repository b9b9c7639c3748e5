import Dispatch
import Synchronization
import TroveQuery

/// A connection confined to its own serial dispatch queue, where every body runs.
///
/// Bodies never run on Swift's cooperative pool, so a long query cannot starve other tasks;
/// the calling task suspends on a continuation until its body has run.
///
/// `@unchecked Sendable` is safe because `connection`, the only non-`Sendable` state, is
/// touched in exactly two places: inside blocks on `queue`, a serial queue, so by one thread
/// at a time with each block's writes visible to the next; and in `deinit`, which runs only
/// when no block holds `self` any more. Other threads reach the connection only through
/// `interruptState` (`Sendable`: an atomic flag and `sqlite3_interrupt`) and `BodyGate`.
final class SerialConnection: @unchecked Sendable {
    private let connection: SQLiteConnection
    private let queue: DispatchQueue
    private let interruptState: InterruptState
    /// Bodies handed to the queue and not yet finished (or skipped), the one running included;
    /// for tests that must know a body is queued.
    private let pending = Atomic<Int>(0)

    /// Bodies queued or running on this connection.
    var pendingBodies: Int { pending.load(ordering: .acquiring) }

    init(_ connection: SQLiteConnection, label: String) {
        self.connection = connection
        self.interruptState = connection.interruptState
        self.queue = DispatchQueue(label: label)
        queue.setSpecific(key: Self.queueKey, value: ObjectIdentifier(self))
    }

    private static let queueKey = DispatchSpecificKey<ObjectIdentifier>()

    /// Waits until the block running on the queue (if any) has finished and let go of `self`.
    ///
    /// NB: a body's block still holds this object for a moment after its caller has resumed;
    /// if the process exits then, the connection is never closed and the database's `-wal`
    /// outlives the process (`SQLiteDatabase.deinit` calls this; a no-op on the queue itself).
    func drain() {
        guard DispatchQueue.getSpecific(key: Self.queueKey) != ObjectIdentifier(self) else { return }
        queue.sync {}
    }

    /// Runs `body` on the connection's queue and returns its result.
    ///
    /// - Parameters:
    ///   - interruptible: Whether cancelling the task interrupts SQLite (reads) or lets the body
    ///     finish (writes). Either way a body whose task is cancelled before it starts is skipped.
    ///   - queryOnly: Sets `PRAGMA query_only` around the body, for a connection that also writes.
    ///   - body: The work; it must not let the connection or a cursor escape.
    /// - Throws: `CancellationError` when skipped or interrupted, or what `body` throws.
    func run<T: Sendable>(
        interruptible: Bool, queryOnly: Bool, _ body: @Sendable (SQLiteConnection) throws -> T
    ) async throws -> T {
        let gate = BodyGate()
        // NB: the body is only used while this call is suspended; the box lets it go before the
        // continuation resumes, which is what `withoutActuallyEscaping` checks on the way out.
        return try await withoutActuallyEscaping(body) { escapable in
            let box = BodyBox(escapable)
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                    pending.add(1, ordering: .releasing)
                    queue.async {
                        let result = self.execute(box, gate: gate, queryOnly: queryOnly)
                        self.pending.subtract(1, ordering: .releasing)
                        continuation.resume(with: result)
                    }
                }
            } onCancel: {
                gate.cancel {
                    if interruptible { interruptState.interrupt() }
                }
            }
        }
    }

    // MARK: Lent to another connection's body (SQLiteReadHelper)

    /// Runs `work` on this connection's queue while the calling thread waits.
    ///
    /// NB: only for a body running on ANOTHER connection that holds this one's reader slot, so
    /// no body of this connection's own is queued or running meanwhile.
    func runLent<T>(_ work: (SQLiteConnection) throws -> T) rethrows -> T {
        try queue.sync { try work(connection) }
    }

    /// Starts `work` on this connection's queue and returns at once; as ``runLent(_:)``.
    func startLent(_ work: @escaping @Sendable (SQLiteConnection) -> Void) {
        queue.async { work(self.connection) }
    }

    /// Stops the statement the lent connection runs now and makes it refuse further ones.
    func interruptLent() { interruptState.interrupt() }

    /// Lets the lent connection start statements again.
    func clearLentInterrupt() { interruptState.clear() }

    /// On `queue`: the body between the gate's start and finish, with the connection tidied after.
    private func execute<T>(_ box: BodyBox<T>, gate: BodyGate, queryOnly: Bool) -> Result<T, any Error> {
        guard let body = box.take() else { return .failure(CancellationError()) }
        guard gate.start() else { return .failure(CancellationError()) }
        interruptState.clear()
        var result: Result<T, any Error>
        do {
            if queryOnly { try connection.execute("PRAGMA query_only = 1") }
            result = .success(try body(connection))
        } catch {
            result = .failure(error)
        }
        // NB: after `finish` no interrupt can be issued for this body, so clearing the flag
        // now leaves the next body a clean connection. An interrupt that reached SQLite between
        // statements is dropped by SQLite itself when the next statement starts with none
        // running ("before the running statement count reaches zero", c3ref/interrupt.html).
        gate.finish()
        interruptState.clear()
        connection.rollbackIfNeeded()
        if queryOnly {
            do {
                try connection.execute("PRAGMA query_only = 0")
            } catch {
                if case .success = result { result = .failure(error) }
            }
        }
        return result
    }
}

/// Carries a body to the connection's queue and drops it once taken.
final class BodyBox<T>: Sendable {
    private let body: Mutex<(@Sendable (SQLiteConnection) throws -> T)?>

    init(_ body: @escaping @Sendable (SQLiteConnection) throws -> T) {
        self.body = Mutex(body)
    }

    /// The body, leaving nil behind so the box no longer retains it.
    func take() -> (@Sendable (SQLiteConnection) throws -> T)? {
        body.withLock { stored in
            defer { stored = nil }
            return stored
        }
    }
}
