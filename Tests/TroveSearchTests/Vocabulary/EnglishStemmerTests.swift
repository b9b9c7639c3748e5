import Testing
@testable import TroveSearch

/// Which words the stemmer makes forms of each other, and which it must keep apart.
@Suite struct EnglishStemmerTests {
    /// Issue 19 item 3's pairs, and the rules' other cases: every word of a family shares a stem.
    static let families: [[String]] = [
        ["library", "libraries"],
        ["invoice", "invoices", "invoiced", "invoicing"],
        ["meeting", "meetings", "meet", "meets"],
        ["run", "runs", "running"],
        ["stop", "stops", "stopped", "stopping"],
        ["fall", "falls", "falling"],
        ["box", "boxes"],
        ["class", "classes"],
        ["church", "churches"],
        ["bus", "buses"],
        ["carry", "carries", "carried", "carrying"],
        ["movie", "movies"],
        ["note", "notes", "noted", "noting"],
        ["make", "makes", "making"],
        ["code", "codes", "coded", "coding"],
        ["theme", "themes"],
        ["image", "images"],
        ["module", "modules"],
        ["file", "files"],
        ["game", "games"],
        ["utility", "utilities"],
        ["binding", "bindings"],
        ["case", "cases"],
        ["thing", "things"],
        ["house", "houses"],
        ["book", "books", "booked", "booking", "bookings"],
        ["evening", "evenings"],
    ]

    @Test(arguments: families)
    func formsOfOneWordShareAStem(_ family: [String]) {
        let stems = Set(family.map(EnglishStemmer.stem))
        #expect(stems.count == 1, "\(family): \(family.map(EnglishStemmer.stem))")
    }

    /// Words that look like forms of each other and are not: each pair must keep two stems.
    static let apart: [(String, String)] = [
        ("news", "new"), ("bus", "bu"), ("this", "thi"), ("is", "i"), ("series", "sery"), ("series", "serie"),
        ("species", "specie"), ("analysis", "analysi"), ("status", "statu"), ("evening", "even"), ("morning", "morn"),
        ("thing", "th"), ("string", "str"), ("need", "ne"), ("note", "not"), ("runner", "run"), ("later", "late"),
        ("wedding", "wed"), ("does", "doe"), ("always", "alway"), ("used", "us"), ("during", "dur"),
        ("theme", "them"), ("plane", "plan"), ("hoping", "hopping"), ("there", "ther"),
    ]

    @Test(arguments: apart)
    func lookalikesKeepTheirOwnStems(_ pair: (String, String)) {
        #expect(EnglishStemmer.stem(pair.0) != EnglishStemmer.stem(pair.1), "\(pair)")
    }

    // Other languages and scripts, digits and short words are their own stems: exact only.
    @Test(arguments: ["straße", "café", "für", "日本語", "mp3s", "abc", "ok", ""])
    func wordsOutsideEnglishLettersAreTheirOwnStem(_ word: String) {
        #expect(EnglishStemmer.stem(word) == word)
    }

    // Every form of a stem starts with its shared prefix, which is how the index's words are
    // looked up: a range of words, then a filter by stem.
    @Test(arguments: families)
    func everyFormStartsWithTheSharedPrefix(_ family: [String]) {
        for word in family {
            let prefix = EnglishStemmer.sharedPrefix(ofStem: EnglishStemmer.stem(word))
            #expect(word.hasPrefix(prefix), "\(word) → \(prefix)")
            #expect(word.count <= prefix.count + EnglishStemmer.maxSuffixLength, "\(word)")
        }
    }
}
