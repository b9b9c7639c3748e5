import Foundation
import TroveStore
import Synchronization

/// A one-line progress display on stderr, drawn only when stderr is a terminal:
/// `importing big.jsonl  [########------------]  41%  412,000 rows  98,113 rows/s  ETA 6s`.
final class ProgressBar: Sendable {
    private let label: String
    private let totalBytes: Int?
    private let enabled: Bool
    /// When the line was last drawn; nil before the first draw.
    private let lastDraw = Mutex<ContinuousClock.Instant?>(nil)

    init(label: String, totalBytes: Int?, enabled: Bool = Terminal.standardError.isTerminal) {
        self.label = label
        self.totalBytes = totalBytes
        self.enabled = enabled
    }

    func update(rows: Int, bytesRead: Int?, elapsed: Duration) {
        guard enabled else { return }
        let now = ContinuousClock.now
        let due = lastDraw.withLock { last in
            guard last.map({ now - $0 > .milliseconds(100) }) ?? true else { return false }
            last = now
            return true
        }
        guard due else { return }
        Terminal.standardError.write("\r\u{1B}[K" + Self.line(label: label, rows: rows, bytesRead: bytesRead, totalBytes: totalBytes, elapsed: elapsed))
    }

    func finish() {
        guard enabled, lastDraw.withLock({ $0 != nil }) else { return }
        Terminal.standardError.write("\r\u{1B}[K")
    }

    /// The text of one progress line; pure, for tests.
    static func line(label: String, rows: Int, bytesRead: Int?, totalBytes: Int?, elapsed: Duration) -> String {
        let seconds = max(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, 0.001)
        let rate = Double(rows) / seconds
        var parts = ["importing \(label)"]
        if let bytesRead, let totalBytes, totalBytes > 0 {
            let fraction = min(1, Double(bytesRead) / Double(totalBytes))
            let filled = Int(fraction * 20)
            parts.append("[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 20 - filled) + "]")
            parts.append(String(format: "%3d%%", Int(fraction * 100)))
            if fraction > 0.001 {
                parts.append("ETA " + formatDuration(seconds / fraction - seconds))
            }
        }
        parts.append("\(formatCount(rows)) rows")
        parts.append("\(formatCount(Int(rate))) rows/s")
        return parts.joined(separator: "  ")
    }

    static func formatCount(_ value: Int) -> String {
        GroupedNumber.text(value)
    }

    static func formatDuration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return whole >= 60 ? "\(whole / 60)m\(whole % 60)s" : "\(whole)s"
    }
}
