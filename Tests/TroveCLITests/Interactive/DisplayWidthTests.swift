import Testing
@testable import TroveCLI

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("", 0),
        ("milk", 4),
        ("牛乳を買う", 10),
        ("🎂 cake", 7),
        ("Caf\u{E9}", 4),  // precomposed é
        ("Cafe\u{301}", 4),  // e + combining acute
        ("🇫🇷", 2),  // flag: two regional indicators
        ("🇫", 1),  // a lone regional indicator
        ("👨‍👩‍👧", 2),  // ZWJ family
        ("❤️", 2),  // text-default heart + VS16
        ("❤", 1),  // text-default heart alone
        ("⌚︎", 1),  // emoji-default watch + VS15
        ("👍🏽", 2),  // skin-tone modifier
        ("1️⃣", 2),  // keycap
        ("ＡＢ", 4),  // fullwidth Latin
        ("한국", 4),  // Hangul syllables
        ("ｶﾀ", 2),  // halfwidth Katakana
        ("a\tb", 2),  // controls take no columns
        ("\u{200D}", 0),  // a lone ZWJ
        ("\u{301}", 0),  // a lone combining mark
        ("…", 1),
        ("䷀", 1),  // Yijing hexagram: neutral, between CJK Ext. A and Unified
    ])
    func width(_ text: String, _ expected: Int) {
        #expect(DisplayWidth.of(text) == expected)
    }

    @Test(arguments: [
        ("milk", 4, "milk"),
        ("milk", 10, "milk"),
        ("buy milk", 5, "buy …"),
        ("牛乳を買う", 6, "牛乳…"),  // 2+2+1: another wide char would overflow
        ("牛乳を買う", 7, "牛乳を…"),
        ("牛乳を買う", 1, "…"),
        ("milk", 0, ""),
        ("milk", -3, ""),
        ("🎂 cake", 3, "🎂…"),
        ("👨‍👩‍👧👨‍👩‍👧", 3, "👨‍👩‍👧…"),
        ("Cafe\u{301} au lait", 5, "Cafe\u{301}…"),
        ("🇫🇷🇩🇪", 3, "🇫🇷…"),
    ])
    func truncate(_ text: String, _ width: Int, _ expected: String) {
        let result = DisplayWidth.truncate(text, to: width)
        #expect(result == expected)
        #expect(DisplayWidth.of(result) <= max(width, 0))
    }

    @Test func truncateNeverOverflowsAnyWidth() {
        let samples = ["牛乳を買う and 🎂 cake", "👨‍👩‍👧 family 🇫🇷", "Cafe\u{301}", "a"]
        for sample in samples {
            for width in 0...DisplayWidth.of(sample) + 1 {
                let result = DisplayWidth.truncate(sample, to: width)
                #expect(DisplayWidth.of(result) <= width, "\(sample) at \(width): \(result)")
                #expect(result == sample || result.hasSuffix("…") || width == 0)
            }
        }
    }
}
