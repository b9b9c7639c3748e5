import CSQLite
import Foundation
public import TroveQuery

extension SQLConnection {
    /// Runs a script of one or more `;`-separated statements with nothing bound, such as a migration.
    ///
    /// ```swift
    /// try db.execute("""
    ///     CREATE TABLE tags(name TEXT);
    ///     CREATE INDEX tags_name ON tags(name);
    ///     """)
    /// ```
    ///
    /// Each statement is prepared, run to completion and finalized in turn; none is cached.
    ///
    /// - Parameter sql: Trusted SQL text written in code.
    /// - Throws: `SQLiteError` naming the statement that failed; statements before it stay done.
    ///
    /// > Important: A string literal goes to `execute(_: SQLFragment)`, where interpolation binds
    /// > values; this overload is disfavoured so that `"… \(title)"` can never splice text into SQL.
    /// > A literal script with nothing bound still runs as a script there.
    ///
    /// See https://www.sqlite.org/c3ref/prepare.html
    @_disfavoredOverload
    public func execute(_ sql: String) throws {
        try sql.withCString { start in
            var next: UnsafePointer<CChar> = start
            while next.pointee != 0 {
                var prepared: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let rc = sqlite3_prepare_v2(handle, next, -1, &prepared, &tail)
                let end = tail ?? next + strlen(next)
                let text = String(decoding: UnsafeRawBufferPointer(start: next, count: end - next), as: UTF8.self)
                    .trimmingWhitespace()
                guard rc == SQLITE_OK else {
                    if rc & 0xFF == SQLITE_INTERRUPT { throw CancellationError() }
                    throw SQLiteError(db: handle, code: rc, sql: text)
                }
                next = end
                guard let prepared else { continue }  // only spaces or comments
                let statement = Statement(handle: prepared, db: handle, sql: text, interruptState: interruptState)
                while try statement.step() {}
            }
        }
    }

    /// Runs one statement with its bindings, discarding any rows; or, when nothing is bound, a
    /// script of several statements, as `execute(_: String)`.
    ///
    /// ```swift
    /// try db.execute("UPDATE reminders SET done = \(true) WHERE id = \(7)")
    /// // UPDATE reminders SET done = ? WHERE id = ?
    /// db.changes  // 1
    /// ```
    ///
    /// - Throws: `SQLiteError` carrying the SQL and (hidden) bindings.
    public func execute(_ sql: SQLFragment) throws {
        guard let statement = try checkout(sql, allowingScript: true) else {
            try execute(sql.render().sql)
            return
        }
        defer { release(statement) }
        while try statement.step() {}
    }

    /// Every row of a query.
    ///
    /// ```swift
    /// let rows = try db.fetchAll("SELECT id, title FROM reminders WHERE done = \(false)")
    /// ```
    ///
    /// - Returns: The rows, in the order SQLite produced them.
    /// - Throws: `SQLiteError`, or `CancellationError` when interrupted.
    public func fetchAll(_ sql: SQLFragment) throws -> [SQLiteRow] {
        let statement = try checkout(sql)
        defer { release(statement) }
        var rows: [SQLiteRow] = []
        while try statement.step() {
            rows.append(statement.row())
        }
        return rows
    }

    /// The first row of a query, or nil. Stops stepping after that row.
    ///
    /// ```swift
    /// let row = try db.fetchOne("SELECT * FROM reminders WHERE id = \(7)")
    /// ```
    public func fetchOne(_ sql: SQLFragment) throws -> SQLiteRow? {
        let statement = try checkout(sql)
        defer { release(statement) }
        return try statement.step() ? statement.row() : nil
    }

    /// The first column of the first row, decoded; nil when there is no row or the value is NULL.
    ///
    /// ```swift
    /// let count = try db.fetchValue("SELECT count(*) FROM reminders", as: Int.self)  // 42
    /// ```
    ///
    /// - Throws: `SQLiteError`, or `SQLiteRowError` when the value does not decode to `T`.
    public func fetchValue<T: SQLBindable>(_ sql: SQLFragment, as type: T.Type = T.self) throws -> T? {
        let statement = try checkout(sql)
        defer { release(statement) }
        guard try statement.step(), !statement.columnNames.isEmpty else { return nil }
        let value = statement.value(at: 0)
        if case .null = value { return nil }
        do {
            return try T(decoding: value)
        } catch {
            throw SQLiteRowError.cannotDecode(column: statement.columnNames[0], index: 0, error)
        }
    }

    /// A lazy cursor over a query's rows: each `next()` steps SQLite once.
    ///
    /// ```swift
    /// let cursor = try db.cursor("SELECT title FROM reminders")
    /// while let row = try cursor.next() { print(row[0]) }
    /// ```
    ///
    /// > Important: The cursor must not outlive the body it was made in; see `SQLiteRowCursor`.
    public func cursor(_ sql: SQLFragment) throws -> SQLiteRowCursor {
        SQLiteRowCursor(connection: self, statement: try checkout(sql))
    }

    // MARK: Statements

    /// A bound statement for `sql`, from the cache when an idle one is there.
    func checkout(_ sql: SQLFragment) throws -> Statement {
        // NB: never nil: a script is refused with SQLITE_MISUSE unless scripts are allowed.
        try checkout(sql, allowingScript: false)!
    }

    /// A bound statement for `sql`; with `allowingScript`, nil when `sql` holds several
    /// statements and nothing is bound, so the caller can run it as a script.
    ///
    /// - Throws: `SQLiteError`; `SQLITE_MISUSE` for several statements with values bound.
    func checkout(_ sql: SQLFragment, allowingScript: Bool) throws -> Statement? {
        let (text, bindings) = sql.render()
        let statement: Statement
        if let cached = statementCache.idleStatement(for: text) {
            statement = cached
        } else {
            // NB: a busy cached statement (an open cursor on the same SQL) is left alone; this
            // one is used once and finalized.
            let cacheable = !statementCache.contains(text)
            guard let prepared = try Statement.prepareUnlessScript(
                text, db: handle, persistent: cacheable, interruptState: interruptState)
            else {
                guard allowingScript, bindings.isEmpty else {
                    throw SQLiteError(
                        extendedCode: .misuse, message: Statement.multipleStatementsMessage, sql: text, bindings: bindings)
                }
                return nil
            }
            statement = prepared
            if cacheable { statementCache.insert(statement) }
        }
        statement.isInUse = true
        do {
            try statement.bind(bindings)
        } catch {
            release(statement)
            throw error
        }
        return statement
    }

    /// Resets a statement and clears its bindings, even after an error, so it can be reused.
    func release(_ statement: Statement) {
        statement.reset()
        statement.isInUse = false
    }

    /// How often the statement cache was used, for tests.
    var statementCacheStatistics: (hits: Int, misses: Int, count: Int) {
        (statementCache.hits, statementCache.misses, statementCache.count)
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
