/// Rows read one at a time, straight from SQLite, so a large result is never held in memory.
///
/// ```swift
/// let cursor = try db.cursor("SELECT id, title FROM reminders ORDER BY id")
/// while let row = try cursor.next() {  // steps the statement once per call
///     print(row)
/// }
/// ```
///
/// The cursor holds its statement until it returns nil, throws, or goes away; meanwhile the
/// same SQL run elsewhere on the connection prepares a second statement rather than disturb it.
///
/// > Important: Use a cursor only where its connection may be used: inside the `read` or
/// > `write` body that made it, on that body's thread. Like `SQLConnection`, it is not `Sendable`.
/// > Finish or drop it before the body returns: an open cursor keeps a read transaction (and
/// > its snapshot) alive.
public final class SQLiteRowCursor {
    // NB: keeps the connection, and so the sqlite3 handle, alive as long as the statement.
    private let connection: SQLConnection
    private var statement: Statement?

    init(connection: SQLConnection, statement: Statement) {
        self.connection = connection
        self.statement = statement
    }

    deinit {
        if let statement { connection.release(statement) }
    }

    /// The column names, even before the first row.
    public var columnNames: [String] { statement?.columnNames ?? [] }

    /// The next row, or nil when there are no more.
    ///
    /// - Throws: `SQLiteError`, or `CancellationError` when interrupted. Either ends the cursor.
    public func next() throws -> SQLiteRow? {
        guard let statement else { return nil }
        do {
            if try statement.step() { return statement.row() }
        } catch {
            finish()
            throw error
        }
        finish()
        return nil
    }

    /// Lets the statement go now rather than at `deinit`.
    public func finish() {
        if let statement { connection.release(statement) }
        statement = nil
    }
}
