import CSQLite
import CTroveSQLiteSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TroveQuery

extension SQLConnection {
    static func isFile(_ path: String) -> Bool {
        path != ":memory:" && !path.isEmpty
    }

    /// Whether a read-only open of `path` must be `immutable=1`: SQLite would need to create
    /// its `-wal` and `-shm` files (a WAL database) and cannot, as the folder is not writable.
    /// A `-journal` beside it may need rolling back, which immutable would skip: then no.
    static func needsImmutableOpen(_ path: String) -> Bool {
        let sidecars = ["-wal", "-shm", "-journal"].map { path + $0 }
        guard !sidecars.contains(where: { access($0, F_OK) == 0 }) else { return false }
        return access(OpenError.folder(of: path), W_OK) != 0
    }

    /// `file:/a%3Fb.db?immutable=1`: `path` as a URI filename, `%`, `?` and `#` escaped.
    ///
    /// See https://www.sqlite.org/uri.html
    static func immutableURI(_ path: String) -> String {
        var escaped = ""
        for character in path.unicodeScalars {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3f"
            case "#": escaped += "%23"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return "file:\(escaped)?immutable=1"
    }

    /// The checks SQLite would report vaguely (`unable to open database file`), made first.
    static func checkPath(_ path: String, options: Options) throws(OpenError) {
        let files = FileManager.default
        var info = stat()
        // NB: followed through links; only a regular file is a database. A FIFO would block the
        // first read for ever (TROVE_DB pointing at one hung), a device would be written into.
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: return
            case S_IFDIR: throw OpenError(.isDirectory, path: path)
            default: throw OpenError(.notARegularFile, path: path)
            }
        }
        var folderIsDirectory: ObjCBool = false
        let folder = OpenError.folder(of: path)
        if !files.fileExists(atPath: folder, isDirectory: &folderIsDirectory) || !folderIsDirectory.boolValue {
            throw OpenError(.missingDirectory, path: path)
        }
        if options.readOnly { throw OpenError(.fileNotFound, path: path) }
    }

    /// Busy timeout, a schema read (which is what detects a non-database), WAL, foreign keys,
    /// and Trove's ranking functions.
    func configure(isFile: Bool) throws(OpenError) {
        sqlite3_extended_result_codes(handle, 1)
        // NB: a busy handler of our own instead of sqlite3_busy_timeout, which waits the same
        // way but cannot say it is waiting.
        busyWait.install(on: handle)
        do {
            // NB: opening is lazy; the first read of page 1 is what finds SQLITE_NOTADB.
            _ = try fetchValue("SELECT count(*) FROM sqlite_schema", as: Int64.self)
            if !options.readOnly, isReadOnly { throw OpenError(.readOnly, path: path) }
            if isFile, !options.readOnly, options.walMode {
                let mode = try fetchValue("PRAGMA journal_mode = WAL", as: String.self)
                if mode?.lowercased() != "wal" {
                    throw OpenError(.cannotOpen, path: path, underlying: SQLiteError(
                        extendedCode: .error, message: "SQLite kept journal mode \(mode ?? "?") instead of WAL"))
                }
            }
            if options.foreignKeys { try execute("PRAGMA foreign_keys = ON") }
            try runConnectionSetups()
        } catch let error as OpenError {
            throw error
        } catch let error as SQLiteError {
            throw OpenError(Self.openErrorKind(for: error.code), path: path, underlying: error)
        } catch {
            throw OpenError(.cannotOpen, path: path, underlying: nil)
        }
    }

    private static func openErrorKind(for code: SQLiteResultCode) -> OpenError.Kind {
        switch code {
        case .notADatabase, .corrupt: .notADatabase
        case .busy, .locked: .locked
        case .readOnly: .readOnly
        default: .cannotOpen
        }
    }

    /// Runs the connection setup hooks other modules put in place (`trove_connection_setup_add`,
    /// `Sources/CTroveSQLiteSupport`): TroveSearch's C part adds its functions there when the
    /// program loads — `trove_rank` and the other ranking functions (FTS5 auxiliary functions,
    /// through the `fts5_api` pointer `SELECT fts5(?1)` hands out), `trove_prefix_tally` that the
    /// reminders' triggers call, and the counting aggregates. This layer registers none of its own.
    ///
    /// NB: functions live in the connection, not the file: the index stays plain FTS5, so the
    /// `sqlite3` shell and other tools still read it (its stored `rank` is still bm25).
    ///
    /// See https://www.sqlite.org/fts5.html#custom_auxiliary_functions
    func runConnectionSetups() throws {
        let rc = trove_connection_setup_run(handle)
        guard rc == SQLITE_OK else { throw SQLiteError(db: handle, code: rc, sql: "connection setup") }
    }
}
