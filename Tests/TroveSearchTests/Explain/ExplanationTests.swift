import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveSearch
import TroveStore

@Suite struct ExplanationTests {
    /// The explained page statement, with its bindings inlined, run by hand.
    private func idsFromExplanation(_ request: SearchRequest, in database: SQLiteDatabase) async throws -> [Int64] {
        let explanation = try #require(try EngineRegistry().explanation(for: request))
        let hits = try #require(explanation.statements.first { $0.purpose == "hits" })
        #expect(hits.sql.components(separatedBy: "?").count - 1 == hits.bindings.count)
        // NB: none of the engines' SQL holds a `?` inside a literal, so each one is a placeholder.
        var inlined = "", bindings = hits.bindings[...]
        for character in hits.sql {
            if character == "?", let binding = bindings.popFirst() { inlined += binding } else { inlined.append(character) }
        }
        let sql = inlined
        let rows = try await database.read { db in try db.fetchAll(SQLFragment(raw: sql)) }
        return try rows.prefix(request.limit).map { try $0[0] as Int64 }
    }

    @Test(arguments: ["dentist", "milk -oat", "!like ilk", "!raw NEAR(walk dog, 1)", "is:open", "", "milk OR walk tag:home"])
    func theExplainedStatementIsTheOneTheSearchRuns(text: String) async throws {
        let database = try await SearchFixture.database()
        let request = SearchFixture.request(text)
        let searched = try await SearchFixture.search(request, in: database).hits.map(\.id)
        #expect(!searched.isEmpty)
        #expect(try await idsFromExplanation(request, in: database) == searched)
    }

    /// `trove search --explain` prints the answer of the search the explanation ran instead of
    /// searching again: it must be the answer the search gives, typo matches and
    /// did-you-mean included.
    @Test(arguments: ["dentist", "dentst", "milk -oat", "zzzqqq", "is:open a", "walk dgo"])
    func theExplanationKeepsTheAnswerTheSearchGives(text: String) async throws {
        let database = try await SearchFixture.database()
        let request = SearchFixture.request(text)
        let explanation = try #require(try await EngineRegistry().explanation(for: request, in: database))
        let answer = try #require(explanation.resultSet)
        #expect(answer == (try await EngineRegistry().search(request, in: database)))
        #expect(answer == (try await SearchFixture.search(request, in: database)))
        #expect(!answer.isProvisional)
    }

    @Test func anExplanationThatRanNothingHasNoAnswer() async throws {
        let database = try await SearchFixture.database()
        let explanation = try await EngineRegistry().explanation(for: SearchFixture.request("!like milk"), in: database)
        #expect(try #require(explanation).resultSet == nil)
    }

    @Test func explainingAPageAfterACursorUsesItsKeys() async throws {
        let database = try await SearchFixture.database()
        var request = SearchFixture.request("")
        request.limit = 3
        let first = try await SearchFixture.search(request, in: database)
        let next = try #require(first.next)
        request.page = next
        let second = try await SearchFixture.search(request, in: database).hits.map(\.id)
        #expect(try await idsFromExplanation(request, in: database) == second)
    }

    @Test func explanationNamesTheEngineAndCarriesTheQueryProblems() throws {
        let explanation = try #require(try EngineRegistry().explanation(for: SearchRequest(text: "!like milk is:banana")))
        #expect(explanation.engine == "like")
        #expect(explanation.statements.map(\.purpose) == ["hits", "counts"])
        #expect(explanation.query.problems.map(\.token) == ["is:banana"])
        #expect(throws: SearchError.unknownEngine("nope", known: ["fts", "like", "raw"])) {
            try EngineRegistry().explanation(for: SearchRequest(text: "!nope milk"))
        }
    }

    @Test func anAppsOwnEngineHasNoExplanation() throws {
        struct Custom: SearchEngine {
            let name = "custom"
            func results(for request: SearchRequest, in database: SQLiteDatabase) -> AsyncThrowingStream<ResultSet, any Error> {
                AsyncThrowingStream { $0.finish() }
            }
        }
        var registry = EngineRegistry()
        registry.register(Custom())
        #expect(try registry.explanation(for: SearchRequest(text: "!custom milk")) == nil)
    }
}
