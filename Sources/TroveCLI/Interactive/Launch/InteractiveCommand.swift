import ArgumentParser

/// `trove` with no subcommand: the interactive search, or the help when there is no terminal.
///
/// ```sh
/// trove                        # interactive search of the default database
/// trove --demo --query dent    # on the sample data, starting with "dent" typed
/// id=$(trove --db work.db | cut -f1)
/// ```
///
/// NB: not a subcommand and not options of the root `Trove`: ArgumentParser lets a parent
/// command's options consume matching options after the subcommand's name, so a root
/// `--format` would take `trove import --format csv`'s. ``CommandRouter`` sends a command line
/// with no subcommand here instead.
struct InteractiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trove",
        abstract: "Search your reminders and notes interactively, as you type.",
        discussion: KeyBindingsHelp.text)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup(title: "Interactive search") var interactive: InteractiveFlags

    mutating func run() async throws {
        let options = try interactive.options()
        // NB: with no terminal at all (cron, CI, `ssh host trove`) there is nothing to type into;
        // print the help and succeed rather than wait for keys that never come.
        guard TerminalDevice.isAvailable else {
            print(Trove.helpMessage())
            return
        }
        let status = await InteractiveLauncher.run(database: database, query: interactive.query ?? "", options: options)
        if status != 0 { throw ExitCode(status) }
    }
}
