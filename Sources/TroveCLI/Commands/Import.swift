import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TroveStore

struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import reminders from JSON Lines, CSV, iCalendar (.ics) or todo.txt files.",
        discussion: """
            Each file is imported in one transaction: a bad line anywhere rejects that whole file \
            (the error names the line and field) and leaves the database as it was. `-` reads \
            standard input (give --format).
            """
    )

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "Files to import; - for standard input.") var files: [String]
    @Option(help: "jsonl, csv, ics or todotxt. Default: from each file's extension.") var format: String?
    @Option(help: "The list for reminders that name none.") var list: String?

    func run() async throws {
        try await runReportingErrors(database) {
            let forced = try format.map(ExportFormatName.parse)
            // NB: check every file before touching the database, so a typo in the last name
            // does not leave the first files imported.
            let plan: [(path: String, format: ReminderFormat)] = try files.map { path in
                guard let format = forced ?? ReminderFormat(path: path) else { throw CLIError.unknownFormat(path: path) }
                try Self.checkReadable(path)
                return (path, format)
            }
            let store = try await database.openForWriting()
            var done: [(file: String, count: Int)] = []
            for (path, format) in plan {
                let label = path == "-" ? "standard input" : path
                let size = path == "-" ? nil : (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
                let bar = ProgressBar(label: label, totalBytes: size)
                do {
                    var reader = format.makeReader(try LineReader(path: path), list: list)
                    let summary = try await store.importRecords(&reader, source: label) { progress in
                        bar.update(rows: progress.rows, bytesRead: progress.bytesRead, elapsed: progress.elapsed)
                    }
                    bar.finish()
                    for warning in summary.warnings { Terminal.standardError.write("trove: \(label): \(warning)\n") }
                    let seconds = Double(summary.elapsed.components.seconds) + Double(summary.elapsed.components.attoseconds) / 1e18
                    // NB: a rate over a fraction of a second mostly measures start-up; leave it out.
                    let rate = seconds >= 1 ? "  (\(ProgressBar.formatCount(Int(Double(summary.imported) / seconds))) rows/s)" : ""
                    print("Imported \(summary.imported) reminders from \(label)\(rate).")
                    done.append((label, summary.imported))
                } catch let error as FormatError {
                    bar.finish()
                    throw CLIError.importFailed(file: label, reason: error.description, alreadyImported: done)
                }
            }
        }
    }
}

extension Import {
    /// Refuses a file that cannot be read before anything is imported (a missing second file
    /// used to leave the first imported; the argv fuzz test found it).
    static func checkReadable(_ path: String) throws {
        guard path != "-" else { return }
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw CLIError.importFailed(file: path, reason: "Cannot read \(path): \(String(cString: strerror(errno))).", alreadyImported: [])
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw CLIError.importFailed(file: path, reason: "\(path) is a folder, not a file.", alreadyImported: [])
        }
        guard access(path, R_OK) == 0 else {
            throw CLIError.importFailed(file: path, reason: "Cannot read \(path): \(String(cString: strerror(errno))).", alreadyImported: [])
        }
    }
}

/// `--format` values shared by import and export.
enum ExportFormatName {
    static func parse(_ text: String) throws -> ReminderFormat {
        switch text.lowercased() {
        case "jsonl", "ndjson", "json": return .jsonl
        case "csv": return .csv
        case "ics", "ical", "icalendar": return .ics
        case "todotxt", "todo.txt", "todo", "txt": return .todotxt
        default: throw CLIError.invalidValue(option: "--format", value: text, expected: "jsonl, csv, ics or todotxt")
        }
    }
}
