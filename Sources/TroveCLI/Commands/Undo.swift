import ArgumentParser
import Foundation
import TroveStore

/// `trove undo [N]`: revert the newest N commands from the journal.
struct Undo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Undo the last N changes (default 1), each a whole command: add, edit, done, rm, import, ….",
        discussion: """
            Every command that changes the database (and Ctrl-D in the interactive search) \
            records what it did in a journal kept in the database, in the same transaction as \
            the change. Undo reverts the newest N of them, newest first, in one transaction: \
            all N or none, and never part of one. Undoing an import removes exactly what it \
            added and restores what it updated. `trove log` lists what can be undone; the \
            journal keeps the newest 100. An empty journal exits 1.
            """)

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "How many commands to undo.") var count: Int = 1

    func validate() throws {
        guard count >= 1 else { throw ValidationError("N must be at least 1.") }
    }

    func run() async throws {
        try await runReportingErrors(database) {
            let store = try await database.openForWriting()
            do {
                let undone = try await store.undo(count: count)
                for entry in undone { print("Undid \(entry.command): \(entry.summary).") }
            } catch StoreError.nothingToUndo {
                Terminal.standardError.write("trove: \(StoreError.nothingToUndo.cliDescription)\n")
                throw ExitCode(ExitStatus.noResults.rawValue)
            }
        }
    }
}

/// `trove log`: what the journal holds, newest first.
struct Log: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "List the changes `trove undo` can revert, newest first.")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "The most entries to list.") var limit: Int = 20

    func run() async throws {
        try await runReportingErrors(database) {
            let entries = try await database.openForReading().log(limit: max(1, limit))
            guard !entries.isEmpty else { return print("The journal is empty: nothing to undo.") }
            let formatter = DateFormatter()
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
            formatter.timeZone = .current
            let rows = [["#", "WHEN", "COMMAND", "WHAT"]] + entries.enumerated().map { index, entry in
                [String(index + 1), formatter.string(from: entry.at), entry.command, entry.summary]
            }
            print(AlignedTable.render(rows, rightAligned: [0]))
        }
    }
}
