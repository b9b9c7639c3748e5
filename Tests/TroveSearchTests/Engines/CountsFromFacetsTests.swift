import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch

/// A large match set's counts come from the list facets' statement when the request wants
/// facets and counts completed reminders (one walk of the matches instead of two); they must
/// be the counts ``SearchExecutor/countSQL`` gives, which a request without facets still runs.
@Suite("Counts from the list facets")
struct CountsFromFacetsTests {
    @Test(arguments: [
        ("a", nil), ("milk", nil), ("list:Work a", nil), ("is:completed a", nil), ("tag:errand a", nil), ("a OR b", nil),
        ("a", false), ("list:Work a", false),
    ] as [(String, Bool?)])
    func theSameCountsWithAndWithoutFacets(text: String, includeCompleted: Bool?) async throws {
        let database = try await PhasedSearchTests.generated.value
        let request = PhasedSearchTests.request(text, limit: 20, includeCompleted: includeCompleted)
        var plain = request
        plain.facets = false
        let withoutFacets = plain
        let (summed, counted) = try await database.read { db in
            (try FTSEngine().search(request, on: db), try FTSEngine().search(withoutFacets, on: db))
        }
        // NB: more than SearchExecutor.smallMatchLimit, so the counts are not read as ids.
        try #require(counted.total > SearchExecutor.smallMatchLimit, "\(text): \(counted.total)")
        #expect(summed.total == counted.total, "\(text)")
        #expect(summed.completedCount == counted.completedCount, "\(text)")
        #expect(summed.hits.map(\.id) == counted.hits.map(\.id), "\(text)")
        #expect(counted.listFacets.isEmpty && !summed.listFacets.isEmpty && !summed.tagFacets.isEmpty, "\(text)")
        if summed.includesCompleted {
            #expect(summed.listFacets.reduce(0) { $0 + $1.count } == summed.total, "every match is in one list: \(text)")
        }
    }

    /// The total of a one-word search against FTS5's own count of its matches.
    @Test func theSummedTotalIsFTS5sCount() async throws {
        let database = try await PhasedSearchTests.generated.value
        let resultSet = try await FTSEngine().search(PhasedSearchTests.request("milk "), in: database)
        let count = try await database.read { db in
            try db.fetchOne("SELECT count(*) FROM reminders_fts WHERE reminders_fts MATCH 'milk'").map { try $0[0] as Int }
        }
        #expect(resultSet.total == count)
        #expect(resultSet.total > SearchExecutor.smallMatchLimit)
    }

    /// With nothing but the text deciding the matches, the tag facets are read from the index's
    /// rowids without the reminders; they must be the per-tag counts of the text's matches.
    @Test(arguments: ["a", "milk ", "a OR b", "call -dentist"])
    func tagFacetsOfTheTextAloneCountEveryMatch(text: String) async throws {
        let database = try await PhasedSearchTests.generated.value
        let request = PhasedSearchTests.request(text, limit: 20)
        let resultSet = try await FTSEngine().search(request, in: database)
        let match = try #require(FTS5Expression(query: request.query)?.positive)
        let expected = try await database.read { db in
            try db.fetchAll("""
                SELECT "tags"."name", count(*) FROM "reminders"
                JOIN "reminder_tags" ON "reminder_tags"."reminder_id" = "reminders"."id"
                JOIN "tags" ON "tags"."id" = "reminder_tags"."tag_id"
                WHERE "reminders"."id" IN (SELECT "rowid" FROM "reminders_fts" WHERE "reminders_fts" MATCH \(match))
                GROUP BY "tags"."id"
                """).map { (try $0[0] as String, try $0[1] as Int) }
        }
        try #require(resultSet.total > SearchExecutor.smallMatchLimit, "\(text): \(resultSet.total)")
        #expect(!expected.isEmpty)
        #expect(Dictionary(uniqueKeysWithValues: resultSet.tagFacets.map { ($0.name, $0.count) })
            == Dictionary(uniqueKeysWithValues: expected), "\(text)")
        #expect(resultSet.tagFacets.map(\.count) == resultSet.tagFacets.map(\.count).sorted(by: >), "largest first")
    }
}
