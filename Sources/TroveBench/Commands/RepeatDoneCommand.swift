import ArgumentParser
import Foundation
import TroveBenchKit

/// `trove-bench repeat-done`: what `done` of a repeating reminder costs at the first and the
/// Nth time (see ``RepeatDoneBenchmark``).
///
/// ```
/// swift build -c release --product trove-bench
/// .build/release/trove-bench repeat-done --count 10000
/// ```
struct RepeatDoneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repeat-done",
        abstract: "Measure the journal bytes, file growth and time of one `done` of a daily reminder, at the 1st and the Nth time.")

    @Option(help: "How many dones.") var count = 10_000
    @Option(help: "How many dones each measured window times.") var window = 100
    @Option(help: "Where the database is made (and removed after).") var dataDir = ".build/bench-data"

    func validate() throws {
        guard (1...1_000_000).contains(count) else { throw ValidationError("--count must be between 1 and 1,000,000.") }
        guard (1...count).contains(window) else { throw ValidationError("--window must be between 1 and --count.") }
    }

    func run() async throws {
        try FileManager.default.createDirectory(atPath: dataDir, withIntermediateDirectories: true)
        let log: (String) -> Void = { FileHandle.standardError.write(Data("trove-bench: \($0)…\n".utf8)) }
        print(try await RepeatDoneBenchmark(count: count, window: window, folder: dataDir).run(progress: log), terminator: "")
    }
}
