import CSQLite
import CTroveRanking
import TroveSQLite

/// libsqlite3 with nothing in between: the baseline every Trove figure is set beside.
///
/// ```swift
/// let db = try DirectConnection(path: "bench.db", readOnly: true)
/// try db.run(BoundStatement(sql: "SELECT count(*) FROM reminders WHERE list_id = ?", bindings: [.integer(1)]))
/// ```
///
/// Keeps every statement it prepares, as Trove's statement cache does, so that repeated SQL
/// text costs one prepare. Not `Sendable`: one thread at a time.
public final class DirectConnection {
    let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]

    /// Opens `path` with the pragmas Trove's connections use (WAL when writable, foreign keys on)
    /// and Trove's ranking functions (`trove_rank`), which the replayed statements call.
    public init(path: String, readOnly: Bool) throws {
        // NB: the process-wide settings Trove's connections run with (memory statistics off),
        // so that the baseline differs from Trove by what is in between, not by the library's setup.
        SQLiteLibrary.configure()
        var db: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            sqlite3_close_v2(db)
            throw BenchError("sqlite3_open_v2 could not open \(path) (code \(rc)); check the path and --data-dir")
        }
        handle = db
        sqlite3_busy_timeout(db, 5000)
        if !readOnly { try execute("PRAGMA journal_mode = WAL") }
        try execute("PRAGMA foreign_keys = ON")
        // NB: Trove's ranking is SQL functions on the connection, as every Trove connection has.
        guard trove_ranking_register(db) == SQLITE_OK else { throw BenchError("could not register trove_rank on \(path)") }
        guard trove_tally_register(db) == SQLITE_OK else { throw BenchError("could not register trove_tally on \(path)") }
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements of SQL text with `sqlite3_exec`.
    public func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard rc == SQLITE_OK else {
            throw BenchError("SQLite failed (\(rc)): \(message.map { String(cString: $0) } ?? "") in: \(sql.prefix(200))")
        }
    }

    /// Binds, steps every row and reads every column, as a caller that wants the rows would.
    ///
    /// - Returns: The number of rows.
    @discardableResult
    public func run(_ statement: BoundStatement) throws -> Int {
        let stmt = try prepared(statement.sql)
        defer { sqlite3_reset(stmt); sqlite3_clear_bindings(stmt) }
        try bind(statement.bindings, to: stmt)
        var rows = 0
        while true {
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_DONE { return rows }
            guard rc == SQLITE_ROW else { throw error(rc, statement.sql) }
            rows += 1
            for column in 0..<sqlite3_column_count(stmt) {
                switch sqlite3_column_type(stmt, column) {
                case SQLITE_INTEGER: _ = sqlite3_column_int64(stmt, column)
                case SQLITE_FLOAT: _ = sqlite3_column_double(stmt, column)
                case SQLITE_NULL: break
                default: _ = sqlite3_column_text(stmt, column); _ = sqlite3_column_bytes(stmt, column)
                }
            }
        }
    }

    /// The first column of the first row as an integer, or nil when there is no row.
    public func integer(_ sql: String, _ bindings: [SQLValue] = []) throws -> Int64? {
        let stmt = try prepared(sql)
        defer { sqlite3_reset(stmt); sqlite3_clear_bindings(stmt) }
        try bind(bindings, to: stmt)
        let rc = sqlite3_step(stmt)
        if rc == SQLITE_ROW { return sqlite3_column_int64(stmt, 0) }
        guard rc == SQLITE_DONE else { throw error(rc, sql) }
        return nil
    }

    /// Every row's columns as text (NULL as nil).
    public func texts(_ sql: String) throws -> [[String?]] {
        let stmt = try prepared(sql)
        defer { sqlite3_reset(stmt) }
        var rows: [[String?]] = []
        while true {
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_DONE { return rows }
            guard rc == SQLITE_ROW else { throw error(rc, sql) }
            rows.append((0..<sqlite3_column_count(stmt)).map { column in
                sqlite3_column_text(stmt, column).map { String(cString: $0) }
            })
        }
    }

    /// Hands each row's columns as text (NULL as nil) to `body`, one row at a time, so a million
    /// rows never sit in memory at once.
    public func forEachRow(_ sql: String, _ body: ([String?]) throws -> Void) throws {
        let stmt = try prepared(sql)
        defer { sqlite3_reset(stmt) }
        while true {
            let rc = sqlite3_step(stmt)
            if rc == SQLITE_DONE { return }
            guard rc == SQLITE_ROW else { throw error(rc, sql) }
            try body((0..<sqlite3_column_count(stmt)).map { column in
                sqlite3_column_text(stmt, column).map { String(cString: $0) }
            })
        }
    }

    /// Runs an INSERT or other statement that returns no rows.
    public func step(_ sql: String, _ bindings: [SQLValue]) throws {
        let stmt = try prepared(sql)
        defer { sqlite3_reset(stmt) }
        try bind(bindings, to: stmt)
        let rc = sqlite3_step(stmt)
        guard rc == SQLITE_DONE || rc == SQLITE_ROW else { throw error(rc, sql) }
    }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    func prepared(_ sql: String) throws -> OpaquePointer {
        if let stmt = statements[sql] { return stmt }
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &stmt, nil)
        guard rc == SQLITE_OK, let stmt else { throw error(rc, sql) }
        statements[sql] = stmt
        return stmt
    }

    private func bind(_ values: [SQLValue], to stmt: OpaquePointer) throws {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let rc: Int32 = switch value {
            case .null: sqlite3_bind_null(stmt, index)
            case .integer(let v): sqlite3_bind_int64(stmt, index, v)
            case .double(let v): sqlite3_bind_double(stmt, index, v)
            case .text(let v): sqlite3_bind_text(stmt, index, v, -1, Self.transient)
            // NB: an empty array may have no address, and a NULL pointer binds NULL, not a blob.
            case .blob(let v) where v.isEmpty: sqlite3_bind_zeroblob(stmt, index, 0)
            case .blob(let v): v.withUnsafeBytes { sqlite3_bind_blob(stmt, index, $0.baseAddress, Int32($0.count), Self.transient) }
            }
            guard rc == SQLITE_OK else { throw error(rc, "bind") }
        }
    }

    private func error(_ rc: Int32, _ sql: String) -> BenchError {
        BenchError("SQLite failed (\(rc)): \(String(cString: sqlite3_errmsg(handle))) in: \(sql.prefix(200))")
    }

    /// NB: SQLITE_TRANSIENT (-1) makes SQLite copy the bytes, which Swift frees after the call.
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

extension DirectConnection {
    /// False while a transaction is open. https://www.sqlite.org/c3ref/get_autocommit.html
    public var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }
}
