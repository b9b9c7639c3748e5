import Testing
@testable import TroveSearch
import TroveStore

/// Issue 53, item 6: typo matching costs O(length × typos), so one pasted 100,000-letter word
/// cannot take the process down. Before, `TypoMatcher` allocated (length + 3) × (length + 1)
/// cells: 40 GB for 100,000 letters, and `trove search` died with "failed to allocate".
@Suite struct BoundedTypoTests {
    /// The whole optimal-string-alignment table, as the matcher computed it before the band.
    static func wholeTableDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// Words over a small alphabet, so that random pairs are often within two edits.
    static func randomWord(_ random: inout SplitMix64, length: ClosedRange<Int>) -> [Unicode.Scalar] {
        let letters = Array("abcde".unicodeScalars)
        return (0..<Int.random(in: length, using: &random)).map { _ in letters.randomElement(using: &random)! }
    }

    @Test func theBandedEditDistanceAgreesWithTheWholeTable() {
        var random = SplitMix64(seed: 53_006)
        for _ in 0..<3_000 {
            let a = Self.randomWord(&random, length: 0...9), b = Self.randomWord(&random, length: 0...9)
            let limit = Int.random(in: 0...3, using: &random)
            let whole = Self.wholeTableDistance(a, b)
            let banded = EditDistance.between(String(String.UnicodeScalarView(a)), String(String.UnicodeScalarView(b)), limit: limit)
            #expect(banded == (whole <= limit ? whole : nil), "\(a) \(b) limit \(limit)")
        }
    }

    /// The trie walk with the banded matcher finds exactly the words the whole table allows.
    @Test func theBandedMatcherFindsTheWordsTheWholeTableFinds() {
        var random = SplitMix64(seed: 53_007)
        for _ in 0..<200 {
            var words: [[Unicode.Scalar]] = []
            for _ in 0..<40 { words.append(Self.randomWord(&random, length: 1...12)) }
            let unique = Array(Set(words.map { String(String.UnicodeScalarView($0)) })).sorted()
            let trie = VocabularyTrie(words: unique.map { (Array($0.unicodeScalars), Int32(1)) })
            let query = Self.randomWord(&random, length: 5...12)
            let budget = TypoRule.budget(forLength: query.count)
            let expected = unique.compactMap { text -> TypoCandidate? in
                let word = Array(text.unicodeScalars)
                guard word.first == query.first, word != query else { return nil }
                let distance = Self.wholeTableDistance(query, word)
                return distance <= budget ? TypoCandidate(text: text, isPrefix: false, distance: distance, documents: 1) : nil
            }
            #expect(trie.typoCandidates(for: query, isPrefix: false) == Array(expected.sorted().prefix(TypoRule.maxCandidates)),
                    "query \(String(String.UnicodeScalarView(query)))")
        }
    }

    @Test func aWordLongerThanTheTypoLimitGetsNoTypos() {
        let long = Array(String(repeating: "dentist", count: 9).unicodeScalars)  // 63 letters
        let trie = VocabularyTrie(words: [(long, 1), (long + ["s", "s"], 1)])
        #expect(trie.typoCandidates(for: long + ["s"], isPrefix: false).map(\.text).count == 2, "64 letters: within the limit")
        #expect(trie.typoCandidates(for: long + ["s", "s", "s"], isPrefix: false).isEmpty, "66 letters: above it")
        #expect(TypoRule.budget(forLength: TypoRule.maxTypoLength) == 2)
        #expect(TypoRule.budget(forLength: TypoRule.maxTypoLength + 1) == 0)
    }

    @Test func aHundredThousandLetterWordIsComparedInBoundedTimeAndMemory() {
        let word = String(repeating: "x", count: 100_000)
        let clock = ContinuousClock()
        let started = clock.now
        #expect(EditDistance.between(word, word + "y", limit: 2) == 1)
        #expect(EditDistance.between(word, "xylophone", limit: 2) == nil)
        var matcher = TypoMatcher(word: Array(word.unicodeScalars), isPrefix: false)
        for depth in 1...10 { matcher.push("x", depth: depth) }
        #expect(matcher.decide(depth: 10, isWord: true).candidate == nil)
        #expect(clock.now - started < .seconds(5))
    }

    @Test func aSentenceNamesAPastedWordByItsStart() {
        let sentences = DidYouMean(unmatchedWords: [String(repeating: "x", count: 100_000)]).sentences
        #expect(sentences == ["No reminder contains " + String(repeating: "x", count: 77) + "…."])
    }
}
