import Synchronization

/// "waiting for another trove…" on stderr, once per command, when a statement has waited a
/// second for another process's lock (a write during another trove's import waits up to two
/// minutes, which used to pass without a word).
///
/// ```swift
/// ReminderStore.open(path: path, onBusyWait: BusyNotice.say(for: path))
/// // after a second of waiting: trove: waiting for another trove to finish writing to t.db…
/// ```
enum BusyNotice {
    private static let said = Atomic<Bool>(false)

    /// The closure a connection calls when it has waited a second.
    static func say(for path: String) -> @Sendable () -> Void {
        {
            guard !said.exchange(true, ordering: .relaxed) else { return }
            Terminal.standardError.write("trove: waiting for another trove to finish writing to \(path)…\n")
        }
    }
}
