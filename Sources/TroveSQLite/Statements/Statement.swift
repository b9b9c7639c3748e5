import CSQLite
import TroveQuery

/// A prepared statement: binds values, steps, and reads the current row.
///
/// Owned by a `SQLConnection` (through its cache) or a `SQLiteRowCursor`; finalized in `deinit`.
/// See https://www.sqlite.org/c3ref/stmt.html
final class Statement {
    let handle: OpaquePointer
    let db: OpaquePointer
    let sql: String
    /// Computed once per statement and shared by every row it reads, so rows allocate no names.
    let columnNames: [String]
    /// The values bound for the current run, kept for error messages.
    private(set) var bindings: [SQLBinding] = []
    /// Set while a caller (often a cursor) owns the statement; a busy cached statement is not reused.
    var isInUse = false
    private let interruptState: InterruptState

    /// Wraps an already-prepared statement.
    init(handle: OpaquePointer, db: OpaquePointer, sql: String, interruptState: InterruptState) {
        self.handle = handle
        self.db = db
        self.sql = sql
        self.interruptState = interruptState
        let count = sqlite3_column_count(handle)
        var names: [String] = []
        names.reserveCapacity(Int(count))
        for index in 0..<count {
            names.append(sqlite3_column_name(handle, index).map { String(cString: $0) } ?? "")
        }
        self.columnNames = names
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Prepares exactly one statement. `persistent` hints SQLite that it will be reused.
    ///
    /// - Throws: `SQLiteError`; `SQLITE_MISUSE` when `sql` holds more than one statement.
    ///
    /// See https://www.sqlite.org/c3ref/prepare.html
    static func prepare(_ sql: String, db: OpaquePointer, persistent: Bool, interruptState: InterruptState) throws -> Statement {
        guard let statement = try prepareUnlessScript(sql, db: db, persistent: persistent, interruptState: interruptState) else {
            throw SQLiteError(extendedCode: .misuse, message: multipleStatementsMessage, sql: sql)
        }
        return statement
    }

    /// Prepares `sql` when it is one statement; nil when more statements follow the first, for
    /// callers that then run it as a script.
    static func prepareUnlessScript(
        _ sql: String, db: OpaquePointer, persistent: Bool, interruptState: InterruptState
    ) throws -> Statement? {
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        return try sql.withCString { text in
            var handle: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let rc = sqlite3_prepare_v3(db, text, -1, flags, &handle, &tail)
            guard rc == SQLITE_OK else {
                throw SQLiteError(db: db, code: rc, sql: sql)
            }
            guard let handle else {
                throw SQLiteError(extendedCode: .misuse, message: "the SQL holds no statement", sql: sql)
            }
            let statement = Statement(handle: handle, db: db, sql: sql, interruptState: interruptState)
            if let tail, Self.holdsStatement(tail, db: db) { return nil }
            return statement
        }
    }

    static let multipleStatementsMessage =
        "the SQL holds more than one statement; bind values in one statement at a time"

    /// Whether text left after a statement holds another statement, not just spaces and comments.
    private static func holdsStatement(_ tail: UnsafePointer<CChar>, db: OpaquePointer) -> Bool {
        var scan = tail
        while scan.pointee == 0x20 || scan.pointee == 0x0A || scan.pointee == 0x09 || scan.pointee == 0x0D
            || scan.pointee == 0x3B
        {
            scan += 1
        }
        if scan.pointee == 0 { return false }
        var next: OpaquePointer?
        let rc = sqlite3_prepare_v2(db, scan, -1, &next, nil)
        sqlite3_finalize(next)
        return rc != SQLITE_OK || next != nil
    }

    // MARK: Binding

    /// Binds every value in order, after checking the count matches the placeholders.
    ///
    /// See https://www.sqlite.org/c3ref/bind_blob.html
    func bind(_ values: [SQLBinding]) throws {
        bindings = values
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard expected == values.count else {
            throw SQLiteError(
                extendedCode: .range,
                message: "the SQL has \(expected) placeholder\(expected == 1 ? "" : "s") but \(values.count) "
                    + "value\(values.count == 1 ? " was" : "s were") bound",
                sql: sql, bindings: values)
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32
            switch value {
            case .null:
                rc = sqlite3_bind_null(handle, index)
            case .integer(let integer):
                rc = sqlite3_bind_int64(handle, index, integer)
            case .double(let double):
                rc = sqlite3_bind_double(handle, index, double)
            case .text(var text):
                // NB: an explicit byte count keeps NULs inside the text; an empty buffer may have a
                // nil base address, which SQLite would bind as NULL, hence the "" fallback.
                rc = text.withUTF8 { utf8 in
                    guard let base = utf8.baseAddress else {
                        return sqlite3_bind_text(handle, index, "", 0, sqliteTransient)
                    }
                    return UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: utf8.count) { chars in
                        sqlite3_bind_text64(
                            handle, index, chars, sqlite3_uint64(utf8.count), sqliteTransient, UInt8(SQLITE_UTF8))
                    }
                }
            case .blob(let bytes):
                rc = bytes.isEmpty
                    ? sqlite3_bind_zeroblob(handle, index, 0)
                    : bytes.withUnsafeBytes { raw in
                        sqlite3_bind_blob64(handle, index, raw.baseAddress, sqlite3_uint64(raw.count), sqliteTransient)
                    }
            }
            guard rc == SQLITE_OK else { throw SQLiteError(db: db, code: rc, sql: sql, bindings: values) }
        }
    }

    // MARK: Stepping

    /// Steps once: `true` when a row is ready, `false` when done.
    ///
    /// - Throws: `CancellationError` when interrupted (https://www.sqlite.org/c3ref/interrupt.html),
    ///   `SQLiteError` otherwise.
    func step() throws -> Bool {
        // NB: a statement that has not started yet checks the flag itself, as SQLite clears a
        // pending interrupt when a statement starts with none running.
        if interruptState.isRequested, sqlite3_stmt_busy(handle) == 0 {
            throw CancellationError()
        }
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let rc where rc & 0xFF == SQLITE_INTERRUPT: throw CancellationError()
        case let rc: throw SQLiteError(db: db, code: rc, sql: sql, bindings: bindings)
        }
    }

    /// Resets the statement and clears its bindings, ready for the next use.
    ///
    /// See https://www.sqlite.org/c3ref/reset.html
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        bindings = []
    }

    /// The SQL with the current bindings inlined, for tests and debugging only.
    ///
    /// See https://www.sqlite.org/c3ref/expanded_sql.html
    var expandedSQL: String? {
        guard let text = sqlite3_expanded_sql(handle) else { return nil }
        defer { sqlite3_free(text) }
        return String(cString: text)
    }

    // MARK: Reading

    /// The current row's values. One array allocation, plus the column's own text or blob storage.
    func row() -> SQLiteRow {
        let count = Int32(columnNames.count)
        var values: [SQLBinding] = []
        values.reserveCapacity(Int(count))
        for index in 0..<count {
            values.append(value(at: index))
        }
        return SQLiteRow(columnNames: columnNames, values: values)
    }

    /// One column of the current row.
    ///
    /// See https://www.sqlite.org/c3ref/column_blob.html
    func value(at index: Int32) -> SQLBinding {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .double(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            // NB: read the pointer before the length, as SQLite's docs ask.
            guard let text = sqlite3_column_text(handle, index) else { return .text("") }
            let count = Int(sqlite3_column_bytes(handle, index))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            guard let blob = sqlite3_column_blob(handle, index) else { return .blob([]) }
            let count = Int(sqlite3_column_bytes(handle, index))
            return .blob(Array(UnsafeRawBufferPointer(start: blob, count: count)))
        default:
            return .null
        }
    }
}

extension SQLiteError {
    /// The connection's current error, for a failed call that returned `code`.
    init(db: OpaquePointer, code: Int32, sql: String?, bindings: [SQLBinding] = []) {
        let extended = sqlite3_extended_errcode(db)
        // NB: prefer the code the call returned; the connection's code can belong to a later call.
        let codeToReport = extended & 0xFF == code & 0xFF ? extended : code
        let primary = codeToReport & 0xFF
        let systemErrno = [SQLITE_CANTOPEN, SQLITE_IOERR, SQLITE_FULL, SQLITE_NOMEM].contains(primary) ? sqlite3_system_errno(db) : 0
        self.init(
            extendedCode: SQLiteResultCode(rawValue: codeToReport),
            message: String(cString: sqlite3_errmsg(db)),
            sql: sql, bindings: bindings, systemErrno: systemErrno == 0 ? nil : systemErrno)
    }
}
