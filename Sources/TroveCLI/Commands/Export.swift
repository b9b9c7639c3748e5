import ArgumentParser
import Foundation
import TroveStore

struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export every reminder, or a query's hits, by default as JSON Lines on standard output.",
        discussion: """
            With ids (`trove export 3 7`) or a query (`trove export tag:family --format todotxt`), \
            only those reminders are written, in id order: every argument a whole number means \
            ids, else the words are one query, as `trove search` reads it, without typo matches or other word forms \
            (completed hits included; --open-only leaves them out). A query that finds nothing \
            writes nothing and exits 1.

            -o FILE writes a new or regular file through a temporary file renamed over it when \\
            complete; a device, FIFO or /dev/stdout (or a link to one) is written in place.

            --salvage reads a damaged database one reminder at a time, writes every one that \\
            can be read (in id order), names on stderr each one it could not read, and exits 1 \\
            when it skipped any: what `trove check` advises when the file itself is damaged.
            """)

    @OptionGroup var database: DatabaseOptions
    @Option(help: "jsonl, csv, ics or todotxt. Default: from --output's extension, else jsonl.", completion: .reminderFormats) var format: String?
    @Option(name: [.short, .long], help: "Write to this file instead of standard output (- is standard output).", completion: .file()) var output: String?
    @Flag(help: "Leave out completed reminders.") var openOnly = false
    @Flag(help: "Save every reminder that can still be read from a damaged database, and name the rest.") var salvage = false
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Only these reminder ids, or the hits of this query; none exports every reminder.", valueName: "ids-or-query"))
    var targets: [String] = []

    func run() async throws {
        try await runReportingErrors(database) {
            let chosen = try format.map(ExportFormatName.parse) ?? output.flatMap(ReminderFormat.init(path:)) ?? .jsonl
            let targets = self.targets.isEmpty ? nil : try ReminderTargets(self.targets, command: Self.self)
            if targets != nil, salvage {
                throw ValidationError("--salvage writes every reminder it can read; leave out the ids or query.")
            }
            let store = try await database.openForReading()
            let ids = try await targets?.ids(in: store, includeCompleted: openOnly ? false : nil)
            if case .query(let text)? = targets, ids?.isEmpty == true { throw ReminderTargets.noMatches(text, changing: false) }
            // NB: an id with no reminder is refused before anything is written, as `done` and
            // `rm` refuse it; `export 999` wrote nothing and exited 0.
            if case .ids(let asked)? = targets {
                let found = Set(try await store.reminders(ids: asked).map(\.id))
                if let missing = asked.first(where: { !found.contains($0) }) { throw StoreError.reminderNotFound(id: missing) }
            }
            // NB: `-o -` is standard output, as `import -` reads standard input.
            let file = try output.flatMap { $0 == "-" ? nil : try OutputFile.open($0) }
            let sink = ByteSink(fileHandle: file?.handle ?? FileHandle.standardOutput)
            var writer = chosen.makeWriter(sink)
            let count: Int
            var report: SalvageReport?
            do {
                // NB: export finishes the writer; finishing it again wrote iCalendar's END:VCALENDAR
                // twice, and `trove import` refused the file.
                if salvage {
                    report = try await store.exportSalvaging(to: &writer, includeCompleted: !openOnly)
                    count = report?.written ?? 0
                } else if let ids {
                    count = try await store.export(ids: ids, to: &writer, includeCompleted: !openOnly)
                } else {
                    count = try await store.export(to: &writer, includeCompleted: !openOnly)
                }
                try sink.flush()
                try file?.commit()
            } catch {
                file?.discard()
                throw error
            }
            for warning in writer.warnings { Terminal.standardError.write("trove: \(warning)\n") }
            if let file { Terminal.standardError.write("Exported \(count) reminder\(count == 1 ? "" : "s") to \(file.path).\n") }
            if let report, !report.isComplete {
                Terminal.standardError.write(Self.describe(report))
                throw ExitCode(ExitStatus.noResults.rawValue)
            }
        }
    }

    /// What salvage could not read, one sentence each.
    static func describe(_ report: SalvageReport) -> String {
        var text = ""
        if !report.skipped.isEmpty {
            let shown = report.skipped.prefix(100).map(String.init).joined(separator: ", ")
            let more = report.skipped.count > 100 ? " and \(report.skipped.count - 100) more" : ""
            let noun = report.skipped.count == 1 ? "reminder that could not be read: id" : "reminders that could not be read: ids"
            text += "trove: skipped \(report.skipped.count) \(noun) \(shown)\(more).\n"
        }
        for range in report.unreadableRanges {
            let end = range.upperBound == .max ? "the end" : "id \(range.upperBound)"
            let start = range.lowerBound == .min ? "the start" : "id \(range.lowerBound)"
            text += "trove: the table could not be read from \(start) to \(end); a reminder there that no index names is lost.\n"
        }
        return text
    }
}
