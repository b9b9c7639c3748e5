import ArgumentParser
import Foundation
import TroveStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `trove undo [N]` / `trove undo --entry N`: revert the newest N commands of this terminal
/// session, or one entry of `trove log`.
struct Undo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Undo the last N changes of this terminal session (default 1), or one entry of `trove log` with --entry.",
        discussion: """
            Every command that changes the database (and Ctrl-D in the interactive search) \
            records what it did in a journal kept in the database, in the same transaction as \
            the change, with the terminal session it ran in (what `ps -o sess` shows). Undo \
            reverts the newest N of them, newest first, in one transaction: all N or none, and \
            never part of one. It says which entries it reverted. It refuses (exit 1, nothing \
            undone) when one of them came from another terminal session, or from before Trove \
            noted sessions; on a terminal, plain `trove undo` asks instead. Commands run one after another from one shell or script are one \
            session, so a script's undo never reverts what another terminal wrote meanwhile. \
            --entry N reverts entry N of `trove log`, whichever session wrote it and even when \
            it is not the newest, unless a later entry changed the same reminders (exit 1). \
            Undoing an import removes exactly what it added and restores what it updated. \
            `trove log` lists what can be undone; the journal keeps the newest 100. An empty \
            journal exits 1.
            """)

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "How many commands to undo (default 1).") var count: Int?
    @Option(help: ArgumentHelp("Undo this entry of `trove log` only, whichever session wrote it.", valueName: "N")) var entry: Int64?

    func validate() throws {
        if let count, count < 1 { throw ValidationError("N must be at least 1.") }
        if count != nil, entry != nil {
            throw ValidationError("Give either N (the newest N changes) or --entry N (one entry of `trove log`), not both.")
        }
        if let entry, entry < 1 { throw ValidationError("--entry takes an entry number from `trove log`, 1 or more.") }
    }

    func run() async throws {
        try await runReportingErrors(database) {
            let store = try await database.openForWriting()
            do {
                let undone: [JournalEntry]
                if let entry {
                    undone = [try await store.undo(entry: entry, ifNotNewest: .revertIfIndependent)]
                } else {
                    undone = try await store.undo(count: count ?? 1)
                }
                for entry in undone { print("Undid entry \(entry.id) (\(entry.command)): \(entry.summary).") }
            } catch StoreError.nothingToUndo {
                Terminal.standardError.write("trove: \(StoreError.nothingToUndo.cliDescription)\n")
                throw ExitCode(ExitStatus.noResults.rawValue)
            } catch StoreError.undoFromAnotherSession(let foreign, 1) where entry == nil && (count ?? 1) == 1 && Self.canAsk {
                try await askThenUndo(foreign, in: store)
            }
        }
    }

    /// Whether a person is there to answer: standard input and standard error are terminals.
    static var canAsk: Bool { isatty(0) == 1 && Terminal.standardError.isTerminal }

    /// On a terminal, the newest entry from another session is undone once the person says so;
    /// anything but "y" (or the end of input) undoes nothing and exits 1, as a script's refusal does.
    ///
    /// NB: `undo(entry:)` refuses if yet another command wrote while the question waited.
    private func askThenUndo(_ foreign: JournalEntry, in store: ReminderStore) async throws {
        Terminal.standardError.write("trove: The newest change, entry \(foreign.id) (\(foreign.command): \(foreign.summary)), came from "
            + "\(StoreError.describeSession(foreign.session)). Undo it anyway? [y/N] ")
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
        guard answer == "y" || answer == "yes" else {
            Terminal.standardError.write("trove: Nothing was undone; `trove log` lists the entries and `trove undo --entry N` undoes one.\n")
            throw ExitCode(ExitStatus.noResults.rawValue)
        }
        let undone = try await store.undo(entry: foreign.id)
        print("Undid entry \(undone.id) (\(undone.command)): \(undone.summary).")
    }
}

/// `trove log`: what the journal holds, newest first.
struct Log: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "List the changes `trove undo` can revert, newest first, with their entry numbers and sessions.")

    @OptionGroup var database: DatabaseOptions
    @Option(help: "The most entries to list (at least 1).") var limit: Int = 20

    func validate() throws {
        // NB: was clamped to 1 silently; a range check says what the option takes.
        guard limit >= 1 else { throw ValidationError("--limit \"\(limit)\" is not valid: expected a whole number of at least 1.") }
    }

    func run() async throws {
        try await runReportingErrors(database) {
            let entries = try await database.openForReading().log(limit: limit)
            guard !entries.isEmpty else { return print("The journal is empty: nothing to undo.") }
            let formatter = DateFormatter()
            formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
            formatter.timeZone = .current
            // NB: ENTRY is the journal's id, what `trove undo --entry` takes; it stays the same
            // while other commands write, where a position would shift. SESSION says whether
            // plain `trove undo` here would revert it: "this", "other", or "?" before schema 16.
            let session = TerminalSession.current
            let rows = [["ENTRY", "WHEN", "SESSION", "COMMAND", "WHAT"]] + entries.map { entry in
                let from = entry.session == nil ? "?" : entry.session == session ? "this" : "other"
                return [String(entry.id), formatter.string(from: entry.at), from, entry.command, entry.summary]
            }
            print(AlignedTable.render(rows, rightAligned: [0]))
        }
    }
}
