/// Picks indices with probability proportional to fixed weights, in O(log n): a cumulative
/// table and a binary search, narrowed first by a guide table.
///
/// ```swift
/// let table = WeightedTable.zipf(count: 3)   // weights 1, 1/2, 1/3
/// var random = SplitMix64(seed: 1)
/// table.sample(using: &random)               // 0 with probability 6/11
/// ```
struct WeightedTable: Sendable {
    /// `cumulative[i]` is the sum of weights `0...i`; strictly increasing.
    private let cumulative: [Double]
    /// For each of `guideCount` equal slices of `0..<total`, the first and last index a target
    /// in that slice can land on, widened by one each way against rounding.
    private let guide: [(low: Int32, high: Int32)]
    private static let guideCount = 4096

    var count: Int { cumulative.count }

    /// - Parameter weights: positive weights, one per index; at least one.
    init(weights: [Double]) {
        precondition(!weights.isEmpty && weights.allSatisfy { $0 > 0 }, "weights must be positive")
        var running = 0.0
        let cumulative = weights.map { running += $0; return running }
        let total = running
        self.cumulative = cumulative
        guide = (0..<Self.guideCount).map { slice in
            let from = Self.search(cumulative, Double(slice) / Double(Self.guideCount) * total, 0, cumulative.count)
            let to = Self.search(cumulative, Double(slice + 1) / Double(Self.guideCount) * total, 0, cumulative.count)
            return (Int32(max(from - 1, 0)), Int32(min(to + 1, cumulative.count - 1)))
        }
    }

    /// Zipf's law with exponent 1: index `r` (rank `r + 1`) has weight `1 / (r + 1)`.
    ///
    /// NB: the exponent is exactly 1 because `1 / rank` is a correctly rounded IEEE division,
    /// identical on every machine, while `pow(rank, s)` comes from the platform's libm and may
    /// differ in the last bit, which could move a binary-search boundary between machines.
    static func zipf(count: Int) -> WeightedTable {
        WeightedTable(weights: (1...count).map { 1 / Double($0) })
    }

    /// The probability of index `i`, for tests and documentation.
    func probability(of index: Int) -> Double {
        (cumulative[index] - (index == 0 ? 0 : cumulative[index - 1])) / cumulative[cumulative.count - 1]
    }

    /// An index in `0..<count`.
    func sample(using random: inout SplitMix64) -> Int {
        let unit = random.unit()
        let slice = guide[Int(unit * Double(Self.guideCount))]
        let low = Int(slice.low)
        return Self.search(cumulative, unit * cumulative[cumulative.count - 1], low, Int(slice.high) + 1 - low)
    }

    /// The first index in `start..<start + length` whose cumulative weight exceeds `target`,
    /// or the last index if none does.
    ///
    /// NB: branch-free halving (the comparison becomes a mask, not a jump), since the outcome
    /// of each comparison is a coin toss that a branch predictor cannot learn. The answer is the
    /// same as a plain binary search over the whole table whenever the range contains it,
    /// which the guide's widened bounds ensure.
    static func search(_ cumulative: [Double], _ target: Double, _ start: Int, _ length: Int) -> Int {
        cumulative.withUnsafeBufferPointer { values in
            var base = start
            var length = length
            while length > 1 {
                let half = length >> 1
                let below = values[base &+ half &- 1] <= target
                base &+= half & -Int(unsafeBitCast(below, to: UInt8.self))
                length &-= half
            }
            return base
        }
    }
}
