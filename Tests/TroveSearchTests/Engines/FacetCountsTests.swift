import Foundation
import Testing
import TroveSQLite
@testable import TroveSearch
import TroveStore
import TroveTestSupport

/// The list and tag facets (counted by `trove_tally` in one pass) against the hits themselves:
/// every hit of every page, read with cursors and counted by list and by tag, must give the
/// facets exactly, in their order (most first, then by name).
@Suite("Facet counts")
struct FacetCountsTests {
    /// Facets as the hits give them: count per name, most first, then name without case, then
    /// the name as the tie SQLite breaks by the group's id (the generated names differ beyond case).
    static func facets(_ names: [String]) -> [Facet] {
        Dictionary(grouping: names, by: { $0 }).map { Facet(name: $0.key, count: $0.value.count) }.sorted {
            ($0.count, $1.name.lowercased()) > ($1.count, $0.name.lowercased())
        }
    }

    @Test(arguments: ["a", "t", "bu", "the", "call d", "\"the a\"", "list:Work c", "is:flagged b", "tag:errand p", "-tag:home t", "dentist"])
    func facetsCountTheHitsOfEveryPage(text: String) async throws {
        let database = try await PhasedSearchTests.generated.value
        for includeCompleted in [nil, true, false] as [Bool?] {
            let first = try await PhasedSearchTests.plain(
                PhasedSearchTests.request(text, limit: 20, includeCompleted: includeCompleted, typos: .off), in: database)
            var hits: [SearchHit] = []
            var page = SearchPage.first
            while true {
                let request = PhasedSearchTests.request(text, limit: 2_000, page: page, includeCompleted: includeCompleted, typos: .off)
                let resultSet = try await PhasedSearchTests.plain(request, in: database)
                hits += resultSet.hits
                guard let next = resultSet.next else { break }
                page = next
            }
            let context = "\(text), includeCompleted \(String(describing: includeCompleted))"
            #expect(hits.count == first.total, "\(context)")
            #expect(hits.count > 0, "\(context)")
            #expect(first.listFacets == Self.facets(hits.map(\.list)), "\(context)")
            #expect(first.tagFacets == Self.facets(hits.flatMap(\.tags)), "\(context)")
            #expect(first.completedCount == hits.filter(\.isCompleted).count || includeCompleted == false, "\(context)")
        }
    }
}
