import Synchronization

extension SQLiteDatabase {
    /// Runs `body` with a reader connection, as ``read(_:)`` does, and a second idle reader to
    /// run part of the work in parallel (``SQLiteReadHelper``), or nil when none is idle (or
    /// the database has no readers of its own, as in memory).
    ///
    /// ```swift
    /// try await database.readWithHelper { db, helper in
    ///     try db.transaction {
    ///         try SQLiteReadHelper.sharing(helper, snapshotOf: db) { shared in … }
    ///     }
    /// }
    /// ```
    ///
    /// NB: the second reader is taken only when it is idle and nobody waits for one, so a
    /// busy program reads as before, one connection per read, and never waits longer for it.
    ///
    /// - Throws: `CancellationError` when the task is cancelled before or during the body (both
    ///   connections' statements are interrupted); otherwise what `body` throws.
    public func readWithHelper<T: Sendable>(
        _ body: @Sendable (SQLConnection, SQLiteReadHelper?) throws -> T
    ) async throws -> T {
        guard !readersShareWriter else { return try await read { db in try body(db, nil) } }
        try Task.checkCancellation()
        return try await readers.withReader { reader in
            try await readers.withIdleReader { second in
                let helper = second.map { SQLiteReadHelper(connection: $0, joins: helperJoins) }
                return try await withTaskCancellationHandler {
                    try await reader.run(interruptible: true, queryOnly: false) { db in try body(db, helper) }
                } onCancel: {
                    helper?.cancel()
                }
            }
        }
    }
}

/// A counter shared by a database and the helpers it lends.
final class JoinCount: Sendable {
    let value = Atomic<Int>(0)
}
