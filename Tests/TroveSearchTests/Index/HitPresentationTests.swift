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
        #expect(String(hit.attributedSnippet(style: .attributed).characters) == "[draft] Sourdough rye")
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
