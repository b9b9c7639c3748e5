import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveStore
import TroveTestSupport

/// A search with at most `SearchExecutor.smallMatchLimit` matches reads them once as ids and
/// takes its counts and facets from them; they must equal what matching the text again gives.
@Suite("Small match sets")
struct SmallMatchSetTests {
    static func request(_ text: String, includeCompleted: Bool? = nil) -> SearchRequest {
        SearchRequest(
            text: text, limit: 20, includeCompleted: includeCompleted, highlight: .brackets,
            today: ReminderGenerator.pinnedToday, timeZone: TimeZone(identifier: "UTC")!)
    }

    static let texts = [
        "\"buy milk\"", "dentist list:Health", "hiroshi", "is:completed call", "call is:open tag:errand", "dentist -kids",
        "zzzzqx", "passport OR hiroshi", "\"the a\" is:flagged", "boiler", "dentist list:Health is:completed",
    ]

    @Test func countsAndFacetsFromTheIDsEqualMatchingAgain() async throws {
        let database = try await PhasedSearchTests.generated.value
        var small = 0
        for text in Self.texts {
            for includeCompleted in [nil, true, false] {
                let request = Self.request(text, includeCompleted: includeCompleted)
                let executor = SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
                let (set, viaSet, viaMatch, all) = try await database.read { db in
                    let set = try executor.smallMatches(on: db)
                    let viaSet = (try executor.counts(on: db, among: set), try executor.facets(on: db, among: set))
                    let viaMatch = (try executor.counts(on: db), try executor.facets(on: db))
                    let all: Int = try db.fetchOne("SELECT count(*) FROM (\(executor.matchesSQL))").map { try $0[0] } ?? -1
                    return (set, viaSet, viaMatch, all)
                }
                let context = "\(text), includeCompleted \(String(describing: includeCompleted))"
                guard let set else {
                    #expect(all == SearchExecutor.smallMatchLimit + 1, "read as ids unless more than the limit: \(context)")
                    continue
                }
                small += 1
                #expect(set.ids.count == all && Set(set.ids.values).count == set.ids.count, "each match once: \(context)")
                #expect(viaSet.0 == viaMatch.0, "\(context)")
                #expect(viaSet.1.lists == viaMatch.1.lists && viaSet.1.tags == viaMatch.1.tags, "\(context)")
            }
        }
        #expect(small >= 15, "most of these texts match few of the 20,000 reminders: \(small) of \(Self.texts.count * 3)")
    }

    @Test func aLargeMatchSetIsCountedAsBefore() async throws {
        let database = try await PhasedSearchTests.generated.value
        let request = Self.request("a")
        let executor = SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
        let (set, counts) = try await database.read { db in (try executor.smallMatches(on: db), try executor.counts(on: db)) }
        #expect(set == nil)
        #expect(counts.total > SearchExecutor.smallMatchLimit)
        let filterOnly = Self.request("is:flagged")
        let unranked = SearchExecutor(plan: FTSEngine.plan(for: filterOnly.query), request: filterOnly, engineName: "fts")
        #expect(try await database.read { db in try unranked.smallMatches(on: db) } == nil, "no text: nothing to match again")
    }

    /// `trove search` shows no facets and asks for none: the answer is otherwise the same,
    /// exact matches, typo matches and pages alike.
    @Test func anAnswerWithoutFacetsIsTheSameAnswer() async throws {
        let database = try await PhasedSearchTests.generated.value
        let registry = EngineRegistry()
        var withFacets = 0
        for text in Self.texts + ["a", "dentst", "call"] {
            var request = Self.request(text)
            let full = try await registry.search(request, in: database)
            request.facets = false
            var bare = try await registry.search(request, in: database)
            #expect(bare.listFacets.isEmpty && bare.tagFacets.isEmpty, "\(text)")
            if !full.listFacets.isEmpty { withFacets += 1 }
            bare.listFacets = full.listFacets
            bare.tagFacets = full.tagFacets
            #expect(bare == full, "\(text)")
        }
        #expect(withFacets >= 8)
    }

    @Test func theExplanationShowsTheStatementThatCounted() async throws {
        let database = try await PhasedSearchTests.generated.value
        let explanation = try #require(try await EngineRegistry().explanation(for: Self.request("\"buy milk\""), in: database))
        let counts = try #require(explanation.statements.first { $0.purpose == "counts" })
        #expect(counts.inlinedSQL.hasPrefix(#"WITH "rows"("id", "summed") AS (SELECT "reminders"."id""#), "\(counts.inlinedSQL)")
        #expect(
            counts.inlinedSQL.hasSuffix(
                #"LIMIT \#(SearchExecutor.smallMatchLimit + 1)) SELECT count(*), json_group_array("id"), ifnull(sum("summed"), 0) FROM "rows""#),
            "\(counts.inlinedSQL)")
    }
}
