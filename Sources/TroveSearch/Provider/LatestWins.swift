import Synchronization

/// The state of "latest wins": which query generation may still deliver, and the work to cancel
/// when a newer one starts. Pure, so it is tested without tasks.
///
/// ```swift
/// var state = LatestWinsState<String>()
/// let (first, _) = state.begin()            // generation 1
/// state.attach("work 1", to: first)         // nil: it is current, keep it
/// let (second, stale) = state.begin()       // generation 2; stale == "work 1": cancel it
/// state.isCurrent(first)                    // false: its results are dropped
/// ```
struct LatestWinsState<Work> {
    private(set) var generation: UInt64 = 0
    private var current: Work?

    /// Starts a new generation. - Returns: its number and the previous work, to cancel.
    mutating func begin() -> (generation: UInt64, superseded: Work?) {
        generation += 1
        defer { current = nil }
        return (generation, current)
    }

    /// Records the work for `generation`. - Returns: the work itself when a newer generation
    /// began meanwhile, to cancel at once; nil when it was recorded.
    mutating func attach(_ work: Work, to generation: UInt64) -> Work? {
        guard generation == self.generation else { return work }
        current = work
        return nil
    }

    /// Whether results of `generation` may still be delivered.
    func isCurrent(_ generation: UInt64) -> Bool { generation == self.generation }

    /// Ends everything. - Returns: the work to cancel.
    mutating func stop() -> Work? {
        generation += 1
        defer { current = nil }
        return current
    }
}

/// ``LatestWinsState`` behind a lock, delivering into a stream: of ``ResultSet``s for
/// ``SearchProvider``, of ``IndexResultSet``s for a ``SearchIndex``.
final class LatestWins<Element: Sendable>: Sendable {
    private let state = Mutex(LatestWinsState<Task<Void, Never>>())
    private let continuation: AsyncThrowingStream<Element, any Error>.Continuation

    init(continuation: AsyncThrowingStream<Element, any Error>.Continuation) {
        self.continuation = continuation
    }

    /// Starts a generation, cancelling the previous one's work.
    func begin() -> UInt64 {
        let (generation, superseded) = state.withLock { $0.begin() }
        superseded?.cancel()
        return generation
    }

    func attach(_ task: Task<Void, Never>, to generation: UInt64) {
        state.withLock { $0.attach(task, to: generation) }?.cancel()
    }

    /// Yields `element` only if `generation` is still the latest.
    ///
    /// NB: the check and the yield happen under one lock, and ``begin()`` takes the same lock,
    /// so once a newer generation has begun nothing older can slip through.
    func deliver(_ element: Element, from generation: UInt64) {
        state.withLock { state in
            if state.isCurrent(generation) { continuation.yield(element) }
        }
    }

    func finish(throwing error: (any Error)?, from generation: UInt64) {
        state.withLock { state in
            if state.isCurrent(generation) { continuation.finish(throwing: error) }
        }
    }

    /// Ends everything and cancels the current work, soon after.
    ///
    /// NB: this runs in the stream's `onTermination`, which may be called while the consumer
    /// task's status lock is held (the consumer is being cancelled) or while this lock is held
    /// (``finish(throwing:from:)`` ends the stream). ``deliver(_:from:)`` yields under this lock,
    /// and a yield needs the consumer's status lock, so taking the lock here deadlocked both
    /// ways (seen in 1,000 cancel cycles). A task of its own takes it once both have let go;
    /// until then any yield goes to a finished stream, which drops it.
    func stop() {
        Task { [self] in state.withLock { $0.stop() }?.cancel() }
    }
}
