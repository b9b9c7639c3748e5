import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveSearch
import TroveStore
import TroveTestSupport

/// Hostile text through the engines against real SQLite: no input may cause an SQLite error.
@Suite("Engine fuzz", .serialized)
struct EngineFuzzTests {
    struct Outcome: Sendable {
        var runs = 0
        var hits = 0
        var withProblems = 0
        var failures: [String] = []
    }

    private static func fuzz(
        engine: @escaping @Sendable (SearchRequest, SQLConnection) throws -> ResultSet,
        count: Int, longCount: Int, seed: UInt64, in database: SQLiteDatabase
    ) async throws -> Outcome {
        try await database.read { db in
            var text = HostileSearchText(seed: seed)
            var outcome = Outcome()
            for index in 0..<(count + longCount) {
                let input = index < longCount ? text.long(bytes: 100_000) : text.string()
                let request = SearchRequest(
                    text: input, exact: text.below(2) == 0, limit: 5, sort: SearchSort.allCases[text.below(4)],
                    highlight: .brackets, today: SearchFixture.today, timeZone: SearchFixture.utc)
                do {
                    let resultSet = try engine(request, db)
                    outcome.hits += resultSet.hits.count
                    if !resultSet.query.problems.isEmpty { outcome.withProblems += 1 }
                } catch {
                    if outcome.failures.count < 20 { outcome.failures.append("\(input.debugDescription.prefix(200)): \(error)") }
                    else { outcome.failures.append("") }
                }
                outcome.runs += 1
            }
            return outcome
        }
    }

    private static func report(_ name: String, _ outcome: Outcome, since start: ContinuousClock.Instant) {
        let seconds = (ContinuousClock.now - start).components
        print("fuzz \(name): \(outcome.runs) strings, \(outcome.failures.count) failures, \(outcome.hits) hits, "
            + "\(outcome.withProblems) with query problems, \(seconds.seconds).\(seconds.attoseconds / 10_000_000_000_000_000) s")
        for failure in outcome.failures.prefix(20) { print("  \(failure)") }
    }

    @Test func hundredThousandHostileStringsThroughFTSNeverFailInSQLite() async throws {
        let database = try await SearchFixture.database()
        let start = ContinuousClock.now
        let outcome = try await Self.fuzz(
            engine: { try FTSEngine().search($0, on: $1) }, count: 100_000, longCount: 4, seed: 7, in: database)
        Self.report("fts", outcome, since: start)
        #expect(outcome.runs == 100_004)
        #expect(outcome.failures.isEmpty, "\(outcome.failures.prefix(5))")
        #expect(outcome.hits > 0)
    }

    @Test func tenThousandHostileStringsThroughLikeNeverFailInSQLite() async throws {
        let database = try await SearchFixture.database()
        let start = ContinuousClock.now
        let outcome = try await Self.fuzz(
            engine: { try LikeEngine().search($0, on: $1) }, count: 10_000, longCount: 2, seed: 11, in: database)
        Self.report("like", outcome, since: start)
        #expect(outcome.runs == 10_002)
        #expect(outcome.failures.isEmpty, "\(outcome.failures.prefix(5))")
        #expect(outcome.hits > 0)
    }
}
