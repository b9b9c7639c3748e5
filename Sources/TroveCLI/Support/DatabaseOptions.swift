import ArgumentParser
import Foundation
import TroveStore

/// The options every command that touches the database shares.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The database file. Default: $TROVE_DB, else $XDG_DATA_HOME/trove/trove.db.",
        valueName: "path"))
    var db: String?

    @Flag(name: .long, help: "Use an in-memory demo database seeded with sample reminders; nothing is saved.")
    var demo = false

    @Flag(name: .long, help: "Show the underlying SQLite error text when something fails.")
    var verbose = false

    var location: DatabaseLocation { DatabaseLocation.resolve(flag: db) }

    /// Opens the store for a command that only reads. A missing file is an error, not a new file.
    func openForReading() async throws -> ReminderStore {
        if demo { return try await ReminderStore.demo() }
        let location = location
        guard location.exists else { throw CLIError.noDatabase(path: location.path) }
        return try await ReminderStore.open(path: location.path)
    }

    /// Opens the store for a command that writes, creating the file (and the default folder) on first use.
    func openForWriting() async throws -> ReminderStore {
        if demo { return try await ReminderStore.demo() }
        let location = location
        try location.prepareForWriting()
        return try await ReminderStore.open(path: location.path)
    }
}
