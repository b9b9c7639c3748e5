import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveSearch
import TroveStore
import TroveTestSupport

/// What an app shows of a hit: a snippet is one line of text, and the marked title, fields and
/// snippet become `AttributedString`s whose matches are runs with `troveSearchMatch` set.
@Suite struct HitPresentationTests {
    /// The texts of the runs marked as matches.
    func matchedRuns(_ text: AttributedString) -> [String] {
        text.runs.filter { $0.troveSearchMatch == true }.map { String(text[$0.range].characters) }
    }

    @Test func marksBecomeMatchRuns() {
        let text = AttributedString(highlighted: "[Sourdough] loaf and [bread]")
        #expect(String(text.characters) == "Sourdough loaf and bread")
        #expect(matchedRuns(text) == ["Sourdough", "bread"])
    }

    @Test func aMarkWithoutItsCloseStaysText() {
        let text = AttributedString(highlighted: "a [b", style: .brackets)
        #expect(String(text.characters) == "a [b")
        #expect(matchedRuns(text).isEmpty)
        #expect(matchedRuns(AttributedString(highlighted: "plain", style: .none)).isEmpty)
    }

    @Test func theAttributedStyleKeepsBracketsThatAreText() throws {
        let database = try NotesFixture.appDatabase()
        try database.execute("INSERT INTO notes (id, title, body) VALUES (7, '[draft] Sourdough rye', 'notes [1]')")
        try NotesFixture.index.migrate(database)
        let hit = try #require(
            try NotesFixture.index.search("rye", on: database, highlight: .attributed).hits.first)
        let title = hit.attributed("title", style: .attributed)
        #expect(String(title.characters) == "[draft] Sourdough rye")
        #expect(matchedRuns(title) == ["rye"])
        // NB: only the title matched, and a hit shows it whole: the snippet previews the body.
        #expect(String(hit.attributedSnippet(style: .attributed).characters) == "notes [1]")
        #expect(matchedRuns(hit.attributedSnippet(style: .attributed)).isEmpty)
    }

    @Test func aRemindersHitsTitleAndSnippet() async throws {
        let store = try await seededStore(records: [
            ReminderRecord(title: "Call the dentist", notes: "Ask the dentist about the bill", list: "Health"),
        ])
        let hit = try #require(try await store.search(SearchRequest(text: "dentist", highlight: .attributed)).hits.first)
        #expect(matchedRuns(hit.attributedTitle(style: .attributed)) == ["dentist"])
        #expect(matchedRuns(hit.attributedSnippet(style: .attributed)) == ["dentist"])
        #expect(String(hit.attributedSnippet(style: .attributed).characters) == "Ask the dentist about the bill")
    }

    // Regression (issue 52, item 4): snippets kept a note's blank lines as raw "\n\n".
    @Test func anIndexSnippetHasNoBlankLines() async throws {
        let database = try await NotesFixture.sqliteDatabase(inserting: """
            INSERT INTO notes (id, title, body) VALUES
              (1, 'Loaf', 'Feed the starter.' || char(10, 10) || '  Bake hot' || char(9) || 'with   steam' || char(10))
            """)
        let results = try await NotesFixture.index.search("steam", in: database)
        #expect(results.hits.map(\.snippet) == ["Feed the starter. Bake hot with [steam]"])
        #expect(results.hits.map { $0.values["body"] } == ["Feed the starter.\n\n  Bake hot\twith   steam\n"])
    }

    @Test func aRemindersSnippetHasNoBlankLines() async throws {
        let store = try await seededStore(records: [
            ReminderRecord(title: "Bake", notes: "Feed the starter.\n\n  Bake hot\twith   steam\n", list: "Home"),
        ])
        let results = try await store.search(SearchRequest(text: "steam", highlight: .brackets))
        #expect(results.hits.map(\.snippet) == ["Feed the starter. Bake hot with [steam]"])
        #expect(results.hits.map(\.notes) == ["Feed the starter.\n\n  Bake hot\twith   steam\n"])
    }

    // The LIKE engine's snippets are made in Swift; they are collapsed the same way.
    @Test func aLikeSnippetHasNoBlankLines() async throws {
        let store = try await seededStore(records: [
            ReminderRecord(title: "Bake", notes: "Feed the starter.\n\nBake hot with steam", list: "Home"),
        ])
        let results = try await store.search(SearchRequest(text: "!like steam", highlight: .brackets))
        #expect(results.hits.map(\.snippet) == ["Feed the starter. Bake hot with [steam]"])
    }
}

/// Which field a hit's snippet is cut from: the longest that matched besides the first, so a
/// match in a short summary is shown there, not the start of a long body that lacks it.
@Suite struct IndexSnippetFieldTests {
    func database() throws -> (SQLConnection, SearchIndex) {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE articles (id INTEGER PRIMARY KEY, title TEXT, summary TEXT, body TEXT)")
        let body = "A long body about ovens and flour and water and the time a loaf needs to rise on a cold morning in winter"
        try db.execute("""
            INSERT INTO articles VALUES
              (1, 'Baking day', 'Notes on rye starters', \(body)),
              (2, 'Rye bread', 'A short summary', \(body)),
              (3, 'Winter baking', 'Kitchen notes', \(body + " with rye"))
            """)
        let index = try SearchIndex(table: "articles", key: "id", fields: [.init("title", weight: 5), .init("summary", weight: 2), .init("body")])
        try index.migrate(db)
        return (db, index)
    }

    @Test func theSnippetComesFromTheFieldThatMatched() throws {
        let (db, index) = try database()
        let hits = Dictionary(uniqueKeysWithValues: try index.search("rye", on: db).hits.map { ($0.key, $0) })
        // Only the summary matched: its text, not the body's start.
        #expect(hits[1]?.snippet == "Notes on [rye] starters")
        // Only the title matched: the longest field, as a preview.
        #expect(hits[2]?.snippet.hasPrefix("A long body about ovens") == true)
        // The body matched: cut around the match there.
        #expect(hits[3]?.snippet.hasSuffix("with [rye]") == true)
        #expect(hits[3]?.snippet.hasPrefix("…") == true)
    }
}

/// ``SearchIndex/columns``: hits carry other columns of the row, searched or not, as stored.
@Suite struct IndexCarriedColumnsTests {
    @Test func hitsCarryTheDeclaredColumnsAsStored() throws {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE bookmarks (id INTEGER PRIMARY KEY, title TEXT, url TEXT, visits INTEGER, created_at TEXT)")
        try db.execute("""
            INSERT INTO bookmarks VALUES
              (1, 'Sourdough guide', 'https://example.com/bread', 12, '2026-03-01T09:30:00Z'),
              (2, 'Sourdough FAQ', NULL, NULL, NULL)
            """)
        let index = try SearchIndex(table: "bookmarks", key: "id", fields: [.init("title")], columns: ["url", "visits", "created_at"])
        try index.migrate(db)
        let hits = Dictionary(uniqueKeysWithValues: try index.search("sourdough", on: db).hits.map { ($0.key, $0) })
        let first = try #require(hits[1])
        #expect(first.columns == ["url": .text("https://example.com/bread"), "visits": .integer(12), "created_at": .text("2026-03-01T09:30:00Z")])
        #expect(try first.column("visits", as: Int.self) == 12)
        #expect(try first.column("URL", as: String.self) == "https://example.com/bread")
        #expect(try first.column("created_at", as: Date.self) == Date(timeIntervalSince1970: 1_772_357_400))
        #expect(try hits[2]?.column("visits", as: Int.self) == nil)
        #expect(throws: SearchIndexError.notACarriedColumn(column: "title", carried: ["created_at", "url", "visits"])) {
            try first.column("title", as: String.self)
        }
        // A query without words (a filter-only or empty search) carries them too.
        #expect(try index.search("", on: db).hits.first?.columns["url"] == .text("https://example.com/bread"))
    }

    /// assertSearch shows the carried columns beside the fields, as stored.
    @Test func snapshotsShowTheCarriedColumns() throws {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE bookmarks (id INTEGER PRIMARY KEY, title TEXT, url TEXT, visits INTEGER)")
        try db.execute("INSERT INTO bookmarks VALUES (1, 'Sourdough guide', 'https://example.com/bread', 12), (2, 'Sourdough FAQ', NULL, NULL)")
        let index = try SearchIndex(table: "bookmarks", key: "id", fields: [.init("title")], columns: ["url", "visits"])
        try index.migrate(db)
        assertSearch("sourdough", in: index, on: db) {
            """
            SELECT …
            FROM "trove_bookmarks_fts"
            CROSS JOIN "bookmarks" ON ("bookmarks"."id" = "trove_bookmarks_fts"."rowid")
            WHERE ("trove_bookmarks_fts" MATCH '"sourdough"*')
            ORDER BY
              "score" ASC,
              "bookmarks"."id" ASC
            LIMIT 10 OFFSET 0
            """
        } results: {
            """
            #  key  rank   title              url                        visits  snippet
            -  ---  -----  -----------------  -------------------------  ------  -----------------
            1  1    -0.36  [Sourdough] guide  https://example.com/bread  12      [Sourdough] guide
            2  2    -0.36  [Sourdough] FAQ    NULL                       NULL    [Sourdough] FAQ
            2 of 2
            """
        }
    }

    @Test func aCarriedColumnTheTableLacksIsRefusedByMigrateByName() throws {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE bookmarks (id INTEGER PRIMARY KEY, title TEXT)")
        let index = try SearchIndex(table: "bookmarks", key: "id", fields: [.init("title")], columns: ["url"])
        #expect(throws: SearchIndexError.missingColumn(index: "bookmarks", table: "bookmarks", column: "url")) {
            try index.migrate(db)
        }
    }
}
