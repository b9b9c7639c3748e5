/// One word or phrase to search for, as typed (without the quotes or the leading `-`).
///
/// ```swift
/// SearchTerm("dentist appointment", isPhrase: true)   // FTS5: "dentist appointment"
/// SearchTerm("wal", isPrefix: true)                   // FTS5: "wal"*
/// ```
public struct SearchTerm: Hashable, Sendable, CustomStringConvertible {
    /// The text, verbatim: `e-mail`, `dentist appointment`.
    public var text: String
    /// True when it was typed in quotes.
    public var isPhrase: Bool
    /// True when its last token matches any word that starts with it (the word being typed).
    public var isPrefix: Bool

    /// A term: `SearchTerm("walk")`, `SearchTerm("walk the dog", isPhrase: true)`, `SearchTerm("wal", isPrefix: true)`.
    public init(_ text: String, isPhrase: Bool = false, isPrefix: Bool = false) {
        self.text = text
        self.isPhrase = isPhrase
        self.isPrefix = isPrefix
    }

    /// False when the text holds no letter or digit, so FTS5 would see no token in it.
    public var isSearchableByFTS: Bool { FTS5Text.hasTokenCharacter(text) }

    /// `walk`, `"dentist appointment"`, `wal*`.
    public var description: String {
        (isPhrase ? "\"\(text)\"" : text) + (isPrefix ? "*" : "")
    }
}

/// Terms of which at least one must match: `milk OR bread` is one group of two.
public struct TermGroup: Hashable, Sendable, CustomStringConvertible {
    /// Never empty.
    public var anyOf: [SearchTerm]

    /// A group matching any of `anyOf` (`milk OR bread`); one term for a plain word.
    public init(anyOf: [SearchTerm]) {
        self.anyOf = anyOf
    }

    /// `milk`, or `(milk OR bread)`.
    public var description: String {
        anyOf.count == 1
            ? anyOf[0].description
            : "(" + anyOf.map(\.description).joined(separator: " OR ") + ")"
    }
}

extension TermGroup: ExpressibleByStringLiteral {
    /// A group of one word, for tests and call sites: `let group: TermGroup = "milk"`.
    public init(stringLiteral value: String) {
        self.init(anyOf: [SearchTerm(value)])
    }
}
