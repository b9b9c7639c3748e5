import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveTestSupport

/// An index's typing stream keeps the index's words in memory (a ``VocabularyCache`` over the
/// index's own `fts5vocab` table), as `SearchProvider` does for the reminders: typo candidates
/// and did-you-mean words come from the trie when it mirrors the index, with the same answers
/// as reading them from SQL.
@Suite struct SearchIndexVocabularyTests {
    let index = NotesFixture.index

    /// The fixture's six notes in a `SQLiteDatabase`, with the index migrated.
    func database() async throws -> SQLiteDatabase {
        try await NotesFixture.sqliteDatabase(inserting: """
            INSERT INTO notes (id, title, body, folder) VALUES
              (1, 'Sourdough loaf', 'Feed the starter the night before; bake hot with steam', 'Baking'),
              (2, 'Weekly groceries', 'flour, butter, eggs and a jar for the sourdough starter', 'Shopping'),
              (3, 'Pancakes', 'Whisk flour, milk and eggs; rest the batter', 'Baking'),
              (4, 'Trip to Lisbon', 'Book the train; pack the camera', 'Travel'),
              (6, 'Camera settings', 'Aperture priority for street photography in Lisbon', NULL)
            """)
    }

    // Typo tiers, a typo with an exact word, no hit at all (did-you-mean), and plain words.
    static let texts = ["sourdouhg", "lisbn camera", "pancakse", "zzqxv", "flour bakign", "camra", "sourdough", "brea"]

    @Test(arguments: texts)
    func aCurrentTrieGivesTheAnswerSQLGives(_ text: String) async throws {
        let database = try await database()
        let cache = VocabularyCache(database: database, tables: VocabularyTables(index: index))
        try await cache.buildNow()
        let cached = try await index.search(text, in: database, vocabulary: cache)
        let plain = try await index.search(text, in: database)
        #expect(cached == plain)
        #expect(cache.builds == 1)
    }

    // The typo tier and did-you-mean read the trie; the answers prove nothing about that alone.
    @Test func theTrieIsWhereTheCandidatesComeFrom() async throws {
        let database = try await database()
        let cache = VocabularyCache(database: database, tables: VocabularyTables(index: index))
        try await cache.buildNow()
        let typo = try await index.search("sourdouhg", in: database, vocabulary: cache)
        #expect(typo.hits.map(\.key).sorted() == [1, 2] && typo.typoCount == 2)
        // NB: the joined and split forms, the typo tier, then did-you-mean (nothing matched exactly).
        #expect(cache.uses == 3)
        let none = try await index.search("zzqxv", in: database, vocabulary: cache)
        #expect(none.total == 0 && none.didYouMean.unmatchedWords == ["zzqxv"])
        #expect(cache.uses > 3)
    }

    // Did-you-mean reads an index's words from a trie of that index, and only of that index:
    // a word only the trie holds is offered from it, and a trie of the reminders' words is
    // not read for the index (the candidates are then SQL's).
    @Test func didYouMeanReadsOnlyATrieOfItsOwnIndex() async throws {
        let database = try await database()
        let tables = VocabularyTables(index: index)
        try await database.read { db in
            let ranges = VocabularyRanges(tables: tables)
            let fromSQL = try Suggester.rankedCandidates(for: "sourdouhg", on: db, ranges: ranges).candidates.map(\.term)
            #expect(fromSQL == ["sourdough"])
            let same = try VocabularyTrie(db: db, tables: tables)
            #expect(try Suggester.rankedCandidates(for: "sourdouhg", on: db, ranges: ranges, trie: same).candidates.map(\.term) == fromSQL)
            let words = [("sourdough", 3), ("sourdouh", 9)].map { (Array($0.0.unicodeScalars), Int32($0.1)) }
            let own = VocabularyTrie(words: words, tables: tables)
            #expect(try Suggester.rankedCandidates(for: "sourdouhg", on: db, ranges: ranges, trie: own).candidates.map(\.term)
                == ["sourdouh", "sourdough"])
            let reminders = VocabularyTrie(words: words)
            #expect(try Suggester.rankedCandidates(for: "sourdouhg", on: db, ranges: ranges, trie: reminders).candidates.map(\.term)
                == fromSQL)
        }
    }

    // After a write the trie no longer mirrors the index: the search reads SQL (and finds the
    // new word), and a rebuild starts; once done, the trie serves again with the same answer.
    @Test func aWriteRetiresTheTrieUntilItIsRebuilt() async throws {
        let database = try await database()
        let cache = VocabularyCache(database: database, tables: VocabularyTables(index: index), pause: .zero)
        try await cache.buildNow()
        try await database.write { db in try db.execute("INSERT INTO notes (id, title) VALUES (7, 'Focaccia with rosemary')") }
        let first = try await index.search("focacia", in: database, vocabulary: cache)
        #expect(first.hits.map(\.key) == [7] && first.typoCount == 1)
        #expect(cache.uses == 0)
        #expect(await eventually(timeout: .seconds(60)) { cache.builds == 2 })
        #expect(try await index.search("focacia", in: database, vocabulary: cache) == first)
        // NB: the joined and split forms, the typo tier, then did-you-mean (nothing matched exactly).
        #expect(cache.uses == 3)
    }

    // A cache of other tables (the reminders') is never read for an index: the same answer,
    // and no error from the reminders' missing tables.
    @Test func aCacheOfAnotherIndexIsIgnored() async throws {
        let database = try await database()
        let reminders = VocabularyCache(database: database)
        let answer = try await index.search("sourdouhg", in: database, vocabulary: reminders)
        #expect(answer == (try await index.search("sourdouhg", in: database)))
        #expect(reminders.builds == 0 && reminders.uses == 0)
    }

    // The typing stream answers as the one-shot search does, texts with typos included.
    @Test func theStreamAnswersAsTheOneShotSearch() async throws {
        let database = try await database()
        let texts = AsyncStream<String> { continuation in
            continuation.yield("sourdouhg")
            continuation.finish()
        }
        var last: IndexResultSet?
        for try await results in index.results(for: texts, in: database) { last = results }
        #expect(last == (try await index.search("sourdouhg", in: database)))
    }
}
