public import TroveQuery

/// The scripts whose words run together, so that a word is found inside a longer token: text
/// with no spaces between words (Chinese, Japanese, Thai, Lao, Khmer, Myanmar, Tibetan) and
/// words that take prefixes or particles (Hebrew, Arabic, Korean).
///
/// ```swift
/// SubstringScripts.appears(in: "春节")   // true: found inside 给奶奶打电话 关于春节
/// SubstringScripts.appears(in: "milk")   // false: a word, as FTS5 indexes it
/// SubstringScripts.globClass            // "[֐-ۿݐ-ݿ…]", as schemas 6 and 7 write it
/// SubstringScripts.held(in: "\"title\"") // ("title" GLOB '*[֐-𯿿]*' AND "title" GLOB '*[֐-ۿݐ-ݿ…]*')
/// ```
///
/// Schema 6 keeps every reminder whose title or notes hold one of these characters in the
/// `reminders_substrings` trigram index; a query term that holds one is matched as a substring
/// there (see ``FTSEngine``). The ranges here and the GLOB tests in
/// `schema/007_quicker_substring_test.sql` must agree; a test checks that they do.
public enum SubstringScripts {
    /// Code point ranges, in order.
    static let ranges: [ClosedRange<UInt32>] = [
        0x0590...0x06FF,  // Hebrew, Arabic
        0x0750...0x077F,  // Arabic Supplement
        0x08A0...0x08FF,  // Arabic Extended-A
        0x0E00...0x0EFF,  // Thai, Lao
        0x0F00...0x0FFF,  // Tibetan
        0x1000...0x109F,  // Myanmar
        0x1780...0x17FF,  // Khmer
        0x2E80...0x9FFF,  // CJK radicals and punctuation, kana, Bopomofo, Hangul jamo, CJK Ext. A, CJK
        0xAC00...0xD7AF,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFF66...0xFF9F,  // halfwidth katakana
        0x2_0000...0x2_FFFF,  // supplementary ideographs
    ]

    /// Whether `scalar` is in one of the scripts.
    public static func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0x0590 else { return false }
        return ranges.contains { $0.contains(value) }
    }

    /// Whether any character of `text` is in one of the scripts.
    public static func appears(in text: String) -> Bool {
        text.unicodeScalars.contains(where: contains)
    }

    /// The ranges as a GLOB character class, `[lo-hi…]`.
    public static var globClass: String { characterClass(ranges) }

    /// The one range that holds all of the scripts' ranges, `[֐-𯿿]` (U+0590 to U+2FFFF), as a GLOB class.
    public static var coarseGlobClass: String { characterClass([ranges.first!.lowerBound...ranges.last!.upperBound]) }

    /// `[lo-hi…]` for code point ranges.
    private static func characterClass(_ ranges: [ClosedRange<UInt32>]) -> String {
        var text = "["
        for range in ranges {
            text.unicodeScalars.append(Unicode.Scalar(range.lowerBound)!)
            text.unicodeScalars.append("-")
            text.unicodeScalars.append(Unicode.Scalar(range.upperBound)!)
        }
        return text + "]"
    }

    /// `(column GLOB '*[֐-𯿿]*' AND column GLOB '*[…]*')`: true when the column's text holds a
    /// character of the scripts; the one spelling of the test that the substring indexes'
    /// partial index, view, triggers and queries share (schema 7 writes it the same way, and
    /// schema 11 again for the partial index).
    ///
    /// The first GLOB is the cheap one: one range, read at each character of the text, true
    /// for every text the second is true for. SQLite reads the whole twelve-range class again
    /// at each character, so asking it only of text with such a character made imports of
    /// mostly Latin text about a quarter faster (see `schema/007_quicker_substring_test.sql`).
    ///
    /// NB: the classes are spliced, not bound: SQLite uses a partial index only when a query
    /// repeats its WHERE with the same constants, and a trigger's or view's SQL has no
    /// bindings. The classes hold no quote.
    public static func held(in column: SQLFragment) -> SQLFragment {
        "(\(column) GLOB \(raw: "'*" + coarseGlobClass + "*'") AND \(column) GLOB \(raw: "'*" + globClass + "*'"))"
    }
}
