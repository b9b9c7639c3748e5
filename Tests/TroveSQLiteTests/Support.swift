import Dispatch
import Foundation
import Synchronization
import Testing
import TroveQuery
@testable import TroveSQLite
import TroveTestSupport

/// A fresh folder under the system's temporary directory, removed when the value goes away.
final class TemporaryDirectory: Sendable {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "trove-sqlite-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { path + "/" + name }
}

/// A one-shot flag one thread raises and another waits for, blocking or suspended.
final class Signal: Sendable {
    private let raised = Mutex(false)

    func raise() { raised.withLock { $0 = true } }

    var isRaised: Bool { raised.withLock { $0 } }

    /// Blocks the calling thread (a connection's, never the cooperative pool's) until raised.
    func waitBlocking(timeout: Duration = .seconds(5)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !isRaised {
            if ContinuousClock.now > deadline { return false }
            usleep(500)
        }
        return true
    }

    /// Suspends until raised.
    func wait(timeout: Duration = .seconds(5)) async -> Bool {
        await eventually(timeout: timeout, every: .milliseconds(1)) { isRaised }
    }
}

/// A statement that counts to `limit`, taking roughly `limit / 10^7` seconds or more.
func countingQuery(to limit: Int) -> SQLFragment {
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(limit)) SELECT count(*) FROM c"
}


extension Result {
    var isCancellation: Bool {
        if case .failure(let error) = self { return error is CancellationError }
        return false
    }
}

/// A counter shared between connection threads.
final class Counter: Sendable {
    private let count = Mutex(0)

    func increment() { count.withLock { $0 += 1 } }

    var value: Int { count.withLock { $0 } }
}
