import ArgumentParser
import Foundation
import TroveStore

struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the database and its search index; exit 0 only if both are sound.")
    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        try await runReportingErrors(verbose: database.verbose) {
            let report = try await database.openForReading().check()
            if report.isOK && !report.indexChecked {
                print("ok: the database is sound; its search index was not checked, as the file is read-only.")
            } else if report.isOK {
                print("ok: the database and its search index are sound.")
            } else {
                for message in report.messages { print("problem: \(message)") }
                print("Run `trove rebuild` to rebuild the search index; if the database itself is damaged, restore it from a backup or an export.")
                throw ExitCode(ExitStatus.noResults.rawValue)
            }
        }
    }
}

struct Rebuild: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Rebuild the search index from the reminders.")
    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        try await runReportingErrors(verbose: database.verbose) {
            try await database.openForWriting().rebuildIndex()
            print("Rebuilt the search index.")
        }
    }
}

struct Optimize: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Merge the search index's segments and compact the file.")
    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        try await runReportingErrors(verbose: database.verbose) {
            let store = try await database.openForWriting()
            let before = try await store.stats()
            try await store.optimize()
            let after = try await store.stats()
            print("Optimized: \(bytes(before.databaseBytes)) → \(bytes(after.databaseBytes)).")
        }
    }
}

struct Stats: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show counts and sizes.")
    @OptionGroup var database: DatabaseOptions

    func run() async throws {
        try await runReportingErrors(verbose: database.verbose) {
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
