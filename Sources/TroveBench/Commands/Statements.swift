import ArgumentParser
import Foundation
import TroveBenchKit

/// `trove-bench statements`: where the settled answer's time goes, per query class.
struct Statements: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay each statement the fts engine runs for a class's queries and sum the time per purpose.",
        discussion: "A diagnostic, not a benchmark target. Example: trove-bench statements --count 100000 --sample 20")

    @OptionGroup var database: WorkloadOptions
    @Option(help: "Queries per class.") var sample: Int = 20
    @Option(help: "Replays of each statement; the median counts.") var rounds: Int = 5
    @Option(help: "Only this class (its label, e.g. \"rare term\").") var queryClass: String?
    @Flag(help: "Count the thread's CPU time instead of wall time (fairer on a busy machine).") var cpu = false
    @Flag(help: "Print each statement with its bindings.") var sql = false
    @Option(name: .customLong("text"), help: "Profile this search text instead of the classes' queries (repeatable; exact unless --typing).")
    var texts: [String] = []
    @Flag(help: "Run the given texts as typed: the last word is a prefix (as the prefix classes run).") var typing = false
    @Option(help: "After each class, name its slowest queries (this many) with their median engine time.") var slowest = 0

    func run() async throws {
        let suite = BenchSuite(workload: database.workload, perClass: sample,
            likeLimit: 0, providerLimit: 0, typingTitles: 0,
            processRuns: 0, sections: [])
        let path = try await suite.workload.database()
        let profile = try StatementProfile(path: path, cpuTime: cpu, printStatements: sql)
        // NB: given texts skip drawing the classes' queries from the database.
        var groups = [("given texts", texts.map { BenchQuery($0, typing: typing) })]
        if texts.isEmpty {
            let classes = try suite.queryClasses(path)
            groups = QueryClass.allCases.filter { queryClass in self.queryClass.map { $0 == queryClass.label } ?? true }
                .map { ($0.label, classes.queries[$0] ?? []) }
        }
        for (label, queries) in groups {
            print("\n\(label) (\(queries.count) queries, e.g. \(queries.prefix(3).map { "'\($0.text)'" }.joined(separator: ", ")))")
            func ms(_ duration: Duration) -> Double {
                Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000
            }
            var times: [(text: String, ms: Double)] = []
            let rows = try profile.profile(queries, rounds: rounds) { times.append(($0.text, ms($1))) }
            for row in rows {
                print(String(format: "  %9.3f ms  %5d  %@", ms(row.total) / Double(max(queries.count, 1)), row.statements, row.purpose))
            }
            if let whole = rows.first(where: { $0.purpose == StatementProfile.wholeSearch }),
                let composing = rows.first(where: { $0.purpose == StatementProfile.composing }), ms(whole.total) > 0 {
                print(String(format: "  composing SQL is %.2f%% of the whole search", 100 * ms(composing.total) / ms(whole.total)))
                if let rendering = rows.first(where: { $0.purpose == StatementProfile.rendering }) {
                    print(String(format: "  composing and rendering as a search does is %.2f%% of it", 100 * ms(rendering.total) / ms(whole.total)))
                }
            }
            for slow in times.sorted(by: { $0.ms > $1.ms }).prefix(slowest) {
                print(String(format: "  slow: %9.3f ms  %@", slow.ms, slow.text))
            }
        }
    }
}
