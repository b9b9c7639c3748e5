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
        commandName: "import",
        abstract: "Import reminders from JSON Lines, CSV, iCalendar (.ics) or todo.txt files.",
        discussion: """
            Each file is imported in one transaction: a bad line anywhere rejects that whole file \
            (the error names the line and field) and leaves the database as it was. `-` reads \
            standard input (give --format).

            A reminder whose uid (or iCalendar UID) is already in the database is matched, not \
            added again: the same fields leave it unchanged, and --on-conflict decides the rest \
            (update it in place, skip it, or add a duplicate with a new uid). A reminder without \
            a uid (todo.txt, or JSON Lines and CSV from other tools) that says the same as a \
            stored one (title, notes, list, tags, priority, flag, completion, due date, repeat, \
            and the creation time when the file gives one) is that reminder, unchanged, so \
            importing the same file twice adds nothing; the summary says "N unchanged (matched \
            on content)". --on-conflict duplicate adds it again. A new reminder \
            keeps its id when no reminder has it, so a restore into an empty database keeps \
            every id. Each file is one entry in the journal: `trove undo` removes what it added \
            and restores what it updated. An iCalendar file's floating times (no time zone) are \
            read as local time, and the summary says so.
            """
    )

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "Files to import; - for standard input.", completion: .file()) var files: [String]
    @Option(help: "jsonl, csv, ics or todotxt. Default: from each file's extension.", completion: .reminderFormats) var format: String?
    @Option(help: "The list for reminders that name none.", completion: .listNames) var list: String?
    @Option(help: "update, skip or duplicate: what to do with a reminder whose uid is already stored and differs; duplicate also adds a reminder without uid that equals a stored one.")
    var onConflict: ConflictOption = .update

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
            var store: ReminderStore?
            var done: [(file: String, count: Int)] = []
            for (path, format) in plan {
                let label = path == "-" ? "standard input" : path
                let size = path == "-" ? nil : (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
                let bar = ProgressBar(label: label, totalBytes: size)
                do {
                    var reader = PeekedReader(format.makeReader(try LineReader(path: path), list: list))
                    // NB: a file with nothing to import (an events-only calendar) creates no database.
                    if store == nil, !database.demo, !database.location.exists, try reader.peek() == nil {
                        bar.finish()
                        report(nothingIn: label, reader: reader)
                        continue
                    }
                    if store == nil { store = try await database.openForWriting() }
                    let summary = try await store!.importRecords(&reader, source: label, onConflict: onConflict.policy) { progress in
                        bar.update(rows: progress.rows, bytesRead: progress.bytesRead, elapsed: progress.elapsed)
                    }
                    bar.finish()
                    if summary.records == 0 {
                        report(nothingIn: label, reader: reader)
                        continue
                    }
                    for warning in summary.warnings { Terminal.standardError.write("trove: \(label): \(warning)\n") }
                    let seconds = Double(summary.elapsed.components.seconds) + Double(summary.elapsed.components.attoseconds) / 1e18
                    // NB: a rate over a fraction of a second mostly measures start-up; leave it out.
                    let rate = seconds >= 1 ? "  (\(ProgressBar.formatCount(Int(Double(summary.records) / seconds))) rows/s)" : ""
                    print("Imported \(label): \(summary.counts).\(rate)")
                    done.append((label, summary.imported + summary.updated))
                } catch var error as FormatError {
                    bar.finish()
                    // NB: a file read before the database exists (to see whether it holds
                    // anything) fails outside the import, which names the file otherwise.
                    if error.file == nil { error.file = label }
                    throw CLIError.importFailed(file: label, reason: error.description, alreadyImported: done)
                }
            }
        }
    }

    /// `tasks.ics: 0 to-dos (3 events skipped); nothing imported.`
    private func report(nothingIn label: String, reader: PeekedReader) {
        if let calendar = reader.base as? ICalendarReader {
            let events = calendar.skippedEvents
            let skipped = events > 0 ? " (\(events) event\(events == 1 ? "" : "s") skipped)" : ""
            print("\(label): 0 to-dos\(skipped); nothing imported.")
        } else {
            print("\(label): no reminders in it; nothing imported.")
        }
    }
}

/// `--on-conflict`.
enum ConflictOption: String, CaseIterable, ExpressibleByArgument {
    case update, skip, duplicate

    var policy: ImportConflictPolicy { ImportConflictPolicy(rawValue: rawValue)! }
}

/// A reader that can look at its first record before the import takes it.
struct PeekedReader: ReminderReader {
    private(set) var base: any ReminderReader
    private var peeked: ReminderRecord??

    init(_ base: any ReminderReader) {
        self.base = base
    }

    mutating func peek() throws -> ReminderRecord? {
        if let peeked { return peeked }
        let record = try base.next()
        peeked = .some(record)
        return record
    }

    mutating func next() throws -> ReminderRecord? {
        if let held = peeked {
            peeked = nil
            return held
        }
        return try base.next()
    }

    var warnings: [String] { base.warnings }
    var recordLine: Int? { base.recordLine }
    var limits: FormatLimits { base.limits }
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
