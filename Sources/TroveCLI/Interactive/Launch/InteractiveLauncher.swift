import Foundation
import TroveSearch
import TroveStore

/// Starts the interactive search for `trove`, `trove --demo` and `trove search -i`: opens the
/// database and the terminal, runs the session, prints what was chosen.
///
/// ```swift
/// let status = await InteractiveLauncher.run(database: database, query: "dent", options: flags.options())
/// // the user picks "Call the dentist" and presses Enter: stdout gets "12\tCall the dentist", status 0
/// ```
enum InteractiveLauncher {
    /// Runs the interactive search until the user picks a reminder or quits.
    ///
    /// Errors are printed to stderr as one sentence, as every command prints them. The terminal
    /// is restored on every way out: when the session ends, when starting it fails, and on
    /// SIGINT/SIGTERM/SIGHUP (`TerminalDevice` restores it, then exits 128 + the signal).
    /// - Parameters:
    ///   - database: Which database; `--demo` is an in-memory store, so Ctrl-D works there too.
    ///   - query: The text the prompt starts with.
    ///   - options: Height, colour, the format of what Enter prints.
    /// - Returns: The exit status: 0 after Enter (the choice is on stdout), 130 after Esc or
    ///   Ctrl-C, 2 when there is no terminal, 3 when the database cannot be used.
    static func run(database: DatabaseOptions, query: String, options: InteractiveOptions) async -> Int32 {
        do {
            // NB: openForReading never creates a missing file, yet the store it returns can write,
            // which Ctrl-D (done / not done) needs.
            let store = try await database.openForReading()
            let outcome = try await run(store: store, query: query, options: options)
            if let output = outcome.output { Terminal.standardOutput.write(output + "\n") }
            return outcome.exitCode
        } catch let error as TerminalError {
            Terminal.standardError.write("trove: \(error)\n")
            return ExitStatus.usage.rawValue
        } catch {
            let (message, status) = ErrorPresenter(verbose: database.verbose).present(error)
            Terminal.standardError.write("trove: " + message + "\n")
            return status.rawValue
        }
    }

    /// Runs a session over `store` on the real terminal.
    /// - Returns: How the session ended.
    /// - Throws: `TerminalError` when there is no terminal; `OpenError` when the change watcher
    ///   cannot open the file.
    static func run(
        store: ReminderStore, query: String, options: InteractiveOptions
    ) async throws -> InteractiveSession<ContinuousClock>.Outcome {
        let provider = try SearchProvider(database: store.database, registry: InteractiveSearch.registry())
        let terminal = try TerminalDevice.open()
        defer { terminal.restore() }
        let session = InteractiveSession(
            terminal: terminal, options: options, query: query,
            search: InteractiveSearch.function(
                provider: provider, exact: options.exact, typos: options.typos, ranking: options.ranking),
            toggleDone: { id, isCompleted in _ = try await store.setCompleted([id], isCompleted) })
        return await session.run()
    }
}
