import Dispatch
import Synchronization
import TroveQuery

/// A connection confined to its own serial dispatch queue, where every body runs.
///
/// Bodies never run on Swift's cooperative pool, so a long query cannot starve other tasks;
/// the calling task moves to the queue for the body and back off it after.
///
/// `@unchecked Sendable` is safe because `connection`, the only non-`Sendable` state, is
/// touched in exactly two places: inside blocks and task jobs on `queue`, a serial queue, so by
/// one thread at a time with each block's writes visible to the next; and in `deinit`, which runs only
/// when no block holds `self` any more. Other threads reach the connection only through
/// `interruptState` (`Sendable`: an atomic flag and `sqlite3_interrupt`) and `BodyGate`.
final class SerialConnection: @unchecked Sendable {
    private let connection: SQLConnection
    private let queue: DispatchQueue
    /// Runs the callers' tasks on `queue` for the length of a body.
    private let executor: QueueExecutor
    private let interruptState: InterruptState
    /// Bodies handed to the queue and not yet finished (or skipped), the one running included;
    /// for tests that must know a body is queued.
    private let pending = Atomic<Int>(0)

    /// Bodies queued or running on this connection.
    var pendingBodies: Int { pending.load(ordering: .acquiring) }

    init(_ connection: SQLConnection, label: String) {
        self.connection = connection
        self.interruptState = connection.interruptState
        self.queue = DispatchQueue(label: label)
        self.executor = QueueExecutor(queue: queue)
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

    /// Runs `body` on the connection's queue, inside the calling task, and returns its result.
    ///
    /// NB: the body runs as part of the caller's task (the queue is the task's preferred
    /// executor for the call), not in a block of its own: so the task's task-local values
    /// reach it. Swift Testing finds the running test that way (`Test.current`), and so do the
    /// snapshot helpers; in a plain `queue.async` block `#expect` reported "Test «unknown»" and
    /// `assertSearch` inside `read` passed whatever it was given (issue 52, item 1).
    ///
    /// - Parameters:
    ///   - interruptible: Whether cancelling the task interrupts SQLite (reads) or lets the body
    ///     finish (writes). Either way a body whose task is cancelled before it starts is skipped.
    ///   - queryOnly: Sets `PRAGMA query_only` around the body, for a connection that also writes.
    ///   - body: The work; it must not let the connection or a cursor escape.
    /// - Throws: `CancellationError` when skipped or interrupted, or what `body` throws.
    func run<T: Sendable>(
        interruptible: Bool, queryOnly: Bool, _ body: @Sendable (SQLConnection) throws -> T
    ) async throws -> T {
        let gate = BodyGate()
        pending.add(1, ordering: .releasing)
        defer { pending.subtract(1, ordering: .releasing) }
        return try await withTaskCancellationHandler {
            try await withTaskExecutorPreference(executor) {
                try self.execute(body, gate: gate, queryOnly: queryOnly).get()
            }
        } onCancel: {
            gate.cancel {
                if interruptible { interruptState.interrupt() }
            }
        }
    }

    // MARK: Lent to another connection's body (SQLiteReadHelper)

    /// Runs `work` on this connection's queue while the calling thread waits.
    ///
    /// NB: only for a body running on ANOTHER connection that holds this one's reader slot, so
    /// no body of this connection's own is queued or running meanwhile.
    func runLent<T>(_ work: (SQLConnection) throws -> T) rethrows -> T {
        try queue.sync { try work(connection) }
    }

    /// Starts `work` on this connection's queue and returns at once; as ``runLent(_:)``.
    func startLent(_ work: @escaping @Sendable (SQLConnection) -> Void) {
        queue.async { work(self.connection) }
    }

    /// Stops the statement the lent connection runs now and makes it refuse further ones.
    func interruptLent() { interruptState.interrupt() }

    /// Lets the lent connection start statements again.
    func clearLentInterrupt() { interruptState.clear() }

    /// On `queue`: the body between the gate's start and finish, with the connection tidied after.
    private func execute<T>(
        _ body: (SQLConnection) throws -> T, gate: BodyGate, queryOnly: Bool
    ) -> Result<T, any Error> {
        // NB: the task executor's contract; were the body ever elsewhere, two bodies could
        // share the connection at once.
        dispatchPrecondition(condition: .onQueue(queue))
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

/// Runs the jobs of a task that prefers it (`withTaskExecutorPreference`) on a serial
/// dispatch queue, one after another: a connection's bodies then run on its queue, off Swift's
/// cooperative pool, yet inside their callers' tasks.
final class QueueExecutor: TaskExecutor {
    let queue: DispatchQueue

    init(queue: DispatchQueue) {
        self.queue = queue
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
