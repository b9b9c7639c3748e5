public import TroveSQLite

extension VocabularyCache {
    /// The typo candidates of `word` under Trove's rule (``TypoTolerance``), from the trie; nil
    /// before one is built. For benchmarks and diagnostics: a search finds them itself.
    ///
    /// ```swift
    /// try await cache.buildNow()
    /// cache.typoCandidates(for: "dentst", isPrefix: false)   // ["dentist*"]: a prefix ends in *
    /// ```
    public func typoCandidates(for word: String, isPrefix: Bool) -> [String]? {
        guard let trie = currentTrie, let letters = TypoRule.folded(word) else { return currentTrie.map { _ in [] } }
        return trie.typoCandidates(for: letters, isPrefix: isPrefix).map(\.term.description)
    }

    /// The same candidates read from `reminders_vocab`, one first-letter range, as a one-shot
    /// `trove search` reads them.
    public static func typoCandidatesFromSQL(for word: String, isPrefix: Bool, on db: SQLConnection) throws -> [String] {
        guard let letters = TypoRule.folded(word) else { return [] }
        return try SQLVocabulary(db: db).typoCandidates(for: letters, isPrefix: isPrefix).map(\.term.description)
    }

    /// The built trie's words and bytes; nil before one is built.
    public var trieSize: (words: Int, bytes: Int)? {
        currentTrie.map { ($0.wordCount, $0.byteCount) }
    }
}
