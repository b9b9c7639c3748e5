import Foundation
import NotesApp
import Testing
import Trove

@Suite struct NotesAppTests {
    /// A moment on a given day of March 2026, UTC.
    func march(_ day: Int, hour: Int = 12) -> Date {
        Date(timeIntervalSince1970: 1_772_323_200 + Double((day - 1) * 86_400 + hour * 3_600))
    }

    /// Four notes, added in this order (ids 1 to 4).
    func seeded() async throws -> Notes {
        let notes = try await Notes()
        try await notes.add(
            "Sourdough loaf", body: "Feed the starter the night before", folder: "Baking", pinned: true,
            tags: ["bread", "weekend"], updated: march(1))
        try await notes.add(
            "Groceries", body: "flour, butter and a jar for the sourdough starter", folder: "Shopping", tags: ["errand"],
            updated: march(3))
        try await notes.add("Pancakes", body: "Whisk flour, milk and eggs", folder: "Baking", tags: ["Weekend"], updated: march(5))
        try await notes.add("Trip to Lisbon", body: "Book the train; pack the camera", folder: "Travel", pinned: true, updated: march(9))
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

    @Test func tagsFilterAndAreCounted() async throws {
        let notes = try await seeded()
        #expect(try await notes.search("#weekend").hits.map(\.key) == [1, 3])
        #expect(try await notes.search("flour -tag:errand").hits.map(\.key) == [3])
        let floury = try await notes.search("flour")
        #expect(floury.facets["tag"] == [Facet(name: "Weekend", count: 1), Facet(name: "errand", count: 1)])
        try await notes.delete(1)
        #expect(try await notes.search("#bread").total == 0)
    }

    @Test func datesFilterByDayAndRange() async throws {
        let notes = try await seeded()
        #expect(try await notes.search("updated:2026-03-01..2026-03-05").hits.map(\.key) == [1, 2, 3])
        #expect(try await notes.search("flour updated:2026-03-04..").hits.map(\.key) == [3])
        #expect(try await notes.search("updated:none").total == 0)
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
        #expect(version == 3)
    }
}
