import TroveQuery

/// How `BEGIN` takes its locks. See https://www.sqlite.org/lang_transaction.html
public enum TransactionKind: Sendable, Hashable {
    /// No lock until the first read or write.
    case deferred
    /// The write lock at once: later writes in the transaction cannot fail with `SQLITE_BUSY`.
    case immediate
    /// Like immediate; in rollback-journal mode it also keeps readers out.
    case exclusive

    var beginSQL: String {
        switch self {
        case .deferred: "BEGIN DEFERRED"
        case .immediate: "BEGIN IMMEDIATE"
        case .exclusive: "BEGIN EXCLUSIVE"
        }
    }
}

extension SQLConnection {
    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
    ///
    /// ```swift
    /// try db.transaction(.immediate) {       // BEGIN IMMEDIATE
    ///     try db.execute("INSERT INTO tags(name) VALUES (\("home"))")
    /// }                                       // COMMIT
    /// ```
    ///
    /// Transactions do not nest; use `savepoint` inside one.
    ///
    /// - Parameters:
    ///   - kind: `BEGIN DEFERRED`, `IMMEDIATE` or `EXCLUSIVE`.
    ///   - body: The work; its error rolls everything back and is rethrown.
    /// - Returns: What `body` returned.
    /// - Throws: `body`'s error, or `SQLiteError` from BEGIN or COMMIT (after rolling back).
    ///
    /// See https://www.sqlite.org/lang_transaction.html
    public func transaction<T>(_ kind: TransactionKind = .deferred, _ body: () throws -> T) throws -> T {
        try execute(SQLFragment(raw: kind.beginSQL))
        let result: T
        do {
            result = try body()
            try execute("COMMIT")
        } catch {
            rollbackIfNeeded()
            throw error
        }
        return result
    }

    /// Runs `body` inside a savepoint: released when it returns, rolled back to when it throws,
    /// keeping the outer transaction's work. Nests to any depth.
    ///
    /// ```swift
    /// try db.transaction {
    ///     try db.execute("INSERT INTO tags(name) VALUES (\("kept"))")
    ///     try? db.savepoint {                 // SAVEPOINT trove_savepoint_1
    ///         try db.execute("INSERT INTO tags(name) VALUES (\("dropped"))")
    ///         throw CancellationError()       // ROLLBACK TO trove_savepoint_1; RELEASE trove_savepoint_1
    ///     }
    /// }                                       // COMMIT: only "kept" is saved
    /// ```
    ///
    /// Outside a transaction, the savepoint starts one and its release commits it.
    ///
    /// See https://www.sqlite.org/lang_savepoint.html
    public func savepoint<T>(_ body: () throws -> T) throws -> T {
        // NB: named after the nesting depth, so nested savepoints never share a name (a name
        // only matters among the savepoints open at once) and the statement cache holds a few
        // names rather than one per savepoint ever made.
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "trove_savepoint_\(savepointDepth)"
        try execute("SAVEPOINT \(raw: name)")
        let result: T
        do {
            result = try body()
        } catch {
            if isInTransaction {
                try? execute("ROLLBACK TO \(raw: name)")
                try? execute("RELEASE \(raw: name)")
            }
            throw error
        }
        try execute("RELEASE \(raw: name)")
        return result
    }

    /// Rolls back unless SQLite already did (some errors end the transaction themselves).
    func rollbackIfNeeded() {
        if isInTransaction { try? execute("ROLLBACK") }
    }
}
