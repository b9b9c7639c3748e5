import Foundation

/// Highlights and snippets made in Swift, for matches FTS5 did not make (LIKE terms).
///
/// ```swift
/// HitMarkup(terms: [SearchTerm("🎉")], style: .brackets).highlight("Party 🎉 time")   // Party [🎉] time
/// ```
struct HitMarkup {
    /// The most words (tokens) in a snippet, here and in FTS5's `snippet()`.
    static let snippetTokens = 12

    var terms: [SearchTerm]
    var style: HighlightStyle

    /// Every occurrence of every term, ignoring case, overlaps merged, in text order.
    func matches(in text: String) -> [Range<String.Index>] {
        var found: [Range<String.Index>] = []
        for term in terms where !term.text.isEmpty {
            var start = text.startIndex
            while start < text.endIndex,
                let range = text.range(of: term.text, options: [.caseInsensitive], range: start..<text.endIndex)
            {
                found.append(range)
                start = range.upperBound
            }
        }
        found.sort { $0.lowerBound < $1.lowerBound }
        var merged: [Range<String.Index>] = []
        for range in found {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// The text with each match wrapped in the style's marks.
    func highlight(_ text: Substring) -> String {
        var result = ""
        var cursor = text.startIndex
        for range in matches(in: String(text)).map({ convert($0, from: String(text), to: text) }) {
            result += text[cursor..<range.lowerBound] + style.open + text[range] + style.close
            cursor = range.upperBound
        }
        return result + text[cursor...]
    }

    func highlight(_ text: String) -> String { highlight(text[...]) }

    /// About ``snippetTokens`` words around the first match (or from the start), with the
    /// ellipsis only on a side where words were left out.
    ///
    /// NB: with no terms to find (FTS5 cuts the snippet of notes that match), the snippet is the
    /// notes' first words, and only those are split off: splitting every word of a long note
    /// was a tenth of a rare word's search at 100,000 reminders (`perf`).
    func snippet(_ notes: String) -> String {
        let words = terms.isEmpty
            ? Self.leadingWords(of: notes, count: HitMarkup.snippetTokens + 1) : notes.split(whereSeparator: \.isWhitespace)
        guard words.count > HitMarkup.snippetTokens else { return highlight(notes) }
        let firstMatch = matches(in: notes).first?.lowerBound ?? notes.startIndex
        let matchWord = words.firstIndex { $0.endIndex > firstMatch } ?? 0
        let start = max(0, min(matchWord - HitMarkup.snippetTokens / 4, words.count - HitMarkup.snippetTokens))
        let end = start + HitMarkup.snippetTokens
        let body = notes[words[start].startIndex..<words[end - 1].endIndex]
        return (start > 0 ? style.ellipsis : "") + highlight(body) + (end < words.count ? style.ellipsis : "")
    }

    /// The first `count` words of `text` (or all, when it has fewer): what
    /// `text.split(whereSeparator: \.isWhitespace).prefix(count)` gives, without the rest.
    static func leadingWords(of text: String, count: Int) -> [Substring] {
        var words: [Substring] = []
        var rest = text[...]
        while words.count < count, let start = rest.firstIndex(where: { !$0.isWhitespace }) {
            let end = rest[start...].firstIndex(where: \.isWhitespace) ?? rest.endIndex
            words.append(rest[start..<end])
            rest = rest[end...]
        }
        return words
    }

    /// `text` with every run of whitespace (blank lines, tabs, line breaks) as one space, and
    /// none at either end: a snippet is a line of text in a list, and a note's paragraphs would
    /// otherwise show as raw `\n\n` in it (issue 52, item 4).
    ///
    /// ```swift
    /// HitMarkup.collapsingWhitespace("…the [starter].\n\n  Bake…")   // "…the [starter]. Bake…"
    /// ```
    ///
    /// NB: one pass over the bytes decides whether anything changes (over the characters when
    /// the text is not ASCII), and most snippets need nothing. Foundation's `contains("  ")` did
    /// the same test through NSString: a third of a rare word's whole search at 100,000
    /// reminders (`perf`, `trove-bench statements`).
    static func collapsingWhitespace(_ text: String) -> String {
        guard needsCollapsing(text) else { return text }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Whether `text` has whitespace other than single spaces between other characters: a
    /// tab or line break, two in a row, or any at either end.
    static func needsCollapsing(_ text: String) -> Bool {
        var previousIsWhitespace = true
        for byte in text.utf8 {
            guard byte < 0x80 else { return needsCollapsing(characters: text) }
            // NB: ASCII's whitespace characters: tab, line feed, vertical tab, form feed, carriage return, space.
            let isWhitespace = byte == 0x20 || (0x09...0x0D).contains(byte)
            if isWhitespace, byte != 0x20 || previousIsWhitespace { return true }
            previousIsWhitespace = isWhitespace
        }
        return previousIsWhitespace && !text.isEmpty
    }

    /// ``needsCollapsing(_:)`` by characters, for text that is not ASCII.
    private static func needsCollapsing(characters text: String) -> Bool {
        var previousIsWhitespace = true
        for character in text {
            let isWhitespace = character.isWhitespace
            if isWhitespace, character != " " || previousIsWhitespace { return true }
            previousIsWhitespace = isWhitespace
        }
        return previousIsWhitespace && !text.isEmpty
    }

    private func convert(_ range: Range<String.Index>, from string: String, to text: Substring) -> Range<String.Index> {
        let lower = string.utf8.distance(from: string.startIndex, to: range.lowerBound)
        let upper = string.utf8.distance(from: string.startIndex, to: range.upperBound)
        return text.utf8.index(text.startIndex, offsetBy: lower)..<text.utf8.index(text.startIndex, offsetBy: upper)
    }
}
