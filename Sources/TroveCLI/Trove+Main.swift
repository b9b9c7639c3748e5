import ArgumentParser
import Foundation

extension Trove {
    /// Sends a command line without a subcommand to ``InteractiveCommand`` and everything else
    /// to the subcommands; a wrong command line exits 2, as `trove --help` documents, rather
    /// than ArgumentParser's 64 (EX_USAGE).
    ///
    /// ```sh
    /// trove search --limit abc milk   # Error: The value 'abc' is invalid for '--limit <limit>' … exit 2
    /// trove --height 8                # the interactive search, 8 lines high
    /// trove serch milk                # trove: 'serch' is not a command; did you mean `trove search`? … exit 2
    /// trove --version                 # trove 0.1.0 (commit 4057e49)
    /// ```
    static func main() async {
        MemoryLimits.prepare()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--version"] {
            print("trove \(TroveVersion.number)")
            return
        }
        if InteractiveCommand.isInteractive(arguments) {
            await run(InteractiveCommand.self, arguments)
        } else {
            await run(Trove.self, arguments)
        }
    }

    private static func run<Root: ParsableCommand>(_ root: Root.Type, _ arguments: [String]) async {
        do {
            var command = try root.parseAsRoot(arguments)
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            guard root.exitCode(for: error) == .validationFailure else { root.exit(withError: error) }
            // NB: a name one typo away from a command or option is said instead of the usage.
            let hint = root is Trove.Type ? CommandSpelling.hint(for: arguments) : nil
            Terminal.standardError.write((hint.map { "trove: \($0)" } ?? root.fullMessage(for: error)) + "\n")
            exit(withError: ExitCode(ExitStatus.usage.rawValue))
        }
    }
}
