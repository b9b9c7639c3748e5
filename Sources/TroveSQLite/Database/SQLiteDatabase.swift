/// A database shared across tasks: one writer connection and a pool of reader connections.
///
/// ```swift
/// let db = try SQLiteDatabase(path: "trove.db")
/// try await db.write { db in
///     try db.execute("INSERT INTO tags(name) VALUES (\("home"))")  // inside BEGIN IMMEDIATE … COMMIT
/// }
/// let count = try await db.read { db in try db.fetchValue("SELECT count(*) FROM tags", as: Int.self) }
/// ```
///
/// In WAL mode readers and the writer never block each other, and readers run in parallel; a
/// read may also borrow a second, idle reader in its own snapshot for part of its work
/// (``readWithHelper(_:)``).
/// Each connection runs its bodies on its own serial dispatch queue, never on Swift's
/// cooperative pool; callers suspend until their body has run, and wait (suspended, first come
/// first served) while every reader is busy.
///
/// Cancellation: cancelling a `read`'s task interrupts SQLite (`sqlite3_interrupt`), and the
/// read throws `CancellationError`; the connection is ready for the next read at once. The
/// writer is never interrupted, because FTS5 on SQLite 3.40 leaves a write transaction
/// unusable after an interrupt: a `write` cancelled before its body starts is skipped with
/// `CancellationError`, one cancelled while its body runs completes and returns normally.
///
/// See https://www.sqlite.org/wal.html and https://www.sqlite.org/c3ref/interrupt.html
public final class SQLiteDatabase: Sendable {
    /// The path as given, or `:memory:`.
    public let path: String
    // NB: `readers` is declared before `writer` so it is released first. SQLite checkpoints the
    // WAL into the database file and deletes it when the LAST connection closes, and only a
    // connection that may write can do that; were a read-only reader last, `trove.db-wal`
    // would outlive every process and a copy of `trove.db` alone would miss recent changes.
    let readers: ReaderPool
    let writer: SerialConnection
    /// Whether reads share the writer's connection (in-memory databases).
    let readersShareWriter: Bool
    /// How many helper transactions joined a body's snapshot, for diagnostics.
    let helperJoins = JoinCount()
    /// The database file, its `-wal` and its `-shm` as they were once every connection had
    /// opened them; see ``replacedFiles()``.
    let openedFiles: [(path: String, identity: FileIdentity?)]

    /// Opens (creating if need be) the database at `path` with a writer and `readers` readers.
    ///
    /// Readers open with `SQLITE_OPEN_READONLY`, so a read body cannot write. For `:memory:`
    /// see `inMemory()`.
    ///
    /// ```swift
    /// let db = try SQLiteDatabase(path: "trove.db", readers: 0)  // one connection: reads take turns with writes
    /// ```
    ///
    /// - Parameters:
    ///   - path: A file path, or `:memory:`.
    ///   - readers: How many reads may run at once, each on a connection of its own; 0 for
    ///     none of their own: reads then take turns with writes on the writer's connection
    ///     (with `PRAGMA query_only` on, still interruptible), as in memory. A program that
    ///     reads one thing and exits opens fastest that way: each connection reads the schema
    ///     as it opens (~1.5 ms for Trove's).
    ///   - options: For every connection; readers also get `readOnly`. With `walMode` off,
    ///     readers and the writer lock each other out and wait up to the busy timeout.
    /// - Throws: `OpenError`.
    public init(path: String, readers: Int = 4, options: SQLConnection.Options = .init()) throws {
        precondition(readers >= 0, "a Database cannot have fewer than no readers")
        self.path = path
        let writerConnection = try SQLConnection(path: path, options: options)
        writer = SerialConnection(writerConnection, label: "trove.sqlite.writer")
        if SQLConnection.isFile(path), readers > 0 {
            var readerOptions = options
            readerOptions.readOnly = true
            self.readers = ReaderPool(readers: try (0..<readers).map { index in
                SerialConnection(try SQLConnection(path: path, options: readerOptions), label: "trove.sqlite.reader.\(index)")
            })
            readersShareWriter = false
        } else {
            self.readers = ReaderPool(readers: [writer])
            readersShareWriter = true
        }
        openedFiles = SQLConnection.isFile(path)
            ? ["", "-wal", "-shm"].map { (path + $0, FileIdentity(path: path + $0)) } : []
    }

    /// The database's files (the `.db`, its `-wal` or `-shm`) deleted or replaced by another
    /// program since this `SQLiteDatabase` opened them, by path; empty when all are as they were.
    ///
    /// ```swift
    /// database.replacedFiles()   // ["/home/me/trove.db-shm"] after `rm trove.db-shm`
    /// ```
    ///
    /// NB: every connection here keeps using the files it opened; a process that opens the
    /// path afterwards gets new ones, and from then on the two see different databases, so
    /// a write would be lost (SQLite documents it as a way to corrupt a database). A
    /// long-running program checks this before writing and stops when it is not empty.
    /// See https://www.sqlite.org/howtocorrupt.html#_deleting_a_hot_journal
    public func replacedFiles() -> [String] {
        openedFiles.compactMap { file in
            guard let identity = file.identity else { return nil }
            return FileIdentity(path: file.path) == identity ? nil : file.path
        }
    }

    deinit {
        // NB: so that the connections close here, readers then writer, before a command's
        // process exits, and the writer, closing last, folds the WAL into the file.
        if !readersShareWriter { for reader in readers.readers { reader.drain() } }
        writer.drain()
    }

    /// A private in-memory database, served by ONE connection for both reads and writes.
    ///
    /// An in-memory database lives inside its connection: a second connection would open a
    /// different, empty database (shared cache could join them, but it locks whole tables and
    /// has no WAL). So reads and writes take turns on the one connection. Reads still run with
    /// `PRAGMA query_only = 1` and may be interrupted; writes never are.
    public static func inMemory() throws -> SQLiteDatabase {
        try SQLiteDatabase(path: ":memory:")
    }

    /// Runs `body` with a reader connection and returns its result.
    ///
    /// ```swift
    /// let titles = try await db.read { db in
    ///     try db.fetchAll("SELECT title FROM reminders WHERE title LIKE \("%milk%")")
    /// }
    /// ```
    ///
    /// - Parameter body: Runs on the reader's own thread. It must not keep the connection or a
    ///   cursor beyond its return. A transaction it leaves open is rolled back.
    /// - Returns: What `body` returned.
    /// - Throws: `CancellationError` when the task is cancelled before or during the body (the
    ///   running statement is interrupted); otherwise what `body` throws.
    public func read<T: Sendable>(_ body: @Sendable (SQLConnection) throws -> T) async throws -> T {
        try Task.checkCancellation()
        return try await readers.withReader { reader in
            try await reader.run(interruptible: true, queryOnly: readersShareWriter, body)
        }
    }

    /// Runs `body` with the writer inside `BEGIN IMMEDIATE … COMMIT`; a thrown error rolls back.
    ///
    /// ```swift
    /// let id = try await db.write { db in
    ///     try db.execute("INSERT INTO tags(name) VALUES (\("home"))")
    ///     return db.lastInsertRowID
    /// }
    /// ```
    ///
    /// IMMEDIATE takes the write lock up front, so a write waits (busy timeout) at BEGIN rather
    /// than failing halfway. Use `savepoint` inside for nested units; for work that manages its
    /// own transactions (or cannot run in one, like `VACUUM`) use `writeWithoutTransaction`.
    ///
    /// - Returns: What `body` returned, once committed.
    /// - Throws: `CancellationError` if cancelled before the body starts (it then never runs),
    ///   else what `body` throws or `SQLiteError` from BEGIN/COMMIT. Never interrupted.
    public func write<T: Sendable>(_ body: @Sendable (SQLConnection) throws -> T) async throws -> T {
        try Task.checkCancellation()
        return try await writer.run(interruptible: false, queryOnly: false) { db in
            try db.transaction(.immediate) { try body(db) }
        }
    }

    /// Runs `body` with the writer and no transaction of its own: migrations, `VACUUM`,
    /// `PRAGMA`s that refuse to run in a transaction. A transaction it leaves open is rolled back.
    ///
    /// - Throws: As `write`.
    public func writeWithoutTransaction<T: Sendable>(_ body: @Sendable (SQLConnection) throws -> T) async throws -> T {
        try Task.checkCancellation()
        return try await writer.run(interruptible: false, queryOnly: false, body)
    }
}
