import Testing
@testable import TroveSearch

/// A snippet is one line: ``HitMarkup/collapsingWhitespace(_:)`` turns every run of whitespace
/// into one space, and its quick test of whether anything needs doing must agree with doing it.
@Suite struct SnippetWhitespaceTests {
    /// Every text of up to five characters over spaces, a tab, a line break, CR LF, a no-break
    /// space, a letter and an accented letter written as two scalars: 7^0 + … + 7^5 = 19,608.
    static let texts: [String] = {
        let alphabet: [Character] = [" ", "\t", "\n", "\r\n", "\u{00A0}", "a", "e\u{0301}"]
        var all = [""], layer = [""]
        for _ in 1...5 {
            layer = layer.flatMap { text in alphabet.map { text + String($0) } }
            all += layer
        }
        return all
    }()

    @Test func theQuickTestAgreesWithCollapsing() {
        #expect(Self.texts.count == 19_608)
        for text in Self.texts {
            let collapsed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(HitMarkup.needsCollapsing(text) == (collapsed != text), "\(text.debugDescription)")
            #expect(HitMarkup.collapsingWhitespace(text) == collapsed, "\(text.debugDescription)")
        }
    }

    @Test func examples() {
        #expect(HitMarkup.collapsingWhitespace("…the [starter].\n\n  Bake…") == "…the [starter]. Bake…")
        #expect(HitMarkup.collapsingWhitespace("one two") == "one two")
        #expect(HitMarkup.collapsingWhitespace(" one") == "one")
        #expect(HitMarkup.collapsingWhitespace("one\u{00A0}two") == "one two")
    }
}
