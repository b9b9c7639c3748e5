import Testing
import TroveBenchKit

@Suite struct LatencyStatsTests {
    @Test func nearestRankPicksTheCeilingRankOfOneToFive() {
        let stats = LatencyStats(milliseconds: [5, 1, 4, 2, 3])
        #expect(stats.p50 == 3)   // ⌈0.5 × 5⌉ = 3rd smallest
        #expect(stats.p99 == 5)   // ⌈0.99 × 5⌉ = 5th
        #expect(stats.percentile(20) == 1)   // exactly rank 1
        #expect(stats.percentile(21) == 2)   // ⌈1.05⌉ = 2
    }

    @Test func p99OfAHundredSamplesIsTheNinetyNinthNotTheWorst() {
        let stats = LatencyStats(milliseconds: (1...100).reversed().map(Double.init))
        #expect(stats.p50 == 50)
        #expect(stats.p99 == 99)
        #expect(stats.percentile(100) == 100)
    }

    @Test func singleSampleIsEveryPercentile() {
        let stats = LatencyStats(milliseconds: [7])
        #expect(stats.p50 == 7 && stats.p99 == 7 && stats.percentile(0) == 7)
    }

    @Test func emptySamplesGiveNaN() {
        #expect(LatencyStats(milliseconds: []).p50.isNaN)
    }

    @Test func durationsConvertToMilliseconds() {
        let stats = LatencyStats([.microseconds(1500), .milliseconds(2), .seconds(1)])
        #expect(stats.sorted == [1.5, 2, 1000])
    }
}
