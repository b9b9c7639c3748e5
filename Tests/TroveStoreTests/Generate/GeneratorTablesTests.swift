import Testing
@testable import TroveStore

@Suite struct GeneratorTablesTests {
    let tables = GeneratorTables.shared

    @Test func vocabularyHasTwoThousandOrSoDistinctWords() {
        let words = tables.text.words
        #expect(Set(words).count == words.count, "ranked tables hold each word once")
        #expect((1_500...3_000).contains(words.count), "\(words.count) words")
        #expect(tables.nouns.words.count > 800 && tables.verbs.words.count > 150)
    }

    /// About 2% of the vocabulary has diacritics and a few words are in other scripts.
    @Test func vocabularyMixesInDiacriticsAndOtherScripts() {
        let words = tables.text.words
        let nonASCII = words.filter { !$0.allSatisfy(\.isASCII) }
        let otherScripts = nonASCII.filter { word in
            word.unicodeScalars.allSatisfy { !$0.properties.isAlphabetic || $0.value > 0x24F }
        }
        let diacriticShare = Double(nonASCII.count - otherScripts.count) / Double(words.count)
        #expect((0.01...0.04).contains(diacriticShare), "\(diacriticShare)")
        #expect(otherScripts.count >= 5)
        #expect(words.contains("Zürich") && words.contains("牛乳"))
    }

    @Test func runningTextStartsWithFunctionWords() {
        #expect(Array(tables.text.words.prefix(5)) == ["the", "to", "and", "a", "for"])
        #expect(tables.verbs.words.prefix(4) == ["call", "buy", "book", "email"])
    }

    @Test func capitalisedFormsUpperCaseOnlyTheFirstLetter() {
        let pairs = Dictionary(uniqueKeysWithValues: zip(tables.nouns.words, tables.nouns.capitalised))
        #expect(pairs["dentist"] == "Dentist")
        #expect(pairs["café"] == "Café")
        #expect(pairs["MOT"] == "MOT")
        #expect(pairs["牛乳"] == "牛乳")
    }

    @Test func interleaveTakesListsInPatternOrderAndUsesEveryWord() {
        let merged = GeneratorTables.interleave(lead: ["x"], [["a", "b", "c"], ["1"]], pattern: [0, 1])
        #expect(merged == ["x", "a", "1", "b", "c"])
    }
}
