import Foundation
import TroveQuery
import TroveSQLite

/// "Did you mean": indexed words within two edits of the query's words.
///
/// ```swift
/// try Suggester.suggestions(for: .parse("dentsit"), on: db)   // ["dentist"]
/// // CREATE VIRTUAL TABLE IF NOT EXISTS temp.reminders_vocab USING fts5vocab(main, 'reminders_fts', 'row');
/// // SELECT term, doc FROM temp.reminders_vocab WHERE term >= ? AND term < ? AND length(term) BETWEEN ? AND ?
/// ```
///
/// Candidates share the word's first letter; they rank by distance, then by how many reminders
/// hold them. The vocabulary table lives in `temp`, so the database file is never changed.
/// See https://www.sqlite.org/fts5.html#the_fts5vocab_virtual_table_module.
enum Suggester {
    static let maxDistance = 2
    static let maxSuggestions = 5
    /// Words looked at per query; a pasted page of text gets no suggestions past these.
    static let maxWords = 8

    static func suggestions(for query: Query, on db: Connection) throws -> [String] {
        let words = self.words(in: query)
        guard !words.isEmpty else { return [] }
        try db.execute(
            "CREATE VIRTUAL TABLE IF NOT EXISTS temp.reminders_vocab USING fts5vocab(main, 'reminders_fts', 'row')")
        var scored: [(term: String, distance: Int, docs: Int)] = []
        for word in words {
            guard let first = word.unicodeScalars.first else { continue }
            let next = Unicode.Scalar(first.value + 1) ?? Unicode.Scalar(0xE000)!
            let length = word.unicodeScalars.count
            let rows = try db.fetchAll("""
                SELECT term, doc FROM temp.reminders_vocab
                WHERE term >= \(String(first)) AND term < \(String(next))
                  AND length(term) BETWEEN \(length - maxDistance) AND \(length + maxDistance)
                """)
            for row in rows {
                let term: String = try row[0]
                guard term != word, let distance = EditDistance.between(word, term, limit: maxDistance) else { continue }
                scored.append((term, distance, try row[1]))
            }
        }
        scored.sort { ($0.distance, -$0.docs, $0.term) < ($1.distance, -$1.docs, $1.term) }
        var seen: Set<String> = []
        return scored.map(\.term).filter { seen.insert($0).inserted }.prefix(maxSuggestions).map { $0 }
    }

    /// The query's words as the tokenizer folds them (lowercase, no accents).
    static func words(in query: Query) -> [String] {
        var words: [String] = []
        for term in query.terms.flatMap(\.anyOf) where term.isSearchableByFTS {
            let folded = term.text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            for token in folded.unicodeScalars.split(whereSeparator: { !FTS5Text.isTokenCharacter($0) }) {
                let word = String(String.UnicodeScalarView(token))
                if !words.contains(word) { words.append(word) }
                if words.count == maxWords { return words }
            }
        }
        return words
    }
}
