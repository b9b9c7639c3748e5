extension SearchIndex {
    /// How FTS5 cuts an index's fields into the words a search matches.
    ///
    /// ```swift
    /// .unicode61()                                   // tokenize='unicode61 remove_diacritics 2'
    /// .unicode61(tokenCharacters: "_")               // tokenize='unicode61 remove_diacritics 2 tokenchars ''_'''
    /// .unicode61(diacritics: .kept)                  // tokenize='unicode61 remove_diacritics 0': "café" ≠ "cafe"
    /// .trigram                                       // tokenize='trigram': any three characters match inside words
    /// ```
    ///
    /// The default is the reminders' tokenizer: words of letters and digits, case and accents
    /// folded. `tokenCharacters` adds characters to words, so `parse_query` is one word (for
    /// code identifiers): `query` then no longer matches inside it, and `parse_q` is a prefix
    /// of it. ``trigram`` matches any run of three or more characters anywhere in a field
    /// (`dough` finds "sourdough"), for codes and part numbers; a word of one or two characters
    /// matches nothing in it, and typo matches and word forms find nothing to suggest.
    ///
    /// Changing the tokenizer of a declared index makes ``SearchIndex/migrate(_:)`` rebuild it.
    /// See https://www.sqlite.org/fts5.html#tokenizers
    public struct Tokenizer: Hashable, Sendable {
        enum Kind: Hashable, Sendable {
            case unicode61(diacritics: Diacritics, tokenCharacters: String)
            case trigram
        }

        let kind: Kind

        /// What `unicode61` does with accents (`remove_diacritics`).
        public enum Diacritics: Int, Hashable, Sendable {
            /// Kept: `café` and `cafe` are two words (`remove_diacritics 0`).
            case kept = 0
            /// Removed from letters that carry one accent, as SQLite did before 3.27
            /// (`remove_diacritics 1`).
            case removedFromSingleAccents = 1
            /// Removed: `café` matches `cafe` (`remove_diacritics 2`, the default).
            case removed = 2
        }

        /// Words of letters and digits (and `tokenCharacters`), case folded, accents as
        /// `diacritics` says.
        ///
        /// - Parameters:
        ///   - diacritics: Whether `café` matches `cafe`; ``Diacritics/removed`` by default.
        ///   - tokenCharacters: ASCII punctuation that belongs inside words, such as `_` for
        ///     `snake_case` or `_.` for `file.name`; not a quote, a space or a letter.
        public static func unicode61(diacritics: Diacritics = .removed, tokenCharacters: String = "") -> Tokenizer {
            Tokenizer(kind: .unicode61(diacritics: diacritics, tokenCharacters: tokenCharacters))
        }

        /// Every run of three characters, case folded: a search matches inside words.
        public static let trigram = Tokenizer(kind: .trigram)

        /// The tokenizer of the reminders: `unicode61 remove_diacritics 2`.
        public static let standard = unicode61()

        /// The `tokenize` option's value, as FTS5 reads it (its own quoting doubled inside).
        var option: String {
            switch kind {
            case .trigram:
                return "trigram"
            case .unicode61(let diacritics, let tokenCharacters):
                let base = "unicode61 remove_diacritics \(diacritics.rawValue)"
                return tokenCharacters.isEmpty ? base : base + " tokenchars '\(tokenCharacters)'"
            }
        }

        /// Characters `tokenCharacters` cannot hold: they would end the option's quoting, or
        /// are words' characters or separators already.
        func check(index: String) throws(SearchIndexError) {
            guard case .unicode61(_, let characters) = kind else { return }
            for scalar in characters.unicodeScalars {
                guard scalar.isASCII, scalar.properties.generalCategory != .control, scalar != " ", scalar != "'",
                    scalar != "\"", !("a"..."z").contains(scalar), !("A"..."Z").contains(scalar),
                    !("0"..."9").contains(scalar)
                else { throw .invalidTokenCharacters(index: index, characters: characters) }
            }
        }
    }
}
