import Foundation
import Testing
import TroveQuery
@testable import TroveSQLite
@testable import TroveSearch
import TroveStore
import TroveTestSupport

/// A search on a database with an idle second reader counts and groups its matches there while
/// it reads the page (``SearchExecutor/tallySource(on:shared:)``): the answer must be the one a
/// single connection gives, and the helper must really have been used where it pays.
@Suite("Counts and facets on a helper reader", .serialized)
struct HelperTallyTests {
    /// A store of its own: with another suite's searches on its readers, a search finds no idle
    /// second reader and runs on one connection, as it should, and the test could not tell.
    static let generated = Task { try await PhasedSearchTests.generatedStore(named: "helper") }

    static let texts = [
        "a", "t", "th", "the", "call d", "\"the a\"", "dentst", "a -b", "zzzzqx", "email",
        "is:flagged", "list:Home", "list:Home ", "is:open list:Work the", "p:1 a", "due:overdue", "#errand", "!like the",
    ]

    /// How many times a helper joined a search's snapshot on `database` so far.
    static func joins(_ database: SQLiteDatabase) async throws -> Int {
        try await database.diagnostics().helperJoins
    }

    @Test func theAnswerIsTheOneConnectionsAnswer() async throws {
        let database = try await Self.generated.value
        let registry = EngineRegistry()
        var helped: [String] = []
        for text in Self.texts {
            for includeCompleted in [nil, true] as [Bool?] {
                for page in [SearchPage.first, .offset(40)] {
                    let request = PhasedSearchTests.request(text, limit: 20, page: page, includeCompleted: includeCompleted)
                    let before = try await Self.joins(database)
                    let answer = try await registry.search(request, in: database)
                    if try await Self.joins(database) > before { helped.append(text) }
                    let alone = try await database.read { db in
                        request.query.engineName == "like" ? try LikeEngine().search(request, on: db) : try FTSEngine().search(request, on: db)
                    }
                    #expect(answer == alone, "\(text), \(page), includeCompleted \(String(describing: includeCompleted))")
                }
            }
        }
        // NB: large sets (`email`, `a -b`), filtered ids and searches without text go to the
        // helper; small sets (a typo with no exact match, no match) stay on one connection.
        // One- to four-letter prefixes read theirs from the per-prefix counts (schemas 9, 10,
        // 12), and with 2,000 matches or more the helper ranks half of their best scores.
        // NB: `list:Home ` with a space: at the very end, `list:Home` is a prefix of names, Home
        // and Home Office, whose two-list clause is counted on one connection.
        for text in ["email", "a -b", "is:flagged", "list:Home ", "is:open list:Work the", "!like the", "a", "t", "th", "the"] {
            #expect(helped.contains(text), "\(text) was not helped")
        }
        for text in ["dentst", "zzzzqx"] {
            #expect(!helped.contains(text), "\(text) was counted on the helper")
        }
    }

    @Test func aCursorPageIsTheSame() async throws {
        let database = try await Self.generated.value
        var request = PhasedSearchTests.request("a", limit: 30)
        for _ in 0..<3 {
            let asked = request
            let answer = try await FTSEngine().search(asked, in: database)
            let alone = try await database.read { db in try FTSEngine().search(asked, on: db) }
            #expect(answer == alone)
            guard let next = answer.next else { break }
            request.page = next
        }
    }
}
