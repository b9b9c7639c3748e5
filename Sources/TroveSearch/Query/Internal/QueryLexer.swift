/// Splits search-box text into chunks: words, phrases, `key:value`s, `#tags` and `!engines`.
///
/// ```swift
/// QueryLexer(text: #"-"a b" list:"Home Office" #x !like e-mail"#).chunks()
/// // -phrase(a b), filter(list, Home Office), tag(x), engine(like), word(e-mail)
/// ```
///
/// It works on Unicode scalars so that a quote followed by a combining mark is still a quote.
/// Whitespace and control characters (NUL included) separate chunks.
struct QueryLexer {
    enum Kind: Hashable {
        /// A bare word, kept verbatim: `e-mail`, `re:invent`, `OR`, `*`.
        case word(String)
        /// `"…"`; unterminated when the closing quote is missing (it then runs to the end);
        /// starred when a `*` follows the closing quote (`"dentist app"*`).
        case phrase(String, isTerminated: Bool, isStarred: Bool)
        /// `key:value` for a known key (lowercased); the value is unquoted and may be empty.
        case filter(key: String, value: String)
        /// `#name` or `#"two words"`.
        case tag(String)
        /// `!name`, lowercased.
        case engine(String)
    }

    struct Chunk: Hashable {
        var kind: Kind
        /// True when the chunk began with `-`.
        var isNegated: Bool
        /// The chunk in the text, `-` included.
        var range: Range<String.Index>
    }

    /// The keys recognised in `key:value` by default (the reminders'); anything else before a
    /// colon is text.
    static let knownKeys: Set<String> = ["is", "list", "tag", "priority", "p", "due", "in"]

    let text: String
    private let scalars: String.UnicodeScalarView
    /// The keys recognised in `key:value`, lowercased: ``knownKeys``, and a search index's own.
    private let keys: Set<String>
    private let longestKey: Int

    init(text: String, keys: Set<String> = QueryLexer.knownKeys) {
        self.text = text
        self.scalars = text.unicodeScalars
        self.keys = keys
        self.longestKey = keys.map(\.unicodeScalars.count).max() ?? 0
    }

    /// Whitespace and control characters: they split chunks and FTS5 ignores them.
    static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
    }

    /// The chunks in order, and the text after the first `!raw` engine (trimmed, nil if blank).
    func chunks() -> (chunks: [Chunk], raw: String?) {
        var result: [Chunk] = []
        var index = scalars.startIndex
        var sawEngine = false
        while true {
            index = skipSeparators(from: index)
            guard index < scalars.endIndex else { break }
            let start = index
            var isNegated = false
            // NB: one dash negates; a word that starts with two (`--slurp`, an option's name in
            // a note) is text, as `trove search -- --slurp` means (issue 19: it left that reminder
            // out, "not -slurp", and listed every other).
            if scalars[index] == "-", let next = after(index), !QueryLexer.isSeparator(scalars[next]), scalars[next] != "-" {
                isNegated = true
                index = next
            }
            let (kind, end) = chunk(at: index, isNegated: isNegated)
            result.append(Chunk(kind: kind, isNegated: isNegated, range: start..<end))
            index = end
            if case .engine(let name) = kind {
                if !sawEngine, name == "raw" {
                    let rest = string(end..<scalars.endIndex).trimmingSeparators()
                    return (result, rest.isEmpty ? nil : rest)
                }
                sawEngine = true
            }
        }
        return (result, nil)
    }

    private func chunk(at index: String.Index, isNegated: Bool) -> (Kind, String.Index) {
        let first = scalars[index]
        if first == "\"" {
            let (content, end, isTerminated) = quoted(from: index)
            if isTerminated, end < scalars.endIndex, scalars[end] == "*" {
                return (.phrase(content, isTerminated: true, isStarred: true), scalars.index(after: end))
            }
            return (.phrase(content, isTerminated: isTerminated, isStarred: false), end)
        }
        if first == "#", let next = after(index), !QueryLexer.isSeparator(scalars[next]) {
            let (value, end) = value(at: next)
            let name = value.trimmingSeparators()
            return name.isEmpty ? (.word(string(index..<end)), end) : (.tag(name), end)
        }
        let wordEnd = scanWord(from: index)
        if let colon = keyColon(from: index, before: wordEnd) {
            let key = string(index..<colon).lowercased()
            let (value, end) = value(at: scalars.index(after: colon))
            return (.filter(key: key, value: value.trimmingSeparators()), end)
        }
        let word = string(index..<wordEnd)
        if !isNegated, first == "!", let name = QueryLexer.engineName(word.unicodeScalars.dropFirst()) {
            return (.engine(name), wordEnd)
        }
        return (.word(word), wordEnd)
    }

    /// The index of the colon in `key:` when the word starts with a known key.
    private func keyColon(from start: String.Index, before end: String.Index) -> String.Index? {
        var index = start
        var length = 0
        while index < end, length <= longestKey {
            if scalars[index] == ":" {
                let key = string(start..<index).lowercased()
                return keys.contains(key) ? index : nil
            }
            index = scalars.index(after: index)
            length += 1
        }
        return nil
    }

    /// A filter value: `"…"` (to the closing quote or the end) or up to the next separator.
    private func value(at index: String.Index) -> (String, String.Index) {
        guard index < scalars.endIndex, !QueryLexer.isSeparator(scalars[index]) else { return ("", index) }
        if scalars[index] == "\"" {
            let (content, end, _) = quoted(from: index)
            return (content, end)
        }
        let end = scanWord(from: index)
        return (string(index..<end), end)
    }

    /// From an opening quote to the closing one, or to the end of the text.
    private func quoted(from open: String.Index) -> (String, String.Index, isTerminated: Bool) {
        let contentStart = scalars.index(after: open)
        var index = contentStart
        while index < scalars.endIndex, scalars[index] != "\"" { index = scalars.index(after: index) }
        let content = string(contentStart..<index)
        guard index < scalars.endIndex else { return (content, index, false) }
        return (content, scalars.index(after: index), true)
    }

    private func scanWord(from start: String.Index) -> String.Index {
        var index = start
        while index < scalars.endIndex, !QueryLexer.isSeparator(scalars[index]) { index = scalars.index(after: index) }
        return index
    }

    private func skipSeparators(from start: String.Index) -> String.Index {
        var index = start
        while index < scalars.endIndex, QueryLexer.isSeparator(scalars[index]) { index = scalars.index(after: index) }
        return index
    }

    /// The text between two scalar indices; `text[range]` would round to Character boundaries.
    func string(_ range: Range<String.Index>) -> String {
        String(Substring(scalars[range]))
    }

    private func after(_ index: String.Index) -> String.Index? {
        let next = scalars.index(after: index)
        return next < scalars.endIndex ? next : nil
    }

    /// `like` from `!like`: an ASCII letter, then ASCII letters, digits, `_` or `-`; lowercased.
    private static func engineName(_ name: Substring.UnicodeScalarView) -> String? {
        guard let first = name.first, first.isASCII, first.properties.isAlphabetic else { return nil }
        let allowed = name.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }
        return allowed ? String(Substring(name)).lowercased() : nil
    }
}

extension String {
    /// Without leading and trailing whitespace and control characters.
    func trimmingSeparators() -> String {
        let view = unicodeScalars
        guard let first = view.firstIndex(where: { !QueryLexer.isSeparator($0) }),
            let last = view.lastIndex(where: { !QueryLexer.isSeparator($0) })
        else { return "" }
        return String(Substring(view[first...last]))
    }
}
