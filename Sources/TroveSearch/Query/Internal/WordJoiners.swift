/// Hyphens and apostrophes inside a word: `on-call`, `wi-fi`, `O'Brien`, `don't`.
///
/// ```swift
/// WordJoiners.joined(SearchTerm("on-call"))   // "oncall": the word also matches as one token
/// WordJoiners.joined(SearchTerm("ref:AB-1"))  // nil: not letters and digits joined by hyphens
/// ```
///
/// The tokenizer splits `on-call` into `on` and `call`, so the word typed with its hyphen is
/// the phrase "on call" (which `on call`, `on-call` and `on–call` in a reminder all match), and
/// FTS5 cannot see `oncall`. Trove's rule: a word of letters and digits joined by hyphens or
/// apostrophes matches the phrase of its parts OR the parts joined into one word. The other
/// direction (`oncall` finding `on-call`) needs the vocabulary; see ``WordForms``.
enum WordJoiners {
    /// Hyphen-minus, hyphen, non-breaking hyphen, apostrophe, right single quote, modifier
    /// letter apostrophe.
    static let joiners: Set<Unicode.Scalar> = ["-", "\u{2010}", "\u{2011}", "'", "\u{2019}", "\u{02BC}"]

    /// The word without its joiners, when it is letters and digits joined by them; else nil.
    static func joined(_ term: SearchTerm) -> String? {
        guard !term.isPhrase else { return nil }
        var result = String.UnicodeScalarView()
        var previousWasToken = false
        var sawJoiner = false
        for scalar in term.text.unicodeScalars {
            if FTS5Text.isTokenCharacter(scalar) {
                result.append(scalar)
                previousWasToken = true
            } else if joiners.contains(scalar), previousWasToken {
                sawJoiner = true
                previousWasToken = false
            } else {
                return nil
            }
        }
        return sawJoiner && previousWasToken ? String(result) : nil
    }
}
