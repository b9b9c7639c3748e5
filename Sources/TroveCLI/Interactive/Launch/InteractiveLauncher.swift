import Foundation
import Synchronization
import TroveSQLite
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
    ///   - database: Which database; `--demo` is an in-memory store, so the write keys work there too.
    ///   - query: The text the prompt starts with.
    ///   - options: Height, colour, the format of what Enter prints.
    /// - Returns: The exit status: 0 after Enter (the choice is on stdout), 130 after Esc or
    ///   Ctrl-C, 2 when there is no terminal, 3 when the database cannot be used.
    static func run(database: DatabaseOptions, query: String, options: InteractiveOptions) async -> Int32 {
        do {
            // NB: openForReading never creates a missing file, yet the store it returns can write,
            // which the done, undo and editor keys need.
            // NB: the terminal and libdispatch's signal sources and timers need descriptors
            // too; fewer readers leave room for them under a small `ulimit -n`, and below what
            // one connection needs the command stops with a sentence before the terminal is touched.
            let store = try await database.openForReading(
                readers: ReminderStore.defaultReaders, onlyIfRoom: true, extraDescriptors: DescriptorHeadroom.interactiveSession)
            try store.requireIndex()
            let outcome = try await run(store: store, query: query, options: options)
            if let replaced = outcome.replacedFiles {
                Terminal.standardError.write("trove: " + FilesReplacedError(paths: replaced).description + "\n")
                return ExitStatus.database.rawValue
            }
            if outcome.exitCode == 0, !outcome.selection.isEmpty {
                let text = try await SelectionOutput.text(for: outcome.selection, format: options.format, store: store)
                Terminal.standardOutput.write(text)
            }
            return outcome.exitCode
        } catch let error as TerminalError {
            Terminal.standardError.write("trove: \(error)\n")
            return ExitStatus.usage.rawValue
        } catch {
            var presenter = ErrorPresenter(verbose: database.verbose)
            presenter.path = database.displayPath
            let (message, status) = presenter.present(error)
            Terminal.standardError.write("trove: " + message + "\n")
            return status.rawValue
        }
    }

    /// How a session on the real terminal ended.
    struct Ending {
        var exitCode: Int32
        /// The reminders chosen with Enter, in order (see `InteractiveSession.Outcome`).
        var selection: [ResultRow]
        /// True when they were marked (Tab), not the selection alone.
        var marked: Bool
        /// Set when the session stopped because another program deleted or replaced the
        /// database's files (see `SQLiteDatabase.replacedFiles()`).
        var replacedFiles: [String]?
    }

    /// How often the session looks for its database's files being deleted or replaced.
    static let fileCheckInterval: Duration = .seconds(1)

    /// Runs a session over `store` on the real terminal, stopping it (before any write) if
    /// another program deletes or replaces the database, its `-wal` or its `-shm`.
    /// - Returns: How the session ended.
    /// - Throws: `TerminalError` when there is no terminal; `OpenError` when the change watcher
    ///   cannot open the file.
    static func run(store: ReminderStore, query: String, options: InteractiveOptions) async throws -> Ending {
        let provider = try SearchProvider(database: store.database, registry: EngineRegistry.trove())
        // NB: the index's words, for completing long prefixes and for typos, are read while the
        // person starts typing rather than at their fourth letter.
        provider.vocabulary?.prepare()
        provider.facts?.prepare()
        let terminal = try TerminalDevice.open()
        defer { terminal.restore() }
        let database = store.database
        let session = InteractiveSession(
            terminal: terminal, options: options, query: query,
            search: InteractiveSearch.function(
                provider: provider, exact: options.exact, typos: options.typos, wordForms: options.wordForms,
                ranking: options.ranking),
            // NB: the bridge checks the database's files before every write: deleting -shm under
            // an open trove, then writing, once lost a saved reminder.
            store: StoreBridge(store: store))
        let running = Task { await session.run() }
        let replaced = Mutex<[String]?>(nil)
        let watcher = Task {
            while !Task.isCancelled {
                guard (try? await Task.sleep(for: fileCheckInterval)) != nil else { return }
                let files = database.replacedFiles()
                if !files.isEmpty {
                    replaced.withLock { $0 = files }
                    running.cancel()
                    return
                }
            }
        }
        let outcome = await running.value
        watcher.cancel()
        return Ending(
            exitCode: outcome.exitCode, selection: outcome.selection, marked: outcome.marked,
            replacedFiles: replaced.withLock { $0 })
    }
}

/// The database's files were deleted or replaced by another program while trove held them open.
struct FilesReplacedError: Error, CustomStringConvertible {
    var paths: [String]

    var description: String {
        "\(paths.joined(separator: " and ")) was deleted or replaced by another program while trove had it open; "
            + "trove stopped without writing, so nothing of yours is lost. Start trove again."
    }
}
