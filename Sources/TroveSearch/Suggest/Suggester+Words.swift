import Foundation
import TroveQuery
import TroveSQLite
import TroveStore

/// Did-you-mean's per-word corrections: each word of the text corrected on its own, and only
/// combinations whose words some row holds together are offered.
///
/// ```swift
/// try Suggester.didYouMean(for: .parse("pyhton requests"), on: db).queries
/// // ["python requests"]: pyhton is in one row, never beside requests; python is in thousands
/// // SELECT 1 FROM "reminders_fts" WHERE "reminders_fts" MATCH '"pyhton" AND "requests"' LIMIT 1       (as typed: none)
/// // SELECT 1 FROM "reminders_fts" WHERE "reminders_fts" MATCH '"python" AND "requests"' LIMIT 1       (a correction: found)
/// ```
///
/// A word no row holds is replaced by its candidates (``candidates(for:on:ranges:trie:)``); a
/// word that is found on its own but not with the others may be replaced by a near word
/// at least ``foundWordRarity`` times as many rows hold (`pyhton`, a misspelling one Debian
/// description has, → python). The
/// combinations are tried fewest changes first, then best candidates, then most frequent
/// words, and at most ``maxCombinationChecks`` of them are run.
///
/// The check is the text's words (with their columns and exclusions) and, for the
/// reminders, its filters (`pyhton requests list:Travel` offers nothing that only the Python
/// list holds). An app's index checks the words alone.
extension Suggester {
    /// Combinations of corrections tried with `MATCH`, each one `LIMIT 1` query.
    static let maxCombinationChecks = 24
    /// Combinations ranked at most; the words with the most candidates lose their last ones first.
    static let maxCombinations = 256
    /// Near words offered for a word that is found on its own.
    static let maxCorrectionsOfAFoundWord = 2
    /// A near word corrects a word that is found only when at least this many times as many
    /// rows hold it (and two): a misspelling is rare beside its word (pyhton: 1 Debian description,
    /// python: thousands), and each word left as typed saves the checks of its corrections.
    static let foundWordRarity = 2

    /// A plain word of the text, and what it could become.
    struct WordSlot {
        var range: Range<String.Index>
        /// The word without a trailing `*`.
        var stem: String
        var isPrefix: Bool
        /// Whether some row holds it on its own.
        var isFound: Bool
        /// Corrections, best first; filled by ``corrections(of:in:on:ranges:trie:filters:)``.
        var options: [Candidate] = []

        func typed(in text: String) -> String { String(text[range]) }
    }

    /// One word's choice in a combination: as typed, or its `rank`th option.
    private struct Choice {
        var option: Candidate?
        var rank: Int
        var documents: Int
    }

    /// The per-word corrections to offer, best first, each as the fixes that make it; empty
    /// when the words as typed are found together, or no correction is.
    ///
    /// - Parameter words: The text's plain words; their ``WordSlot/options`` are filled.
    static func corrections(
        of words: inout [WordSlot], in query: SearchQuery, on db: SQLConnection, ranges: VocabularyRanges, trie: VocabularyTrie?,
        filters: FilterSQL?
    ) throws -> [[Fix]] {
        guard !words.isEmpty else { return [] }
        let check = Check(query: try query.resolvingNamePrefix(on: db), tables: ranges.tables, filters: filters)
        let allFound = words.allSatisfy(\.isFound)
        // NB: every word is found and they are found together: the filters are what failed.
        if allFound {
            guard words.count > 1 else { return [] }
            if try check.findsSomething(words, [Candidate?](repeating: nil, count: words.count), on: db) { return [] }
        }
        var typedDocuments: [Int] = []
        for index in words.indices {
            let word = words[index]
            let (candidates, documents) = try rankedCandidates(
                for: word.stem, on: db, ranges: ranges, trie: trie, completions: !word.isFound)
            typedDocuments.append(documents)
            guard word.isFound else {
                words[index].options = candidates
                continue
            }
            // NB: a word being typed already finds the words it starts (`editr` → editrix), so
            // those are no correction of it (`texx editr` → text editor).
            let stem = word.stem.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            words[index].options = Array(candidates.filter { candidate in
                candidate.documents >= foundWordRarity * max(documents, 1) && !(word.isPrefix && candidate.term.hasPrefix(stem))
            }.prefix(maxCorrectionsOfAFoundWord))
        }
        // A word no row holds must change; one that is found may stay as typed.
        var choices: [[Choice]] = words.indices.map { index in
            let word = words[index]
            let corrected = word.options.enumerated().map { Choice(option: $1, rank: $0 + (word.isFound ? 1 : 0), documents: $1.documents) }
            return word.isFound ? [Choice(option: nil, rank: 0, documents: typedDocuments[index])] + corrected : corrected
        }
        guard choices.allSatisfy({ !$0.isEmpty }) else { return [] }
        while choices.reduce(1, { $0 * $1.count }) > maxCombinations, let widest = choices.indices.max(by: { choices[$0].count < choices[$1].count }) {
            choices[widest].removeLast()
        }
        var combinations: [[Choice]] = [[]]
        for options in choices { combinations = combinations.flatMap { partial in options.map { partial + [$0] } } }
        /// Fewest changed words, then best-ranked candidates, then the most frequent words.
        func cost(_ combination: [Choice]) -> (Int, Int, Double) {
            (combination.filter { $0.option != nil }.count, combination.reduce(0) { $0 + $1.rank },
             -combination.reduce(0) { $0 + log(Double($1.documents) + 1) })
        }
        let ranked = combinations.filter { $0.contains { $0.option != nil } }.map { ($0, cost($0)) }
        var found: [[Fix]] = []
        for (combination, _) in ranked.sorted(by: { $0.1 < $1.1 }).prefix(maxCombinationChecks) {
            guard try check.findsSomething(words, combination.map(\.option), on: db) else { continue }
            found.append(zip(words, combination).compactMap { word, choice in
                choice.option.map { Fix(range: word.range, options: [$0.term]) }
            })
            if found.count == maxSuggestions { break }
        }
        return found
    }

    /// What a combination of corrections is checked against.
    private struct Check {
        var query: SearchQuery
        var tables: VocabularyTables
        /// The reminders' filters as SQL; nil for an index, whose words alone are checked.
        var filters: FilterSQL?

        /// Whether some row holds the query's words with `replacements` made (nil keeps a word
        /// as typed), and passes its filters.
        ///
        /// ```swift
        /// // SELECT 1 FROM "reminders_fts" CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
        /// //   WHERE "reminders_fts" MATCH '"python" AND "requests"'
        /// //   AND (("reminders"."list_id" = (SELECT "id" FROM "lists" WHERE "name" = 'Travel'))) LIMIT 1
        /// ```
        ///
        /// NB: a corrected word is a whole word; one kept as typed keeps its prefix.
        func findsSomething(_ words: [WordSlot], _ replacements: [Candidate?], on db: SQLConnection) throws -> Bool {
            var checked = query
            for (word, replacement) in zip(words, replacements) {
                guard let option = replacement else { continue }
                for group in checked.terms.indices {
                    checked.terms[group].anyOf = checked.terms[group].anyOf.map { term in
                        term.text == word.stem && !term.isPhrase ? SearchTerm(option.term) : term
                    }
                }
            }
            guard let match = FTS5Expression(query: checked)?.positive else { return false }
            guard let filters, tables.isReminders, !query.filters.isEmpty else {
                return try db.fetchOne("SELECT 1 FROM \(identifier: tables.fts) WHERE \(identifier: tables.fts) MATCH \(match) LIMIT 1") != nil
            }
            let conditions = query.filters.map(filters.condition).joined(separator: " AND ")
            return try db.fetchOne("""
                SELECT 1 FROM \(identifier: ReminderSearchTable.tableName) CROSS JOIN \(identifier: ReminderTable.tableName) \
                ON \(SearchTables.reminders.id) = \(SearchTables.index.rowid) \
                WHERE \(identifier: ReminderSearchTable.tableName) MATCH \(match) AND \(conditions) LIMIT 1
                """) != nil
        }
    }
}
