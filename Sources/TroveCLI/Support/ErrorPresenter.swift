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
            // NB: the library's advice names calls (`rebuildIndex()`); `trove`'s names commands and options.
            switch error {
            case .foreignDatabase, .needsMigration, .newerSchema, .indexMissing, .schemaDamaged, .notEnoughSpace, .unreadableRows:
                return (error.cliDescription, .database)
            case .undoFromAnotherSession, .undoConflicts, .undoSuperseded, .journalEntryGone:
                // NB: an undo refused as unsafe changed nothing: 1, as for an empty journal.
                return (error.cliDescription, .noResults)
            default:
                return (error.cliDescription, .usage)
            }
        case let error as FormatError:
            return (error.description, .usage)
        case let error as SearchError:
            let sentence = capitalized(error.description) + "."
            return (verbose ? error.rawMessage.map { sentence + "\n  detail: " + $0 } ?? sentence : sentence, .usage)
        case let error as SearchCommandError:
            return (error.description, .usage)
        case let error as OpenError:
            if error.kind == .cannotOpen {
                let text = error.underlying.flatMap { self.sentence(for: $0, path: error.path) }
                    ?? "Cannot open the database at \(error.path); check the path and its permissions."
                return (withDetail(text, error.underlying), .database)
            }
            if error.kind == .readOnly { return (Self.readOnlySentence(path: error.path), .database) }
            // NB: the library's advice names no option; `trove`'s names --db where it helps.
            let advice = switch error.kind {
            case .missingDirectory: "create it or pass another --db"
            case .isDirectory, .notARegularFile: "pass the path of a database file (--db)"
            default: error.advice
            }
            let description = error.problem + "; " + advice
            // NB: a message that starts with the path keeps it exactly as typed.
            let text = description.hasPrefix(error.path) ? description : capitalized(description)
            return (text + ".", .database)
        case let error as SQLiteError:
            return (withDetail(sentence(for: error, path: path) ?? Self.fallback, error), .database)
        case is CancellationError:
            return ("Interrupted.", .interrupted)
        case let error as FilesReplacedError:
            return (error.description, .database)
        default:
            if let code = SystemErrorSentence.errno(of: error), let sentence = SystemErrorSentence.sentence(errno: code, path: path) {
                return (withDetail(sentence, error), .database)
            }
            return (withDetail("Unexpected error; run again with --verbose for details.", error), .database)
        }
    }

    /// The database's path for messages; "the database" when unknown.
    var path = "the database"

    private static let fallback = "The database reported an error; run again with --verbose for details."

    /// What a SQLite failure means for the person, by result code (and the system's error
    /// number behind an I/O or open failure); nil for a code with nothing better to say.
    private func sentence(for error: SQLiteError, path: String) -> String? {
        if let code = error.systemErrno, let sentence = SystemErrorSentence.sentence(errno: code, path: path) {
            return sentence
        }
        switch error.code {
        case .busy, .locked:
            return "The database is busy with another trove process; try again when it has finished."
        case .corrupt, .notADatabase:
            return "The database file is damaged. Save what can still be read with `trove export --salvage -o rescue.jsonl`, "
                + "then restore a backup or import rescue.jsonl into a new database; `trove check` lists the damage."
        case .readOnly:
            return "The database is read-only; check the file's permissions."
        case .full:
            return "The disk is full; free some space and try again. Nothing was changed."
        case .noMemory:
            return "Trove ran out of memory (SQLite could not allocate); close other programs or raise the memory limit "
                + "(`ulimit -v`), and try again. Nothing was changed."
        case .ioError:
            return "The database file could not be read or written; check the disk and the file's permissions."
        case .cannotOpen:
            return "Cannot open the database at \(path); check the path and its permissions."
        default:
            return nil
        }
    }

    /// Which of the file and its folder is read-only, and what to do: reading commands work on
    /// either (the file is then opened read-only).
    ///
    /// NB: the library's advice ("open it with `readOnly: true`") names an API, not something a
    /// person can do; before, `trove` repeated it as "open it read-only for searching".
    static func readOnlySentence(path: String) -> String {
        let files = FileManager.default
        let folder = path.lastIndex(of: "/").map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let reading = "reading commands such as `trove search` and `trove export` work as it is"
        if files.fileExists(atPath: path), !files.isWritableFile(atPath: path) {
            return "Cannot write to the database at \(path): the file is read-only; make it writable (`chmod u+w \(path)`) to change it; "
                + reading + "."
        }
        if !files.isWritableFile(atPath: folder) {
            return "Cannot write to the database at \(path): its folder \(folder) is read-only, and SQLite must create "
                + "\((path as NSString).lastPathComponent)-wal and -shm there to write; make the folder writable, or move the "
                + "database to one you can write; " + reading + "."
        }
        return "Cannot write to the database at \(path): the file, its -wal or its -shm is read-only; make them writable to change it; "
            + reading + "."
    }

    private func withDetail(_ sentence: String, _ detail: (any Error)?) -> String {
        guard verbose, let detail else { return sentence }
        return sentence + "\n  detail: \(detail)"
    }

    private func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}

/// Runs a command body, printing any error as one sentence (naming `database`'s path) on
/// stderr and exiting with its code.
func runReportingErrors(_ database: DatabaseOptions, _ body: () async throws -> Void) async throws {
    try await runReportingErrors(verbose: database.verbose, path: database.displayPath, body)
}

/// Runs a command body, printing any error as one sentence on stderr and exiting with its code.
func runReportingErrors(verbose: Bool, path: String? = nil, _ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let exit as ExitCode {
        throw exit
    } catch let error as ValidationError {
        throw error
    } catch {
        var presenter = ErrorPresenter(verbose: verbose)
        if let path { presenter.path = path }
        let (message, status) = presenter.present(error)
        Terminal.standardError.write("trove: " + message + "\n")
        throw ExitCode(status.rawValue)
    }
}
