import CSQLite
import TroveQuery

/// One SQLite connection: owns the `sqlite3*` handle and a cache of prepared statements.
///
/// ```swift
/// let db = try SQLConnection(path: "trove.db")
/// try db.execute("CREATE TABLE IF NOT EXISTS tags(name TEXT UNIQUE)")
/// try db.execute("INSERT INTO tags(name) VALUES (\("home"))")  // INSERT INTO tags(name) VALUES (?)
/// let names = try db.fetchAll("SELECT name FROM tags").map { try $0[0] as String }
/// ```
///
/// Not `Sendable`: use it from one thread at a time. Share a database across tasks with
/// `SQLiteDatabase`, which hands connections out inside `read` and `write` bodies.
///
/// See https://www.sqlite.org/c3ref/sqlite3.html
public final class SQLConnection {
    /// How to open a connection.
    public struct Options: Sendable {
        /// Open with `SQLITE_OPEN_READONLY`: every write fails with `SQLITE_READONLY`. Works on a
        /// file the process may not write. A WAL database needs its `-wal` and `-shm` files to
        /// exist or its folder to be writable; when neither holds (no `-wal`, `-shm` or
        /// `-journal` beside it, and a folder this process cannot write), it is opened
        /// `immutable=1`, which reads the file alone. The journal mode is never changed.
        ///
        /// > Important: with `immutable=1` SQLite takes no locks. With no `-wal` or `-shm` there is
        /// > no writer now (a writer creates both); one that starts later is not seen, so keep
        /// > such a connection for reading a snapshot, not for watching changes.
        ///
        /// See https://www.sqlite.org/wal.html#readonly and https://www.sqlite.org/uri.html#uriimmutable
        public var readOnly = false
        /// How long a statement waits for another connection's lock before `SQLITE_BUSY`.
        public var busyTimeout: Duration = .seconds(5)
        /// Called once per wait, on the connection's thread, when a statement has waited
        /// ``busyNoticeAfter`` for another connection's lock: for "waiting for another
        /// process…" on a terminal. Nil says nothing.
        public var onBusyWait: (@Sendable () -> Void)?
        /// How long a wait runs before ``onBusyWait`` is called.
        public var busyNoticeAfter: Duration = .seconds(1)
        /// Put files in WAL mode, so readers never block the writer. Ignored for `:memory:`
        /// (SQLite keeps it in `memory` journal mode) and for read-only connections.
        public var walMode = true
        /// `PRAGMA foreign_keys = ON`.
        public var foreignKeys = true

        /// Options with the defaults above; see each property.
        public init(readOnly: Bool = false, busyTimeout: Duration = .seconds(5), walMode: Bool = true,
                    foreignKeys: Bool = true, onBusyWait: (@Sendable () -> Void)? = nil,
                    busyNoticeAfter: Duration = .seconds(1))
        {
            self.readOnly = readOnly
            self.busyTimeout = busyTimeout
            self.onBusyWait = onBusyWait
            self.busyNoticeAfter = busyNoticeAfter
            self.walMode = walMode
            self.foreignKeys = foreignKeys
        }
    }

    let handle: OpaquePointer
    /// The path as given, or `:memory:`.
    public let path: String
    /// The options the connection was opened with.
    public let options: Options
    let interruptState: InterruptState
    /// The busy handler's state; SQLite holds an unretained pointer to it while `handle` lives.
    let busyWait: BusyWait
    var statementCache = StatementCache(capacity: 64)
    var savepointDepth = 0

    /// Opens (and for writing, creates) the database at `path`, or an in-memory one for `:memory:`.
    ///
    /// ```swift
    /// let db = try SQLConnection(path: "/tmp/trove.db")  // WAL, foreign_keys=ON, 5 s busy timeout
    /// ```
    ///
    /// - Parameters:
    ///   - path: A file path, or `:memory:`.
    ///   - options: Read-only, busy timeout, WAL and foreign keys.
    /// - Throws: `OpenError`, whose message names the path and says what to do.
    public convenience init(path: String, options: Options = .init()) throws {
        try self.init(path: path, options: options, simulatingReadOnlyFile: false)
    }

    /// `simulatingReadOnlyFile` opens with `SQLITE_OPEN_READONLY` while `options` still asks to
    /// write: what SQLite itself falls back to when the OS refuses to open the file for writing.
    /// Tests use it because root (as in CI) may write any file whatever its mode.
    init(path: String, options: Options, simulatingReadOnlyFile: Bool) throws {
        SQLiteLibrary.configure()
        guard SQLiteLibrary.hasFTS5 else { throw OpenError(.fts5Unavailable, path: path) }
        let isFile = Self.isFile(path)
        if isFile { try Self.checkPath(path, options: options) }

        var db: OpaquePointer?
        var flags = (options.readOnly || simulatingReadOnlyFile ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX
        var name = path
        if isFile, options.readOnly, Self.needsImmutableOpen(path) {
            name = Self.immutableURI(path)
            flags |= SQLITE_OPEN_URI
        }
        let rc = sqlite3_open_v2(name, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let error = db.map { SQLiteError(db: $0, code: rc, sql: nil) }
                ?? SQLiteError(extendedCode: SQLiteResultCode(rawValue: rc), message: String(cString: sqlite3_errstr(rc)))
            sqlite3_close_v2(db)
            throw OpenError(.cannotOpen, path: path, underlying: error)
        }
        handle = db
        self.path = path
        self.options = options
        interruptState = InterruptState(handle: db)
        busyWait = BusyWait(timeout: options.busyTimeout, notice: options.onBusyWait, after: options.busyNoticeAfter)
        // NB: from here on a throw runs `deinit`, which closes the handle.
        try configure(isFile: isFile)
    }

    /// A private in-memory database.
    public static func inMemory() throws -> SQLConnection {
        try SQLConnection(path: ":memory:")
    }

    deinit {
        statementCache.removeAll()
        // NB: `busyWait` goes with `self`; a zombie connection kept by a live statement must
        // not call back into it.
        sqlite3_busy_handler(handle, nil, nil)
        // NB: `close_v2` waits for any statement still alive before really closing.
        sqlite3_close_v2(handle)
    }

    // MARK: State

    /// Rows changed by the last INSERT, UPDATE or DELETE. https://www.sqlite.org/c3ref/changes.html
    public var changes: Int { Int(sqlite3_changes64(handle)) }

    /// Rows changed since the connection opened. https://www.sqlite.org/c3ref/total_changes.html
    public var totalChanges: Int { Int(sqlite3_total_changes64(handle)) }

    /// The rowid of the last successful INSERT. https://www.sqlite.org/c3ref/last_insert_rowid.html
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Whether a transaction is open. https://www.sqlite.org/c3ref/get_autocommit.html
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Whether the connection cannot write (opened read-only, or the file is not writable).
    /// https://www.sqlite.org/c3ref/db_readonly.html
    public var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    /// `PRAGMA data_version`: changes whenever ANOTHER connection commits to the database.
    ///
    /// See https://www.sqlite.org/pragma.html#pragma_data_version
    public var dataVersion: Int64 {
        get throws { try fetchValue("PRAGMA data_version", as: Int64.self) ?? 0 }
    }

    /// How long a statement waits for another connection's lock before `SQLITE_BUSY`; starts
    /// as ``Options/busyTimeout``. Set it around one statement that should give up sooner.
    public var busyTimeout: Duration {
        get { busyWait.timeout }
        set { busyWait.timeout = newValue }
    }

    /// Stops the statement running now, which then throws `CancellationError`.
    ///
    /// Safe from any thread while the connection is open. A call made while no statement runs
    /// does nothing to later statements. To cancel `SQLiteDatabase` reads, cancel their task instead.
    ///
    /// See https://www.sqlite.org/c3ref/interrupt.html
    public func interrupt() {
        sqlite3_interrupt(handle)
    }
}
