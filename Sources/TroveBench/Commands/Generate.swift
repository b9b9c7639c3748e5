import ArgumentParser
import Foundation
import TroveBenchKit

/// `trove-bench generate`: the benchmark's synthetic reminders as JSON Lines.
///
/// NB: moved here from `trove` (issue 15): the shipping binary carries no benchmark commands.
/// It writes what the benchmarks import; a person trying Trove has `trove --demo`.
struct Generate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write synthetic reminders as JSON Lines (Zipf-like vocabulary), as the benchmarks import them.",
        discussion: "The same --count and --seed always give the same file. Example: trove-bench generate --count 100000 -o big.jsonl")

    /// More would take hours to import and is no benchmark this suite runs.
    static let maxCount = 100_000_000

    @Option(help: "How many reminders (0 to 100,000,000).") var count: Int = 1000
    @Option(help: "The random seed.") var seed: UInt64 = 1
    @Option(name: [.short, .long], help: "Write to this file instead of standard output.") var output: String?
    @Option(help: "Draw tags from this many names, a few common and a long tail of rare ones (as people's tags are), instead of the standard two dozen.")
    var distinctTags: Int?

    func validate() throws {
        guard (0...Self.maxCount).contains(count) else {
            throw ValidationError("--count must be between 0 and 100,000,000; got \(count).")
        }
        if let distinctTags, !(1...100_000_000).contains(distinctTags) {
            throw ValidationError("--distinct-tags must be between 1 and 100,000,000; got \(distinctTags).")
        }
    }

    func run() async throws {
        let handle: FileHandle
        if let output {
            guard FileManager.default.createFile(atPath: output, contents: nil),
                  let file = FileHandle(forWritingAtPath: output)
            else { throw ValidationError("cannot write \(output): the folder is missing or not writable.") }
            handle = file
        } else {
            handle = FileHandle.standardOutput
        }
        try Workload(seed: seed, count: count, dataDirectory: "", distinctTags: distinctTags).writeJSONL(to: handle)
    }
}
