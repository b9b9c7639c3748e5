import Synchronization
@testable import TroveCLI

/// A search that answers "<text> 1" … "<text> 3" after a per-text delay on `clock` (a
/// `TestClock` in tests that advance time themselves), and records what it was asked, what was
/// cancelled and what ended.
final class FakeSearch: Sendable {
    struct Call: Sendable, Hashable {
        var text: String
        var includeCompleted: Bool
    }

    private let delays: @Sendable (String) -> Duration
    private let failure: @Sendable (String) -> String?
    private let clock: any Clock<Duration>
    private let log = Mutex<(calls: [Call], cancelled: [String], ended: Int, toggles: [String])>(([], [], 0, []))

    init(delays: @escaping @Sendable (String) -> Duration = { _ in .zero },
         failure: @escaping @Sendable (String) -> String? = { _ in nil },
         clock: any Clock<Duration> = ContinuousClock()) {
        self.delays = delays
        self.failure = failure
        self.clock = clock
    }

    var calls: [Call] { log.withLock { $0.calls } }
    var cancelled: [String] { log.withLock { $0.cancelled } }
    var toggles: [String] { log.withLock { $0.toggles } }
    /// Whether every search asked for has answered, failed or been cancelled.
    var allEnded: Bool { log.withLock { $0.ended == $0.calls.count } }

    static func page(for text: String) -> ResultPage {
        let label = text.isEmpty ? "all" : text
        return ResultPage(rows: (1...3).map { ResultRow(id: Int64($0), title: HighlightedText("\(label) \($0)")) },
                          total: 3, queryText: text)
    }

    var function: InteractiveSession<ContinuousClock>.Search {
        { [self] text, includeCompleted in
            log.withLock { $0.calls.append(Call(text: text, includeCompleted: includeCompleted)) }
            return AsyncThrowingStream { continuation in
                let producer = Task { [self] in
                    defer { log.withLock { $0.ended += 1 } }
                    do {
                        // NB: a TestClock holds even a zero sleep until it is next advanced.
                        let delay = delays(text)
                        if delay > .zero { try await clock.sleep(for: delay) } else { try Task.checkCancellation() }
                        if let message = failure(text) {
                            continuation.finish(throwing: SearchFailure(message: message))
                            return
                        }
                        continuation.yield(Self.page(for: text))
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { [self] termination in
                    if case .cancelled = termination { log.withLock { $0.cancelled.append(text) } }
                    producer.cancel()
                }
            }
        }
    }

    var toggle: InteractiveSession<ContinuousClock>.ToggleDone {
        { [self] id, isCompleted in log.withLock { $0.toggles.append("\(id)=\(isCompleted)") } }
    }
}

struct SearchFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
