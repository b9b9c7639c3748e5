import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveStore
import TroveTestSupport

/// The first pages of a text search ranked from the best scores as open
/// (``SearchExecutor/boundedPageRows(on:)``) must be the page statement's, hit for hit and rank
/// for rank; the bound must hold on ordinary text and give way where scores tie.
@Suite("Rank bound")
struct RankBoundTests {
    static func request(
        _ text: String, limit: Int = 20, page: SearchPage = .first, includeCompleted: Bool? = nil
    ) -> SearchRequest {
        SearchRequest(
            text: text, limit: limit, page: page, includeCompleted: includeCompleted, typos: .off, highlight: .brackets,
            today: ReminderGenerator.pinnedToday, timeZone: TimeZone(identifier: "UTC")!)
    }

    /// The answer with and without the bound, and whether the bound answered.
    static func both(_ request: SearchRequest, in database: SQLiteDatabase) async throws -> (ResultSet, ResultSet, Bool) {
        let bounded = SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
        var unbounded = bounded
        unbounded.usesRankBound = false
        let plain = unbounded
        return try await database.read { db in
            try db.transaction {
                (try bounded.runAsChosen(on: db), try plain.runAsChosen(on: db), try bounded.boundedPageRows(on: db) != nil)
            }
        }
    }

    @Test func theAnswerIsThePageStatements() async throws {
        let database = try await PhasedSearchTests.generated.value
        let texts = ["a", "t", "b", "bu", "th", "the", "dent", "call d", "email a", "\"the a\"", "a OR b", "{title}: b", "a -b", "zzzzqx"]
        var answered = 0, asked = 0
        for text in texts {
            for includeCompleted in [nil, true, false] as [Bool?] {
                for (limit, page) in [(20, SearchPage.first), (7, .first), (50, .offset(100)), (1, .offset(3)), (200, .first)] {
                    let request = Self.request(text, limit: limit, page: page, includeCompleted: includeCompleted)
                    let (bounded, plain, used) = try await Self.both(request, in: database)
                    #expect(bounded == plain, "\(text), limit \(limit), \(page), includeCompleted \(String(describing: includeCompleted))")
                    asked += 1
                    if used { answered += 1 }
                }
            }
        }
        // NB: the bound must do its work on ordinary text, not always give way.
        #expect(answered * 10 >= asked * 8, "the bound answered \(answered) of \(asked)")
    }

    @Test func equalScoresGiveWayToThePageStatement() async throws {
        let store = try await ReminderStore.inMemory()
        // More reminders with one title than there are candidates score alike; the tiebreakers
        // order them, and put the last ones written (high priority) first, so candidates picked
        // among equal scores in the index's order would miss them.
        let count = SearchExecutor.rankBoundCandidates + 1_000
        var records: [ReminderRecord] = []
        for i in 0..<count {
            records.append(ReminderRecord(title: "Water plants", priority: i >= count - 50 ? .high : .none, isCompleted: i % 5 == 0))
        }
        records.append(ReminderRecord(title: "Water", notes: "plants by the window"))
        var reader = RecordArrayReader(records)
        _ = try await store.importRecords(&reader, source: "ties")
        for includeCompleted in [nil, true, false] as [Bool?] {
            let request = Self.request("water", limit: 20, includeCompleted: includeCompleted)
            let (bounded, plain, used) = try await Self.both(request, in: store.database)
            #expect(bounded == plain)
            #expect(!used, "fewer candidates than equal scores cannot decide the page")
        }
        // Fewer matches than candidates: every match is one, and the bound answers.
        let (bounded, plain, used) = try await Self.both(Self.request("window"), in: store.database)
        #expect(bounded == plain && bounded.total == 1 && used)
    }

    @Test func searchesItDoesNotApplyTo() async throws {
        let database = try await PhasedSearchTests.generated.value
        for (text, sort) in [("is:open a", SearchSort.rank), ("list:Work a", .rank), ("a", .due), ("a", .created)] {
            var request = Self.request(text)
            request.sort = sort
            let executor = SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
            let used = try await database.read { db in try executor.boundedPageRows(on: db) != nil }
            #expect(!used, "\(text) sorted by \(sort)")
        }
        // A cursor page, and a ranking whose completed score could be above its open one.
        let first = try await PhasedSearchTests.plain(Self.request("a"), in: database)
        var later = Self.request("a", page: try #require(first.next))
        var odd = Self.request("a")
        odd.ranking = .custom(TroveRanking(
            titleWeight: 5, notesWeight: 1, tagsWeight: 2, titleLengthNormalization: 0.75, notesLengthNormalization: 0.75,
            tagsLengthNormalization: 0.75, saturation: 1.2, exactTitle: 0.5, tagEquals: 0.25, proximity: 0.5,
            completedFactor: 1.5, exactWord: 1))
        for request in [later, odd] {
            let executor = SearchExecutor(plan: FTSEngine.plan(for: request.query), request: request, engineName: "fts")
            #expect(try await database.read { db in try executor.boundedPageRows(on: db) } == nil)
        }
        later.page = .offset(2_000)
        let executor = SearchExecutor(plan: FTSEngine.plan(for: later.query), request: later, engineName: "fts")
        #expect(try await database.read { db in try executor.boundedPageRows(on: db) } == nil, "past rankBoundRows")
    }
}
