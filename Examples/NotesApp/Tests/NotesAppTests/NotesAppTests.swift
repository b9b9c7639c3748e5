import NotesApp
import Testing
import Trove

@Suite struct NotesAppTests {
    /// Four notes, added in this order (ids 1 to 4).
    func seeded() async throws -> Notes {
        let notes = try await Notes()
        try await notes.add("Sourdough loaf", body: "Feed the starter the night before", folder: "Baking", pinned: true)
        try await notes.add("Groceries", body: "flour, butter and a jar for the sourdough starter", folder: "Shopping")
        try await notes.add("Pancakes", body: "Whisk flour, milk and eggs", folder: "Baking")
        try await notes.add("Trip to Lisbon", body: "Book the train; pack the camera", folder: "Travel", pinned: true)
        return notes
    }

    @Test func aTitleHitRanksFirst() async throws {
        let results = try await seeded().search("sourdough")
        #expect(results.hits.map(\.key) == [1, 2])
        #expect(results.hits[0].highlighted["title"] == "[Sourdough] loaf")
        #expect(results.facets["folder"] == [Facet(name: "Baking", count: 1), Facet(name: "Shopping", count: 1)])
    }

    @Test func aFilterNarrowsTheMatches() async throws {
        let notes = try await seeded()
        #expect(try await notes.search("flour").total == 2)
        #expect(try await notes.search("flour folder:baking").hits.map(\.key) == [3])
        #expect(try await notes.search("pinned:yes").hits.map(\.key) == [1, 4])
    }

    @Test func aTypoFindsTheWordAfterTheExactMatches() async throws {
        let notes = try await seeded()
        let results = try await notes.search("sourdouhg")
        #expect(results.hits.map(\.key) == [1, 2])
        #expect(results.hits.map(\.isTypo) == [true, true])
        #expect(results.typoCount == 2)
    }

    @Test func anEditIsFoundOnceTheTriggerRan() async throws {
        let notes = try await seeded()
        #expect(try await notes.search("rosemary").total == 0)
        try await notes.edit(3, body: "Focaccia with rosemary")
        #expect(try await notes.search("rosemary").hits.map(\.key) == [3])
        #expect(try await notes.search("whisk").total == 0)
    }

    @Test func aDeletedNoteDisappears() async throws {
        let notes = try await seeded()
        try await notes.delete(4)
        #expect(try await notes.search("lisbon").total == 0)
    }

    @Test func searchAsYouTypeEndsWithTheLastText() async throws {
        let notes = try await seeded()
        let texts = AsyncStream<String> { typing in
            for text in ["l", "lis", "lisbon"] { typing.yield(text) }
            typing.finish()
        }
        var last: IndexResultSet?
        for try await results in notes.results(for: texts) { last = results }
        #expect(last?.query.text == "lisbon")
        #expect(last?.hits.map(\.key) == [4])
    }

    @Test func theAppsUserVersionIsItsOwn() async throws {
        let notes = try await seeded()
        let version = try await notes.database.read { db in try db.fetchValue("PRAGMA user_version", as: Int.self) }
        #expect(version == 2)
    }
}
