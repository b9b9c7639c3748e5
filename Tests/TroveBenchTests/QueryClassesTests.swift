import Testing
import TroveBenchKit

@Suite struct QueryClassesTests {
    static let titles = ["Buy oat milk", "Call the dentist", "Walk the dog", "Pay water bill", "Book dentist visit"]
    static let vocabulary = [
        VocabularyWord("milk", documents: 40), VocabularyWord("dentist", documents: 30),
        VocabularyWord("walk", documents: 20), VocabularyWord("water", documents: 9),
        VocabularyWord("zucchini", documents: 1), VocabularyWord("quince", documents: 2),
        VocabularyWord("a1", documents: 50),
    ]
    static let lists = ["Home", "Work", "Home Office", "Kids' School"]

    static func make(seed: UInt64 = 1, perClass: Int = 12) -> QueryClasses {
        QueryClasses(titles: titles, vocabulary: vocabulary, lists: lists, seed: seed, perClass: perClass)
    }

    @Test func sameInputsAndSeedGiveTheSameQueries() {
        for queryClass in QueryClass.allCases {
            #expect(Self.make().queries[queryClass] == Self.make().queries[queryClass], "\(queryClass)")
        }
    }

    @Test func anotherSeedReordersTheQueries() {
        #expect(Self.make(seed: 1).queries[.twoWords] != Self.make(seed: 2).queries[.twoWords])
    }

    @Test func everyClassGetsExactlyPerClassQueries() {
        let classes = Self.make(perClass: 12)
        for queryClass in QueryClass.allCases {
            #expect(classes.queries[queryClass]?.count == 12, "\(queryClass)")
        }
    }

    @Test func prefixesHaveTheirLengthAndAreTypedWhileOthersAreNot() {
        let classes = Self.make()
        #expect(classes.queries[.prefix1]!.allSatisfy { $0.text.count == 1 && $0.typing })
        #expect(classes.queries[.prefix2]!.allSatisfy { $0.text.count == 2 && $0.typing })
        #expect(classes.queries[.prefix3]!.allSatisfy { $0.text.count >= 3 && $0.typing })
        // Only letters: "a1" is not a word here, so "a" is no prefix.
        #expect(Set(classes.queries[.prefix1]!.map(\.text)) == ["m", "d", "w", "z", "q"])
        #expect(classes.distinct(.prefix1) == 5)
        #expect(!classes.queries[.twoWords]!.contains { $0.typing })
    }

    @Test func phrasesAreAdjacentTitleWordsInQuotes() {
        let phrases = Set(Self.make(perClass: 40).queries[.phrase]!.map(\.text))
        #expect(phrases.contains("\"oat milk\""))
        #expect(phrases.contains("\"call the\""))
        #expect(!phrases.contains("\"buy milk\""))
    }

    @Test func filterOnlyStartsWithTheIssuesExampleAndSkipsListsThatNeedQuoting() {
        let filters = Self.make(perClass: 40).queries[.filterOnly]!.map(\.text)
        #expect(filters.first == "is:flagged list:Work")
        #expect(filters.allSatisfy { !$0.contains("Office") && !$0.contains("School") })
    }

    @Test func rareTermsAreTheLeastCommonAndNoHitTermsAreNotInTheVocabulary() {
        let classes = Self.make(perClass: 2)
        #expect(Set(classes.queries[.rare]!.map(\.text)) == ["zucchini", "quince"])
        let known = Set(Self.vocabulary.map(\.term))
        #expect(Self.make().queries[.noHit]!.allSatisfy { !known.contains($0.text) })
    }
}
