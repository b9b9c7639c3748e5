/// How a todo.txt title keeps words that would otherwise be read as something else.
///
/// ```swift
/// TodoTxtEscaping.escape(["Call", "+Family", "about", "due:soon"], first: true)
/// // ["Call", "\\+Family", "about", "\\due:soon"]
/// ```
///
/// The rules (also in the README):
/// - A title word that todo.txt would read as a project (`+x`), a context (`@y`) or one of the
///   keys Trove reads (`due:`, `pri:`, `note:`, `flagged:`, `uid:`, `rec:`, `rrule:`) gets a
///   backslash in front: `\+x`, `\@y`, `\due:soon`.
/// - So does the title's first word when it would be read as the line's prefix: `x`, a
///   priority such as `(A)`, or a date `YYYY-MM-DD`.
/// - A word that already starts with backslashes before such a word gets one more (`\+x` is
///   written `\\+x`), so every title reads back exactly.
/// Other todo.txt apps show the backslash as part of the word, and do not take it for a
/// project, context or tag; `key:value` words with other keys stay as written.
enum TodoTxtEscaping {
    /// The keys `TodoTxtReader` takes out of a line.
    static let keys: Set<String> = ["due", "pri", "note", "flagged", "uid", "rec", "rrule"]

    static func escape(_ words: [Substring], first: Bool) -> [String] {
        words.enumerated().map { index, word in
            needsEscape(word, first: first && index == 0) ? "\\" + word : String(word)
        }
    }

    /// Whether the word, with any leading backslashes taken off, would be read as more than text.
    static func needsEscape(_ word: some StringProtocol, first: Bool) -> Bool {
        let core = word.drop { $0 == "\\" }
        if core.count > 1, core.first == "+" || core.first == "@" { return true }
        if let colon = core.firstIndex(of: ":"), colon != core.startIndex, colon != core.index(before: core.endIndex),
            keys.contains(core[..<colon].lowercased())
        {
            return true
        }
        guard first else { return false }
        return core == "x" || TodoTxtReader.priority(fromParenthesised: Substring(core)) != nil
            || CalendarDay(String(core)) != nil
    }

    /// A title word as written back: one backslash off an escaped word, else the word itself.
    static func unescape(_ word: Substring, first: Bool) -> Substring? {
        guard word.first == "\\", needsEscape(word, first: first) else { return nil }
        return word.dropFirst()
    }
}
