import ArgumentParser
import Foundation
import TroveSearch

extension Trove {
    /// Routes the command line (``CommandRouter``), then lets the chosen root parse and run it;
    /// a wrong command line exits 2, as `trove --help` documents, rather than ArgumentParser's
    /// 64 (EX_USAGE).
    ///
    /// ```sh
    /// trove search --limit abc milk   # Error: The value 'abc' is invalid for '--limit <limit>' … exit 2
    /// trove search --limit -1 milk    # trove: --limit "-1" is not valid: expected a whole number of at least 1. exit 2
    /// trove --height 8                # the interactive search, 8 lines high
    /// trove serch milk                # trove: 'serch' is not a command; did you mean `trove search`? … exit 2
    /// trove --version                 # trove 0.1.0 (commit 4057e49)
    /// ```
    static func main() async {
        MemoryLimits.prepare()
        // NB: the only reader of the process's arguments; everything below is given them.
        await run(arguments: Array(CommandLine.arguments.dropFirst()))
    }

    static func run(arguments: [String]) async {
        let arguments = NegativeNumberValues.joined(arguments)
        let route = CommandRouter.trove.route(arguments)
        switch route {
        case .version:
            print("trove \(TroveVersion.number)")
        case .interactive:
            prepareForTheDatabase(search: true)
            await run(InteractiveCommand.self, arguments, subcommand: nil)
        case .subcommand(let name):
            prepareForTheDatabase(search: name == "search")
            let arguments = name == "undo" ? NegativeNumberValues.undoCount(arguments) : arguments
            // NB: the usual search lines skip ArgumentParser's reflection (~7 ms); see SearchCommandLine.
            let parsed = name == "search" ? SearchCommandLine.parse(arguments) : nil
            await run(Trove.self, arguments, subcommand: name, parsed: parsed)
        case .completion where arguments.first == "---completion":
            await complete(arguments)
        case .completion:
            await run(Trove.self, arguments, subcommand: nil)
        case .help, .unknownCommand(_, suggestion: nil):
            // NB: ArgumentParser prints the help, the script, or its own error and usage.
            await run(Trove.self, arguments, subcommand: nil)
        case .unknownCommand, .unknownOption:
            Terminal.standardError.write("trove: \(route.sentence ?? "")\n")
            exit(withError: ExitCode(ExitStatus.usage.rawValue))
        }
    }

    /// Answers a completion script asking for names as someone presses Tab: the candidates,
    /// one per line, and exit 0.
    ///
    /// NB: list and tag names are read here, where the store can be awaited; the completions
    /// ArgumentParser calls while parsing read them (``CompletionNames``). A request the shell
    /// garbled (fish 3 under `complete -C` gives no cursor) offers nothing and prints nothing:
    /// an error would land in the person's command line as candidates.
    private static func complete(_ arguments: [String]) async {
        await CompletionNames.prepare(for: arguments)
        do {
            _ = try Trove.parseAsRoot(arguments)
        } catch {
            // NB: ArgumentParser hands the candidates back as an "error" that exits 0.
            if Trove.exitCode(for: error) == .success { Trove.exit(withError: error) }
        }
        Foundation.exit(0)
    }

    /// Starts, on another core, what a command that opens a store needs and does not depend on
    /// the command line: the local time zone (Foundation reads `/etc/localtime` and its zone
    /// data, ~0.5 ms) and, for a search, the statements of a sample search, built and thrown
    /// away, while this core parses the line and opens the database.
    ///
    /// NB: the Swift runtime makes each generic type the search's SQL is built from, and looks
    /// up its protocol conformances across the whole binary, the first time it is used in a
    /// process: ~3 ms of a no-hit `trove search` (perf), paid once here instead of by the
    /// search. The schema reference (the migrations replayed in memory, ~11 ms) was built here
    /// too until opening a store stopped needing it (`SchemaDefinition.written`).
    private static func prepareForTheDatabase(search: Bool) {
        Task.detached(priority: .userInitiated) {
            _ = TimeZone.current
            if search { _ = try? EngineRegistry().explanation(for: SearchRequest(text: "warm up")) }
        }
    }

    private static func run<Root: ParsableCommand>(
        _ root: Root.Type, _ arguments: [String], subcommand: String?, parsed: (any ParsableCommand)? = nil
    ) async {
        do {
            var command = try parsed ?? root.parseAsRoot(arguments)
            if var reader = command as? any ArgumentListReader & ParsableCommand {
                reader.argumentList = arguments
                command = reader
            }
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            // NB: a command's own exit status (1 for no hits) needs no message, and asking
            // ArgumentParser for one reflects the commands again (~1 ms).
            if let code = error as? ExitCode, code != .validationFailure { Foundation.exit(code.rawValue) }
            guard root.exitCode(for: error) == .validationFailure else { root.exit(withError: error) }
            // NB: an option one typo away from one the subcommand has is said instead of the usage.
            let hint = subcommand.flatMap { CommandSpelling.optionHint(for: arguments, command: $0) }
            Terminal.standardError.write((hint.map { "trove: \($0)" } ?? root.fullMessage(for: error)) + "\n")
            exit(withError: ExitCode(ExitStatus.usage.rawValue))
        }
    }
}
