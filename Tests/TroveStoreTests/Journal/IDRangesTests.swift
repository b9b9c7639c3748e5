import Foundation
import Testing
@testable import TroveStore

/// The ids an import records for its undo: the same set whatever order they arrive in, kept as
/// the fewest ranges, and the same JSON in the journal as before chunking.
@Suite struct IDRangesTests {
    private static func ranges(_ ids: [Int64]) -> IDRanges {
        var ranges = IDRanges()
        for id in ids { ranges.insert(id) }
        return ranges
    }

    @Test(arguments: [
        ([1, 2, 3, 4], [1...4]),
        ([4, 3, 2, 1], [1...4]),
        ([9, 7, 5, 3, 1], [1...1, 3...3, 5...5, 7...7, 9...9]),
        ([1, 3, 5, 7, 9], [1...1, 3...3, 5...5, 7...7, 9...9]),
        ([5, 5, 4, 5, 4], [4...5]),
        ([1, 3, 2], [1...3]),
        ([10, 20, 30, 15, 25, 11, 19, 12, 13, 14, 16, 17, 18], [10...20, 25...25, 30...30]),
        ([Int64.max, Int64.max - 1, 1, 0, -1], [-1...1, (Int64.max - 1)...Int64.max]),
    ] as [([Int64], [ClosedRange<Int64>])])
    func idsInAnyOrderBecomeTheFewestSortedRanges(ids: [Int64], expected: [ClosedRange<Int64>]) {
        let ranges = Self.ranges(ids)
        #expect(ranges.ranges == expected)
        #expect(ranges.count == Set(ids).count)
    }

    /// Regression for issue 15: an id below the others re-sorted every range, so an import
    /// whose ids ran downward with gaps was quadratic. Thousands of ranges cross many chunks.
    @Test func aDescendingRunWithGapsThenItsGapsFilledMergesAcrossChunks() {
        let count: Int64 = 5_000
        var ranges = IDRanges()
        for id in stride(from: 2 * count, through: 2, by: -2) { ranges.insert(id) }
        #expect(ranges.ranges.count == Int(count))
        #expect(ranges.ranges.first == 2...2 && ranges.ranges.last == (2 * count)...(2 * count))
        #expect(!ranges.contains(3) && ranges.contains(4))
        for id in stride(from: 3, to: 2 * count, by: 2) { ranges.insert(id) }
        #expect(ranges.ranges == [2...(2 * count)])
        #expect(ranges.count == Int(2 * count - 1))
    }

    /// A seeded random comparison against `Set<Int64>`: clustered ids (so ranges touch, merge
    /// and fill gaps) in random order, checked as the ranges the set makes and id by id.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomInsertsHoldTheSameIdsAsASet(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var ranges = IDRanges()
        var set = Set<Int64>()
        for _ in 0..<20_000 {
            let id = Int64(random.below(6_000))
            ranges.insert(id)
            set.insert(id)
        }
        #expect(ranges.ranges == Self.sortedRanges(of: set))
        #expect(ranges.count == set.count)
        for id in Int64(-1)...6_001 where ranges.contains(id) != set.contains(id) {
            Issue.record("seed \(seed): contains(\(id)) is \(ranges.contains(id)), the set says \(set.contains(id))")
        }
    }

    @Test func theJournalJSONIsThePairsInOrderAndReadsBack() throws {
        let ranges = Self.ranges([7, 1, 2, 3, 9, 8])
        let json = String(decoding: try JSONEncoder().encode(ranges), as: UTF8.self)
        #expect(json == "[[1,3],[7,9]]")
        #expect(try JSONDecoder().decode(IDRanges.self, from: Data(json.utf8)) == ranges)
        // NB: a hand-edited journal with ranges out of order, touching or overlapping reads as its ids.
        let edited = try JSONDecoder().decode(IDRanges.self, from: Data("[[7,8],[1,2],[3,3],[8,9]]".utf8))
        #expect(edited == ranges)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(IDRanges.self, from: Data("[[3,1]]".utf8)) }
    }

    private static func sortedRanges(of set: Set<Int64>) -> [ClosedRange<Int64>] {
        var result: [ClosedRange<Int64>] = []
        for id in set.sorted() {
            if let last = result.last, last.upperBound + 1 == id {
                result[result.count - 1] = last.lowerBound...id
            } else {
                result.append(id...id)
            }
        }
        return result
    }
}
