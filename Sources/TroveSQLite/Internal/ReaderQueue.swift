/// Who gets the next idle reader, as a pure state machine; `ReaderPool` runs it under a lock.
///
/// Idle readers are handed out least recently used first, and waiting callers first come,
/// first served. `Waiter` is whatever resumes a caller (a continuation in production, a plain
/// value in tests).
struct ReaderQueue<Waiter> {
    private(set) var idle: [Int]
    private(set) var waiters: [(id: UInt64, waiter: Waiter)] = []

    init(readerCount: Int) {
        idle = Array(0..<readerCount)
    }

    enum AcquireAction {
        /// Use this reader now.
        case use(Int)
        /// Resume the caller with `CancellationError`.
        case cancelled
        /// The caller was queued; `release` or `cancel` will resume it.
        case wait
    }

    /// A caller wants a reader. `isCancelled` is read under the same lock as `cancel` runs, so a
    /// cancel either sees the queued waiter or the caller sees the cancel; never neither.
    mutating func acquire(id: UInt64, waiter: Waiter, isCancelled: Bool) -> AcquireAction {
        if isCancelled { return .cancelled }
        if waiters.isEmpty, !idle.isEmpty { return .use(idle.removeFirst()) }
        waiters.append((id, waiter))
        return .wait
    }

    /// A reader for a caller that will not wait: an idle one when nobody is waiting, else nil.
    mutating func tryAcquire() -> Int? {
        guard waiters.isEmpty, !idle.isEmpty else { return nil }
        return idle.removeFirst()
    }

    /// A reader is free again: the longest waiter gets it, or it goes idle.
    mutating func release(_ reader: Int) -> (waiter: Waiter, reader: Int)? {
        guard !waiters.isEmpty else {
            idle.append(reader)
            return nil
        }
        return (waiters.removeFirst().waiter, reader)
    }

    /// A waiting caller's task was cancelled: the waiter to resume with `CancellationError`, if
    /// it is still waiting.
    mutating func cancel(id: UInt64) -> Waiter? {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return waiters.remove(at: index).waiter
    }
}
