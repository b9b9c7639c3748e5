import Foundation
import Testing
import TroveBenchKit

@Suite struct AnchorQueryTests {
    static func json(_ text: String, typing: Bool = false, _ queryClass: QueryClass = .twoWords) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let query = try AnchorQuery(BenchQuery(text, typing: typing), class: queryClass)
        return String(decoding: try encoder.encode(query), as: UTF8.self)
    }

    /// The parse the anchor needs, per kind of query the classes draw.
    @Test(arguments: [
        ("m", true, QueryClass.prefix1,
         #"{"class":"1-char prefix","excluded":[],"filters":[],"groups":[[{"phrase":false,"prefix":true,"words":["m"]}]],"text":"m","typing":true}"#),
        ("milk", false, .rare,
         #"{"class":"rare term","excluded":[],"filters":[],"groups":[[{"phrase":false,"prefix":false,"words":["milk"]}]],"text":"milk","typing":false}"#),
        ("dentist call", false, .twoWords,
         #"{"class":"two words","excluded":[],"filters":[],"groups":[[{"phrase":false,"prefix":false,"words":["dentist"]}],[{"phrase":false,"prefix":false,"words":["call"]}]],"text":"dentist call","typing":false}"#),
        (#""Oat Milk""#, false, .phrase,
         #"{"class":"phrase","excluded":[],"filters":[],"groups":[[{"phrase":true,"prefix":false,"words":["oat","milk"]}]],"text":"\"Oat Milk\"","typing":false}"#),
        ("is:flagged list:Work", false, .filterOnly,
         #"{"class":"filter only","excluded":[],"filters":[{"anyOf":[{"field":"flagged","value":true}],"negated":false},{"anyOf":[{"field":"list","value":"work"}],"negated":false}],"groups":[],"text":"is:flagged list:Work","typing":false}"#),
        ("-is:flagged list:Home tag:Errand p:high milk", false, .filterText,
         #"{"class":"filter + text","excluded":[],"filters":[{"anyOf":[{"field":"flagged","value":true}],"negated":true},{"anyOf":[{"field":"list","value":"home"}],"negated":false},{"anyOf":[{"field":"tag","value":"errand"}],"negated":false},{"anyOf":[{"field":"priority","value":3}],"negated":false}],"groups":[[{"phrase":false,"prefix":false,"words":["milk"]}]],"text":"-is:flagged list:Home tag:Errand p:high milk","typing":false}"#),
        ("is:open Café-crème -walk", false, .filterText,
         #"{"class":"filter + text","excluded":[{"phrase":false,"prefix":false,"words":["walk"]}],"filters":[{"anyOf":[{"field":"completed","value":false}],"negated":false}],"groups":[[{"phrase":false,"prefix":false,"words":["cafe","creme"]}]],"text":"is:open Café-crème -walk","typing":false}"#),
    ])
    func encodesTheParseTheAnchorRuns(text: String, typing: Bool, queryClass: QueryClass, expected: String) throws {
        #expect(try Self.json(text, typing: typing, queryClass) == expected)
    }

    @Test func aTypedPhraseEndsInAPrefixAndAnExactWordDoesNot() throws {
        #expect(try Self.json(#""buy oa"#, typing: true).contains(#"{"phrase":true,"prefix":true,"words":["buy","oa"]}"#))
        #expect(try Self.json("walk", typing: false).contains(#""prefix":false"#))
    }

    @Test func termsWithoutALetterOrDigitAreLeftOutAsFTS5LeavesThemOut() throws {
        #expect(try Self.json("🎉 milk").contains(#""groups":[[{"phrase":false,"prefix":false,"words":["milk"]}]]"#))
    }

    @Test func dueFiltersAreRefusedWithWhatToDo() {
        #expect {
            try AnchorQuery(BenchQuery("due:today milk"), class: .filterText)
        } throws: { error in
            "\(error)".contains("no mapping for due:today") && "\(error)".contains("drop due:")
        }
    }

    @Test func tokensFoldCaseAndAccentsAndSplitAtPunctuation() {
        #expect(AnchorTerm.tokens("Zürich's CAFÉ e-mail 42nd") == ["zurich", "s", "cafe", "e", "mail", "42nd"])
        #expect(AnchorTerm.tokens("— !") == [])
    }
}
