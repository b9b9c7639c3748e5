/// What the index's vocabulary says about words: which exist, and which are typo candidates.
///
/// Two readers answer alike: ``SQLVocabulary`` reads `reminders_vocab` (schema 6's fts5vocab
/// table) range by range, for a one-shot search; ``VocabularyTrie`` holds every word in
/// memory, for a search box that asks on every keystroke (see ``VocabularyCache``).
protocol Vocabulary {
    /// Whether `word` (folded as the index folds) is an indexed word.
    func contains(_ word: String) throws -> Bool
    /// Whether some indexed word starts with `prefix`.
    func hasWord(startingWith prefix: String) throws -> Bool
    /// The typo candidates for `word` under ``TypoRule``, best first, at most
    /// ``TypoRule/maxCandidates``.
    func typoCandidates(for word: [Unicode.Scalar], isPrefix: Bool) throws -> [TypoCandidate]
    /// Every indexed word that starts with `prefix`, in order, when there are at most `limit`
    /// and they are known without reading doclists; otherwise nil.
    func completions(of prefix: String, limit: Int) throws -> [String]?
    /// Every indexed word that starts with `prefix` and has at most `maxLength` letters, with
    /// the rows that hold it, in order: where ``WordForms`` looks for a word's other forms.
    func words(startingWith prefix: String, maxLength: Int) throws -> [(term: String, documents: Int)]
}

extension Vocabulary {
    /// The best ``TypoRule/maxCandidates`` of a candidate set.
    static func best(_ candidates: some Collection<TypoCandidate>) -> [TypoCandidate] {
        Array(candidates.sorted().prefix(TypoRule.maxCandidates))
    }
}
