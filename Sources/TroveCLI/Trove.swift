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

            Exit codes: 0 success; 1 no results, `check` found a problem, or nothing to change; 2 a wrong command \
            line, query or input file; 3 the database could not be used; 130 interrupted.

            Interactive search options (with no subcommand): --query TEXT to start with it typed; \
            --height N lines inline (default 15); --fullscreen; --format text|json|jsonl for what Enter \
            prints; --color auto|always|never. TROVE_TRACE_LATENCY=FILE logs keystroke-to-screen \
            times.

            \(KeyBindingsHelp.text)
            """,
        subcommands: [
            Init.self, Add.self, Edit.self, Done.self, Undone.self, Remove.self, Show.self, Undo.self, Log.self,
            Search.self, Lists.self, Tags.self, Import.self, Export.self,
            Check.self, Rebuild.self, Optimize.self, Stats.self, ShellCompletion.self,
        ]
    )

    @OptionGroup var database: DatabaseOptions

    mutating func run() async throws {
        // NB: CommandRouter sends every command line without a subcommand to InteractiveCommand,
        // so no line reaches this; it stays the same search should one ever do.
        var command = try InteractiveCommand.parse([])
        command.database = database
        try await command.run()
    }
}
