import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveStore
import TroveTestSupport

/// The two readers of the vocabulary give the same answers, so a search's typo matches never
/// depend on whether the trie was built; and the rule itself, word by word.
@Suite struct VocabularyTests {
    /// 2,000 generated reminders: a Zipf-like vocabulary with accents, other scripts and digits.
    static let store = Task {
        try await seededStore(records: Array(ReminderGenerator(seed: 7, count: 2_000)))
    }

    /// Query words: indexed words of 5+ letters with one or two random edits, and prefixes.
    static func words(from vocabulary: [String], count: Int) -> [String] {
        var random = SplitMix64(seed: 20_261_122)
        let long = vocabulary.filter { $0.unicodeScalars.count >= 5 }
        let letters = Array("abcdefghijklmnopqrstuvwxyzé")
        return (0..<count).map { _ in
            var word = Array(long.randomElement(using: &random)!)
            for _ in 0..<Int.random(in: 0...2, using: &random) where word.count > 2 {
                let at = Int.random(in: 1..<word.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: word.remove(at: at)
                case 1: word.insert(letters.randomElement(using: &random)!, at: at)
                case 2: word[at] = letters.randomElement(using: &random)!
                default: if at + 1 < word.count { word.swapAt(at, at + 1) }
                }
            }
            if Bool.random(using: &random) { word = Array(word.prefix(max(3, word.count - 2))) }
            return String(word)
        }
    }

    @Test func theTrieAndTheSQLRangesGiveTheSameCandidates() async throws {
        let database = try await Self.store.value.database
        try await database.read { db in
            let trie = try VocabularyTrie(db: db)
            let sql = SQLVocabulary(db: db)
            let vocabulary: [String] = try db.fetchAll("SELECT term FROM reminders_vocab").map { try $0[0] }
            #expect(trie.wordCount == vocabulary.count)
            var compared = 0, nonEmpty = 0
            for word in Self.words(from: vocabulary, count: 400) {
                guard let letters = TypoRule.folded(word) else { continue }
                for isPrefix in [false, true] {
                    let fromTrie = trie.typoCandidates(for: letters, isPrefix: isPrefix)
                    let fromSQL = try sql.typoCandidates(for: letters, isPrefix: isPrefix)
                    #expect(fromTrie == fromSQL, "\(word) prefix=\(isPrefix)")
                    compared += 1
                    if !fromTrie.isEmpty { nonEmpty += 1 }
                }
                #expect(trie.contains(word) == (try sql.contains(word)), "\(word)")
                let prefix = String(word.prefix(4))
                #expect(trie.hasWord(startingWith: prefix) == (try sql.hasWord(startingWith: prefix)), "\(prefix)")
            }
            #expect(compared > 600 && nonEmpty > 100, "the sample should find candidates: \(nonEmpty) of \(compared)")
        }
    }

    /// Did-you-mean's words (completions, then the nearest words) from the trie are the SQL
    /// ranges' words: the same suggestions, in the same order.
    @Test func theTrieAndTheSQLRangesGiveTheSameSuggestions() async throws {
        let database = try await Self.store.value.database
        try await database.read { db in
            let trie = try VocabularyTrie(db: db)
            let vocabulary: [String] = try db.fetchAll("SELECT term FROM reminders_vocab").map { try $0[0] }
            var compared = 0, completed = 0, near = 0
            for word in Self.words(from: vocabulary, count: 400) + ["a", "zz", "Dént", "MILKY", "milk", "p"] {
                let fromTrie = try Suggester.candidates(for: word, on: db, trie: trie)
                let fromSQL = try Suggester.candidates(for: word, on: db)
                #expect(fromTrie == fromSQL, "\(word)")
                compared += 1
                if fromSQL.contains(where: { $0.hasPrefix(word.lowercased()) }) { completed += 1 }
                if fromSQL.contains(where: { !$0.hasPrefix(word.lowercased()) }) { near += 1 }
            }
            #expect(completed > 50 && near > 50, "both kinds of candidate: \(completed), \(near) of \(compared)")
            for text in ["dentst apointment", "pasport milkk", "zzqx", "list:Wrok bred", "\"renew pasport\" emial"] {
                let query = SearchQuery.parse(text)
                #expect(try Suggester.didYouMean(for: query, on: db, trie: trie) == Suggester.didYouMean(for: query, on: db), "\(text)")
            }
        }
    }

    // End to end: the same answers (typo tier, word forms) with the cached trie as with SQL.
    @Test(arguments: ["dentst", "swelling ", "dentsi", "pasport milk", "apointment", "emai", "oncal", "bookng shelf"])
    func aSearchWithTheCachedTrieEqualsOneWithout(_ text: String) async throws {
        let database = try await Self.store.value.database
        let cache = VocabularyCache(database: database)
        try await cache.buildNow()
        let request = SearchRequest(text: text, limit: 20, highlight: .brackets, today: ReminderGenerator.pinnedToday)
        let (cached, plain) = try await database.read { db in
            (try FTSEngine(vocabulary: cache).search(request, on: db), try FTSEngine().search(request, on: db))
        }
        #expect(cached == plain)
        #expect(cache.builds == 1 && cache.uses > 0, "the trie mirrored the index and was used")
    }

    // A change to the index retires the trie: the next search reads SQL (same answer) and
    // starts a rebuild in the background, after which the trie serves again.
    @Test func theCacheRebuildsAfterTheIndexChanges() async throws {
        let store = try await seededStore(records: [ReminderRecord(title: "Dentist appointment")])
        let cache = VocabularyCache(database: store.database, pause: .zero)
        try await cache.buildNow()
        _ = try await store.add(ReminderRecord(title: "Plumber visit"))
        let request = SearchRequest(text: "plumbre ")
        let search = { try await store.database.read { db in try FTSEngine(vocabulary: cache).search(request, on: db) } }
        let first = try await search()
        #expect(first.hits.map(\.title) == ["Plumber visit"] && first.typoCount == 1)
        #expect(await eventually(timeout: .seconds(20)) { cache.builds == 2 })
        let uses = cache.uses
        #expect(try await search() == first)
        #expect(cache.uses > uses)
    }

    /// One typo from 5 letters, two from 9, none on the first letter, none with a digit.
    @Test(arguments: [
        ("dentst", false, ["dentist"]),
        ("dentsit", false, ["dentist"]),
        ("dnetist", false, ["dentist"]),
        ("entist", false, []),
        ("xentist", false, []),
        ("dentst", true, ["dentist"]),
        ("dentsi", true, ["dentis"]),
        ("dentis", true, []),
        ("milkz", true, ["milk", "milks"]),
        ("milks", false, ["milk"]),
        ("appointmnet", false, ["appointment", "appointments"]),
        ("apointmnet", false, ["appointment"]),
        ("apintmnet", false, []),
        ("mlik", false, []),
        ("milk2", false, []),
    ])
    func theRuleWordByWord(_ word: String, _ isPrefix: Bool, _ expected: [String]) {
        let trie = VocabularyTrie(words: [
            ("dentist", 3), ("dentists", 1), ("appointment", 2), ("appointments", 1), ("milk", 5), ("milks", 1), ("dent2st", 1),
        ].map { (Array($0.0.unicodeScalars), Int32($0.1)) })
        let letters = TypoRule.folded(word) ?? []
        #expect(trie.typoCandidates(for: letters, isPrefix: isPrefix).map(\.text) == expected)
    }

    // A prefix candidate stands for every word below it: its reminders are summed.
    @Test func aPrefixCandidateCountsTheRemindersOfItsWords() {
        let trie = VocabularyTrie(words: [("dentist", 3), ("dentists", 1), ("dentistry", 2)].map {
            (Array($0.0.unicodeScalars), Int32($0.1))
        })
        #expect(trie.typoCandidates(for: Array("dentsi".unicodeScalars), isPrefix: true)
            == [TypoCandidate(text: "dentis", isPrefix: true, distance: 1, documents: 6)])
    }

    // A long prefix's words, for the provisional sample (FTSEngine.completedLongPrefixes).
    @Test func aPrefixIsCompletedToItsWordsInOrderUpToALimit() throws {
        let trie = VocabularyTrie(words: [("dentistry", 2), ("dental", 1), ("dentist", 3), ("den", 4), ("milk", 5)].map {
            (Array($0.0.unicodeScalars), Int32($0.1))
        })
        #expect(trie.completions(of: "dent", limit: 8) == ["dental", "dentist", "dentistry"])
        #expect(trie.completions(of: "den", limit: 8) == ["den", "dental", "dentist", "dentistry"], "the prefix itself is a word")
        #expect(trie.completions(of: "dentist", limit: 1) == nil, "two words, one allowed")
        #expect(trie.completions(of: "dentist", limit: 2) == ["dentist", "dentistry"])
        #expect(trie.completions(of: "zz", limit: 8) == [])

        let completed = try #require(try FTSEngine.completedLongPrefixes(.parse("call dent"), vocabulary: trie))
        #expect(completed.complete)
        #expect(completed.query.terms.map { $0.anyOf.map(\.text) } == [["call"], ["dental", "dentist", "dentistry"]])
        let prefixes = completed.query.terms.flatMap(\.anyOf).filter(\.isPrefix)
        #expect(prefixes.isEmpty, "every completion is a whole word")
        #expect(try FTSEngine.completedLongPrefixes(.parse("call den"), vocabulary: trie) == nil, "3 letters have a prefix index")
        #expect(try FTSEngine.completedLongPrefixes(.parse("\"the dent"), vocabulary: trie) == nil, "phrases stay as typed")

        let many = VocabularyTrie(words: (["milk", "dental", "dentist", "dentistry"] + (0..<9).map { "dent\($0)x" }).map {
            (Array($0.unicodeScalars), Int32(1))
        })
        let partly = try #require(try FTSEngine.completedLongPrefixes(.parse("milk* dent"), vocabulary: many))
        #expect(!partly.complete, "dent* stands for 12 words, more than FTSEngine.maxCompletions")
        #expect(partly.query.terms.map { $0.anyOf.map(\.text) } == [["milk"], ["dent"]])
        #expect(partly.query.terms[1].anyOf[0].isPrefix)
    }
}
