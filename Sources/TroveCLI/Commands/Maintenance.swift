import ArgumentParser
import Foundation
import TroveStore

struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the database, its schema and its search index; exit 0 only if all are sound.",
        discussion: """
            Runs SQLite's integrity check, compares the schema (the search index's options \
            included) with this Trove's, checks each reminder's tag text, and runs FTS5's own \
            check of the index. Each problem is printed with what to do: `trove rebuild` for \
            the index, or, when the file itself is damaged, `trove export --salvage` and a \
            restore. Exit codes: 0 sound; 1 a problem found; 3 the database could not be \
            checked (another trove held the write lock for 5 s, or it cannot be opened).
            """)
    @OptionGroup var database: DatabaseOptions

    /// How long the index check waits for another trove's write lock before saying so.
    static let lockWait: Duration = .seconds(5)

    func run() async throws {
        try await runReportingErrors(database) {
            let report = try await database.openForReading().check(lockWait: Self.lockWait)
            if report.isOK && report.indexLocked {
                print("ok: the database is sound; its search index was not checked (see below).")
            } else if report.isOK && !report.indexChecked {
                print("ok: the database is sound; its search index was not checked, as the file (or its folder) is read-only.")
            } else if report.isOK {
                print("ok: the database and its search index are sound.")
            } else {
                for message in report.cliMessages { print("problem: \(message)") }
                if let advice = report.cliAdvice { print(advice) }
            }
            if report.indexLocked {
                Terminal.standardError.write(
                    "trove: The search index was not checked: another trove held the database's write lock for "
                        + "\(Self.lockWait.components.seconds) s. Run `trove check` again when it has finished.\n")
            }
            if !report.isOK { throw ExitCode(ExitStatus.noResults.rawValue) }
            if report.indexLocked { throw ExitCode(ExitStatus.database.rawValue) }
        }
    }
}

struct Rebuild: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rebuild",
        abstract: "Rebuild the search index from the reminders.",
        discussion: """
            Recreates any part of the index (its FTS5 table with this Trove's options, triggers, \
            views, indexes) that is missing or defined otherwise, puts each reminder's tag text \
            back in step with its tags, and refills the index. Your reminders are not changed.
            """)
    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        try await runReportingErrors(database) {
            let report = try await database.openForWriting().rebuildIndex()
            if report.recreated.isEmpty {
                print("Rebuilt the search index.")
            } else {
                print("Recreated \(report.recreated.joined(separator: ", ")) (missing or defined otherwise) and rebuilt the search index.")
            }
        }
    }
}

struct Optimize: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "optimize",
        abstract: "Merge the search index's segments and compact the file.",
        discussion: """
            Merges the full-text index into one segment, refreshes SQLite's query statistics, then \
            compacts the file with VACUUM, which rewrites it through a temporary copy: it needs \
            about twice the file's size free (checked first; nothing changes when there is not \
            enough) and keeps other troves from writing meanwhile. --no-compact only merges, \
            which can leave the file larger, with free pages inside.
            """)
    @OptionGroup var database: DatabaseOptions
    @Flag(inversion: .prefixedNo, help: "Compact the file with VACUUM after merging.") var compact = true

    func run() async throws {
        try await runReportingErrors(database) {
            let store = try await database.openForWriting()
            let before = try await store.stats()
            try await store.optimize(vacuum: compact)
            let after = try await store.stats()
            let what = compact ? "merged the search index and compacted the file" : "merged the search index"
            print("Optimized: \(what): \(bytes(before.databaseBytes)) → \(bytes(after.databaseBytes)).")
        }
    }
}

struct Stats: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stats", abstract: "Show counts and sizes.")
    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        try await runReportingErrors(database) {
            let store = try await database.openForReading()
            let stats = try await store.stats()
            print(AlignedTable.render([
                ["database", database.demo ? "in-memory demo" : store.path],
                ["reminders", "\(stats.reminders) (\(stats.open) open, \(stats.completed) completed)"],
                ["lists", String(stats.lists)],
                ["tags", String(stats.tags)],
                ["database size", bytes(stats.databaseBytes)],
                ["index size", bytes(stats.indexBytes)],
            ]))
        }
    }
}

/// `1.4 MB`, in powers of 1000 like `ls -h --si`.
func bytes(_ count: Int) -> String {
    let units = ["B", "kB", "MB", "GB", "TB"]
    var value = Double(count)
    var unit = 0
    while value >= 1000 && unit < units.count - 1 { value /= 1000; unit += 1 }
    return unit == 0 ? "\(count) B" : String(format: "%.1f %@", value, units[unit])
}
