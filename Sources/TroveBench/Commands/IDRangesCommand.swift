import ArgumentParser
import TroveBenchKit

/// `trove-bench id-ranges`: how fast an import records its ids for undo, in each order a file
/// can give them (see ``IDRangesBenchmark``).
///
/// ```
/// swift build -c release --product trove-bench
/// .build/release/trove-bench id-ranges --count 1000000 --before-count 10000
/// ```
struct IDRangesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "id-ranges",
        abstract: "Measure recording an import's ids for undo (IDRanges.insert) beside Set<Int64> and the insert before issue 15.")

    @Option(help: "How many ids.") var count = 1_000_000
    @Option(help: "Also run this many ids through the old, quadratic insert (0: never).") var beforeCount = 10_000
    @Option(help: "The seed of the shuffled order.") var seed: UInt64 = 1

    func validate() throws {
        guard (1...100_000_000).contains(count) else { throw ValidationError("--count must be between 1 and 100,000,000.") }
        guard (0...1_000_000).contains(beforeCount) else { throw ValidationError("--before-count must be between 0 and 1,000,000.") }
    }

    func run() throws {
        print(IDRangesBenchmark(count: count, beforeCount: beforeCount, seed: seed).run(), terminator: "")
    }
}
