import Foundation

/// The relevance measures of one ranked answer against graded judgments, and their means.
///
/// ```swift
/// let judged = ["Renew passport": 3, "Scan travel documents": 2]
/// let scores = RelevanceMetrics(ranked: ["Scan travel documents", "Renew passport"], grades: judged)
/// scores.successAt1   // 0: the first hit is not one of the best-graded
/// scores.mrrAt10      // 0.5: the first best-graded hit is second
/// scores.ndcgAt10     // (3/log2(2) + 7/log2(3)) / (7/log2(2) + 3/log2(3)) = 0.83
/// ```
///
/// "Wanted" hits are those with the query's highest grade (for a known item, the item):
/// - success@1: 1 when the first hit is wanted.
/// - MRR@10: 1 / the rank of the first wanted hit in the top 10, else 0.
/// - nDCG@10: DCG of the top 10 with gain 2^grade − 1 and discount log2(rank + 1), over the
///   DCG of the ideal order of every judged document (unjudged documents count 0).
public struct RelevanceMetrics: Hashable, Sendable {
    public var successAt1: Double
    public var mrrAt10: Double
    public var ndcgAt10: Double

    public init(successAt1: Double, mrrAt10: Double, ndcgAt10: Double) {
        self.successAt1 = successAt1
        self.mrrAt10 = mrrAt10
        self.ndcgAt10 = ndcgAt10
    }

    /// The measures of `ranked` (best first) against `grades` (missing = 0).
    public init<Key: Hashable>(ranked: [Key], grades: [Key: Int]) {
        let best = grades.values.max() ?? 0
        let top = Array(ranked.prefix(10))
        let gradesInOrder = top.map { grades[$0] ?? 0 }
        successAt1 = best > 0 && gradesInOrder.first == best ? 1 : 0
        mrrAt10 = best > 0 ? gradesInOrder.firstIndex(of: best).map { 1 / Double($0 + 1) } ?? 0 : 0
        let ideal = grades.values.filter { $0 > 0 }.sorted(by: >).prefix(10)
        let idealDCG = Self.dcg(Array(ideal))
        ndcgAt10 = idealDCG > 0 ? Self.dcg(gradesInOrder) / idealDCG : 0
    }

    static func dcg(_ grades: [Int]) -> Double {
        grades.enumerated().reduce(0) { sum, item in
            sum + (pow(2, Double(item.element)) - 1) / log2(Double(item.offset + 2))
        }
    }

    /// The mean of each measure; zeros for none.
    public static func mean(_ all: [RelevanceMetrics]) -> RelevanceMetrics {
        guard !all.isEmpty else { return RelevanceMetrics(successAt1: 0, mrrAt10: 0, ndcgAt10: 0) }
        let count = Double(all.count)
        return RelevanceMetrics(
            successAt1: all.map(\.successAt1).reduce(0, +) / count,
            mrrAt10: all.map(\.mrrAt10).reduce(0, +) / count,
            ndcgAt10: all.map(\.ndcgAt10).reduce(0, +) / count)
    }
}
