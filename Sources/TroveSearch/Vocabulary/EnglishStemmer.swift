/// A light English stemmer: the inflections a search box should not tell apart (plurals,
/// `-ing`, `-ed`), so that `libraries` finds "Library card renewal".
///
/// ```swift
/// EnglishStemmer.stem("libraries")   // "library"
/// EnglishStemmer.stem("library")     // "library"
/// EnglishStemmer.stem("running")     // "run"     (a doubled consonant before -ing/-ed is undone)
/// EnglishStemmer.stem("invoices")    // "invoic"  (so is a final e: "invoice", "invoicing")
/// EnglishStemmer.stem("news")        // "news"    (never "new")
/// ```
///
/// Two words are forms of each other when their stems are equal; a stem is a key, not a word.
/// The rules, in order:
/// 1. A word of 3 letters or fewer, a word with anything but `a`–`z`, or a word on the
///    ``invariants`` list is its own stem: other languages and scripts match exactly.
/// 2. Plurals and third persons: `-ies` → `-y` (`libraries`), else a final `s` goes unless the
///    word ends in `ss`, `us` or `is` (`class`, `bus`, `this`, `analysis`).
/// 3. `-ing` and `-ed` go when at least 3 letters with a vowel remain (`thing`, `string` and
///    `need` stay), `-ied` → `-y`; then a doubled final consonant but `l`, `s`, `z` is undone
///    (`running` → `run`, `falling` → `fall`), or else a short final syllable gets its e back
///    (`making` → `make`, `noted` → `note`).
/// 4. A final `e` goes when what remains is long enough not to be another word (Porter's
///    measure: `invoice` → `invoic`, as `invoicing`; `theme` stays, not `them`), or after a
///    hiss in a word of 4 letters (`boxe` → `box`); a final `ie` becomes `y` (`movie`, as
///    `movies`).
///
/// NB: it never strips `-er`, `-est`, `-ly` or `-ness`: those change what a word means
/// (`runner`, `later`), where plurals and tenses only inflect it. Irregular forms (`ran`,
/// `mice`) are not forms here.
enum EnglishStemmer {
    /// Words that look inflected but are not, or whose stripped form is another word.
    static let invariants: Set<String> = [
        "news", "series", "species", "always", "perhaps", "whereas", "towards", "afterwards", "does", "goes",
        "evening", "morning", "nothing", "something", "anything", "everything", "during", "ceiling", "wedding",
        "pudding", "lens", "physics", "mathematics", "politics", "economics",
    ]

    /// The stem of a folded word (lower-case, as the index folds it); see the rules above.
    static func stem(_ word: String) -> String {
        var letters = Array(word.utf8)
        guard letters.count > 3, letters.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }),
            !invariants.contains(word)
        else { return word }
        stripPlural(&letters)
        if !invariants.contains(String(decoding: letters, as: UTF8.self)) { stripTense(&letters) }
        if letters.last == UInt8(ascii: "e"), letters.count >= 4 {
            let rest = Array(letters.dropLast())
            if letters.count > 4, rest.last == UInt8(ascii: "i") {
                letters = Array(rest.dropLast()) + [UInt8(ascii: "y")]
            } else if Self.dropsFinalE(rest) {
                letters = rest
            }
        }
        return String(decoding: letters, as: UTF8.self)
    }

    /// The letters every form of a stem starts with: its stem but a final `y`, which a form
    /// may spell `ie` (`library`, `libraries`), or a final `e`, which `-ing` drops (`make`,
    /// `making`).
    static func sharedPrefix(ofStem stem: String) -> String {
        stem.count > 3 && (stem.hasSuffix("y") || stem.hasSuffix("e")) ? String(stem.dropLast()) : stem
    }

    /// The most letters a form has beyond its stem's shared prefix: `run` + `nings`.
    static let maxSuffixLength = 5

    private static func stripPlural(_ letters: inout [UInt8]) {
        if letters.count > 4, letters.ends(with: "ies") {
            letters.removeLast(3)
            letters.append(UInt8(ascii: "y"))
        } else if letters.last == UInt8(ascii: "s"), !letters.ends(with: "ss"), !letters.ends(with: "us"),
            !letters.ends(with: "is")
        {
            letters.removeLast()
        }
    }

    private static func stripTense(_ letters: inout [UInt8]) {
        let suffix: Int
        if letters.ends(with: "ing") {
            suffix = 3
        } else if letters.ends(with: "ed"), !letters.ends(with: "eed") {
            suffix = 2
        } else {
            return
        }
        let rest = letters.dropLast(suffix)
        guard rest.count >= 3, rest.contains(where: isVowel) else { return }
        if suffix == 2, rest.last == UInt8(ascii: "i"), rest.count >= 4 {
            // NB: carried → carry, applied → apply; but not died, tied (too short).
            letters = Array(rest.dropLast()) + [UInt8(ascii: "y")]
            return
        }
        letters = Array(rest)
        if let last = letters.last, letters.count >= 4, letters[letters.count - 2] == last, !isVowel(last),
            ![UInt8(ascii: "l"), UInt8(ascii: "s"), UInt8(ascii: "z")].contains(last)
        {
            letters.removeLast()
        } else if measure(letters) == 1, endsShortSyllable(letters) {
            // NB: the e that -ing and -ed took (`making` → make, `noted` → note), as Porter's
            // stemmer puts it back; a doubled consonant says there was none (`hopping` → hop).
            letters.append(UInt8(ascii: "e"))
        }
    }

    /// Whether a final e goes from `rest` + e: after a hiss in a word of 4 letters (`boxe`,
    /// `buse`: the plural's e), or when `rest` is long enough not to be another word with it
    /// gone (Porter's rule: a measure above 1, or 1 without a short final syllable), so that
    /// `invoice` is `invoic`, as `invoicing`, but `theme` is not `them` nor `plane` `plan`.
    private static func dropsFinalE(_ rest: [UInt8]) -> Bool {
        if rest.count == 3, let last = rest.last, "sxzh".utf8.contains(last) { return true }
        let m = measure(rest)
        return m > 1 || (m == 1 && !endsShortSyllable(rest))
    }

    /// How many vowel-consonant sequences the letters hold (Porter's m): `tree` 0, `trouble` 1,
    /// `invoic` 2. A `y` after a consonant is a vowel.
    static func measure(_ letters: [UInt8]) -> Int {
        var count = 0
        var previousWasVowel = false
        for index in letters.indices {
            let vowel = !isConsonant(letters, index)
            if !vowel, previousWasVowel { count += 1 }
            previousWasVowel = vowel
        }
        return count
    }

    /// Consonant, vowel, consonant at the end, the last not `w`, `x` or `y` (Porter's *o):
    /// `hop`, `not`, `them`.
    private static func endsShortSyllable(_ letters: [UInt8]) -> Bool {
        let n = letters.count
        guard n >= 3, isConsonant(letters, n - 1), !isConsonant(letters, n - 2), isConsonant(letters, n - 3) else { return false }
        return !"wxy".utf8.contains(letters[n - 1])
    }

    private static func isConsonant(_ letters: [UInt8], _ index: Int) -> Bool {
        switch letters[index] {
        case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "u"): false
        case UInt8(ascii: "y"): index == 0 || !isConsonant(letters, index - 1)
        default: true
        }
    }

    private static func isVowel(_ letter: UInt8) -> Bool {
        "aeiouy".utf8.contains(letter)
    }
}

extension [UInt8] {
    fileprivate func ends(with suffix: String) -> Bool {
        let tail = Array(suffix.utf8)
        return count >= tail.count && self[(count - tail.count)...].elementsEqual(tail)
    }
}
