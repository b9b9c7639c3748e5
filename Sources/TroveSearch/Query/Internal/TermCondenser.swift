import Foundation
import TroveStore

/// Merges repeated terms and keeps at most ``SearchQuery/maxTerms`` different ones, in text order,
/// so that a pasted page (`a a a …`, 100 KB of words) searches a handful of words, not thousands.
///
/// ```swift
/// var condenser = TermCondenser()
/// for part in [.group("a"), .group("a"), .excluded(SearchTerm("b"))] { condenser.add(part) }
/// condenser.groups     // [a]
/// condenser.excluded   // [b]
/// ```
///
/// Groups are compared whole (`milk OR bread` equals `bread OR milk`), so merging never changes
/// what a query matches: `a AND a` is `a`. Words compare as FTS5 folds them (case and accents).
struct TermCondenser {
    /// A group of positive terms, or an excluded term, in the order the text has them.
    enum Part {
        case group(TermGroup)
        case excluded(SearchTerm)
    }

    private(set) var groups: [TermGroup] = []
    private(set) var excluded: [SearchTerm] = []
    /// Term occurrences seen, kept or not.
    private(set) var words = 0
    /// Occurrences that repeated a term already kept.
    private(set) var merged = 0
    /// Different terms left out past ``SearchQuery/maxTerms``.
    private(set) var dropped = 0
    private var kept = 0
    private var seenGroups: Set<Set<Key>> = []
    private var seenExcluded: Set<Key> = []

    private struct Key: Hashable {
        var folded: String
        var isPhrase: Bool
        var isPrefix: Bool

        init(folded: String, isPhrase: Bool, isPrefix: Bool) {
            self.folded = folded
            self.isPhrase = isPhrase
            self.isPrefix = isPrefix
        }

        init(_ term: SearchTerm) {
            folded = term.text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            isPhrase = term.isPhrase
            isPrefix = term.isPrefix
        }
    }

    mutating func add(_ part: Part) {
        switch part {
        case .excluded(let term):
            words += 1
            let key = Key(term)
            if seenExcluded.contains(key) {
                merged += 1
            } else if kept >= SearchQuery.maxTerms {
                seenExcluded.insert(key)
                dropped += 1
            } else {
                seenExcluded.insert(key)
                excluded.append(term)
                kept += 1
            }
        case .group(let group):
            words += group.anyOf.count
            var terms: [SearchTerm] = []
            var keys: Set<Key> = []
            for term in group.anyOf where keys.insert(Key(term)).inserted { terms.append(term) }
            merged += group.anyOf.count - terms.count
            // NB: `a a*` is `a`: every reminder with the word a also has a word starting with a.
            var exactTwin = keys
            if terms.count == 1, let key = keys.first, key.isPrefix {
                exactTwin = [Key(folded: key.folded, isPhrase: key.isPhrase, isPrefix: false)]
            }
            if seenGroups.contains(keys) || seenGroups.contains(exactTwin) {
                merged += terms.count
                return
            }
            seenGroups.insert(keys)
            let room = SearchQuery.maxTerms - kept
            guard room > 0 else {
                dropped += terms.count
                return
            }
            dropped += max(0, terms.count - room)
            let admitted = Array(terms.prefix(room))
            groups.append(TermGroup(anyOf: admitted))
            kept += admitted.count
        }
    }

    /// One sentence when words were left out, or when a long query was merged; nil otherwise.
    ///
    /// NB: a repeated word in an ordinary query (`walk the dog to the park`) is merged without a
    /// word: it changes nothing a person would notice.
    var notice: String? {
        if dropped > 0 {
            return "Only the first \(SearchQuery.maxTerms) different words of the query are searched; "
                + "\(QueryNumber.text(dropped)) more \(dropped == 1 ? "was" : "were") left out"
                + (merged > 0 ? " and \(QueryNumber.text(merged)) repeated \(merged == 1 ? "one" : "ones") merged." : ".")
        }
        guard merged > 0, words > SearchQuery.maxTerms else { return nil }
        return "The query's \(QueryNumber.text(words)) words were merged into \(QueryNumber.text(kept)): "
            + "repeated words count once."
    }
}

/// Whole numbers in messages, grouped by thousands whatever the locale: `5,000`.
enum QueryNumber {
    static func text(_ number: Int) -> String {
        GroupedNumber.text(number)
    }
}
