import ArgumentParser
import Foundation
import TroveBenchKit

/// `trove-bench app-index`: an app's own table searched through a `SearchIndex`, beside FTS5's
/// plain ranked query on the same index.
struct AppIndexCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app-index",
        abstract: "Time SearchIndex searches over an app's table (the reminders copied into notes) beside plain FTS5.",
        discussion: "Example: trove-bench app-index --count 100000 --sample 20")

    @OptionGroup var database: WorkloadOptions
    @Option(help: "Queries per class.") var sample: Int = 20
    @Option(help: "Runs of each query; the median counts.") var rounds: Int = 3
    @Option(help: "Only this class (its label, e.g. \"filter only\"); the writes and cache builds are then not timed.")
    var queryClass: String?

    func run() async throws {
        let (source, classes) = try await database.sourceAndClasses(perClass: sample, only: queryClass)
        let benchmark = AppIndexBenchmark(
            sourcePath: source, path: "\(database.dataDir)/app-index-seed\(database.seed)-n\(database.count)\(database.tagsPart)-format\(AppIndexBenchmark.formatVersion)-app\(AppIndexBenchmark.appSchemaVersion).db")
        let (rows, migrateSeconds) = try benchmark.prepare()
        print("An app's table of \(rows) rows (the reminders as notes), \(sample) queries per class, median of \(rounds) runs each.")
        if let migrateSeconds {
            print(String(format: "SearchIndex.migrate built the index in %.1f s (%.0f rows/s).", migrateSeconds,
                Double(rows) / max(migrateSeconds, 0.001)))
        }
        if queryClass == nil { try await timeWritesAndCaches(benchmark, rows: rows) }
        print("ms p50 / p99:\n")
        print(AppIndexBenchmark.table(try await benchmark.measure(classes.queries, rounds: rounds)).render())
    }

    /// The app's writes with and without the index, and the cache's builds.
    private func timeWritesAndCaches(_ benchmark: AppIndexBenchmark, rows: Int) async throws {
        let written = min(rows, 50_000)
        let (plain, indexed) = try benchmark.writes(count: written)
        print(String(format: "Writes: %d notes in one INSERT … SELECT: %.0f rows/s without the index, %.0f rows/s with it (%.0f%%).",
            written, plain, indexed, 100 * indexed / max(plain, 1)))
        let builds = try await benchmark.cacheBuildSeconds(rounds: rounds)
        print(String(format: "VocabularyCache.buildNow: %.3f s for the words alone, %.3f s with the copy of the facet values.",
            builds.words, builds.withFacets))
    }
}
