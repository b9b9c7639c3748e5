import TroveStore
import TroveQuery
import Foundation
import Testing
import TroveSQLite
import TroveSearch

@Suite("Like and raw engines, registry, suggestions")
struct EngineTests {
    @Test func likeEngineMatchesSubstringsInTiebreakerOrder() async throws {
        let database = try await SearchFixture.database()
        let resultSet = try await SearchFixture.search(SearchFixture.request("!like ilk"), in: database)
        #expect(resultSet.engine == "like")
        #expect(resultSet.hits.map(\.id) == [1, 8])
        #expect(resultSet.hits[0].titleHighlighted == "Buy m[ilk]")
        #expect(resultSet.hits.map(\.matchedFields) == [[.title, .notes], [.notes]])
        #expect(try await SearchFixture.ids("!like wat -plants", in: database) == [])
        #expect(try await SearchFixture.ids("!like 🎉 is:open", in: database) == [6])
    }

    @Test func likeEngineSnippetsLongNotesAroundTheMatch() async throws {
        let database = try await SearchFixture.database()
        let hit = try #require(try await SearchFixture.search(SearchFixture.request("!like dentist"), in: database)
            .hits.first { $0.id == 5 })
        // 12 words starting 3 before the match; words were cut on both sides.
        #expect(hit.snippet == "…and mention the [dentist] appointment that moved the review to next week…")
    }

    @Test func rawEngineRunsExpertSyntax() async throws {
        let database = try await SearchFixture.database()
        #expect(try await SearchFixture.ids(#"!raw NEAR(walk dog, 1)"#, in: database) == [3])
        #expect(try await SearchFixture.ids("!raw title:milk", in: database) == [1])
    }

    @Test(arguments: [
        ("!raw milk AND", "syntax error", ""), ("!raw milk )", "syntax error", ")"),
        ("!raw \"milk", "unterminated string", nil),
    ] as [(String, String, String?)])
    func rawSyntaxErrorPointsAtTheProblem(text: String, reason: String, near: String?) async throws {
        let database = try await SearchFixture.database()
        do {
            _ = try await SearchFixture.search(SearchFixture.request(text), in: database)
            Issue.record("expected an error for \(text)")
        } catch let error as SearchError {
            guard case .invalidRawQuery(let message, let found) = error else { throw error }
            #expect(message.contains(reason))
            #expect(found == near)
            #expect(error.description.contains("leave out !raw"))
        }
    }

    // Regression: a query that stopped mid-expression read 'syntax error near ""', pointing at nothing.
    @Test func rawErrorAtTheEndSaysAtItsEndNotNearEmptyQuotes() {
        let error = SearchError.invalidRawQuery(message: #"fts5: syntax error near """#, near: "")
        #expect(error.description.hasPrefix("the !raw query has an FTS5 syntax error at its end"))
        #expect(!error.description.contains(#"near """#))
    }

    @Test func unknownEngineListsTheKnownOnes() async throws {
        let database = try await SearchFixture.database()
        await #expect(throws: SearchError.unknownEngine("nope", known: ["fts", "like", "raw"])) {
            try await SearchFixture.search(SearchFixture.request("!nope milk"), in: database)
        }
        #expect(SearchError.unknownEngine("nope", known: ["fts", "like"]).description
            == "there is no search engine named !nope; use one of !fts, !like")
    }

    struct EchoEngine: SearchEngine {
        let name = "echo"
        func results(for request: SearchRequest, in database: SQLiteDatabase) -> AsyncThrowingStream<ResultSet, any Error> {
            AsyncThrowingStream { continuation in
                continuation.yield(ResultSet(query: request.query, engine: name, total: 1))
                continuation.yield(ResultSet(query: request.query, engine: name, total: 2))
                continuation.finish()
            }
        }
    }

    @Test func customEngineRunsUnderItsName() async throws {
        let database = try await SearchFixture.database()
        var registry = EngineRegistry()
        registry.register(EchoEngine(), as: "Echo")
        #expect(registry.names == ["echo", "fts", "like", "raw"])
        var totals: [Int] = []
        for try await resultSet in registry.results(for: SearchFixture.request("!ECHO hi"), in: database) {
            totals.append(resultSet.total)
        }
        #expect(totals == [1, 2])
    }

    @Test(arguments: [("dentsit", "dentist"), ("mlik", "milk"), ("wakl", "walk"), ("cheeze", "cheese")])
    func didYouMeanSuggestsTheNearestIndexedWord(text: String, suggestion: String) async throws {
        let database = try await SearchFixture.database()
        let resultSet = try await SearchFixture.search(SearchFixture.request(text, typos: .off), in: database)
        #expect(resultSet.total == 0)
        #expect(resultSet.suggestions.first == suggestion)
    }

    // With typos on, the words of 5 or more letters find their typo matches as well, marked;
    // did-you-mean still names the word, as nothing matched exactly. 4 letters get no typo.
    @Test(arguments: [("dentsit", [4, 5] as [Int64]), ("cheeze", [8]), ("mlik", []), ("wakl", [])])
    func typoMatchesOfAWordOfFiveOrMoreLetters(text: String, expected: [Int64]) async throws {
        let database = try await SearchFixture.database()
        let resultSet = try await SearchFixture.search(SearchFixture.request(text), in: database)
        #expect(Set(resultSet.hits.map(\.id)) == Set(expected))
        #expect(resultSet.hits.allSatisfy { $0.isTypo })
        #expect(resultSet.typoCount == expected.count && resultSet.total == expected.count)
        #expect(!resultSet.suggestions.isEmpty)
    }

    @Test func didYouMeanStaysQuietWhenSomethingMatches() async throws {
        let database = try await SearchFixture.database()
        #expect(try await SearchFixture.search(SearchFixture.request("milk"), in: database).suggestions == [])
        #expect(try await SearchFixture.search(SearchFixture.request("zzzzzz"), in: database).suggestions == [])
    }
}
