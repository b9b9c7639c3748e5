import Foundation
import Synchronization
import TroveSearch
@testable import TroveCLI

/// A search that answers "<text> 1" … "<text> N" after a per-text delay on `clock` (a
/// `TestClock` in tests that advance time themselves), in pages with keyset cursors, and
/// records what it was asked, what was cancelled and what ended.
final class FakeSearch: Sendable {
    struct Call: Sendable, Hashable {
        var text: String
        var includeCompleted: Bool
        var afterID: Int64? = nil
    }

    private let delays: @Sendable (String) -> Duration
    private let failure: @Sendable (String) -> String?
    private let counts: @Sendable (String) -> Int
    private let pageSize: Int
    private let clock: any Clock<Duration>
    private let log = Mutex<(calls: [Call], cancelled: [String], ended: Int)>(([], [], 0))

    /// - Parameters:
    ///   - counts: How many reminders match each text (3 unless given).
    ///   - pageSize: Rows in a first page.
    ///   - clock: What the delays sleep on.
    init(delays: @escaping @Sendable (String) -> Duration = { _ in .zero },
         failure: @escaping @Sendable (String) -> String? = { _ in nil },
         counts: @escaping @Sendable (String) -> Int = { _ in 3 },
         pageSize: Int = 100,
         clock: any Clock<Duration> = ContinuousClock()) {
        self.delays = delays
        self.failure = failure
        self.counts = counts
        self.pageSize = pageSize
        self.clock = clock
    }

    var calls: [Call] { log.withLock { $0.calls } }
    var cancelled: [String] { log.withLock { $0.cancelled } }
    /// Whether every search asked for has answered, failed or been cancelled.
    var allEnded: Bool { log.withLock { $0.ended == $0.calls.count } }

    /// Rows `from…through` of the answer to `text`, with the cursor after the last when more follow.
    static func page(for text: String, rows: ClosedRange<Int>? = nil, total: Int = 3) -> ResultPage {
        let label = text.isEmpty ? "all" : text
        let range = rows ?? 1...total
        let ids = range.clamped(to: 1...max(total, 1))
        let shown = total == 0 ? [] : ids.map { ResultRow(id: Int64($0), title: HighlightedText("\(label) \($0)")) }
        let next = ids.upperBound < total ? Fixtures.cursor(after: Int64(ids.upperBound)) : nil
        return ResultPage(rows: shown, total: total, queryText: text, next: next)
    }

    var function: InteractiveSession<ContinuousClock>.Search { function(for: ContinuousClock.self) }

    /// The search for a session on another clock (its requests are that session's type).
    func function<C: Clock>(for _: C.Type) -> InteractiveSession<C>.Search where C.Duration == Duration {
        { [self] ask in
            let afterID = ask.after.flatMap(Fixtures.id(of:))
            log.withLock { $0.calls.append(Call(text: ask.text, includeCompleted: ask.includeCompleted, afterID: afterID)) }
            let total = counts(ask.text)
            let first = Int(afterID ?? 0) + 1
            let last = min(first + (ask.limit ?? pageSize) - 1, total)
            return AsyncThrowingStream { continuation in
                let producer = Task { [self] in
                    defer { log.withLock { $0.ended += 1 } }
                    do {
                        // NB: a TestClock holds even a zero sleep until it is next advanced.
                        let delay = delays(ask.text)
                        if delay > .zero { try await clock.sleep(for: delay) } else { try Task.checkCancellation() }
                        if let message = failure(ask.text) {
                            continuation.finish(throwing: SearchFailure(message: message))
                            return
                        }
                        continuation.yield(Self.page(for: ask.text, rows: first...max(first, last), total: total))
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { [self] termination in
                    if case .cancelled = termination { log.withLock { $0.cancelled.append(ask.text) } }
                    producer.cancel()
                }
            }
        }
    }
}

struct SearchFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
