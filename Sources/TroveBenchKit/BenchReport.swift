import Foundation

/// The one table a run prints: each measured figure beside the baseline measured in the same
/// run, the ratio between them and the target.
public struct BenchReport: Sendable {
    public static let header = ["Area", "Measure", "Trove", "Baseline (same run)", "Trove vs baseline", "Target"]
    public private(set) var table = MarkdownTable(header: BenchReport.header)
    /// Lines printed under the table: how figures were taken, and anything that failed.
    public private(set) var notes: [String] = []

    public init() {}

    public mutating func add(_ area: String, _ measure: String, trove: String, baseline: String, versus: String = "", target: String = "") {
        table.append([area, measure, trove, baseline, versus, target])
    }

    public mutating func note(_ text: String) {
        notes.append(text)
    }
}

/// How figures are written in the table.
public enum Format {
    /// `12.3 ms`, with fewer decimals as numbers grow.
    public static func ms(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        return value >= 100 ? String(format: "%.0f ms", value) : value >= 10 ? String(format: "%.1f ms", value)
            : String(format: "%.2f ms", value)
    }

    /// `p50 / p99` of a set of timings.
    public static func pair(_ stats: LatencyStats) -> String {
        "\(ms(stats.p50)) / \(ms(stats.p99))"
    }

    /// `+4%` or `−12%`: how much `value` exceeds `base`.
    public static func overhead(_ value: Double, over base: Double) -> String {
        guard base > 0, value.isFinite, base.isFinite else { return "n/a" }
        let percent = (value / base - 1) * 100
        return String(format: "%+.0f%%", percent)
    }

    /// The overhead of both percentiles: `+4% / +9%`.
    public static func overheads(_ value: LatencyStats, over base: LatencyStats) -> String {
        "\(overhead(value.p50, over: base.p50)) / \(overhead(value.p99, over: base.p99))"
    }

    /// `41,200`.
    public static func count(_ value: Double) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.maximumFractionDigits = 0
        formatter.locale = Locale(identifier: "en_US")
        return formatter.string(from: NSNumber(value: value)) ?? "\(Int(value))"
    }

    /// `12.4 MiB` from KiB.
    public static func mebibytes(kib: Int) -> String {
        String(format: "%.1f MiB", Double(kib) / 1024)
    }

    /// `12.4 MiB` from bytes.
    public static func mebibytes(bytes: Int) -> String {
        String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }

    /// `93%`: `value` as a share of `base`.
    public static func share(_ value: Double, of base: Double) -> String {
        base > 0 ? String(format: "%.0f%%", value / base * 100) : "n/a"
    }
}
