/// How many terminal columns text takes, counted per grapheme cluster (Character).
///
/// ```swift
/// DisplayWidth.of("牛乳を買う")    // 10
/// DisplayWidth.of("🎂 cake")      // 7
/// DisplayWidth.truncate("牛乳を買う", to: 6)  // "牛乳…" (5 columns: a wide char will not fit)
/// ```
enum DisplayWidth {
    /// Columns taken by a whole string.
    static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// Columns taken by one Character: 2 for East Asian Wide/Fullwidth and emoji, 0 for
    /// controls and lone combining marks, otherwise 1.
    static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.isControl || first.isZeroWidth { return 0 }
        if first.isRegionalIndicator {
            return scalars.count(where: \.isRegionalIndicator) >= 2 ? 2 : 1
        }
        let hasTextSelector = scalars.contains("\u{FE0E}")
        let hasEmojiSelector = scalars.contains("\u{FE0F}")
        if first.properties.isEmoji, hasEmojiSelector { return 2 }
        if first.properties.isEmojiPresentation, !hasTextSelector { return 2 }
        // NB: a ZWJ sequence renders as one emoji even when its first part is text-style (⛹‍♀).
        if first.properties.isEmoji, scalars.contains("\u{200D}"), !hasTextSelector { return 2 }
        if first.isEastAsianWide { return 2 }
        return 1
    }

    /// Cuts text to at most `width` columns, ending in '…' (1 column) when anything was cut.
    /// Never splits a Character and never returns more than `width` columns.
    /// - Parameters:
    ///   - text: The text to fit.
    ///   - width: The columns available; 0 or less gives "".
    /// - Returns: `text` itself when it fits.
    static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        var result = ""
        var used = 0
        for character in text {
            let next = of(character)
            if used + next > width - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }
}
