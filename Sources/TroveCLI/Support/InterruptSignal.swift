import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C during a one-shot command: cancel its work (which interrupts a running SQLite
/// statement), so it ends with "Interrupted." and exit 130; if it has not ended within
/// `grace`, or on a second Ctrl-C, exit 130 at once.
///
/// ```swift
/// let work = Task { try await search() }
/// let interrupt = InterruptSignal { work.cancel() }
/// defer { interrupt.cancel() }
/// try await work.value   // throws CancellationError after Ctrl-C
/// ```
final class InterruptSignal {
    private let source: any DispatchSourceSignal

    init(grace: DispatchTimeInterval = .seconds(1), onInterrupt: @escaping @Sendable () -> Void) {
        // NB: the default action would kill the process with the signal itself; ignoring it
        // hands delivery to the dispatch source instead.
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        let seen = Mutex(false)
        source.setEventHandler {
            let again = seen.withLock { earlier in
                defer { earlier = true }
                return earlier
            }
            if again { InterruptSignal.exitNow() }
            onInterrupt()
            DispatchQueue.global().asyncAfter(deadline: .now() + grace) { InterruptSignal.exitNow() }
        }
        source.resume()
    }

    /// Stops listening and restores the default action.
    func cancel() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }

    private static func exitNow() -> Never {
        Terminal.standardError.write("trove: Interrupted.\n")
        _exit(ExitStatus.interrupted.rawValue)
    }
}
