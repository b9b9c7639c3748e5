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
