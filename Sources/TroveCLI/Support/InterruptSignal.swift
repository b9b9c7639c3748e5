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
/// let work = WorkCancellation()
/// let interrupt = await InterruptSignal.installed { work.cancel() }
/// defer { interrupt.cancel() }
/// try await work.run { try await search() }   // throws CancellationError after Ctrl-C
/// ```
///
/// NB: install it, and wait for it, before the work opens files. libdispatch registers the
/// source on its own thread and opens descriptors to do so (its epoll and event descriptors);
/// when they are all taken by then (`ulimit -n 8` and SQLite's files), it stops the process
/// with SIGILL instead of failing. Registered first, the work's own open fails instead, with
/// Trove's message naming the limit.
final class InterruptSignal: @unchecked Sendable {
    // NB: @unchecked: the one stored property is set once, and a dispatch source's methods
    // may be called from any thread.
    private let source: any DispatchSourceSignal

    /// An installed handler: returns once libdispatch has registered the source.
    static func installed(
        grace: DispatchTimeInterval = .seconds(1), onInterrupt: @escaping @Sendable () -> Void
    ) async -> InterruptSignal {
        await withCheckedContinuation { continuation in
            _ = InterruptSignal(grace: grace, onInterrupt: onInterrupt) { installed in continuation.resume(returning: installed) }
        }
    }

    private init(
        grace: DispatchTimeInterval, onInterrupt: @escaping @Sendable () -> Void,
        registered: @escaping @Sendable (InterruptSignal) -> Void
    ) {
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
        source.setRegistrationHandler { [self] in registered(self) }
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
