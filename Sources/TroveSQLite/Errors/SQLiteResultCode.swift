/// A SQLite result code, primary or extended, with its symbolic name.
///
/// Extended codes carry the primary code in their low byte, so `extended.primary` compares
/// against the primary constants.
///
/// ```swift
/// SQLiteResultCode.constraintUnique.name          // SQLITE_CONSTRAINT_UNIQUE
/// SQLiteResultCode.constraintUnique.primary.name  // SQLITE_CONSTRAINT
/// ```
///
/// See https://www.sqlite.org/rescode.html
public struct SQLiteResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code as SQLite returns it.
    public var rawValue: Int32

    /// Wraps a code SQLite returned.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary code: the low 8 bits.
    public var primary: SQLiteResultCode { SQLiteResultCode(rawValue: rawValue & 0xFF) }

    /// Whether this is an extended code (it carries more than the primary code).
    public var isExtended: Bool { rawValue > 0xFF }

    /// `SQLITE_BUSY`, `SQLITE_CONSTRAINT_UNIQUE`, …; unnamed extended codes fall back to their
    /// primary name, as `SQLITE_IOERR (extended 6410)`.
    public var name: String {
        if let name = Self.names[rawValue] { return name }
        if let primaryName = Self.names[primary.rawValue] { return "\(primaryName) (extended \(rawValue))" }
        return "SQLite result code \(rawValue)"
    }

    /// `SQLITE_CONSTRAINT_UNIQUE (2067)`.
    public var description: String { "\(name) (\(rawValue))" }
}

// MARK: Constants

extension SQLiteResultCode {
    /// `SQLITE_OK`: success.
    public static let ok = SQLiteResultCode(rawValue: 0)
    /// `SQLITE_ERROR`: a generic error, such as an SQL syntax error.
    public static let error = SQLiteResultCode(rawValue: 1)
    /// `SQLITE_INTERNAL`: a bug inside SQLite.
    public static let `internal` = SQLiteResultCode(rawValue: 2)
    /// `SQLITE_PERM`: the access mode asked for could not be given.
    public static let permission = SQLiteResultCode(rawValue: 3)
    /// `SQLITE_ABORT`: the operation was aborted, as by a rollback.
    public static let abort = SQLiteResultCode(rawValue: 4)
    /// `SQLITE_BUSY`: another connection holds a lock (after the busy timeout).
    public static let busy = SQLiteResultCode(rawValue: 5)
    /// `SQLITE_LOCKED`: a conflict inside this connection, or shared cache.
    public static let locked = SQLiteResultCode(rawValue: 6)
    /// `SQLITE_NOMEM`: an allocation failed.
    public static let noMemory = SQLiteResultCode(rawValue: 7)
    /// `SQLITE_READONLY`: a write to a read-only database.
    public static let readOnly = SQLiteResultCode(rawValue: 8)
    /// `SQLITE_INTERRUPT`: `sqlite3_interrupt` stopped the statement.
    public static let interrupt = SQLiteResultCode(rawValue: 9)
    /// `SQLITE_IOERR`: the operating system reported an I/O error.
    public static let ioError = SQLiteResultCode(rawValue: 10)
    /// `SQLITE_CORRUPT`: the database file is damaged.
    public static let corrupt = SQLiteResultCode(rawValue: 11)
    /// `SQLITE_NOTFOUND`: an unknown file-control opcode, among others.
    public static let notFound = SQLiteResultCode(rawValue: 12)
    /// `SQLITE_FULL`: the disk (or the database's size limit) is full.
    public static let full = SQLiteResultCode(rawValue: 13)
    /// `SQLITE_CANTOPEN`: the file could not be opened.
    public static let cannotOpen = SQLiteResultCode(rawValue: 14)
    /// `SQLITE_PROTOCOL`: a locking protocol problem (WAL).
    public static let `protocol` = SQLiteResultCode(rawValue: 15)
    /// `SQLITE_SCHEMA`: the schema changed while the statement ran.
    public static let schema = SQLiteResultCode(rawValue: 17)
    /// `SQLITE_TOOBIG`: a string or blob is larger than the limit.
    public static let tooBig = SQLiteResultCode(rawValue: 18)
    /// `SQLITE_CONSTRAINT`: a constraint failed.
    public static let constraint = SQLiteResultCode(rawValue: 19)
    /// `SQLITE_MISMATCH`: a datatype mismatch, such as a non-integer rowid.
    public static let mismatch = SQLiteResultCode(rawValue: 20)
    /// `SQLITE_MISUSE`: the library was used wrongly.
    public static let misuse = SQLiteResultCode(rawValue: 21)
    /// `SQLITE_RANGE`: a bind parameter index out of range.
    public static let range = SQLiteResultCode(rawValue: 25)
    /// `SQLITE_NOTADB`: the file is not a database.
    public static let notADatabase = SQLiteResultCode(rawValue: 26)
    /// `SQLITE_ROW`: `sqlite3_step` has a row.
    public static let row = SQLiteResultCode(rawValue: 100)
    /// `SQLITE_DONE`: `sqlite3_step` has finished.
    public static let done = SQLiteResultCode(rawValue: 101)

    /// `SQLITE_CONSTRAINT_CHECK`: a CHECK constraint failed.
    public static let constraintCheck = SQLiteResultCode(rawValue: 19 | 1 << 8)
    /// `SQLITE_CONSTRAINT_FOREIGNKEY`: a foreign key constraint failed.
    public static let constraintForeignKey = SQLiteResultCode(rawValue: 19 | 3 << 8)
    /// `SQLITE_CONSTRAINT_NOTNULL`: a NOT NULL constraint failed.
    public static let constraintNotNull = SQLiteResultCode(rawValue: 19 | 5 << 8)
    /// `SQLITE_CONSTRAINT_PRIMARYKEY`: a PRIMARY KEY constraint failed.
    public static let constraintPrimaryKey = SQLiteResultCode(rawValue: 19 | 6 << 8)
    /// `SQLITE_CONSTRAINT_TRIGGER`: a trigger's RAISE failed.
    public static let constraintTrigger = SQLiteResultCode(rawValue: 19 | 7 << 8)
    /// `SQLITE_CONSTRAINT_UNIQUE`: a UNIQUE constraint failed.
    public static let constraintUnique = SQLiteResultCode(rawValue: 19 | 8 << 8)
    /// `SQLITE_BUSY_RECOVERY`: another connection is recovering a WAL file.
    public static let busyRecovery = SQLiteResultCode(rawValue: 5 | 1 << 8)
    /// `SQLITE_BUSY_SNAPSHOT`: a read transaction's snapshot is too old to write from.
    public static let busySnapshot = SQLiteResultCode(rawValue: 5 | 2 << 8)
    /// `SQLITE_READONLY_DBMOVED`: the database file was moved or deleted while open.
    public static let readOnlyDatabaseMoved = SQLiteResultCode(rawValue: 8 | 4 << 8)
    /// `SQLITE_CANTOPEN_ISDIR`: the path names a folder.
    public static let cannotOpenIsDirectory = SQLiteResultCode(rawValue: 14 | 2 << 8)

    private static let names: [Int32: String] = [
        0: "SQLITE_OK", 1: "SQLITE_ERROR", 2: "SQLITE_INTERNAL", 3: "SQLITE_PERM", 4: "SQLITE_ABORT",
        5: "SQLITE_BUSY", 6: "SQLITE_LOCKED", 7: "SQLITE_NOMEM", 8: "SQLITE_READONLY",
        9: "SQLITE_INTERRUPT", 10: "SQLITE_IOERR", 11: "SQLITE_CORRUPT", 12: "SQLITE_NOTFOUND",
        13: "SQLITE_FULL", 14: "SQLITE_CANTOPEN", 15: "SQLITE_PROTOCOL", 16: "SQLITE_EMPTY",
        17: "SQLITE_SCHEMA", 18: "SQLITE_TOOBIG", 19: "SQLITE_CONSTRAINT", 20: "SQLITE_MISMATCH",
        21: "SQLITE_MISUSE", 22: "SQLITE_NOLFS", 23: "SQLITE_AUTH", 24: "SQLITE_FORMAT",
        25: "SQLITE_RANGE", 26: "SQLITE_NOTADB", 27: "SQLITE_NOTICE", 28: "SQLITE_WARNING",
        100: "SQLITE_ROW", 101: "SQLITE_DONE",
        19 | 1 << 8: "SQLITE_CONSTRAINT_CHECK", 19 | 2 << 8: "SQLITE_CONSTRAINT_COMMITHOOK",
        19 | 3 << 8: "SQLITE_CONSTRAINT_FOREIGNKEY", 19 | 4 << 8: "SQLITE_CONSTRAINT_FUNCTION",
        19 | 5 << 8: "SQLITE_CONSTRAINT_NOTNULL", 19 | 6 << 8: "SQLITE_CONSTRAINT_PRIMARYKEY",
        19 | 7 << 8: "SQLITE_CONSTRAINT_TRIGGER", 19 | 8 << 8: "SQLITE_CONSTRAINT_UNIQUE",
        19 | 9 << 8: "SQLITE_CONSTRAINT_VTAB", 19 | 10 << 8: "SQLITE_CONSTRAINT_ROWID",
        19 | 12 << 8: "SQLITE_CONSTRAINT_DATATYPE",
        5 | 1 << 8: "SQLITE_BUSY_RECOVERY", 5 | 2 << 8: "SQLITE_BUSY_SNAPSHOT", 5 | 3 << 8: "SQLITE_BUSY_TIMEOUT",
        6 | 1 << 8: "SQLITE_LOCKED_SHAREDCACHE", 6 | 2 << 8: "SQLITE_LOCKED_VTAB",
        8 | 1 << 8: "SQLITE_READONLY_RECOVERY", 8 | 2 << 8: "SQLITE_READONLY_CANTLOCK",
        8 | 3 << 8: "SQLITE_READONLY_ROLLBACK", 8 | 4 << 8: "SQLITE_READONLY_DBMOVED",
        8 | 5 << 8: "SQLITE_READONLY_CANTINIT", 8 | 6 << 8: "SQLITE_READONLY_DIRECTORY",
        11 | 1 << 8: "SQLITE_CORRUPT_VTAB", 11 | 2 << 8: "SQLITE_CORRUPT_SEQUENCE", 11 | 3 << 8: "SQLITE_CORRUPT_INDEX",
        14 | 1 << 8: "SQLITE_CANTOPEN_NOTEMPDIR", 14 | 2 << 8: "SQLITE_CANTOPEN_ISDIR",
        14 | 3 << 8: "SQLITE_CANTOPEN_FULLPATH", 14 | 6 << 8: "SQLITE_CANTOPEN_SYMLINK",
        10 | 1 << 8: "SQLITE_IOERR_READ", 10 | 2 << 8: "SQLITE_IOERR_SHORT_READ", 10 | 3 << 8: "SQLITE_IOERR_WRITE",
        10 | 4 << 8: "SQLITE_IOERR_FSYNC", 10 | 15 << 8: "SQLITE_IOERR_LOCK", 10 | 18 << 8: "SQLITE_IOERR_SHMOPEN",
        4 | 2 << 8: "SQLITE_ABORT_ROLLBACK",
        1 | 1 << 8: "SQLITE_ERROR_MISSING_COLLSEQ", 1 | 2 << 8: "SQLITE_ERROR_RETRY", 1 | 3 << 8: "SQLITE_ERROR_SNAPSHOT",
    ]
}
