import TroveQuery
import TroveSQLite

/// A word's inflections that the index holds: `libraries` also matches `library`, `running`
/// `run` and `runs` (English; see ``EnglishStemmer``).
///
/// ```swift
/// try WordForms(vocabulary: trie, db: db).inflections(for: .parse("libraries", exact: true))
/// // alternatives: libraries → [library]   (the index's words that share its stem)
/// ```
///
/// The forms are looked up in the index's own words (the trie when it is in memory, else a
/// range of `fts5vocab`): the words starting with the stem's ``EnglishStemmer/sharedPrefix(ofStem:)``
/// and at most ``EnglishStemmer/maxSuffixLength`` letters longer, whose stem is the word's;
/// at most ``maxInflections``, those in the most rows first. The index itself is unchanged
/// (no porter tokenizer), so the word as typed stays a word of its own, and the engines rank
/// it above its forms: forms match in a tier after the exact matches, as typos do.
///
/// A word being typed (a prefix) already matches the forms that start with it (`meet` finds
/// `meetings`); it also matches, as whole words, the forms that do not (`libraries` →
/// `library`). Phrases, excluded words and words of fewer than 3 letters get no forms.
extension WordForms {
    /// The most other forms one word matches.
    static let maxInflections = 8

    /// The other forms of every positive word of the query, as alternatives.
    func inflections(for query: SearchQuery) throws -> QueryExpansion {
        var expansion = QueryExpansion()
        for term in query.terms.flatMap(\.anyOf) where expansion.alternatives[term] == nil {
            let forms = try inflections(of: term)
            if !forms.isEmpty { expansion.alternatives[term] = forms }
        }
        return expansion
    }

    /// `libraries` → [`library`], when the index holds `library`; see the rule above.
    func inflections(of term: SearchTerm) throws -> [SearchTerm] {
        guard let word = Self.plainWord(term), word.unicodeScalars.count >= 3 else { return [] }
        let stem = EnglishStemmer.stem(word)
        let prefix = EnglishStemmer.sharedPrefix(ofStem: stem)
        // NB: a word being typed matches every word that starts with it already.
        if term.isPrefix, prefix.hasPrefix(word) { return [] }
        let words = try vocabulary.words(
            startingWith: prefix, maxLength: prefix.unicodeScalars.count + EnglishStemmer.maxSuffixLength)
        return words
            .filter { $0.term != word && !(term.isPrefix && $0.term.hasPrefix(word)) && EnglishStemmer.stem($0.term) == stem }
            .sorted { ($0.documents, $1.term) > ($1.documents, $0.term) }
            .prefix(Self.maxInflections)
            .map { SearchTerm($0.term) }
    }

    /// Which of `rows` (rowids of `fts`) match `pattern`: a tier's hits that match with the
    /// word forms alone, and so need no typo.
    ///
    /// ```swift
    /// try WordForms.rows([3, 7], matching: #""libraries" OR "library""#, fts: "reminders_fts", on: db)
    /// // SELECT "rowid" FROM "reminders_fts" WHERE "reminders_fts" MATCH ? AND "rowid" IN (3, 7)
    /// ```
    static func rows(_ rows: [Int64], matching pattern: String, fts: String, on db: SQLConnection) throws -> Set<Int64> {
        guard !rows.isEmpty else { return [] }
        let list = rows.map { row -> SQLFragment in "\(row)" }.joined(separator: ", ")
        let sql: SQLFragment = "SELECT \"rowid\" FROM \(identifier: fts) WHERE \(identifier: fts) MATCH \(pattern) AND \"rowid\" IN ("
            + list + ")"
        return Set(try db.fetchAll(sql).map { row -> Int64 in try row[0] })
    }
}
