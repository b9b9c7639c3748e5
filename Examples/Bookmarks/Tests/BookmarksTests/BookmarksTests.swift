@testable import Bookmarks
import Foundation
import Testing
import Trove

@Suite struct BookmarksTests {
    @Test func aTypedFetchDecodesSnakeCaseRenamedAndNullColumns() async throws {
        let app = try await seeded()
        let swift = try await app.titled("Swift")
        #expect(swift.map(\.id) == [3, 1])
        #expect(swift.map(\.createdAt) == [march(3), march(1)])
        #expect(swift.map(\.visitCount) == [12, 3])
        let sqlite = try await app.titled("SQLite")
        #expect(sqlite.map(\.visitCount) == [nil])
    }

    @Test func theHandWrittenDeclarationFetchesTheSameRows() async throws {
        let app = try await seeded()
        let byMacro = try await app.titled("S")
        let byHand = try await app.titledByHand("S")
        #expect(byHand.map(\.id) == byMacro.map(\.id))
        #expect(byHand.map(\.createdAt) == byMacro.map(\.createdAt))
        #expect(byHand.map(\.visitCount) == byMacro.map(\.visitCount))
        #expect(Bookmark.columns.declaredColumnNames == BookmarkByHand.columns.declaredColumnNames)
    }

    @Test func aSearchHighlightsTheTitleAndCountsFolders() async throws {
        let results = try await seeded().search("swift")
        #expect(results.hits.map(\.key) == [1, 3])
        #expect(results.hits.first?.highlighted["title"] == "[Swift] Testing")
        #expect(results.facets["folder"] == [Facet(name: "Reading", count: 1), Facet(name: "Work", count: 1)])
        #expect(try await seeded().search("swift folder:work").hits.map(\.key) == [3])
    }

    @Test func searchAsYouTypeEndsWithTheLastText() async throws {
        let app = try await seeded()
        let texts = AsyncStream<String> { typing in
            for text in ["s", "sour", "sourdough"] { typing.yield(text) }
            typing.finish()
        }
        var last: IndexResultSet?
        for try await results in app.results(for: texts) { last = results }
        #expect(last?.query.text == "sourdough")
        #expect(last?.hits.map(\.key) == [4])
    }
}
