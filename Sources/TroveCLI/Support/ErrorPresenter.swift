import ArgumentParser
import Foundation
import TroveSQLite
import TroveSearch
import TroveStore

/// Turns any error into what a person reads: one plain sentence that says what to do, and a
/// documented exit code. SQLite's own text appears only with `--verbose`.
struct ErrorPresenter {
    var verbose: Bool

    func present(_ error: any Error) -> (message: String, status: ExitStatus) {
        switch error {
        case let error as CLIError:
            return (error.description, error.exitStatus)
        case let error as StoreError:
            switch error {
            case .foreignDatabase, .newerSchema, .needsMigration, .indexDefinitionMissing: return (error.description, .database)
            default: return (error.description, .usage)
            }
        case let error as FormatError:
            return (error.description, .usage)
        case let error as SearchError:
            return (capitalized(error.description) + ".", .usage)
        case let error as SearchCommandError:
            return (error.description, .usage)
        case let error as OpenError:
            if error.kind == .cannotOpen {
                return (withDetail("Cannot open the database at \(error.path); check the path and its permissions.", error.underlying), .database)
            }
            // NB: a message that starts with the path keeps it exactly as typed.
            let text = error.description.hasPrefix(error.path) ? error.description : capitalized(error.description)
            return (text + ".", .database)
        case let error as SQLiteError where error.message.contains("no such table")
            && ["reminders_fts", "reminders_substring", "reminders_vocab"].contains(where: error.message.contains):
            // NB: the index table was dropped (by hand or another tool); the triggers on
            // `reminders` then fail every write, and every search.
            return (withDetail("The database's search index is missing; run `trove rebuild` to recreate it from the reminders.", error), .database)
        case let error as SQLiteError:
            return (withDetail(sentence(for: error), error), .database)
        case is CancellationError:
            return ("Interrupted.", .interrupted)
        default:
            return (withDetail("Unexpected error; run again with --verbose for details.", error), .database)
        }
    }

    /// What a SQLite failure means for the person, by result code.
    private func sentence(for error: SQLiteError) -> String {
        switch error.code.name {
        case "SQLITE_BUSY", "SQLITE_LOCKED":
            return "The database is busy with another trove process; try again in a moment."
        case "SQLITE_CORRUPT", "SQLITE_NOTADB":
            return "The database file is damaged. Run `trove check` to see how, and `trove rebuild` to rebuild the search index."
        case "SQLITE_READONLY":
            return "The database is read-only; check the file's permissions."
        case "SQLITE_FULL":
            return "The disk is full; free some space and try again. Nothing was changed."
        case "SQLITE_IOERR", "SQLITE_CANTOPEN":
            return "The database file could not be read or written; check the disk and the file's permissions."
        default:
            return "The database reported an error; run again with --verbose for details."
        }
    }

    private func withDetail(_ sentence: String, _ detail: (any Error)?) -> String {
        guard verbose, let detail else { return sentence }
        return sentence + "\n  detail: \(detail)"
    }

    private func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}

/// Runs a command body, printing any error as one sentence on stderr and exiting with its code.
func runReportingErrors(verbose: Bool, _ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let exit as ExitCode {
        throw exit
    } catch let error as ValidationError {
        throw error
    } catch {
        let (message, status) = ErrorPresenter(verbose: verbose).present(error)
        Terminal.standardError.write("trove: " + message + "\n")
        throw ExitCode(status.rawValue)
    }
}
