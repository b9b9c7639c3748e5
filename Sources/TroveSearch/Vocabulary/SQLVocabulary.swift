import TroveQuery
import TroveSQLite

/// The vocabulary read from schema 6's `reminders_vocab` table (or a search index's, by
/// ``VocabularyRanges/tables``), one range at a time.
///
/// ```swift
/// try SQLVocabulary(db: db).typoCandidates(for: Array("dentst".unicodeScalars), isPrefix: false)
/// // SELECT "term", "doc" FROM "reminders_vocab" WHERE "term" >= 'd' AND "term" < 'e'
/// // [TypoCandidate(text: "dentist", isPrefix: false, distance: 1, documents: 2)]
/// ```
///
/// NB: fts5vocab counts each word's reminders by walking its doclist, so a range costs the
/// doclists of its words: one first letter's words at 1M reminders is about 20 ms. Enough for
/// a one-shot search whose exact matches did not fill the page, not for every keystroke.
/// See https://www.sqlite.org/fts5.html#the_fts5vocab_virtual_table_module
struct SQLVocabulary: Vocabulary {
    let db: SQLConnection
    /// The ranges this search has read (did-you-mean reads the same one).
    var ranges = VocabularyRanges()

    func contains(_ word: String) throws -> Bool {
        // NB: a MATCH reads only the first entry of the word's doclist; the vocabulary table
        // would count all of them.
        try db.fetchOne(
            "SELECT 1 FROM \(identifier: ranges.tables.fts) WHERE \(identifier: ranges.tables.fts) MATCH \(FTS5Text.quoted(word)) LIMIT 1") != nil
    }

    func hasWord(startingWith prefix: String) throws -> Bool {
        guard let first = try db.fetchOne("SELECT \"term\" FROM \(identifier: ranges.tables.vocabulary) WHERE \"term\" >= \(prefix) LIMIT 1") else {
            return false
        }
        let term: String = try first[0]
        return term.hasPrefix(prefix)
    }

    /// Always nil: fts5vocab counts each word's reminders as it returns it, so listing the words
    /// after `dent` reads `dentist`'s whole doclist (~7 ms at 1M), which is what a completion
    /// is meant to avoid.
    func completions(of prefix: String, limit: Int) throws -> [String]? { nil }

    /// ```swift
    /// try SQLVocabulary(db: db).words(startingWith: "librar", maxLength: 11)
    /// // SELECT "term", "doc" FROM "reminders_vocab" WHERE "term" >= 'librar' AND "term" < 'librar\u{10FFFF}'
    /// ```
    ///
    /// NB: fts5vocab reads the doclists of the range's words only, a few for a word's stem.
    func words(startingWith prefix: String, maxLength: Int) throws -> [(term: String, documents: Int)] {
        guard !prefix.isEmpty else { return [] }
        let sql: SQLFragment = "SELECT \"term\", \"doc\" FROM \(identifier: ranges.tables.vocabulary) "
            + "WHERE \"term\" >= \(prefix) AND \"term\" < \(prefix + "\u{10FFFF}")"
        return try db.fetchAll(sql).compactMap { row in
            let term: String = try row[0], documents: Int = try row[1]
            return term.unicodeScalars.count <= maxLength ? (term, documents) : nil
        }
    }

    func typoCandidates(for word: [Unicode.Scalar], isPrefix: Bool) throws -> [TypoCandidate] {
        guard let first = word.first, TypoRule.budget(forLength: word.count) > 0 else { return [] }
        var matcher = TypoMatcher(word: word, isPrefix: isPrefix)
        var found: [TypoCandidate: Int] = [:]
        var previous: [Unicode.Scalar] = []
        for word in try ranges.words(startingWith: first, on: db) {
            let term = word.term, documents = word.documents
            let letters = Array(term.unicodeScalars)
            // NB: sorted words share prefixes; only the rows past the shared part are new.
            var shared = 0
            while shared < min(previous.count, letters.count, matcher.maxDepth), previous[shared] == letters[shared] { shared += 1 }
            let depth = min(letters.count, matcher.maxDepth)
            if shared < depth {
                for index in shared..<depth { matcher.push(letters[index], depth: index + 1) }
            }
            previous = letters
            // NB: the trie's walk along this word's path. A shorter indexed word on the path is
            // a row of its own, so here only this word counts as one (at its own length).
            for level in 0..<depth {
                let decision = matcher.decide(depth: level + 1, isWord: level + 1 == letters.count)
                if let (distance, isPrefix) = decision.candidate {
                    let key = TypoCandidate(
                        text: String(String.UnicodeScalarView(letters[...level])), isPrefix: isPrefix, distance: distance,
                        documents: 0)
                    found[key, default: 0] += documents
                }
                if !decision.descend { break }
            }
        }
        return Self.best(found.map { candidate, documents in
            TypoCandidate(text: candidate.text, isPrefix: candidate.isPrefix, distance: candidate.distance, documents: documents)
        })
    }

    /// Every word starting with `first`, in order.
    static func range(startingWith first: Unicode.Scalar, in tables: VocabularyTables = .reminders) -> SQLFragment {
        let next = Unicode.Scalar(first.value + 1) ?? Unicode.Scalar(0xE000)!
        return "SELECT \"term\", \"doc\" FROM \(identifier: tables.vocabulary) WHERE \"term\" >= \(String(first)) AND \"term\" < \(String(next))"
    }
}
