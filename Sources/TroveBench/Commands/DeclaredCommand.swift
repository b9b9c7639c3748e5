import ArgumentParser
import Foundation
import TroveBenchKit

/// `trove-bench declared`: the reminders searched by today's engine and by their declaration
/// as one `SearchIndex`, query by query in the same run (issue 18).
struct DeclaredCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "declared",
        abstract: "Time the reminders' engine beside the reminders declared as one SearchIndex, per query class, and compare their answers.",
        discussion: "Example: trove-bench declared --count 100000 --sample 100")

    @OptionGroup var database: WorkloadOptions
    @Option(help: "Queries per class.") var sample: Int = 20
    @Option(help: "Runs of each query; the median counts.") var rounds: Int = 3
    @Option(help: "Only this class (its label, e.g. \"filter only\").") var queryClass: String?
    @Option(help: "Instead of timing the classes, print each statement the declaration runs for this text on one connection, with its fastest time of --rounds (a diagnostic).")
    var profileText: String?
    @Flag(help: "With --profile-text: the last word is a prefix, as it is while typing.") var typing = false
    @Option(help: "After the table, name each class's queries (this many) furthest behind the engine on one connection.")
    var slowest = 0

    func run() async throws {
        let (source, classes) = try await database.sourceAndClasses(perClass: sample, only: queryClass)
        let benchmark = DeclaredRemindersBenchmark(
            sourcePath: source,
            path: "\(database.dataDir)/declared-seed\(database.seed)-n\(database.count)\(database.tagsPart)-format\(AppIndexBenchmark.formatVersion).db")
        let (rows, seconds) = try benchmark.prepare()
        if let profileText {
            for (statement, ms) in try benchmark.profile(profileText, typing: typing, rounds: rounds) {
                print(String(format: "%9.3f ms  %@", ms, statement))
            }
            return
        }
        print("\(rows) reminders, searched by the engine and by SearchIndex.declaredReminders; \(sample) queries per class, median of \(rounds) runs each.")
        if let seconds {
            print(String(format: "declareReminders (SearchIndex.migrate) took %.1f s.", seconds))
        }
        let measured = try await benchmark.measure(classes.queries, rounds: rounds)
        print("ms p50 / p99:\n")
        print(DeclaredRemindersBenchmark.table(measured).render())
        for row in measured where slowest > 0 {
            print("\(row.queryClass.label), furthest behind on one connection (engine ms, declared ms):")
            for query in row.perQuery.sorted(by: { $0.declared / max($0.engine, 0.001) > $1.declared / max($1.engine, 0.001) }).prefix(slowest) {
                print(String(format: "  %7.2f %7.2f  %@", query.engine, query.declared, query.text))
            }
        }
        for row in measured where !row.examples.isEmpty {
            print("\(row.queryClass.label): \(row.differing) of \(row.queries) answers differ, e.g.")
            for example in row.examples { print("  \(example)") }
        }
    }
}
