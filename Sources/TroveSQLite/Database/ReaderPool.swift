import Synchronization

/// Reader connections handed out fairly; callers wait, suspended, while all are busy.
final class ReaderPool: Sendable {
    let readers: [SerialConnection]
    let queue: Mutex<ReaderQueue<CheckedContinuation<Int, any Error>>>
    private let nextID = Atomic<UInt64>(0)

    init(readers: [SerialConnection]) {
        precondition(!readers.isEmpty, "a reader pool needs a reader")
        self.readers = readers
        queue = Mutex(ReaderQueue(readerCount: readers.count))
    }

    /// Runs `operation` with a reader to itself, waiting for one if need be.
    func withReader<T>(_ operation: (SerialConnection) async throws -> T) async throws -> T {
        let index = try await acquire()
        defer { release(index) }
        return try await operation(readers[index])
    }

    /// Runs `operation` with a second reader when one is idle and nobody waits for it, else
    /// with nil; never waits.
    func withIdleReader<T>(_ operation: (SerialConnection?) async throws -> T) async rethrows -> T {
        guard let index = queue.withLock({ $0.tryAcquire() }) else { return try await operation(nil) }
        defer { release(index) }
        return try await operation(readers[index])
    }

    private func acquire() async throws -> Int {
        let id = nextID.add(1, ordering: .relaxed).newValue
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let action = queue.withLock {
                    $0.acquire(id: id, waiter: continuation, isCancelled: Task.isCancelled)
                }
                switch action {
                case .use(let index): continuation.resume(returning: index)
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .wait: break
                }
            }
        } onCancel: {
            queue.withLock { $0.cancel(id: id) }?.resume(throwing: CancellationError())
        }
    }

    private func release(_ index: Int) {
        if let (waiter, reader) = queue.withLock({ $0.release(index) }) {
            waiter.resume(returning: reader)
        }
    }
}
