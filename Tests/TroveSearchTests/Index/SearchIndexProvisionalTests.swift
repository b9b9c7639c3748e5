import Synchronization
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveTestSupport

/// A ``SearchIndex``'s quick first answer while typing: a text with many matches is answered
/// from its newest ones before every match is ranked.
///
/// The table: 2,500 notes `Loaf 1` … `Loaf 2500`, each with the body "bread crumb"; notes 100,
/// 2400 and 2450 are titled `Bread 100` …, note 30's body also says "sourdough"; notes 1–5 are
/// in the folder Rare, 2491–2500 in Fresh, the rest in Baking.
@Suite struct SearchIndexProvisionalTests {
    let index = NotesFixture.index

    func database() async throws -> SQLiteDatabase {
        try await NotesFixture.sqliteDatabase(inserting: """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2500)
            INSERT INTO notes (id, title, body, folder)
            SELECT i,
              CASE WHEN i IN (100, 2400, 2450) THEN 'Bread ' ELSE 'Loaf ' END || i,
              CASE WHEN i = 30 THEN 'bread crumb sourdough' ELSE 'bread crumb' END,
              CASE WHEN i <= 5 THEN 'Rare' WHEN i > 2490 THEN 'Fresh' ELSE 'Baking' END
            FROM n
            """)
    }

    func provisional(_ text: String, in database: SQLiteDatabase, index: SearchIndex? = nil) async throws -> IndexResultSet? {
        let index = index ?? self.index
        return try await database.read { db in
            try index.provisional(index.parse(text), on: db, limit: 20, highlight: .brackets)
        }
    }

    // The newest 201 matches are 2300…2500; of them the two titled Bread rank first (equal
    // scores, so by key). The final answer ranks every match: Bread 100 is among its first.
    @Test func aTextWithManyMatchesIsFirstAnsweredFromItsNewest() async throws {
        let database = try await database()
        for text in ["bread", "brea"] {
            let quick = try #require(try await provisional(text, in: database))
            #expect(quick.isProvisional)
            #expect(quick.total == 201)
            #expect(quick.hits.count == 20)
            #expect(quick.hits.prefix(2).map(\.key) == [2400, 2450])
            #expect(quick.hits.allSatisfy { $0.key >= 2300 })
            #expect(quick.hits[0].highlighted["title"] == "[Bread] 2400")
            #expect(quick.facets.isEmpty && quick.next == nil && quick.nextOffset == nil && quick.typoCount == 0)
            let final = try await index.search(text, in: database)
            #expect(!final.isProvisional)
            #expect(final.total == 2500)
            #expect(final.hits.prefix(3).map(\.key) == [100, 2400, 2450])
        }
    }

    // A provisional hit is the row the final answer gives: the same values, highlights and
    // snippet; only its score is the sample's.
    @Test func provisionalHitsAreTheFinalAnswersRows() async throws {
        let database = try await database()
        let quick = try #require(try await provisional("crumb", in: database))
        var final: [IndexHit] = []
        for offset in stride(from: 0, to: 2500, by: 1000) {
            final += try await index.search("crumb", in: database, limit: 1000, offset: offset).hits
        }
        let byKey = Dictionary(uniqueKeysWithValues: final.map { ($0.key, $0) })
        #expect(byKey.count == 2500)
        #expect(quick.hits.count == 20)
        for hit in quick.hits {
            let same = try #require(byKey[hit.key])
            #expect(hit.values == same.values)
            #expect(hit.highlighted == same.highlighted)
            #expect(hit.snippet == same.snippet)
            #expect(hit.matchedFields == same.matchedFields)
        }
    }

    // Few matches, a filter without words that fits on the page, or a column sort: the final
    // answer is as quick, so there is no provisional one.
    @Test func noProvisionalAnswerWhenTheFinalOneIsAsQuick() async throws {
        let database = try await database()
        #expect(try await provisional("sourdough", in: database) == nil)
        #expect(try await provisional("folder:rare", in: database) == nil)
        #expect(try await provisional("!like sourdough", in: database) == nil)
        let byTitle = try SearchIndex(
            name: "notes_by_title", table: "notes", key: "id", fields: [.init("title"), .init("body")],
            sort: .column("title"))
        try await database.writeWithoutTransaction { db in try byTitle.migrate(db) }
        #expect(try await provisional("bread", in: database, index: byTitle) == nil)
    }

    // Without words, the first page in key order comes before the total and facets: notes
    // 6–25 are the first in Baking (1–5 are Rare); the total says only "more than the page".
    @Test func aFilterWithoutWordsFirstGetsItsFirstPage() async throws {
        let database = try await database()
        let quick = try #require(try await provisional("folder:baking", in: database))
        #expect(quick.isProvisional)
        #expect(quick.hits.map(\.key) == Array(6...25))
        #expect(quick.total == 21 && quick.facets.isEmpty)
        let final = try await index.search("folder:baking", in: database)
        #expect(final.total == 2485)
        #expect(final.hits == quick.hits)
    }

    // With a filter, only the newest 2,000 matches of the words (501…2500) are sampled: the
    // Rare notes (1–5) are older, so the sample is empty, and still provisional; the final
    // answer has them. The Fresh notes are all in the window.
    @Test func aFilterSamplesOnlyTheNewestMatchesOfTheWords() async throws {
        let database = try await database()
        let rare = try #require(try await provisional("bread folder:rare", in: database))
        #expect(rare.isProvisional)
        #expect(rare.hits.isEmpty && rare.total == 0)
        #expect(try await index.search("bread folder:rare", in: database).hits.map(\.key) == [1, 2, 3, 4, 5])
        let fresh = try #require(try await provisional("bread folder:fresh", in: database))
        #expect(fresh.total == 10)
        #expect(fresh.hits.map(\.key) == Array(2491...2500))
    }

    // The typing stream: a text with many matches gets the provisional answer, then the final
    // one (last); a text with few gets the final one alone.
    @Test func theStreamAnswersProvisionallyThenFinally() async throws {
        let database = try await database()
        for (text, expected) in [("bread", 2), ("sourdough", 1)] {
            let answers = try await NotesFixture.streamAnswers(to: text, in: database)
            #expect(answers.count == expected, "\(text)")
            #expect(answers.last == (try await index.search(text, in: database)))
            if expected == 2 {
                #expect(answers.first == (try await provisional(text, in: database)))
            }
        }
    }

    // A text with no exact match: the stream says so (a provisional answer, no hits) before
    // the typo tier finds "sourdough" for `sourdouhg`; the final answer is the search's.
    @Test func theExactMatchesComeBeforeTheTypoTier() async throws {
        let database = try await NotesFixture.twoSourdoughNotes()
        let answers = try await NotesFixture.streamAnswers(to: "sourdouhg", in: database)
        #expect(answers.map { "\($0.isProvisional ? "+" : "") \($0.total) \($0.typoCount)" } == ["+ 0 0", " 2 2"])
        #expect(answers.last == (try await index.search("sourdouhg", in: database)))
    }

    /// What a consumer task has seen of a stream so far.
    final class Answers: Sendable {
        let seen = Mutex<[IndexResultSet]>([])
        var all: [IndexResultSet] { seen.withLock { $0 } }
        /// The answers from the `start`-th on, as `text`, `text+` (provisional) and total.
        func described(from start: Int) -> [String] {
            all.dropFirst(start).map { "\($0.query.text)\($0.isProvisional ? "+" : "") \($0.total)" }
        }
    }

    // A live stream answers a text typed again from that text's final answer while nothing
    // has been committed: no provisional answer first. Once a note commits, the latest text
    // is answered again, and a text typed again is searched afresh (provisional, then final).
    // The deadlines are long because this suite runs beside the others.
    @Test func aLiveStreamAnswersATextTypedAgainFromItsFinalAnswer() async throws {
        let database = try await database()
        let (texts, typing) = AsyncStream<String>.makeStream()
        let answers = Answers()
        let consumer = Task {
            for try await results in index.results(for: texts, in: database, live: true, pollInterval: .milliseconds(5)) {
                answers.seen.withLock { $0.append(results) }
            }
        }
        defer { consumer.cancel() }
        let deadline: Duration = .seconds(120)
        func type(_ text: String, expecting expected: [String]) async {
            let start = answers.all.count
            typing.yield(text)
            #expect(await eventually(timeout: deadline) { answers.all.count >= start + expected.count }, "\(answers.described(from: start))")
            #expect(answers.described(from: start) == expected)
        }
        await type("bread", expecting: ["bread+ 201", "bread 2500"])
        await type("brea", expecting: ["brea+ 201", "brea 2500"])
        await type("bread", expecting: ["bread 2500"])
        // NB: checked first, so a short stream fails this test instead of crashing the run.
        try #require(answers.all.count > 4, "\(answers.described(from: 0))")
        #expect(answers.all[4] == answers.all[1])
        let before = answers.all.count
        try await database.write { db in try db.execute("INSERT INTO notes (id, title, body) VALUES (2501, 'Bread 2501', '')") }
        #expect(await eventually(timeout: deadline) { answers.all.count > before }, "\(answers.described(from: before))")
        #expect(answers.described(from: before) == ["bread 2501"])
        await type("brea", expecting: ["brea+ 201", "brea 2501"])
    }
}
