/// The kinds of search the benchmark times, each a row of the table.
public enum QueryClass: String, CaseIterable, Sendable {
    case prefix1 = "1-char prefix"
    case prefix2 = "2-char prefix"
    case prefix3 = "≥3-char prefix"
    case twoWords = "two words"
    case phrase = "phrase"
    case filterOnly = "filter only"
    case filterText = "filter + text"
    case rare = "rare term"
    case noHit = "no hit"

    /// The name `--only`-style flags and the table use.
    public var label: String { rawValue }
}

/// One search of a class: the text as typed and whether the last word is still being typed.
public struct BenchQuery: Hashable, Sendable, CustomStringConvertible {
    public var text: String
    /// The last word is a prefix, as Trove parses by default; false runs it `exact` (no prefix).
    public var typing: Bool

    public init(_ text: String, typing: Bool = false) {
        self.text = text
        self.typing = typing
    }

    public var description: String { typing ? "\(text)…" : text }
}

/// A word of the index with the number of reminders holding it, from `fts5vocab`.
public struct VocabularyWord: Hashable, Sendable {
    public var term: String
    public var documents: Int

    public init(_ term: String, documents: Int) {
        self.term = term
        self.documents = documents
    }
}
