import Testing
import TroveBenchKit

@Suite struct ImportBenchmarkTests {
    // A single noisy moment decided the verdict when each side ran once, always in the same order.
    @Test func everySideRunsFirstOnceEveryThreeRounds() {
        let orders = (0..<3).map { ImportBenchmark.order(round: $0) }
        #expect(orders[0] == [.direct, .troveRecords, .troveJSONL])
        #expect(orders[1] == [.troveRecords, .troveJSONL, .direct])
        #expect(orders[2] == [.troveJSONL, .direct, .troveRecords])
        #expect(ImportBenchmark.order(round: 3) == orders[0])
        for order in orders { #expect(Set(order) == Set(ImportBenchmark.Side.allCases)) }
    }

    @Test(arguments: [
        ([12_000], 12_000),
        ([13_000, 9_000, 12_500], 12_500),
        ([13_000, 9_000, 12_000, 12_500], 12_250),
    ] as [([Double], Double)])
    func medianIgnoresOneOutlier(rates: [Double], median: Double) {
        #expect(ImportBenchmark.median(rates) == median)
    }

    @Test func medianOfNothingIsNil() {
        #expect(ImportBenchmark.median([]) == nil)
    }
}
