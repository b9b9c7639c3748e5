import TroveQuery
import TroveSQLite

/// Joined and split forms of a query's words that the index holds: `oncall` also matches
/// "on call" (and so `on-call`), `wi fi` also matches `wifi`.
///
/// ```swift
/// try WordForms(vocabulary: SQLVocabulary(db: db), db: db).expansion(for: .parse("oncall wi fi", exact: true))
/// // alternatives: oncall → "on call"; joins: (wi, fi) → wifi   — when the index holds those words
/// ```
///
/// The rule, with ``WordJoiners`` for the typed-hyphen direction:
/// - a word typed joined (`oncall`, `email`, `obrien`) also matches the phrase of two parts
///   when that phrase is in some reminder (`on call`, `e mail` from e-mail, `o brien` from
///   O'Brien): at most ``maxSplits``, the most even first. For the word being typed the second
///   part may be a prefix of 3 or more letters (`emai` → "e mai"*).
/// - two adjacent words (`wi fi`, `o brien`) also match as one word when the index holds it.
///
/// A split needs no dictionary: the index's own vocabulary is one, and requiring the phrase
/// to be in some reminder keeps `call` from becoming "c all" (c from C++, all) and `revenue`
/// "re venue". A phrase that is in the index can still be two words that were never one
/// ("in to" for `into`); it then matches what the person could have meant anyway.
struct WordForms {
    let vocabulary: any Vocabulary
    /// Where phrases are looked up: only the index knows which words stand side by side.
    let db: SQLiteConnection
    /// The FTS5 table the phrases are looked up in: the reminders' or a search index's.
    var fts: String = VocabularyTables.reminders.fts

    /// The most split forms per word.
    static let maxSplits = 2
    /// Words longer than this are not split (a pasted token, a URL).
    static let maxSplitLength = 24

    func expansion(for query: SearchQuery) throws -> QueryExpansion {
        var expansion = QueryExpansion()
        for term in query.terms.flatMap(\.anyOf) + query.excludedTerms where expansion.alternatives[term] == nil {
            let splits = try self.splits(term)
            if !splits.isEmpty { expansion.alternatives[term] = splits }
        }
        for (first, second) in zip(query.terms, query.terms.dropFirst()) {
            guard first.anyOf.count == 1, second.anyOf.count == 1, !first.anyOf[0].isPrefix,
                let left = Self.plainWord(first.anyOf[0]), let right = Self.plainWord(second.anyOf[0])
            else { continue }
            let joined = left + right
            let isPrefix = second.anyOf[0].isPrefix
            if isPrefix ? try vocabulary.hasWord(startingWith: joined) : try vocabulary.contains(joined) {
                expansion.joins[.init(first.anyOf[0], second.anyOf[0])] = SearchTerm(joined, isPrefix: isPrefix)
            }
        }
        return expansion
    }

    /// `oncall` → ["on call"], when both parts are indexed words.
    func splits(_ term: SearchTerm) throws -> [SearchTerm] {
        guard let word = Self.plainWord(term) else { return [] }
        let letters = Array(word.unicodeScalars)
        guard letters.count >= 4, letters.count <= Self.maxSplitLength else { return [] }
        var found: [(balance: Int, term: SearchTerm)] = []
        for cut in 1..<letters.count {
            let left = String(String.UnicodeScalarView(letters[..<cut]))
            let right = String(String.UnicodeScalarView(letters[cut...]))
            guard try vocabulary.contains(left) else { continue }
            let prefixed = term.isPrefix && right.unicodeScalars.count >= 3
            guard try prefixed ? vocabulary.hasWord(startingWith: right) : vocabulary.contains(right) else { continue }
            let phrase = SearchTerm(left + " " + right, isPhrase: true, isPrefix: prefixed)
            guard try occurs(phrase) else { continue }
            found.append((min(cut, letters.count - cut), phrase))
        }
        return found.sorted { $0.balance > $1.balance }.prefix(Self.maxSplits).map(\.term)
    }

    /// Whether some reminder holds the phrase.
    ///
    /// NB: FTS5 stops at the first row where the words stand side by side.
    private func occurs(_ phrase: SearchTerm) throws -> Bool {
        let match = FTS5Text.quoted(phrase.text) + (phrase.isPrefix ? "*" : "")
        return try db.fetchOne("SELECT 1 FROM \(identifier: fts) WHERE \(identifier: fts) MATCH \(match) LIMIT 1") != nil
    }

    /// The term as one folded word of letters, or nil (phrases, hyphenated words, digits,
    /// scripts matched by substring).
    static func plainWord(_ term: SearchTerm) -> String? {
        guard !term.isPhrase, !term.isSubstringSearched, let letters = TypoRule.folded(term.text) else { return nil }
        return String(String.UnicodeScalarView(letters))
    }
}
