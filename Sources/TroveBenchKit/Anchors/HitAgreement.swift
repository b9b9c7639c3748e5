/// How often two engines found the same number of matches for the same queries.
///
/// ```swift
/// let agreement = try HitAgreement(reference: [10, 0, 7], other: [10, 0, 9])
/// agreement.description   // "2/3 equal; median |Δ| 0, max 2"
/// ```
public struct HitAgreement: Hashable, Sendable, CustomStringConvertible {
    /// Queries whose counts are equal.
    public var equal: Int
    public var total: Int
    /// The nearest-rank median of |reference − other| over all queries.
    public var medianDifference: Int
    public var largestDifference: Int

    /// - Throws: ``BenchError`` when the lists differ in length: they are not the same queries.
    public init(reference: [Int], other: [Int]) throws {
        guard reference.count == other.count else {
            throw BenchError("hit counts for \(reference.count) and \(other.count) queries cannot be paired; run both sides with the same --queries-per-class")
        }
        let differences = zip(reference, other).map { abs($0 - $1) }.sorted()
        equal = differences.filter { $0 == 0 }.count
        total = differences.count
        medianDifference = differences.isEmpty ? 0 : differences[(differences.count + 1) / 2 - 1]
        largestDifference = differences.last ?? 0
    }

    public var description: String {
        "\(equal)/\(total) equal; median |Δ| \(medianDifference), max \(largestDifference)"
    }
}
