import TroveQuery
import TroveSQLite

/// Joined and split forms of a query's words that the index holds: `oncall` also matches
/// "on call" (and so `on-call`), `wi fi` also matches `wifi`.
///
/// ```swift
/// try WordForms(vocabulary: SQLVocabulary(db: db), db: db).expansion(for: .parse("oncall wi fi", exact: true))
/// // alternatives: oncall → "on call"; joins: (wi, fi) → wifi   — when the index holds those words
/// ```
///
/// The rule, with ``WordJoiners`` for the typed-hyphen direction:
/// - a word typed joined (`bookshelf`, `oncall`, `email`, `obrien`) also matches the phrase of
///   two whole words (never a prefix) when that phrase is in some reminder, and either both
///   parts have at least ``minimumSplitPart`` letters (`book shelf`) or some reminder writes
///   the two joined by a hyphen or an apostrophe (`on-call`, `e-mail`, `O'Brien`): at most
///   ``maxSplits``, the most even first.
/// - two adjacent words (`wi fi`, `o brien`) also match as one word when the index holds it.
///
/// A split needs no dictionary: the index's own vocabulary is one. Requiring the phrase in some
/// reminder keeps `revenue` from becoming "re venue"; requiring three letters a part or a
/// written joiner keeps `call` from becoming "c all" (from "Check C allow list": issue 19),
/// and no prefix on a part keeps a word being typed from matching words never typed (`call`
/// was "c all"*).
struct WordForms {
    let vocabulary: any Vocabulary
    /// Where phrases are looked up: only the index knows which words stand side by side.
    let db: SQLConnection
    /// The FTS5 table the phrases are looked up in: the reminders' or a search index's.
    var fts: String = VocabularyTables.reminders.fts

    /// The most split forms per word.
    static let maxSplits = 2
    /// Words longer than this are not split (a pasted token, a URL).
    static let maxSplitLength = 24
    /// The fewest letters a part of a split has, unless the parts are written joined.
    static let minimumSplitPart = 3

    func expansion(for query: SearchQuery) throws -> QueryExpansion {
        var expansion = QueryExpansion()
        for term in query.terms.flatMap(\.anyOf) + query.excludedTerms where expansion.alternatives[term] == nil {
            let splits = try self.splits(term)
            if !splits.isEmpty { expansion.alternatives[term] = splits }
        }
        for (first, second) in zip(query.terms, query.terms.dropFirst()) {
            guard first.anyOf.count == 1, second.anyOf.count == 1, !first.anyOf[0].isPrefix,
                let left = Self.plainWord(first.anyOf[0]), let right = Self.plainWord(second.anyOf[0])
            else { continue }
            let joined = left + right
            let isPrefix = second.anyOf[0].isPrefix
            if isPrefix ? try vocabulary.hasWord(startingWith: joined) : try vocabulary.contains(joined) {
                expansion.joins[.init(first.anyOf[0], second.anyOf[0])] = SearchTerm(joined, isPrefix: isPrefix)
            }
        }
        return expansion
    }

    /// `oncall` → ["on call"], when both parts are indexed words (see the rule above).
    func splits(_ term: SearchTerm) throws -> [SearchTerm] {
        guard let word = Self.plainWord(term) else { return [] }
        let letters = Array(word.unicodeScalars)
        guard letters.count >= 4, letters.count <= Self.maxSplitLength else { return [] }
        var found: [(balance: Int, term: SearchTerm)] = []
        for cut in 1..<letters.count {
            let left = String(String.UnicodeScalarView(letters[..<cut]))
            let right = String(String.UnicodeScalarView(letters[cut...]))
            guard try vocabulary.contains(left), try vocabulary.contains(right) else { continue }
            let phrase = SearchTerm(left + " " + right, isPhrase: true)
            let short = min(cut, letters.count - cut) < Self.minimumSplitPart
            guard try short ? occursJoined(left, right) : occurs(phrase) else { continue }
            found.append((min(cut, letters.count - cut), phrase))
        }
        return found.sorted { $0.balance > $1.balance }.prefix(Self.maxSplits).map(\.term)
    }

    /// Whether some reminder holds the phrase.
    ///
    /// NB: FTS5 stops at the first row where the words stand side by side.
    private func occurs(_ phrase: SearchTerm) throws -> Bool {
        let match = FTS5Text.quoted(phrase.text) + (phrase.isPrefix ? "*" : "")
        return try db.fetchOne("SELECT 1 FROM \(identifier: fts) WHERE \(identifier: fts) MATCH \(match) LIMIT 1") != nil
    }

    /// Whether some reminder writes `left` and `right` joined by a hyphen or an apostrophe
    /// (`e-mail`, `O'Brien`, `O’Brien`): among the rows that hold the phrase, a column whose
    /// text, lower-cased, holds the joined spelling.
    ///
    /// ```swift
    /// // SELECT 1 FROM "reminders_fts" WHERE "reminders_fts" MATCH ? AND ("title" LIKE ? ESCAPE '\' OR … "tags" LIKE ? ESCAPE '\') LIMIT 1
    /// ```
    ///
    /// NB: LIKE folds ASCII case only, as the parts are compared folded; a part written with an
    /// accent (`é-mail`) is not found joined, and the split then needs three letters a part.
    private func occursJoined(_ left: String, _ right: String) throws -> Bool {
        let columns = try db.fetchAll("SELECT \"name\" FROM pragma_table_info(\(fts))").map { row -> String in try row[0] }
        guard !columns.isEmpty else { return false }
        var tests: [SQLFragment] = []
        for column in columns {
            for joiner in ["-", "'", "\u{2019}"] { tests.append(SQLColumn<String>(column).contains(left + joiner + right).queryFragment) }
        }
        let match = FTS5Text.quoted(left + " " + right)
        let sql: SQLFragment = "SELECT 1 FROM \(identifier: fts) WHERE \(identifier: fts) MATCH \(match) AND ("
            + tests.joined(separator: " OR ") + ") LIMIT 1"
        return try db.fetchOne(sql) != nil
    }

    /// The term as one folded word of letters, or nil (phrases, hyphenated words, digits,
    /// scripts matched by substring).
    static func plainWord(_ term: SearchTerm) -> String? {
        guard !term.isPhrase, !term.isSubstringSearched, let letters = TypoRule.folded(term.text) else { return nil }
        return String(String.UnicodeScalarView(letters))
    }
}
