public import TroveQuery

/// One statement prepared once and run many times with fresh values: for bulk work, such as
/// an import, where each row should cost a bind and a step, not a render, a hash of the SQL
/// text and a cache lookup.
///
/// ```swift
/// let insert = try db.prepare(TagTable.insert { $0.name.set("") }.sql)
/// for name in ["home", "work"] {
///     try insert.execute([.text(name)])  // INSERT INTO "tags" ("name") VALUES (?)
/// }
/// ```
///
/// It stays apart from the connection's statement cache, so nothing evicts it while it is held.
///
/// > Important: Use it only where its connection may be used: inside the `read` or `write` body
/// > that made it, on that body's thread. Like `SQLConnection`, it is not `Sendable`.
public final class PreparedStatement {
    // NB: keeps the connection, and so the sqlite3 handle, alive as long as the statement.
    private let connection: SQLConnection
    private let statement: Statement

    init(connection: SQLConnection, statement: Statement) {
        self.connection = connection
        self.statement = statement
    }

    /// The SQL text SQLite prepared, with `?` for every value.
    public var sql: String { statement.sql }

    /// Binds `bindings` in order, runs the statement to completion, discarding any rows, and
    /// resets it for the next run, even after an error.
    ///
    /// ```swift
    /// try insert.execute([.text("home")])
    /// db.lastInsertRowID  // the new tag's id
    /// ```
    ///
    /// - Parameter bindings: One value per `?`, in order.
    /// - Throws: `SQLiteError` carrying the SQL and (hidden) bindings, also when the count of
    ///   values does not match the placeholders; `CancellationError` when interrupted.
    public func execute(_ bindings: [SQLBinding]) throws {
        defer { connection.release(statement) }
        try statement.bind(bindings)
        while try statement.step() {}
    }

    /// Binds `bindings`, steps once and returns the first column of the first row, decoded;
    /// nil when there is no row or the value is NULL. Resets the statement for the next run.
    ///
    /// ```swift
    /// let find = try db.prepare(ReminderTable.where { $0.uid == "" }.select { $0.id }.sql)
    /// try find.fetchValue([.text(uid)], as: Int64.self)  // SELECT "reminders"."id" … WHERE ("reminders"."uid" = ?)
    /// ```
    ///
    /// - Throws: `SQLiteError`, or `SQLDecodingError` when the value does not decode to `T`.
    public func fetchValue<T: SQLBindable>(_ bindings: [SQLBinding], as type: T.Type = T.self) throws -> T? {
        defer { connection.release(statement) }
        try statement.bind(bindings)
        guard try statement.step() else { return nil }
        let value = statement.value(at: 0)
        if case .null = value { return nil }
        return try T(decoding: value)
    }

    /// Binds `bindings`, steps once and returns the first row, or nil when there is none.
    /// Resets the statement for the next run.
    ///
    /// ```swift
    /// let find = try db.prepare(TagTable.where { $0.name == "" }.select { ($0.id, $0.name) }.sql)
    /// try find.fetchOne([.text("Errand")])  // SELECT "tags"."id", "tags"."name" FROM "tags" WHERE ("tags"."name" = ?)
    /// // SQLiteRow(columnNames: ["id", "name"], values: [.integer(4), .text("errand")])
    /// ```
    ///
    /// - Throws: `SQLiteError`, or `CancellationError` when interrupted.
    public func fetchOne(_ bindings: [SQLBinding]) throws -> SQLiteRow? {
        defer { connection.release(statement) }
        try statement.bind(bindings)
        return try statement.step() ? statement.row() : nil
    }

    /// Binds `bindings`, steps to the last row and returns them all. Resets the statement for
    /// the next run.
    ///
    /// ```swift
    /// let links = try db.prepare(ReminderTagTable.where { $0.reminderID == 0 }.select { $0.tagID }.sql)
    /// try links.fetchAll([.integer(7)])  // SELECT "reminder_tags"."tag_id" FROM "reminder_tags" WHERE ("reminder_tags"."reminder_id" = ?)
    /// // [SQLiteRow(columnNames: ["tag_id"], values: [.integer(4)]), …]
    /// ```
    ///
    /// - Throws: `SQLiteError`, or `CancellationError` when interrupted.
    public func fetchAll(_ bindings: [SQLBinding]) throws -> [SQLiteRow] {
        defer { connection.release(statement) }
        try statement.bind(bindings)
        var rows: [SQLiteRow] = []
        while try statement.step() { rows.append(statement.row()) }
        return rows
    }
}

extension SQLConnection {
    /// Prepares `sql` once for ``PreparedStatement/execute(_:)`` to run many times.
    ///
    /// ```swift
    /// let link = try db.prepare(ReminderTagTable.insert { $0.reminderID.set(0); $0.tagID.set(0) }.sql)
    /// // INSERT INTO "reminder_tags" ("reminder_id", "tag_id") VALUES (?, ?)
    /// ```
    ///
    /// - Parameter sql: One statement. Only its shape counts: the values bound in it are
    ///   placeholders, and each run binds its own.
    /// - Returns: The statement, ready to run.
    /// - Throws: `SQLiteError` when SQLite cannot prepare it, or it holds more than one statement.
    ///
    /// See https://www.sqlite.org/c3ref/prepare.html
    public func prepare(_ sql: SQLFragment) throws -> PreparedStatement {
        let statement = try Statement.prepare(
            sql.render().sql, db: handle, persistent: true, interruptState: interruptState)
        return PreparedStatement(connection: self, statement: statement)
    }
}
