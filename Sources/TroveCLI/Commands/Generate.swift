import ArgumentParser
import Foundation
import TroveStore

struct Generate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write synthetic reminders as JSON Lines, for benchmarks.",
        discussion: "The same --count and --seed always give the same file.")

    @Option(help: "How many reminders.") var count: Int = 1000
    @Option(help: "The random seed.") var seed: UInt64 = 1
    @Option(name: [.short, .long], help: "Write to this file instead of standard output.") var output: String?

    func validate() throws {
        guard count >= 0 else { throw ValidationError("--count must be 0 or more.") }
    }

    func run() async throws {
        try await runReportingErrors(verbose: false) {
            let handle: FileHandle
            if let output {
                guard FileManager.default.createFile(atPath: output, contents: nil),
                      let file = FileHandle(forWritingAtPath: output)
                else { throw CLIError.cannotWrite(path: output, reason: "the folder is missing or not writable") }
                handle = file
            } else {
                handle = FileHandle.standardOutput
            }
            let sink = ByteSink(fileHandle: handle)
            var writer = JSONLinesWriter(sink)
            for record in ReminderGenerator(seed: seed, count: count) {
                try writer.write(record)
            }
            try writer.finish()
            try sink.flush()
        }
    }
}
