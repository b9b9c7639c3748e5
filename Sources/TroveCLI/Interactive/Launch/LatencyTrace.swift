#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Measures keystroke-to-screen latency when `TROVE_TRACE_LATENCY=FILE` is set: for each
/// keystroke that changes the query, how long until its echo was written to the terminal, and
/// how long until the frame with its results was.
///
/// ```text
/// echo 0.21 d          ← ms from the bytes reaching the session to the prompt frame written
/// results 3.87 d       ← ms from the same moment to the frame showing the results for "d"
/// superseded de        ← newer typing replaced "de" before its results came
/// preview 4.02 d       ← with the preview pane open: to the frame showing the selected reminder in it
/// ```
///
/// Used by one session loop only, so it needs no lock.
final class LatencyTrace {
    private let fd: Int32
    private var pending: [Int: (text: String, at: ContinuousClock.Instant)] = [:]
    /// The newest keystroke whose selected reminder has not been previewed yet.
    private var previewPending: (text: String, at: ContinuousClock.Instant)?

    /// - Parameter path: The file to append to; nil when it cannot be opened.
    init?(path: String) {
        fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return nil }
    }

    deinit { close(fd) }

    /// A keystroke started the query of `generation`; its echo has just been written.
    func keyed(generation: Int, text: String, receivedAt: ContinuousClock.Instant) {
        for (older, entry) in pending where older < generation { line("superseded \(entry.text)") }
        pending = pending.filter { $0.key >= generation }
        pending[generation] = (text, receivedAt)
        previewPending = (text, receivedAt)
        line("echo \(Self.milliseconds(receivedAt.duration(to: .now))) \(text)")
    }

    /// The frame for `generation`'s first results has just been written.
    func shown(generation: Int) {
        guard let entry = pending.removeValue(forKey: generation) else { return }
        line("results \(Self.milliseconds(entry.at.duration(to: .now))) \(entry.text)")
    }

    /// The frame showing the selected reminder's preview has just been written.
    func previewShown() {
        guard let entry = previewPending else { return }
        previewPending = nil
        line("preview \(Self.milliseconds(entry.at.duration(to: .now))) \(entry.text)")
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.2f", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
    }

    private func line(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }
}
