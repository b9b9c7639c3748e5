/// A small, fast pseudo-random generator whose output depends only on its seed: the same
/// numbers on every machine, OS and Swift version, which `SystemRandomNumberGenerator` and
/// `Int.random(in:)` do not promise.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// random.next()           // 13679457532755275413, always
/// random.below(6)         // 0…5
/// ```
///
/// Steele, Lea and Flood, "Fast splittable pseudorandom number generators" (OOPSLA 2014); it
/// passes BigCrush, plenty for synthetic data. Not for anything secret. The generator, the
/// fuzz tests (`HostileSearchText`) and the benchmark's query draws all use this one.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator that starts from `seed`; the same seed gives the same sequence.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// The finaliser on its own: a bijection that scatters nearby inputs, used to derive an
    /// independent stream per record from (seed, index).
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `0..<bound` (bound > 0).
    ///
    /// NB: Lemire's multiply-high, without the rejection step: the bias is below bound / 2^64,
    /// invisible at our bounds, and skipping rejection keeps one draw per call so streams
    /// stay aligned.
    public mutating func below(_ bound: Int) -> Int {
        Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A uniform integer in `range`.
    public mutating func between(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// A uniform double in `0..<1`, from the top 53 bits.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool {
        unit() < p
    }
}
