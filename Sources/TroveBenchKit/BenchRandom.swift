/// SplitMix64: the benchmark's own small deterministic generator, so that the same seed draws
/// the same queries on every machine and Swift version (`SystemRandomNumberGenerator` would not).
public struct BenchRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

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
