import Testing
@testable import TroveSearch

/// A snippet is one line: ``HitMarkup/collapsingWhitespace(_:)`` turns every run of whitespace
/// into one space, and its quick test of whether anything needs doing must agree with doing it.
@Suite struct SnippetWhitespaceTests {
    /// Every text of up to five characters over a space, a tab, a line break, CR LF, a no-break
    /// space, a letter, an accented letter written as two scalars and a lone combining accent
    /// (which joins the character before it): 8^0 + … + 8^5 = 37,449.
    static let texts: [String] = {
        let alphabet: [Character] = [" ", "\t", "\n", "\r\n", "\u{00A0}", "a", "e\u{0301}", "\u{0301}"]
        var all = [""], layer = [""]
        for _ in 1...5 {
            layer = layer.flatMap { text in alphabet.map { text + String($0) } }
            all += layer
        }
        return all
    }()

    @Test func theQuickTestAgreesWithCollapsing() {
        #expect(Self.texts.count == 37_449)
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

/// A snippet of notes with no term of its own to find is their first words, and only those are
/// split off (``HitMarkup/leadingWords(of:count:)``).
@Suite struct SnippetLeadingWordsTests {
    @Test func leadingWordsAreTheFirstOfSplitting() {
        for text in SnippetWhitespaceTests.texts.filter({ $0.count == 5 }) + ["", "a b  c\td\n\ne f g h i j k l m n o p"] {
            let all = text.split(whereSeparator: \.isWhitespace)
            for count in [0, 1, 2, 13] {
                #expect(HitMarkup.leadingWords(of: text, count: count) == Array(all.prefix(count)), "\(text.debugDescription)")
            }
        }
    }

    @Test func theSnippetOfNotesWithoutTermsIsTheirFirstTwelveWords() {
        let markup = HitMarkup(terms: [], style: .brackets)
        let words = (1...30).map { "w\($0)" }
        let twelve = words.prefix(12).joined(separator: " ")
        #expect(markup.snippet(words.prefix(12).joined(separator: " ")) == twelve)
        #expect(markup.snippet(words.prefix(13).joined(separator: " ")) == twelve + "…")
        #expect(markup.snippet(words.joined(separator: "\n\n")) == words.prefix(12).joined(separator: "\n\n") + "…")
        #expect(markup.snippet("  " + twelve + "  ") == "  " + twelve + "  ")
    }
}
