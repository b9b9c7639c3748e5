/// The typo candidates of a query's words, as alternatives for ``FTS5Expression``.
///
/// ```swift
/// try TypoExpansion.expansion(for: .parse("dentst"), vocabulary: SQLVocabulary(db: db))
/// // alternatives: dentst* → ["dentis"*]   (the word being typed: prefixes within one typo)
/// ```
///
/// Only positive one-word terms get typos (see ``TypoRule``): not phrases, not excluded words
/// (`-dentst` leaves out what it says), not words with digits or in substring scripts.
enum TypoExpansion {
    static func expansion(for query: SearchQuery, vocabulary: any Vocabulary) throws -> QueryExpansion {
        var expansion = QueryExpansion()
        for term in query.terms.flatMap(\.anyOf) where expansion.alternatives[term] == nil {
            guard let word = WordForms.plainWord(term) else { continue }
            let candidates = try vocabulary.typoCandidates(for: Array(word.unicodeScalars), isPrefix: term.isPrefix)
            if !candidates.isEmpty { expansion.alternatives[term] = candidates.map(\.term) }
        }
        return expansion
    }
}
