import CSQLite
import Synchronization

/// What a `SQLiteDatabase` holds open right now, for tests that prove nothing leaked.
package struct DatabaseDiagnostics: Hashable, Sendable {
    /// Statements that have stepped but not been reset, over every connection: each one pins
    /// a read snapshot (or a lock) until it is reset or finalized.
    package var busyStatements: Int
    /// Readers in the pool that nobody holds.
    package var idleReaders: Int
    /// Readers the pool was made with.
    package var readers: Int
    /// Callers queued for a reader.
    package var waitingReaders: Int
    /// Helper transactions opened in a body's snapshot (``SQLiteSharedRead/start(_:)``) since
    /// the database was opened.
    package var helperJoins: Int = 0
}

extension SQLiteDatabase {
    /// Counts busy statements on every connection, and the pool's idle and waiting readers.
    ///
    /// ```swift
    /// let d = await database.diagnostics()
    /// d.busyStatements == 0 && d.idleReaders == d.readers   // nothing left open
    /// ```
    ///
    /// Each connection is inspected on its own queue, after any body already queued there, via
    /// `sqlite3_next_stmt` and `sqlite3_stmt_busy`. Readers are visited without being taken from
    /// the pool, so the idle count is what callers see. See https://www.sqlite.org/c3ref/next_stmt.html
    package func diagnostics() async throws -> DatabaseDiagnostics {
        var busy = 0
        var connections = [writer]
        if !readersShareWriter { connections += readers.readers }
        for connection in connections {
            busy += try await connection.run(interruptible: false, queryOnly: false) { db in db.busyStatementCount() }
        }
        let (idle, waiting) = readers.occupancy()
        return DatabaseDiagnostics(
            busyStatements: busy, idleReaders: idle, readers: readers.readers.count, waitingReaders: waiting,
            helperJoins: helperJoins.value.load(ordering: .relaxed))
    }
}

extension SQLConnection {
    /// Prepared statements on this connection that have stepped and not been reset.
    package func busyStatementCount() -> Int {
        var count = 0
        var statement = sqlite3_next_stmt(handle, nil)
        while let current = statement {
            if sqlite3_stmt_busy(current) != 0 { count += 1 }
            statement = sqlite3_next_stmt(handle, current)
        }
        return count
    }
}

extension ReaderPool {
    /// Idle readers and queued callers, read under the pool's lock.
    func occupancy() -> (idle: Int, waiting: Int) {
        queue.withLock { ($0.idle.count, $0.waiters.count) }
    }
}
