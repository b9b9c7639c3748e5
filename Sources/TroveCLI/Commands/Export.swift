import ArgumentParser
import Foundation
import TroveStore

struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Export every reminder, by default as JSON Lines on standard output.")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "jsonl, csv, ics or todotxt. Default: from --output's extension, else jsonl.") var format: String?
    @Option(name: [.short, .long], help: "Write to this file instead of standard output.") var output: String?
    @Flag(help: "Leave out completed reminders.") var openOnly = false

    func run() async throws {
        try await runReportingErrors(verbose: database.verbose) {
            let chosen = try format.map(ExportFormatName.parse) ?? output.flatMap(ReminderFormat.init(path:)) ?? .jsonl
            let store = try await database.openForReading()
            let handle: FileHandle
            if let output {
                guard FileManager.default.createFile(atPath: output + ".partial", contents: nil),
                      let file = FileHandle(forWritingAtPath: output + ".partial")
                else { throw CLIError.cannotWrite(path: output, reason: "the folder is missing or not writable") }
                handle = file
            } else {
                handle = FileHandle.standardOutput
            }
            let sink = ByteSink(fileHandle: handle)
            var writer = chosen.makeWriter(sink)
            // NB: export(to:) finishes the writer; finishing it again wrote END:VCALENDAR twice.
            let count = try await store.export(to: &writer, includeCompleted: !openOnly)
            try sink.flush()
            for warning in writer.warnings { Terminal.standardError.write("trove: \(warning)\n") }
            if let output {
                // NB: write beside the target and rename, so an interrupted export never leaves
                // a half-written file under the real name.
                try handle.close()
                _ = try? FileManager.default.removeItem(atPath: output)
                try FileManager.default.moveItem(atPath: output + ".partial", toPath: output)
                Terminal.standardError.write("Exported \(count) reminders to \(output).\n")
            }
        }
    }
}
