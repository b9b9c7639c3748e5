import Dispatch
import Foundation
import Testing
@testable import TroveSearch

@Suite struct LatestWinsDeadlockTests {
    struct Broken: Error {}

    /// Regression: `finish` ends the stream under LatestWins's lock, the stream's
    /// `onTermination` called `stop()`, and `stop()` took the same lock: the thread waited for
    /// itself. (The same lock, taken in `onTermination` while the consumer was being cancelled,
    /// also deadlocked against a yield in 1,000 cancel cycles.)
    @Test func finishingFromTheCurrentGenerationDoesNotWaitForItself() async throws {
        let done = DispatchSemaphore(value: 0)
        let stream = AsyncThrowingStream<ResultSet, any Error> { continuation in
            let latest = LatestWins(continuation: continuation)
            continuation.onTermination = { _ in latest.stop() }
            let generation = latest.begin()
            // NB: on a thread of its own, so a deadlock leaves the test able to fail.
            Thread {
                latest.finish(throwing: Broken(), from: generation)
                done.signal()
            }.start()
        }
        let finished = done.wait(timeout: .now() + 5) == .success
        #expect(finished, "finish deadlocked in onTermination")
        guard finished else { return }
        await #expect(throws: Broken.self) { for try await _ in stream {} }
    }
}
