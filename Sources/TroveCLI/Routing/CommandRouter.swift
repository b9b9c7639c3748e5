import ArgumentParser

/// Decides, from the argument list alone, whether `trove` runs the interactive search or a
/// subcommand, prints its help, version or a completion script, or refuses the line with a
/// did-you-mean. The one place that does; no command reads `CommandLine.arguments`.
///
/// ```swift
/// let router = CommandRouter.trove
/// router.route([])                              // .interactive
/// router.route(["--db", "x.db", "lists"])       // .subcommand("lists")
/// router.route(["--query", "lists"])            // .interactive: "lists" is --query's value
/// router.route(["serch", "milk"])               // .unknownCommand("serch", suggestion: "search")
/// router.route(["--fulscreen"])                 // .unknownOption("--fulscreen", suggestion: "--fullscreen")
/// router.route(["---completion", "add", "--"])  // .completion: a shell asks for names to offer
/// ```
///
/// NB: the interactive search is its own root (``InteractiveCommand``), not options of `Trove`:
/// ArgumentParser lets a parent command's options consume matching options after the
/// subcommand's name, so a root `--format` would take `trove import --format csv`'s. So the
/// line is routed first, then parsed by the root it belongs to.
struct CommandRouter: Hashable, Sendable {
    /// The subcommands' names, as typed.
    var subcommands: [String]
    /// The long options `trove` takes without a subcommand (`--db`, `--height`, …).
    var options: [String]
    /// Those of ``options`` that take a value (`--db PATH`), so the value is not read as a
    /// subcommand's name.
    var valueOptions: Set<String>

    /// The router for `trove`'s own commands and options: ``declared``, written out.
    ///
    /// NB: reading them from the declarations renders `trove`'s whole help text, ~5 ms of
    /// every run (a tenth of a no-hit `trove search`, by `perf`). `CommandRouterTests` checks
    /// that this equals ``declared``, so a new command or option that is not added here fails.
    static let trove = CommandRouter(
        subcommands: [
            "init", "add", "edit", "done", "undone", "rm", "show", "undo", "log", "search", "lists", "tags", "import",
            "export", "check", "rebuild", "optimize", "stats", "completion",
        ],
        options: [
            "--query", "--height", "--fullscreen", "--preview", "--exact", "--typos", "--word-forms", "--format",
            "--rank", "--color", "--db", "--demo", "--verbose", "--help",
        ],
        valueOptions: ["--color", "--db", "--format", "--height", "--query", "--rank", "--typos", "--word-forms"])

    /// The router read from the ArgumentParser declarations of `trove`'s commands and options.
    static var declared: CommandRouter {
        CommandRouter(
            subcommands: Trove.configuration.subcommands.map { $0._commandName },
            options: CommandSpelling.options(of: InteractiveCommand.self, root: InteractiveCommand.self),
            valueOptions: CommandSpelling.valueOptions(of: InteractiveCommand.self))
    }

    static let helpNames: Set<String> = ["-h", "--help", "-help"]

    /// The route for `arguments` (without the program's name).
    func route(_ arguments: [String]) -> CommandRoute {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" {
                // NB: what follows `--` is text, never a subcommand; the interactive search
                // takes no words, so a word there is refused as ArgumentParser refuses it.
                guard let word = arguments.dropFirst(index + 1).first else { return .interactive }
                return .unknownCommand(word, suggestion: nil)
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                if argument == "completion" { return .completion }
                if subcommands.contains(argument) { return .subcommand(argument) }
                return .unknownCommand(argument, suggestion: CommandSpelling.closest(to: argument, among: subcommands))
            }
            // NB: a shell asking for names (ArgumentParser's custom completion request).
            if index == arguments.startIndex, argument == "---completion" { return .completion }
            let name = String(argument.prefix { $0 != "=" })
            if Self.helpNames.contains(name) { return .help }
            if name == "--version" { return .version }
            if name.hasPrefix("--generate-completion") || name == "--experimental-dump-help" { return .completion }
            if name.hasPrefix("--"), !options.contains(name),
               let meant = CommandSpelling.closest(to: name, among: options) {
                return .unknownOption(name, suggestion: meant)
            }
            if valueOptions.contains(name), !argument.contains("=") { index += 1 }
            index += 1
        }
        return .interactive
    }
}
