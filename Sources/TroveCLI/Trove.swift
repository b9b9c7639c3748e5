import ArgumentParser

@main
struct Trove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trove",
        abstract: "Search your reminders and notes, locally, as you type.",
        discussion: """
            On a terminal, `trove` alone opens the interactive search (so does `trove --demo`): \
            results update as you type, and Enter prints the chosen reminder. With no terminal \
            it prints this help.

            The database is --db PATH, else $TROVE_DB, else $XDG_DATA_HOME/trove/trove.db \
            (~/.local/share/trove/trove.db). --demo uses an in-memory copy of the sample data.

            Exit codes: 0 success; 1 no results, or `check` found a problem; 2 a wrong command \
            line, query or input file; 3 the database could not be used; 130 interrupted.

            \(KeyBindingsHelp.text)
            """,
        subcommands: [
            Init.self, Add.self, Edit.self, Done.self, Undone.self, Remove.self,
            Lists.self, Tags.self, Import.self, Export.self,
            Check.self, Rebuild.self, Optimize.self, Stats.self, Generate.self,
        ]
    )

    @OptionGroup var database: DatabaseOptions
    @OptionGroup(title: "Interactive search") var interactive: InteractiveFlags

    mutating func run() async throws {
        // NB: with no terminal at all (cron, CI, `ssh host trove`) there is nothing to type into;
        // print the help and succeed rather than wait for keys that never come.
        guard TerminalDevice.isAvailable else {
            print(Trove.helpMessage())
            return
        }
        let status = await InteractiveLauncher.run(
            database: database, query: interactive.query ?? "", options: interactive.options())
        if status != 0 { throw ExitCode(status) }
    }
}
