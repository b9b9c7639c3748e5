public import TroveQuery

/// An error reported by SQLite while preparing or running a statement.
///
/// It carries the result codes, SQLite's own message and the SQL. Bound values may hold
/// personal data, so `description` hides them; ask for them explicitly when debugging.
///
/// ```swift
/// do { try db.execute("INSERT INTO tags(name) VALUES (\("home"))") } catch let error as SQLiteError {
///     error.extendedCode  // SQLITE_CONSTRAINT_UNIQUE (2067)
///     "\(error)"          // SQLITE_CONSTRAINT_UNIQUE (2067): UNIQUE constraint failed: tags.name, in
///                         // `INSERT INTO tags(name) VALUES (?)` (1 binding hidden); …
///     error.debugDescription(showingBindings: true)  // … (bindings: 'home'); …
/// }
/// ```
///
/// See https://www.sqlite.org/rescode.html and https://www.sqlite.org/c3ref/errcode.html
public struct SQLiteError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The extended result code, e.g. `SQLITE_CONSTRAINT_UNIQUE`.
    public var extendedCode: SQLiteResultCode
    /// SQLite's message, e.g. `UNIQUE constraint failed: tags.name`.
    public var message: String
    /// The statement that failed, when there was one.
    public var sql: String?
    /// The values bound to the statement. Hidden in `description`.
    public var bindings: [SQLBinding]
    /// The operating system's error number behind an I/O or open failure (`EMFILE`, `EACCES`,
    /// `ENOSPC`, …), from `sqlite3_system_errno`; nil when SQLite reported none.
    /// See https://www.sqlite.org/c3ref/system_errno.html
    public var systemErrno: Int32?

    /// An error as SQLite reported it.
    ///
    /// - Parameters:
    ///   - extendedCode: The extended result code.
    ///   - message: SQLite's message (`sqlite3_errmsg`).
    ///   - sql: The statement that failed, if any.
    ///   - bindings: Its bound values, hidden in `description`.
    ///   - systemErrno: The operating system's error number, if SQLite reported one.
    public init(
        extendedCode: SQLiteResultCode, message: String, sql: String? = nil, bindings: [SQLBinding] = [],
        systemErrno: Int32? = nil
    ) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.bindings = bindings
        self.systemErrno = systemErrno
    }

    /// The primary result code, e.g. `SQLITE_CONSTRAINT`.
    public var code: SQLiteResultCode { extendedCode.primary }

    /// The error with its SQL, and the number of bindings but not their values.
    public var description: String { debugDescription(showingBindings: false) }

    /// Same as `description`: bindings stay hidden in debug output too.
    public var debugDescription: String { debugDescription(showingBindings: false) }

    /// The error with its SQL and, if `showingBindings`, the bound values as SQL literals.
    ///
    /// > Important: Bound values may hold personal data; show them only to the person who
    /// > owns it (for example behind `--verbose`).
    public func debugDescription(showingBindings: Bool) -> String {
        var text = "\(extendedCode): \(message)"
        if let sql {
            text += ", in `\(sql)`"
            if !bindings.isEmpty {
                if showingBindings {
                    text += " (bindings: \(bindings.map(\.description).joined(separator: ", ")))"
                } else {
                    text += " (\(bindings.count) binding\(bindings.count == 1 ? "" : "s") hidden)"
                }
            }
        }
        if let advice { text += "; \(advice)" }
        return text
    }

    /// What to do about it, for the codes where there is something to say.
    public var advice: String? {
        switch code {
        case .busy, .locked:
            return "the database is locked by another process; try again when it has finished"
        case .readOnly:
            return "the database is open read-only (Options.readOnly) or its file is not writable; "
                + "open it for writing, or check the file's permissions"
        case .corrupt, .notADatabase:
            return "the file is not a SQLite database or is damaged; check the path, or move it aside"
        case .full:
            return "the disk is full; free some space and try again"
        case .cannotOpen:
            return "SQLite cannot open the file; check the path and its permissions"
        case .ioError:
            return "the disk reported an I/O error; check the disk and try again"
        case .constraint:
            return "the values break a constraint of the schema; change them"
        case .interrupt:
            return "the statement was interrupted; run it again"
        case .range, .misuse:
            return "this is a bug in the calling code; check the SQL and its bindings"
        default:
            return nil
        }
    }
}

extension SQLiteError: CustomReflectable {
    // NB: keeps `dump(error)` from printing the bound values.
    /// The fields, with the bound values counted rather than shown.
    public var customMirror: Mirror {
        Mirror(self, children: ["extendedCode": extendedCode, "message": message, "sql": sql as Any,
                                "bindings": "\(bindings.count) hidden", "systemErrno": systemErrno as Any])
    }
}
