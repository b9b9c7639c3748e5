import Foundation
import Testing
import TroveSQLite
import TroveSearch
import TroveStore
import TroveTestSupport

/// Hostile text through `EngineRegistry` (so `!raw`, `!like` and unknown engines are reached
/// too) over a seeded database file: no crash, no SQLite error, and not one byte changed.
@Suite(.serialized) struct HostileLibraryQueryTests {
    @Test func hostileQueriesThroughTheRegistryAnswerOrExplainAndChangeNothing() async throws {
        let folder = try TemporaryFolder()
        let path = folder.path("seeded.db")
        try makeSeededDatabase(at: path)
        let before = try DatabaseState.read(path)
        let filesBefore = fileHashes(path)
        let store = try await ReminderStore.open(path: path)
        let registry = EngineRegistry()
        let count = ReliabilityScale.libraryQueries
        let longCount = 4
        var text = HostileSearchText(seed: ReliabilityScale.seed)
        var outcome = (runs: 0, hits: 0, problems: 0, searchErrors: 0, failures: [String]())
        var maxLatency = Duration.zero
        let clock = ContinuousClock()
        let start = clock.now
        for index in 0..<(count + longCount) {
            let input = index < longCount ? text.long(bytes: 100_000) : text.string()
            let request = SearchRequest(
                text: input, exact: text.below(2) == 0, limit: 5, sort: SearchSort.allCases[text.below(SearchSort.allCases.count)],
                highlight: .brackets, today: ReminderStore.seedPinnedDay, timeZone: TimeZone(identifier: "UTC")!)
            let began = clock.now
            do {
                for try await resultSet in registry.results(for: request, in: store.database) {
                    outcome.hits += resultSet.hits.count
                    if !resultSet.query.problems.isEmpty { outcome.problems += 1 }
                }
            } catch let error as SearchError {
                // A clear refusal is fine; its message must say what to do.
                outcome.searchErrors += 1
                if error.description.count < 20 { outcome.failures.append("vague SearchError: \(error)") }
            } catch {
                outcome.failures.append("\(input.debugDescription.prefix(160)): \(error)")
            }
            maxLatency = max(maxLatency, clock.now - began)
            outcome.runs += 1
        }
        let elapsed = clock.now - start
        let after = try DatabaseState.read(path)
        let filesAfter = fileHashes(path)
        let report = try await store.check()
        print("hostile library queries: \(outcome.runs) inputs (\(longCount) of 100 KB), \(outcome.failures.count) failures, "
            + "\(outcome.hits) hits, \(outcome.problems) with query problems, \(outcome.searchErrors) SearchErrors, "
            + "max latency \(milliseconds(maxLatency)) ms, \(seconds(elapsed)) s; content hash \(before.contentHash == after.contentHash ? "unchanged" : "CHANGED")")
        for failure in outcome.failures.prefix(10) { print("  \(failure)") }
        #expect(outcome.runs == count + longCount)
        #expect(outcome.failures.isEmpty)
        #expect(outcome.hits > 0)
        #expect(after == before)
        #expect(filesAfter == filesBefore)
        #expect(report.isOK, "\(report.messages)")
    }
}
