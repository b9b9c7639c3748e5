import Synchronization
@testable import TroveCLI
import TroveTestSupport

/// A terminal for session tests: bytes are typed with `type(_:)`, and every write is replayed
/// on a `ScreenEmulator` whose screens are recorded frame by frame.
final class FakeTerminal: InteractiveTerminal {
    let input: AsyncStream<[UInt8]>
    let resizes: AsyncStream<TerminalSize>
    private let inputContinuation: AsyncStream<[UInt8]>.Continuation
    private let resizeContinuation: AsyncStream<TerminalSize>.Continuation
    private let state: Mutex<State>

    struct State {
        var size: TerminalSize
        var screen: ScreenEmulator
        var frames: [[String]] = []
        var cleanup = ""
        var restoreCount = 0
        var suspendCount = 0
        var suspended = false
    }

    init(size: TerminalSize = TerminalSize(columns: 40, rows: 12)) {
        (input, inputContinuation) = AsyncStream.makeStream()
        (resizes, resizeContinuation) = AsyncStream.makeStream()
        state = Mutex(State(size: size, screen: ScreenEmulator(columns: size.columns, rows: size.rows)))
    }

    func type(_ text: String) { inputContinuation.yield(Array(text.utf8)) }
    func type(bytes: [UInt8]) { inputContinuation.yield(bytes) }
    func endInput() { inputContinuation.finish() }

    func resize(to size: TerminalSize) {
        state.withLock {
            $0.size = size
            $0.screen = ScreenEmulator(columns: size.columns, rows: size.rows)
        }
        resizeContinuation.yield(size)
    }

    var screen: [String] { state.withLock { $0.screen.lines } }
    var frames: [[String]] { state.withLock { $0.frames } }
    var emulator: ScreenEmulator { state.withLock { $0.screen } }
    var cleanup: String { state.withLock { $0.cleanup } }
    var restoreCount: Int { state.withLock { $0.restoreCount } }
    var suspendCount: Int { state.withLock { $0.suspendCount } }

    func size() -> TerminalSize { state.withLock { $0.size } }

    func write(_ text: String) {
        state.withLock {
            guard !$0.suspended else { return }
            $0.screen.feed(text)
            $0.frames.append($0.screen.lines)
        }
    }

    func suspend() {
        state.withLock {
            $0.suspendCount += 1
            $0.suspended = true
            $0.screen.feed($0.cleanup)
        }
    }

    func resume() {
        state.withLock { $0.suspended = false }
    }

    func setCleanup(_ text: String) { state.withLock { $0.cleanup = text } }

    func restore() {
        state.withLock {
            $0.restoreCount += 1
            if $0.restoreCount == 1 { $0.screen.feed($0.cleanup) }
        }
    }

    /// Polls until `condition` holds or ten seconds pass on the real clock.
    func wait(until condition: ([String]) -> Bool) async -> Bool {
        await eventually { condition(screen) }
    }
}
