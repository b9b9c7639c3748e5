import ArgumentParser
import Foundation
import TroveBenchKit
import TroveSQLite
import TroveSearch

/// `trove-bench first-answers`: the first ResultSet per query, as the query section times it,
/// with the slowest searches named: which texts make a class's first-answer tail.
///
/// ```
/// .build/release/trove-bench first-answers --count 1000000 --sample 100 --query-class "1-char prefix" --slowest 5
/// ```
struct FirstAnswers: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "first-answers",
        abstract: "Time each query's first ResultSet through SearchProvider and name the slowest.",
        discussion: "A diagnostic, not a benchmark target: the query section's figures come from `run`.")

    @OptionGroup var database: WorkloadOptions
    @Option(help: "Queries per class.") var sample: Int = 100
    @Option(help: "Only this class (its label, e.g. \"rare term\").") var queryClass: String?
    @Option(help: "Name this many of each class's slowest first answers, with their position in the run.") var slowest = 5
    @Option(help: "Ask every query this many times in a row (the later asks show a warm cache).") var repeats = 1

    func validate() throws {
        guard repeats >= 1 else { throw ValidationError("--repeats must be at least 1.") }
    }

    func run() async throws {
        let suite = BenchSuite(workload: database.workload, perClass: sample,
            likeLimit: 0, providerLimit: 0, typingTitles: 0, processRuns: 0, sections: [])
        let path = try await suite.workload.database()
        let classes = try suite.queryClasses(path)
        let provider = try SearchProvider(database: try SQLiteDatabase(path: path, readers: 2, options: .init(readOnly: true)))
        // NB: a session that has been open a moment: the reminders' facts it builds when it opens are ready.
        try await provider.facts?.buildNow()
        let clock = ContinuousClock()
        for queryClass in QueryClass.allCases where self.queryClass.map({ $0 == queryClass.label }) ?? true {
            let queries = classes.queries[queryClass] ?? []
            var times: [[Duration]] = Array(repeating: [], count: repeats)
            var named: [(ms: Double, text: String, position: Int, ask: Int)] = []
            var final = Array(repeating: 0, count: repeats)
            for (position, query) in queries.enumerated() {
                for ask in 0..<repeats {
                    let request = QueryBenchmark.request(query)
                    let start = clock.now
                    for try await first in provider.results(for: request) {
                        if !first.isProvisional { final[ask] += 1 }
                        break
                    }
                    let took = clock.now - start
                    times[ask].append(took)
                    named.append((took.milliseconds, query.text, position, ask))
                }
            }
            print("\n\(queryClass.label) (\(queries.count) queries)")
            for (ask, asked) in times.enumerated() {
                let stats = LatencyStats(asked)
                print(String(format: "  ask %d: p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms; %d of %d already final",
                    ask + 1, stats.p50, stats.percentile(90), stats.percentile(99), stats.percentile(100), final[ask], asked.count))
            }
            for slow in named.sorted(by: { $0.ms > $1.ms }).prefix(slowest) {
                print(String(format: "  slow: %8.2f ms  #%d ask %d  %@", slow.ms, slow.position, slow.ask + 1, slow.text))
            }
        }
    }
}
