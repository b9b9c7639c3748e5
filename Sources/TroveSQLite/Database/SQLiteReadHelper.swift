import CSQLite
import Dispatch
import Synchronization
import TroveQuery

/// A second reader lent to a read body (``SQLiteDatabase/readWithHelper(_:)``), so that part
/// of the body's work runs in parallel, on another core, in the same snapshot.
///
/// ```swift
/// let (titles, total) = try await database.readWithHelper { db, helper in
///     try db.transaction {
///         try SQLiteReadHelper.sharing(helper, snapshotOf: db) { shared in
///             // `shared?.start` opens the helper's transaction, proved to see what `db` sees, and
///             // runs the work there; nil (do it here) when that could not be proved.
///             let total = try shared?.start { try $0.fetchValue("SELECT count(*) FROM reminders", as: Int.self) ?? 0 }
///             let titles = try db.fetchAll("SELECT title FROM reminders ORDER BY id LIMIT 20")
///             return (titles, try total?.value() ?? db.fetchValue("SELECT count(*) FROM reminders", as: Int.self) ?? 0)
///         }
///     }
/// }
/// ```
///
/// NB: why the two reads agree. SQLite 3.40 here has no `sqlite3_snapshot_open`, so the helper
/// cannot be told which snapshot to read. Instead ``sharing(_:snapshotOf:_:)`` reads the
/// helper's `PRAGMA data_version` (a read of its own, at t0), then starts the body's snapshot
/// (t1); the first ``SQLiteSharedRead/start(_:)`` opens the helper's transaction and reads
/// `data_version` again in it (t2). The helper never writes, so the two values differ when,
/// and only when, another connection committed between t0 and t2 (a checkpoint can also
/// change it: then it is only a false alarm); when they are equal, both snapshots are the
/// database as it was at t0. When they differ, `start` returns nil and the body does the work
/// on its own connection, as without a helper. Until the first `start` the helper costs two
/// `PRAGMA`s, so a body can decide late whether its work is worth splitting.
/// See https://www.sqlite.org/pragma.html#pragma_data_version.
///
/// Cancelling the read's task interrupts the helper's statement as well as the body's.
public final class SQLiteReadHelper: Sendable {
    let connection: SerialConnection
    private let state = Mutex(State())

    private struct State {
        var isCancelled = false
        /// Between `begin` and `end`: a cancel may interrupt the connection.
        var isLent = false
    }

    /// Counts the joins for ``DatabaseDiagnostics/helperJoins``.
    private let joins: JoinCount

    init(connection: SerialConnection, joins: JoinCount) {
        self.connection = connection
        self.joins = joins
    }

    /// Runs `body` with the helper ready to join `db`'s snapshot, or with nil when there is no
    /// helper or `db` has already read in its transaction (see the type's notes); then waits for
    /// the helper's work (interrupting what is left of it when `body` threw) and ends its
    /// transaction.
    ///
    /// - Parameters:
    ///   - helper: What ``SQLiteDatabase/readWithHelper(_:)`` handed the body, or nil.
    ///   - db: The body's connection, inside a transaction that has not read anything yet
    ///     (`BEGIN` just ran).
    ///   - body: The work; `shared` lives only while it runs.
    /// - Throws: `CancellationError` when the read was cancelled, or what `body` throws.
    public static func sharing<T>(
        _ helper: SQLiteReadHelper?, snapshotOf db: SQLConnection, _ body: (_ shared: SQLiteSharedRead?) throws -> T
    ) throws -> T {
        guard let helper, let shared = try helper.begin(sameSnapshotAs: db) else { return try body(nil) }
        defer { shared.end() }
        return try body(shared)
    }

    /// Notes the helper's data version, then starts `db`'s snapshot; nil when `db` has read.
    private func begin(sameSnapshotAs db: SQLConnection) throws -> SQLiteSharedRead? {
        // NB: a transaction that has read holds its snapshot from before the helper's first
        // look, which proves nothing about it.
        guard db.isInTransaction, sqlite3_txn_state(db.handle, "main") == SQLITE_TXN_NONE else { return nil }
        connection.clearLentInterrupt()
        try state.withLock { state in
            if state.isCancelled { throw CancellationError() }
            state.isLent = true
        }
        do {
            let before = try connection.runLent { try $0.dataVersion }
            _ = try db.dataVersion
            return SQLiteSharedRead(helper: self, dataVersion: before)
        } catch {
            returned(inTransaction: false)
            throw error
        }
    }

    /// Opens the helper's transaction; false when a commit came in since `dataVersion` was read.
    fileprivate func join(dataVersion: Int64) throws -> Bool {
        try connection.runLent { helper -> Bool in
            try helper.execute("BEGIN DEFERRED")
            guard try helper.dataVersion == dataVersion else {
                helper.rollbackIfNeeded()
                return false
            }
            joins.value.add(1, ordering: .relaxed)
            return true
        }
    }

    /// The read was cancelled: interrupts the helper if it is working for the body.
    func cancel() {
        state.withLock { state in
            if state.isLent, !state.isCancelled { connection.interruptLent() }
            state.isCancelled = true
        }
    }

    /// The body is done with the helper: no interrupt reaches it any more, its transaction ends.
    fileprivate func returned(inTransaction: Bool = true) {
        state.withLock { $0.isLent = false }
        connection.clearLentInterrupt()
        if inTransaction { connection.runLent { $0.rollbackIfNeeded() } }
    }

    /// Stops the helper's running statement (the body threw and its work is not wanted).
    fileprivate func interrupt() {
        state.withLock { state in
            if state.isLent { connection.interruptLent() }
        }
    }
}

/// The helper lent to one transaction of the body's; see ``SQLiteReadHelper``.
public final class SQLiteSharedRead: Sendable {
    private let helper: SQLiteReadHelper
    /// The helper's data version before the body's snapshot began.
    private let dataVersion: Int64
    /// Whether the helper's transaction is open (true), could not be (false), or not tried yet.
    private let joined = Mutex<Bool?>(nil)
    private let running = DispatchGroup()

    fileprivate init(helper: SQLiteReadHelper, dataVersion: Int64) {
        self.helper = helper
        self.dataVersion = dataVersion
    }

    /// Starts `work` on the helper's connection, in the body's snapshot, and returns at once;
    /// work started earlier runs first. Ask ``SQLiteParallelRead/value()`` for its result.
    ///
    /// - Returns: nil when the helper cannot read the body's snapshot (a commit came in
    ///   before its transaction opened): do the work on the body's connection.
    /// - Throws: `CancellationError` when the read was cancelled, or a `SQLiteError` from
    ///   opening the helper's transaction.
    public func start<T: Sendable>(_ work: @escaping @Sendable (SQLConnection) throws -> T) throws -> SQLiteParallelRead<T>? {
        // NB: only the body's thread calls this, so the lock only publishes `joined` to `end`.
        let isJoined = try joined.withLock { joined in
            if joined == nil { joined = try helper.join(dataVersion: dataVersion) }
            return joined == true
        }
        guard isJoined else { return nil }
        let read = SQLiteParallelRead<T>()
        running.enter()
        helper.connection.startLent { [running] connection in
            read.finish(Result { try work(connection) })
            running.leave()
        }
        return read
    }

    /// Waits for the work started here, interrupting it first when it is still running (the
    /// body did not ask for its result, because it threw), then ends the transaction.
    fileprivate func end() {
        if running.wait(timeout: .now()) == .timedOut {
            helper.interrupt()
            running.wait()
        }
        // NB: a `join` that threw may have left BEGIN behind; `false` rolled back already.
        helper.returned(inTransaction: joined.withLock { $0 } != false)
    }
}

/// Work started on a helper (``SQLiteSharedRead/start(_:)``), running in parallel.
public final class SQLiteParallelRead<T: Sendable>: Sendable {
    private let result = Mutex<Result<T, any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    fileprivate init() {}

    fileprivate func finish(_ outcome: Result<T, any Error>) {
        result.withLock { $0 = outcome }
        done.signal()
    }

    /// Waits for the work and returns what it returned.
    ///
    /// - Throws: What the work threw: `CancellationError` when the read was cancelled, or a
    ///   `SQLiteError`.
    public func value() throws -> T {
        done.wait()
        done.signal()
        return try result.withLock { $0! }.get()
    }
}
