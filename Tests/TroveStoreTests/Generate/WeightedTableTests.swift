import Testing
@testable import TroveStore

@Suite struct WeightedTableTests {
    /// The first outputs for seed 0 of the reference C implementation (Vigna's splitmix64.c):
    /// if these hold, the stream is the same on every platform.
    @Test func splitMixMatchesTheReferenceSequence() {
        var random = SplitMix64(seed: 0)
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 7_960_286_522_194_355_700)
        #expect(random.next() == 487_617_019_471_545_679)
    }

    @Test func boundedDrawsStayInRange() {
        var random = SplitMix64(seed: 9)
        var seen = Set<Int>()
        for _ in 0..<10_000 {
            let value = random.between(-3...3)
            #expect((-3...3).contains(value))
            seen.insert(value)
            let unit = random.unit()
            #expect(unit >= 0 && unit < 1)
        }
        #expect(seen.count == 7)
    }

    /// Weights 1:2:7 over 100,000 draws: each share's standard deviation is under 0.0015, so
    /// ±0.01 only fails if the search picks the wrong neighbour.
    @Test func samplesInProportionToWeights() {
        let table = WeightedTable(weights: [1, 2, 7])
        var random = SplitMix64(seed: 3)
        var counts = [0, 0, 0]
        for _ in 0..<100_000 { counts[table.sample(using: &random)] += 1 }
        let shares = counts.map { Double($0) / 100_000 }
        #expect(abs(shares[0] - 0.1) < 0.01 && abs(shares[1] - 0.2) < 0.01 && abs(shares[2] - 0.7) < 0.01,
                "\(shares)")
        #expect(abs(table.probability(of: 2) - 0.7) < 1e-12)
    }

    /// Zipf with exponent 1 predicts the top word at twice the second and ten times the tenth.
    /// With 200,000 draws from the text vocabulary the top word is about 12% (≈25,000 draws,
    /// σ ≈ 150), the second ≈12,500 (σ ≈ 110), the tenth ≈2,500 (σ ≈ 50); the bounds below are
    /// more than five σ of the ratios wide, yet a uniform or exponent-2 table falls far outside.
    @Test func wordFrequenciesFollowZipf() {
        let text = GeneratorTables.shared.text
        var random = SplitMix64(seed: 2026)
        var counts = [Int: Int]()
        for _ in 0..<200_000 { counts[text.table.sample(using: &random), default: 0] += 1 }
        let ranked = counts.values.sorted(by: >)
        let second = Double(ranked[0]) / Double(ranked[1])
        let tenth = Double(ranked[0]) / Double(ranked[9])
        #expect((1.8...2.2).contains(second), "top/second = \(second)")
        #expect((8.5...11.5).contains(tenth), "top/tenth = \(tenth)")
        #expect(counts[0] == ranked[0], "the first-ranked word is the most frequent")
    }
}
