import ArgumentParser
import Foundation
import TroveBenchKit

/// `trove-bench anchor-input`: the rows and queries a run measures, for an anchor engine
/// (Benchmarks/anchors/README.md) to index and run.
struct AnchorInputCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "anchor-input",
        abstract: "Write the run's rows and each query class's queries as JSON Lines, for an anchor engine.",
        discussion: """
            Writes OUT/rows.jsonl and OUT/queries.jsonl. Take the same --count, --seed and --queries-per-class \
            as the run the anchor is set beside. Example: trove-bench anchor-input --count 100000 --out .build/anchors/n100000
            """)

    @Option(help: "How many reminders.") var count: Int = 100_000
    @Option(help: "The generator's seed.") var seed: UInt64 = 1
    @Option(help: "Queries per query class.") var queriesPerClass: Int = 100
    @Option(help: "Where generated databases are cached.") var dataDir: String = ".build/bench-data"
    @Option(help: "The folder to write rows.jsonl and queries.jsonl into.") var out: String

    func run() async throws {
        let suite = BenchSuite(
            workload: Workload(seed: seed, count: count, dataDirectory: dataDir), perClass: queriesPerClass,
            likeLimit: queriesPerClass, providerLimit: queriesPerClass, typingTitles: 0, processRuns: 0, sections: [.query])
        let path = try await suite.workload.database()
        let written = try AnchorInput(path: path, classes: try suite.queryClasses(path)).write(to: out)
        FileHandle.standardError.write(Data("trove-bench: wrote \(written.rows) rows and \(written.queries) queries to \(out)\n".utf8))
    }
}
