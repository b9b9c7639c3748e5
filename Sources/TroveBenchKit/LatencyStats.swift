/// Percentiles of a set of timings, by the nearest-rank method.
///
/// ```swift
/// let stats = LatencyStats(milliseconds: [5, 1, 4, 2, 3])
/// stats.p50   // 3.0: the ⌈0.5 × 5⌉ = 3rd smallest
/// stats.p99   // 5.0: the ⌈0.99 × 5⌉ = 5th smallest
/// ```
///
/// Nearest rank always returns a value that was measured (no interpolation), so a p99 over
/// 100 samples is the 99th smallest, not a blend of the two slowest.
public struct LatencyStats: Hashable, Sendable {
    /// The samples in milliseconds, smallest first.
    public let sorted: [Double]

    public init(milliseconds samples: [Double]) {
        sorted = samples.sorted()
    }

    public init(_ durations: [Duration]) {
        self.init(milliseconds: durations.map(\.milliseconds))
    }

    public var count: Int { sorted.count }
    public var p50: Double { percentile(50) }
    public var p99: Double { percentile(99) }

    /// The nearest-rank percentile: the ⌈p/100 × n⌉-th smallest sample; NaN when empty.
    ///
    /// - Parameter p: From 0 (exclusive in effect: returns the smallest) to 100.
    public func percentile(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}

extension Duration {
    /// This duration in milliseconds, as a Double.
    public var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
