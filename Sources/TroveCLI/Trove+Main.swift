import ArgumentParser
import Foundation

extension Trove {
    /// ArgumentParser's own `main`, except that a wrong command line exits 2, as `trove --help`
    /// documents, rather than ArgumentParser's 64 (EX_USAGE).
    ///
    /// ```sh
    /// trove search --limit abc milk   # Error: The value 'abc' is invalid for '--limit <limit>' … exit 2
    /// ```
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            Terminal.standardError.write(fullMessage(for: error) + "\n")
            exit(withError: ExitCode(ExitStatus.usage.rawValue))
        }
    }
}
