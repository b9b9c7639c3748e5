import Testing
import TroveQuery
import TroveSQLite
import TroveSearch
import TroveTestSupport

/// Hostile text through an app's ``SearchIndex`` (``NotesFixture``), as the engines get it:
/// no input may make SQLite fail. The only errors allowed are those that name the text's
/// mistake: a `!raw` syntax error and an unknown `!name` (``SearchError``).
@Suite struct IndexFuzzTests {
    /// Runs `count` hostile strings (and two of 100,000 bytes), each after `prefix`, through
    /// `index.search`, and returns the failures (at most 20 described) and the hits.
    private func fuzz(
        prefix: String, count: Int, seed: UInt64
    ) throws -> (runs: Int, hits: Int, rejected: Int, failures: [String]) {
        let db = try NotesFixture.database()
        let index = NotesFixture.index
        var text = HostileSearchText(seed: seed)
        var hits = 0, runs = 0, rejected = 0
        var failures: [String] = []
        for run in 0..<(count + 2) {
            let input = prefix + (run < 2 ? text.long(bytes: 100_000) : text.string())
            do {
                hits += try index.search(input, on: db, limit: 5, exact: text.below(2) == 0).hits.count
            } catch let error as SearchError {
                // NB: the errors that name the query's mistake: a `!raw` syntax error, or an
                // unknown `!name` (the texts hold `!nope`).
                switch error {
                case .invalidRawQuery, .unknownEngine: rejected += 1
                default: failures.append("\(input.debugDescription.prefix(200)): \(error)")
                }
            } catch {
                failures.append("\(input.debugDescription.prefix(200)): \(error)")
            }
            runs += 1
        }
        return (runs, hits, rejected, failures)
    }

    @Test func hostileStringsThroughAnIndexNeverFailInSQLite() throws {
        let outcome = try fuzz(prefix: "", count: 5_000, seed: 21)
        #expect(outcome.failures.isEmpty, "\(outcome.failures.prefix(5))")
        #expect(outcome.runs == 5_002 && outcome.hits > 0)
    }

    @Test func hostileStringsThroughAnIndexsLikeNeverFailInSQLite() throws {
        let outcome = try fuzz(prefix: "!like ", count: 5_000, seed: 22)
        #expect(outcome.failures.isEmpty, "\(outcome.failures.prefix(5))")
        #expect(outcome.runs == 5_002 && outcome.hits > 0)
    }

    @Test func hostileStringsThroughAnIndexsRawFailOnlyAsSyntaxMistakes() throws {
        let outcome = try fuzz(prefix: "!raw ", count: 2_000, seed: 23)
        #expect(outcome.failures.isEmpty, "\(outcome.failures.prefix(5))")
        #expect(outcome.runs == 2_002 && outcome.rejected > 0 && outcome.rejected < 2_002)
    }
}
