import Foundation

/// How many typos a query word may have, and which indexed words count as its typo matches:
/// Meilisearch's rules, with one deliberate difference.
///
/// ```swift
/// TypoRule.budget(forLength: 4)    // 0: "dent" must be typed right
/// TypoRule.budget(forLength: 6)    // 1: "dentst" finds dentist
/// TypoRule.budget(forLength: 10)   // 2: "apointmnet" finds appointment
/// ```
///
/// - A word of 5 to 8 letters may have one typo, of 9 or more two (Damerau–Levenshtein
///   distance: an insertion, deletion, substitution or swap of neighbours is one typo).
/// - The first letter is never a typo. Meilisearch counts a typo there as two; Trove allows
///   none, so every candidate shares the query word's first letter and a one-shot search
///   looks at one range of the vocabulary, not all of it.
/// - Words with a digit (`2026`, `x4`, `9am`) get no typos, nor do candidates with one.
/// - For the word being typed (a prefix), candidates are prefixes of indexed words at least as
///   long as the typed word (`dentsi` → dentis*), and shorter whole indexed words (`milkz` →
///   milk), within the budget; never a shorter prefix (`denti*`), which would flood the page.
/// - At most ``maxCandidates`` per word: the closest, then those in the most reminders.
/// - A word longer than ``maxTypoLength`` letters gets no typos: no word a person types is that
///   long, and a pasted 100,000-letter "word" must not cost more than reading it.
enum TypoRule {
    static let oneTypoLength = 5
    static let twoTyposLength = 9
    static let maxCandidates = 8
    /// The longest query word that is matched with typos (and offered near words).
    static let maxTypoLength = 64

    /// The typos a word of `length` letters may have.
    static func budget(forLength length: Int) -> Int {
        length > maxTypoLength ? 0 : length >= twoTyposLength ? 2 : length >= oneTypoLength ? 1 : 0
    }

    /// A word as the index holds it: lower case, accents removed (as `unicode61
    /// remove_diacritics 2` folds them), one token; nil when it is not a single plain word
    /// or holds a digit, so no typo applies.
    static func folded(_ text: String) -> [Unicode.Scalar]? {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        let scalars = Array(folded.unicodeScalars)
        guard !scalars.isEmpty, scalars.allSatisfy({ FTS5Text.isTokenCharacter($0) && !isDigit($0) }) else { return nil }
        return scalars
    }

    /// Whether the scalar is a digit or other number (`2`, `²`, `٣`, `½`).
    ///
    /// NB: the trie walk asks at every node; below U+0250 the answer needs no property lookup.
    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x250 {
            return (0x30...0x39).contains(value) || [0xB2, 0xB3, 0xB9, 0xBC, 0xBD, 0xBE].contains(value)
        }
        return scalar.properties.numericType != nil
    }
}

/// One indexed word (or, for the word being typed, a prefix of indexed words) that a query
/// word matches with typos.
struct TypoCandidate: Hashable, Sendable, Comparable {
    /// The word or prefix, as the index holds it.
    var text: String
    /// True for a prefix: it stands for every indexed word that starts with it.
    var isPrefix: Bool
    /// Typos between the query word and ``text``.
    var distance: Int
    /// Reminders holding the word, or for a prefix the sum over its words.
    var documents: Int

    /// Closest first, then in the most reminders, then by text (a word before its prefix).
    static func < (lhs: TypoCandidate, rhs: TypoCandidate) -> Bool {
        (lhs.distance, -lhs.documents, lhs.text, lhs.isPrefix ? 1 : 0) < (rhs.distance, -rhs.documents, rhs.text, rhs.isPrefix ? 1 : 0)
    }

    /// The term that matches it in FTS5: `"dentist"`, or `"dentis"*`.
    var term: SearchTerm { SearchTerm(text, isPrefix: isPrefix) }
}
