import Testing
import TroveBenchKit

@Suite struct HitAgreementTests {
    @Test(arguments: [
        ([10, 0, 7], [10, 0, 9], "2/3 equal; median |Δ| 0, max 2"),
        ([5, 5, 5, 5], [5, 5, 5, 5], "4/4 equal; median |Δ| 0, max 0"),
        ([1, 2, 3, 4], [2, 4, 6, 4], "1/4 equal; median |Δ| 1, max 3"),   // |Δ| 0 1 2 3: the 2nd
        ([100], [0], "0/1 equal; median |Δ| 100, max 100"),
        ([], [], "0/0 equal; median |Δ| 0, max 0"),
    ])
    func countsEqualQueriesAndTheNearestRankMedianDifference(reference: [Int], other: [Int], expected: String) throws {
        #expect(try HitAgreement(reference: reference, other: other).description == expected)
    }

    @Test func listsOfDifferentLengthsAreNotTheSameQueries() {
        #expect(throws: BenchError.self) { try HitAgreement(reference: [1, 2], other: [1]) }
    }
}
