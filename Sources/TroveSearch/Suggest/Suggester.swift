import Foundation
import TroveQuery
import TroveStore
import TroveSQLite

/// Did-you-mean: what kept a query from matching, and whole queries to try instead.
///
/// ```swift
/// try Suggester.didYouMean(for: .parse("pasport mlik"), on: db)
/// // unmatchedWords: ["pasport", "mlik"], queries: ["passport milk", …] (when a reminder holds both)
/// // SELECT 1 FROM "reminders_fts" WHERE "reminders_fts" MATCH '"pasport"' LIMIT 1       (per word)
/// // SELECT "term", "doc" FROM "reminders_vocab" WHERE "term" > 'pasport' AND "term" < …   (completions)
/// // SELECT "term", "doc" FROM "reminders_vocab" WHERE "term" >= 'p' AND "term" < 'q' …     (neighbours)
/// // SELECT 1 FROM "reminders_fts" WHERE "reminders_fts" MATCH '"passport" AND "milk"' LIMIT 1   (together)
/// ```
///
/// It works on the text as typed, so a suggestion is that text with the fixes made:
/// - a word no reminder holds is named, and replaced by its completions (`dent` → dentist)
///   and then its nearest indexed words (within two edits, same first letter), by how many
///   reminders hold them; a word that does match is left alone, so `passprot milk` blames
///   passprot and keeps milk;
/// - each word is corrected on its own, and a combination is offered only when some row holds
///   its words together (and passes the reminders' filters); a word found alone but not with
///   the others may become a near word more rows hold (`pyhton requests` → `python requests`,
///   where one row holds the misspelling); see ``corrections(of:in:on:ranges:trie:filters:)``;
/// - `or`/`Or` between words becomes `OR`, `and` goes, `not x` becomes `-x`;
/// - a field written as another search box spells it becomes Trove's: `title:x` → `in:title x`,
///   `tags:x` → `tag:x`, `status:x` → `is:x`;
/// - `list:`/`tag:`/`#` naming no list or tag is named and replaced by the closest names
///   (`list:Wrok` → `list:Work`), and `list:Home Office` becomes `list:"Home Office"` when that
///   list exists;
/// - `list:`/`tag:`/`#` still being typed (``SearchQuery/namePrefix``) is unknown only when no
///   name starts with it;
/// - when no correction finds the words together, the words (corrected where they match
///   nothing) ORed.
///
/// See https://www.sqlite.org/fts5.html#the_fts5vocab_virtual_table_module.
enum Suggester {
    static let maxDistance = 2
    static let maxSuggestions = 5
    /// Words looked at per query; a pasted page of text gets no suggestions past these.
    static let maxWords = 8

    /// A part of the text and what could replace it, best first.
    struct Fix {
        var range: Range<String.Index>
        var options: [String]
    }

    /// The suggestions for a query whose text matched nothing exactly.
    ///
    /// - Parameter ranges: Vocabulary ranges the search already read (its typo tier's); their
    ///   ``VocabularyRanges/tables`` say which index to look in. A ``SearchIndex``'s has no
    ///   lists or tags, so `list:`, `tag:` and `#` get no suggestions there.
    /// - Parameter trie: The reminders' words in memory, when current; see
    ///   ``candidates(for:on:ranges:trie:)``. The suggestions are the same with or without it.
    /// - Parameter filters: The search's filters as SQL (its day and time zone), to check the
    ///   corrections of the reminders' words against; nil checks the words alone.
    static func didYouMean(
        for query: SearchQuery, on db: SQLConnection, ranges: VocabularyRanges = VocabularyRanges(), trie: VocabularyTrie? = nil,
        filters: FilterSQL? = nil
    ) throws -> DidYouMean {
        let text = query.text.isEmpty ? spelled(query) : query.text
        let lexer = QueryLexer(text: text)
        let (chunks, raw) = lexer.chunks()
        guard !text.isEmpty, raw == nil, query.raw == nil else { return .none }
        var result = DidYouMean()
        var fixes: [Fix] = []
        var names = NameLookup(db: db)
        var checked = 0
        var plainWords: [String] = []
        var punctuationWords = 0
        var words: [WordSlot] = []
        var index = 0
        while index < chunks.count {
            let chunk = chunks[index]
            defer { index += 1 }
            let previous = index > 0 ? chunks[index - 1] : nil
            let next = index + 1 < chunks.count ? chunks[index + 1] : nil
            switch chunk.kind {
            case .word(let word) where !chunk.isNegated && isTerm(previous) && isTerm(next) && ["or", "and"].contains(word.lowercased()) && word != "OR":
                fixes.append(Fix(range: chunk.range, options: [word.lowercased() == "or" ? "OR" : ""]))
            case .word(let word) where !chunk.isNegated && word.lowercased() == "not" && isTerm(next) && next?.isNegated == false:
                fixes.append(Fix(range: chunk.range.lowerBound..<next!.range.lowerBound, options: ["-"]))
            case .word(let word) where fieldFix(word) != nil:
                fixes.append(Fix(range: chunk.range, options: [(chunk.isNegated ? "-" : "") + fieldFix(word)!]))
            // NB: a `where` binds only the pattern before it, so each pattern has its own.
            case .filter(key: "list", _) where !ranges.tables.isReminders,
                .filter(key: "tag", _) where !ranges.tables.isReminders,
                .tag where !ranges.tables.isReminders:
                break
            case .filter(key: "list", let value) where next == nil && query.namePrefix == .list(value):
                // NB: a name being typed is a prefix; only when no list starts with it is it unknown.
                if try !names.hasList(startingWith: value) {
                    result.unknownLists.append(value)
                    let options = try names.nearestLists(to: value).map { "list:" + quoted($0) }
                    if !options.isEmpty { fixes.append(Fix(range: chunk.range, options: options)) }
                }
            case .filter(key: "list", let value):
                let sign = chunk.isNegated ? "-" : ""
                if let (end, name) = try names.listSpanning(value, chunks[(index + 1)...], in: lexer) {
                    fixes.append(Fix(range: chunk.range.lowerBound..<end, options: [sign + "list:" + quoted(name)]))
                    while index + 1 < chunks.count, chunks[index + 1].range.upperBound <= end { index += 1 }
                } else if try !names.hasList(value) {
                    result.unknownLists.append(value)
                    let options = try names.nearestLists(to: value).map { sign + "list:" + quoted($0) }
                    if !options.isEmpty { fixes.append(Fix(range: chunk.range, options: options)) }
                }
            case .filter(key: "tag", let value), .tag(let value):
                let isTyped = next == nil && query.namePrefix == .tag(value)
                guard try isTyped ? !names.hasTag(startingWith: value) : !names.hasTag(value) else { break }
                result.unknownTags.append(value)
                let spelled = (chunk.isNegated ? "-" : "") + (isHashTag(chunk) ? "#" : "tag:")
                let options = try names.nearestTags(to: value).map { spelled + quoted($0) }
                if !options.isEmpty { fixes.append(Fix(range: chunk.range, options: options)) }
            case .word(let word) where QueryParser.isPunctuationOnly(word):
                // NB: left out of the search with a notice (`&` in `text & editor`), so left out
                // of what to try instead too: "text OR & OR editor" offered it back.
                punctuationWords += 1
            case .word(let word) where !chunk.isNegated && word != "OR":
                plainWords.append(word)
                guard checked < maxWords else { break }
                checked += 1
                let (stem, starred) = QueryParser.starred(word)
                let isPrefix = starred || query.terms.flatMap(\.anyOf).contains { $0.text == stem && $0.isPrefix }
                let term = SearchTerm(stem, isPrefix: isPrefix)
                guard term.isSearchableByFTS, !term.isSubstringSearched else { break }
                let found = try matches(term, on: db, in: ranges.tables)
                if !found { result.unmatchedWords.append(word) }
                words.append(WordSlot(range: chunk.range, stem: stem, isPrefix: isPrefix, isFound: found))
            case .phrase(let content, _, _) where !chunk.isNegated:
                guard checked < maxWords else { break }
                checked += 1
                let term = SearchTerm(content, isPhrase: true)
                if term.isSearchableByFTS, try !matches(term, on: db, in: ranges.tables) { result.unmatchedWords.append("\"\(content)\"") }
            default:
                break
            }
        }
        let corrected = try corrections(of: &words, in: query, on: db, ranges: ranges, trie: trie, filters: filters)
        if !corrected.isEmpty {
            let best = fixes.map { Fix(range: $0.range, options: [$0.options[0]]) }
            for choice in corrected {
                let query = suggestions(text, best + choice).first ?? text
                if query != text, !result.queries.contains(query) { result.queries.append(query) }
            }
            return result
        }
        result.queries = suggestions(text, fixes)
        // NB: no correction of the words finds them together, but each is found on its own
        // (or corrected): offer any of them.
        if result.queries.isEmpty, result.unknownLists.isEmpty, result.unknownTags.isEmpty,
            plainWords.count >= 2, plainWords.count + punctuationWords == chunks.count, plainWords.count <= 6
        {
            let alternatives = words.count == plainWords.count
                ? words.compactMap { $0.isFound ? $0.typed(in: text) : $0.options.first?.term } : plainWords
            if alternatives.count >= 2 { result.queries = [alternatives.joined(separator: " OR ")] }
        }
        return result
    }

    /// A query built in code, written as it could have been typed.
    private static func spelled(_ query: SearchQuery) -> String {
        let terms = query.terms.map { group in group.anyOf.map(\.description).joined(separator: " OR ") }
        let filters = query.filters.flatMap { clause in
            clause.anyOf.map { (clause.isNegated ? "-" : "") + $0.description }
        }
        return (terms + query.excludedTerms.map { "-" + $0.description } + filters).joined(separator: " ")
    }

    /// The text with every fix's best option, then with the first fix's other options.
    static func suggestions(_ text: String, _ fixes: [Fix]) -> [String] {
        guard !fixes.isEmpty else { return [] }
        let ordered = fixes.sorted { $0.range.lowerBound < $1.range.lowerBound }
        func apply(_ choice: Int, at varied: Int) -> String {
            var result = ""
            var cursor = text.startIndex
            for (position, fix) in ordered.enumerated() {
                result += text[cursor..<fix.range.lowerBound]
                result += position == varied ? fix.options[min(choice, fix.options.count - 1)] : fix.options[0]
                cursor = fix.range.upperBound
            }
            result += text[cursor...]
            // NB: a dropped `and` leaves two spaces.
            return result.split(whereSeparator: { $0 == " " }).joined(separator: " ")
        }
        var queries: [String] = []
        let varied = ordered.firstIndex { $0.options.count > 1 } ?? 0
        for choice in 0..<ordered[varied].options.count {
            let query = apply(choice, at: varied)
            if query != text, !queries.contains(query) { queries.append(query) }
            if queries.count == maxSuggestions { break }
        }
        return queries
    }

    /// A word, phrase or tag: something an `OR` can stand between.
    private static func isTerm(_ chunk: QueryLexer.Chunk?) -> Bool {
        switch chunk?.kind {
        case .word(let word)?: word != "OR"
        case .phrase?: true
        default: false
        }
    }

    private static func isHashTag(_ chunk: QueryLexer.Chunk) -> Bool {
        if case .tag = chunk.kind { return true }
        return false
    }

    /// `title:x` → `in:title x`: a field as other search boxes spell it, as Trove spells it.
    static func fieldFix(_ word: String) -> String? {
        guard let colon = word.firstIndex(of: ":") else { return nil }
        let key = word[..<colon].lowercased(), value = word[word.index(after: colon)...]
        guard !value.isEmpty else { return nil }
        let spelled: [String: String] = [
            "title": "in:title ", "notes": "in:notes ", "note": "in:notes ", "body": "in:notes ",
            "tags": "tag:", "lists": "list:", "status": "is:", "state": "is:", "prio": "priority:",
        ]
        return spelled[key].map { $0 + value }
    }

    /// `Home Office` → `"Home Office"`.
    static func quoted(_ name: String) -> String {
        name.unicodeScalars.contains { QueryLexer.isSeparator($0) } ? "\"\(name)\"" : name
    }

    /// Whether some reminder holds `term` on its own.
    ///
    /// NB: FTS5 stops at the first match.
    private static func matches(_ term: SearchTerm, on db: SQLConnection, in tables: VocabularyTables) throws -> Bool {
        guard let match = FTS5Expression(query: SearchQuery(terms: [TermGroup(anyOf: [term])]))?.positive else { return true }
        return try db.fetchOne("SELECT 1 FROM \(identifier: tables.fts) WHERE \(identifier: tables.fts) MATCH \(match) LIMIT 1") != nil
    }

    /// Completions first (words that start with it, most reminders first), then the nearest
    /// words within ``maxDistance`` edits that share its first letter.
    ///
    /// - Parameter trie: The index's words in memory, when they mirror it
    ///   (``VocabularyCache``): the same words and counts as the SQL reads give, without walking
    ///   their doclists (a first letter's words at 1,000,000 reminders: ~20 ms in SQL). Not used
    ///   when it holds another index's words than `ranges` read.
    static func candidates(
        for word: String, on db: SQLConnection, ranges: VocabularyRanges = VocabularyRanges(), trie: VocabularyTrie? = nil
    ) throws -> [String] {
        try rankedCandidates(for: word, on: db, ranges: ranges, trie: trie).candidates.map(\.term)
    }

    /// An indexed word and how many rows hold it.
    struct Candidate: Hashable {
        var term: String
        var documents: Int
    }

    /// ``candidates(for:on:ranges:trie:)`` with their row counts, and the rows that hold
    /// `word` itself (0 when none do).
    ///
    /// - Parameter completions: False to leave out the words that start with `word`: a word
    ///   that is found already is corrected only to a near word, never lengthened.
    static func rankedCandidates(
        for word: String, on db: SQLConnection, ranges: VocabularyRanges = VocabularyRanges(), trie: VocabularyTrie? = nil,
        completions withCompletions: Bool = true
    ) throws -> (candidates: [Candidate], documents: Int) {
        let folded = word.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        let letters = Array(folded.unicodeScalars)
        guard let first = letters.first, letters.allSatisfy(FTS5Text.isTokenCharacter) else { return ([], 0) }
        // NB: only a trie of the words these ranges read (an app index's own cache holds its
        // index's): with it, a first letter's words come from memory, not its range in SQL.
        let trie = trie?.tables == ranges.tables ? trie : nil
        var found: [Candidate] = []
        if letters.count >= 3, withCompletions {
            let end = folded + "\u{10FFFF}"
            let completions: [(term: String, docs: Int)]
            if let trie {
                // NB: the SQL's range, word for word: longer than `folded`, and before `end` in
                // code point order (as SQLite compares UTF-8 bytes).
                completions = trie.words(startingWith: folded).filter { word in
                    word.term != folded && word.term.unicodeScalars.lexicographicallyPrecedes(end.unicodeScalars) { $0.value < $1.value }
                }.map { ($0.term, $0.documents) }
            } else {
                let rows = try db.fetchAll("""
                    SELECT "term", "doc" FROM \(identifier: ranges.tables.vocabulary) WHERE "term" > \(folded) AND "term" < \(end)
                    """)
                completions = try rows.map { (term: try $0[0] as String, docs: try $0[1] as Int) }
            }
            found += completions.sorted { ($0.docs, $1.term) > ($1.docs, $0.term) }.prefix(3).map { Candidate(term: $0.term, documents: $0.docs) }
        }
        // NB: no near words for a word longer than any typed one (see TypoRule.maxTypoLength).
        guard letters.count <= TypoRule.maxTypoLength else { return (Array(found.prefix(maxSuggestions)), 0) }
        let words = try trie?.words(startingWith: String(first), maxLength: letters.count + maxDistance)
            ?? ranges.words(startingWith: first, on: db).map { ($0.term, $0.documents) }
        var near: [(term: String, distance: Int, docs: Int)] = []
        var documents = 0
        for (term, count) in words {
            if term == folded { documents = count }
            guard term != folded, abs(term.unicodeScalars.count - letters.count) <= maxDistance,
                let distance = EditDistance.between(folded, term, limit: maxDistance)
            else { continue }
            near.append((term, distance, count))
        }
        near.sort { ($0.distance, -$0.docs, $0.term) < ($1.distance, -$1.docs, $1.term) }
        for candidate in near where !found.contains(where: { $0.term == candidate.term }) {
            found.append(Candidate(term: candidate.term, documents: candidate.docs))
        }
        return (Array(found.prefix(maxSuggestions)), documents)
    }
}

/// The names of lists and tags, read once per suggestion (or per resolved name prefix) and
/// compared ignoring case.
struct NameLookup {
    let db: SQLConnection
    private var lists: [String]?
    private var tags: [String]?

    init(db: SQLConnection) {
        self.db = db
    }

    mutating func hasList(_ name: String) throws -> Bool {
        try allLists().contains { $0.lowercased() == name.lowercased() }
    }

    mutating func hasTag(_ name: String) throws -> Bool {
        try allTags().contains { $0.lowercased() == name.lowercased() }
    }

    mutating func hasList(startingWith name: String) throws -> Bool {
        try !lists(startingWith: name).isEmpty
    }

    mutating func hasTag(startingWith name: String) throws -> Bool {
        try !tags(startingWith: name).isEmpty
    }

    /// The lists whose names start with `name`, ignoring case, in the lists' order.
    mutating func lists(startingWith name: String) throws -> [String] {
        try allLists().filter { $0.lowercased().hasPrefix(name.lowercased()) }
    }

    /// The tags whose names start with `name`, ignoring case, by name.
    mutating func tags(startingWith name: String) throws -> [String] {
        try allTags().filter { $0.lowercased().hasPrefix(name.lowercased()) }
    }

    mutating func nearestLists(to name: String) throws -> [String] {
        Self.nearest(to: name, in: try allLists())
    }

    mutating func nearestTags(to name: String) throws -> [String] {
        Self.nearest(to: name, in: try allTags())
    }

    /// The list named by `value` and the words after it (`list:Home Office`), and where the
    /// last of those words ends.
    mutating func listSpanning(
        _ value: String, _ rest: ArraySlice<QueryLexer.Chunk>, in lexer: QueryLexer
    ) throws -> (String.Index, String)? {
        var name = value
        var found: (String.Index, String)?
        for chunk in rest.prefix(4) {
            guard case .word(let word) = chunk.kind, !chunk.isNegated else { break }
            name += " " + word
            if let list = try allLists().first(where: { $0.lowercased() == name.lowercased() }) {
                found = (chunk.range.upperBound, list)
            }
        }
        return found
    }

    /// Names within two edits of `name` or starting with it, ignoring case; closest first.
    private static func nearest(to name: String, in names: [String]) -> [String] {
        let wanted = name.lowercased()
        let scored = names.compactMap { candidate -> (String, Int)? in
            let lowered = candidate.lowercased()
            if lowered.hasPrefix(wanted) { return (candidate, 0) }
            return EditDistance.between(wanted, lowered, limit: 2).map { (candidate, $0) }
        }
        return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(\.0)
    }

    private mutating func allLists() throws -> [String] {
        if let lists { return lists }
        let names: [String] = try db.fetchAll("SELECT \(ListTable.columns.name) FROM \(identifier: ListTable.tableName) ORDER BY \(ListTable.columns.position), \(ListTable.columns.name)").map { try $0[0] }
        lists = names
        return names
    }

    private mutating func allTags() throws -> [String] {
        if let tags { return tags }
        let names: [String] = try db.fetchAll("SELECT \(TagTable.columns.name) FROM \(identifier: TagTable.tableName) ORDER BY \(TagTable.columns.name)").map { try $0[0] }
        tags = names
        return names
    }
}
