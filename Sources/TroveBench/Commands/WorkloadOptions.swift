import ArgumentParser
import TroveBenchKit

/// The generated database a diagnostic command reads, named as `run` names it: `--count`,
/// `--seed`, `--data-dir`.
///
/// ```
/// trove-bench statements --count 1000000 --data-dir /work/bench-data   # …/trove-seed1-n1000000-schema14.db
/// ```
struct WorkloadOptions: ParsableArguments {
    @Option(help: "How many reminders (the generated database is cached as for run).") var count: Int = 100_000
    @Option(help: "The generator's seed.") var seed: UInt64 = 1
    @Option(help: "Where generated databases are cached.") var dataDir: String = ".build/bench-data"
    @Option(help: "Draw tags from this many names (e.g. 200000: tens of thousands of distinct tags, as people's are) instead of the standard few dozen.")
    var distinctTags: Int?

    /// The workload these options name.
    var workload: Workload { Workload(seed: seed, count: count, dataDirectory: dataDir, distinctTags: distinctTags) }

    /// `-tags200000` with `--distinct-tags 200000`, for the names of files made from the workload.
    var tagsPart: String { distinctTags.map { "-tags\($0)" } ?? "" }
}

extension WorkloadOptions {
    /// The workload's database (made when missing) and `perClass` queries of each class drawn
    /// from it, or of `only` (a class's label, e.g. "filter only") alone.
    ///
    /// - Throws: `ValidationError` naming the classes for a label that is none of them.
    func sourceAndClasses(perClass: Int, only: String?) async throws -> (source: String, classes: QueryClasses) {
        let suite = BenchSuite(workload: workload, perClass: perClass,
            likeLimit: 0, providerLimit: 0, typingTitles: 0, processRuns: 0, sections: [])
        let source = try await suite.workload.database()
        var classes = try suite.queryClasses(source)
        if let only {
            guard let queryClass = QueryClass.allCases.first(where: { $0.label == only }) else {
                throw ValidationError("No query class \(only.debugDescription); the classes: \(QueryClass.allCases.map(\.label).joined(separator: ", ")).")
            }
            classes.keepOnly(queryClass)
        }
        return (source, classes)
    }
}
