import Testing
@testable import TroveSQLite

@Suite("Reader queue: fair hand-out")
struct ReaderQueueTests {
    @Test func idleReadersGoLeastRecentlyUsedFirst() {
        var queue = ReaderQueue<String>(readerCount: 2)
        guard case .use(let first) = queue.acquire(id: 1, waiter: "a", isCancelled: false) else { Issue.record(); return }
        #expect(first == 0)
        let handedOn = queue.release(first)
        #expect(handedOn == nil)
        guard case .use(let second) = queue.acquire(id: 2, waiter: "b", isCancelled: false) else { Issue.record(); return }
        #expect(second == 1)
    }

    @Test func waitersAreServedFirstComeFirstServed() {
        var queue = ReaderQueue<String>(readerCount: 1)
        guard case .use(let reader) = queue.acquire(id: 1, waiter: "a", isCancelled: false) else { Issue.record(); return }
        guard case .wait = queue.acquire(id: 2, waiter: "b", isCancelled: false) else { Issue.record(); return }
        guard case .wait = queue.acquire(id: 3, waiter: "c", isCancelled: false) else { Issue.record(); return }
        let first = queue.release(reader)?.waiter
        let second = queue.release(reader)?.waiter
        let third = queue.release(reader)?.waiter
        #expect([first, second, third] == ["b", "c", nil])
        #expect(queue.idle == [0])
    }

    @Test func aCallerThatWillNotWaitGetsOnlyAnIdleReaderNobodyWaitsFor() {
        var queue = ReaderQueue<String>(readerCount: 2)
        guard case .use(let first) = queue.acquire(id: 1, waiter: "a", isCancelled: false) else { Issue.record(); return }
        let second = queue.tryAcquire()
        #expect(second == 1)
        #expect(queue.tryAcquire() == nil)   // none idle: not queued either
        #expect(queue.waiters.isEmpty)
        guard case .wait = queue.acquire(id: 2, waiter: "b", isCancelled: false) else { Issue.record(); return }
        _ = queue.release(first)   // to "b", who waited
        _ = queue.release(1)
        #expect(queue.tryAcquire() == 1)
        guard case .wait = queue.acquire(id: 3, waiter: "c", isCancelled: false) else { Issue.record(); return }
        // NB: "c" waits, so an idle reader that comes back goes to it, never to a caller that would not wait.
        #expect(queue.tryAcquire() == nil)
    }

    @Test func cancelledWaiterLeavesTheQueue() {
        var queue = ReaderQueue<String>(readerCount: 1)
        _ = queue.acquire(id: 1, waiter: "a", isCancelled: false)
        _ = queue.acquire(id: 2, waiter: "b", isCancelled: false)
        _ = queue.acquire(id: 3, waiter: "c", isCancelled: false)
        let cancelled = queue.cancel(id: 2)
        let again = queue.cancel(id: 2)
        let next = queue.release(0)?.waiter
        #expect(cancelled == "b")
        #expect(again == nil)
        #expect(next == "c")
    }

    @Test func alreadyCancelledCallerIsNotQueued() {
        var queue = ReaderQueue<String>(readerCount: 1)
        guard case .cancelled = queue.acquire(id: 1, waiter: "a", isCancelled: true) else { Issue.record(); return }
        #expect(queue.waiters.isEmpty)
        #expect(queue.idle == [0])
    }
}
