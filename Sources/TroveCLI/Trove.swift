import ArgumentParser
import TroveStore

@main
struct Trove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trove",
        abstract: "Search your reminders and notes, locally, as you type.",
        discussion: """
            The database is --db PATH, else $TROVE_DB, else $XDG_DATA_HOME/trove/trove.db \
            (~/.local/share/trove/trove.db). --demo uses an in-memory copy of the sample data.

            Exit codes: 0 success; 1 no results, or `check` found a problem; 2 a wrong command \
            line, query or input file; 3 the database could not be used; 130 interrupted.
            """,
        subcommands: [
            Init.self, Add.self, Edit.self, Done.self, Undone.self, Remove.self,
            Lists.self, Tags.self, Import.self, Export.self,
            Check.self, Rebuild.self, Optimize.self, Stats.self, Generate.self, DebugTypingLatency.self,
        ]
    )

    @OptionGroup var database: DatabaseOptions

    mutating func run() async throws {
        // NB: until interactive search lands, `trove` alone shows what the database holds and
        // how to go on, rather than doing nothing.
        try await runReportingErrors(verbose: database.verbose) {
            let store = try await database.openForReading()
            let stats = try await store.stats()
            print("\(stats.reminders) reminders (\(stats.open) open) in \(stats.lists) lists, at \(database.demo ? "an in-memory demo database" : store.path).")
            print("Try `trove\(database.demo ? " --demo" : "") lists`, `trove --help`, or `trove add \"Buy milk\" --list Groceries`.")
        }
    }
}
