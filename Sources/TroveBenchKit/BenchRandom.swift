import TroveStore

/// The benchmark's seeded draws: TroveStore's `SplitMix64`, so the same seed draws the same
/// queries on every machine and Swift version (`SystemRandomNumberGenerator` would not).
///
/// NB: `below` here is `next() % bound`, not SplitMix64's multiply-high; it stays so that a
/// seed keeps drawing the queries the committed BENCHMARKS.md and BENCHMARKS-HISTORY.md tables were measured with.
public struct BenchRandom: RandomNumberGenerator, Sendable {
    private var generator: SplitMix64

    public init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    public mutating func next() -> UInt64 { generator.next() }

    /// A value in `0..<bound`.
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        return Int(next() % UInt64(bound))
    }

    /// `items` in an order that depends only on the seed (Fisher–Yates).
    public mutating func shuffled<T>(_ items: [T]) -> [T] {
        var items = items
        for i in items.indices.reversed() where i > 0 {
            items.swapAt(i, below(i + 1))
        }
        return items
    }
}
