public import TroveQuery

// The typed fetches of `SQLConnection`, each in one `read` (or one `write` for `execute`), for
// code that has a `SQLiteDatabase` and no connection.

extension SQLiteDatabase {
    /// Every row of a select, decoded as the statement's row type, on a reader.
    ///
    /// ```swift
    /// let flagged = try await database.fetchAll(ReminderTable.where { $0.isFlagged }.select { ($0.id, $0.title) })
    /// // SELECT "reminders"."id", "reminders"."title" FROM "reminders" WHERE ("reminders"."is_flagged")
    /// ```
    /// - Throws: As `SQLConnection.fetchAll(_:)`; `CancellationError` when the task is cancelled.
    public func fetchAll<Scope, Value: Sendable>(_ query: SQLSelect<Scope, Value>) async throws -> [Value] {
        try await read { db in try db.fetchAll(query) }
    }

    /// The first row of a select, decoded, or nil, on a reader.
    ///
    /// ```swift
    /// let title = try await database.fetchOne(ReminderTable.where { $0.id == 7 }.select { $0.title })
    /// // SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."id" = ?)
    /// ```
    /// - Throws: As `SQLConnection.fetchOne(_:)`.
    public func fetchOne<Scope, Value: Sendable>(_ query: SQLSelect<Scope, Value>) async throws -> Value? {
        try await read { db in try db.fetchOne(query) }
    }

    /// Every row of a statement as an app's `Decodable` type, matched by column name, on a reader.
    ///
    /// ```swift
    /// let todos = try await database.fetchAll(ReminderTable.where { $0.isFlagged }, as: Todo.self)
    /// // SELECT "reminders".* FROM "reminders" WHERE ("reminders"."is_flagged")
    /// ```
    /// - Throws: `SQLiteRowDecodingError` naming the column and the Swift type; as `SQLConnection.fetchAll(_:as:)`.
    public func fetchAll<Record: Decodable & Sendable>(
        _ query: some SQLStatement, as type: Record.Type
    ) async throws -> [Record] {
        try await read { db in try db.fetchAll(query, as: type) }
    }

    /// The first row of a statement as an app's `Decodable` type, or nil, on a reader.
    ///
    /// ```swift
    /// let todo = try await database.fetchOne(ReminderTable.where { $0.id == 7 }, as: Todo.self)
    /// // SELECT "reminders".* FROM "reminders" WHERE ("reminders"."id" = ?)
    /// ```
    /// - Throws: As ``fetchAll(_:as:)``.
    public func fetchOne<Record: Decodable & Sendable>(
        _ query: some SQLStatement, as type: Record.Type
    ) async throws -> Record? {
        try await read { db in try db.fetchOne(query, as: type) }
    }

    /// How many rows a select returns, on a reader.
    ///
    /// ```swift
    /// try await database.fetchCount(ReminderTable.where { $0.isFlagged })
    /// // SELECT count(*) FROM "reminders" WHERE ("reminders"."is_flagged")
    /// ```
    /// - Throws: As `SQLConnection.fetchCount(_:)`.
    public func fetchCount<Scope, Value>(_ query: SQLSelect<Scope, Value>) async throws -> Int {
        try await read { db in try db.fetchCount(query) }
    }

    /// Runs an `INSERT`, `UPDATE` or `DELETE` on the writer, in its own transaction.
    ///
    /// ```swift
    /// try await database.execute(ReminderTable.where { $0.id == 7 }.update { $0.isFlagged.set(true) })
    /// // BEGIN IMMEDIATE; UPDATE "reminders" SET "is_flagged" = ? WHERE ("reminders"."id" = ?); COMMIT
    /// ```
    /// - Returns: How many rows it changed.
    /// - Throws: As `SQLConnection.execute(_:)`, and as ``write(_:)``.
    @discardableResult
    public func execute(_ statement: some SQLStatement) async throws -> Int {
        try await write { db in try db.execute(statement) }
    }
}
