public import TroveQuery

// Statements from the query builder, run and decoded: as the select's own typed row (the
// tuple its `select` names), or as an app's `Decodable` type, column by column NAME.

extension SQLConnection {
    /// Every row of a select, decoded as the statement's row type.
    ///
    /// ```swift
    /// let open = try db.fetchAll(ReminderTable.where { !$0.isCompleted }.select { ($0.id, $0.title) })
    /// // SELECT "reminders"."id", "reminders"."title" FROM "reminders" WHERE (NOT ("reminders"."is_completed"))
    /// // [(1, "Buy milk"), (2, "Take a walk"), …]: [(Int64, String)]
    /// ```
    /// - Parameter query: A select from the query builder.
    /// - Returns: The rows, in the order SQLite produced them.
    /// - Throws: `SQLiteError`; `SQLiteRowError.cannotDecode` naming the column and the Swift type a
    ///   value did not fit; `CancellationError` when interrupted.
    public func fetchAll<Scope, Value>(_ query: SQLSelect<Scope, Value>) throws -> [Value] {
        let statement = try checkout(query.sql)
        defer { release(statement) }
        var values: [Value] = []
        while try statement.step() {
            values.append(try Self.decode(statement.row(), with: query))
        }
        return values
    }

    /// The first row of a select, decoded, or nil when there is none. Stops after that row.
    ///
    /// ```swift
    /// let title = try db.fetchOne(ReminderTable.where { $0.id == 7 }.select { $0.title })
    /// // SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."id" = ?)
    /// ```
    /// - Returns: The first row, or nil.
    /// - Throws: As `fetchAll(_:)`.
    public func fetchOne<Scope, Value>(_ query: SQLSelect<Scope, Value>) throws -> Value? {
        let statement = try checkout(query.sql)
        defer { release(statement) }
        return try statement.step() ? try Self.decode(statement.row(), with: query) : nil
    }

    /// Every row of a select, decoded as an app's own `Decodable` type: each property from the
    /// column its coding key names (use `CodingKeys` or `AS` aliases to map the names; a
    /// `@SQLRecord` struct maps them itself, through `SQLTable.columnNamesByCodingKey`).
    ///
    /// ```swift
    /// struct Todo: Decodable { var id: Int64; var title: String; var priority: Priority; var due_date: DueDate? }
    /// let todos = try db.fetchAll(ReminderTable.where { $0.isFlagged }, as: Todo.self)
    /// // SELECT "reminders".* FROM "reminders" WHERE ("reminders"."is_flagged")
    /// ```
    /// A property whose type is `SQLBindable` decodes as a builder column of it would; an
    /// optional property is nil for NULL or for a column the row lacks.
    ///
    /// - Parameters:
    ///   - query: Any statement that returns rows.
    ///   - type: The type to decode each row as.
    /// - Returns: One value per row.
    /// - Throws: `SQLiteRowDecodingError` naming the column and the Swift type for a missing column,
    ///   a NULL into a property that is not optional, or a value of the wrong type;
    ///   `SQLiteError`; `CancellationError` when interrupted.
    public func fetchAll<Record: Decodable>(_ query: some SQLStatement, as type: Record.Type) throws -> [Record] {
        try fetchAll(query.sql, as: type)
    }

    /// `fetchAll(_:as:)` for SQL written as a fragment.
    ///
    /// ```swift
    /// try db.fetchAll("SELECT id, title FROM reminders WHERE priority > \(1)", as: Todo.self)
    /// // SELECT id, title FROM reminders WHERE priority > ?
    /// ```
    public func fetchAll<Record: Decodable>(_ sql: SQLFragment, as type: Record.Type) throws -> [Record] {
        let statement = try checkout(sql)
        defer { release(statement) }
        var records: [Record] = []
        let record = String(describing: Record.self), columns = RowDecoder.renamedColumns(of: Record.self)
        while try statement.step() {
            records.append(try Record(from: RowDecoder(row: statement.row(), record: record, columns: columns)))
        }
        return records
    }

    /// The first row of a statement as an app's `Decodable` type, or nil when there is none.
    ///
    /// ```swift
    /// let todo = try db.fetchOne(ReminderTable.where { $0.id == 7 }, as: Todo.self)
    /// // SELECT "reminders".* FROM "reminders" WHERE ("reminders"."id" = ?)
    /// ```
    /// - Throws: As `fetchAll(_:as:)`.
    public func fetchOne<Record: Decodable>(_ query: some SQLStatement, as type: Record.Type) throws -> Record? {
        try fetchOne(query.sql, as: type)
    }

    /// `fetchOne(_:as:)` for SQL written as a fragment.
    ///
    /// ```swift
    /// try db.fetchOne("SELECT id, title FROM reminders WHERE id = \(7)", as: Todo.self)
    /// // SELECT id, title FROM reminders WHERE id = ?
    /// ```
    public func fetchOne<Record: Decodable>(_ sql: SQLFragment, as type: Record.Type) throws -> Record? {
        let statement = try checkout(sql)
        defer { release(statement) }
        guard try statement.step() else { return nil }
        return try Record(from: RowDecoder(
            row: statement.row(), record: String(describing: Record.self), columns: RowDecoder.renamedColumns(of: Record.self)))
    }

    /// How many rows a select returns, counted by SQLite without reading them.
    ///
    /// ```swift
    /// try db.fetchCount(ReminderTable.where { $0.isFlagged })
    /// // SELECT count(*) FROM "reminders" WHERE ("reminders"."is_flagged")
    /// try db.fetchCount(ReminderTable.all.select { $0.listID }.distinct())
    /// // SELECT count(*) FROM (SELECT DISTINCT "reminders"."list_id" FROM "reminders")
    /// ```
    /// Its ordering is dropped; a select with `LIMIT`, `OFFSET`, `GROUP BY` or `DISTINCT` is
    /// counted as a subquery, so the count is always the number of rows `fetchAll(_:)` returns.
    ///
    /// - Returns: The number of rows.
    /// - Throws: `SQLiteError`, or `CancellationError` when interrupted.
    public func fetchCount<Scope, Value>(_ query: SQLSelect<Scope, Value>) throws -> Int {
        try fetchOne(query.count()) ?? 0
    }

    /// Runs an `INSERT`, `UPDATE` or `DELETE` from the query builder.
    ///
    /// ```swift
    /// try db.execute(ReminderTable.where { $0.id == 7 }.update { $0.isFlagged.set(true) })
    /// // UPDATE "reminders" SET "is_flagged" = ? WHERE ("reminders"."id" = ?)
    /// ```
    /// - Parameter statement: Any statement; rows it returns are discarded.
    /// - Returns: How many rows it inserted, changed or deleted (`sqlite3_changes64`).
    /// - Throws: `SQLiteError` carrying the SQL (bound values hidden).
    @discardableResult
    public func execute(_ statement: some SQLStatement) throws -> Int {
        try execute(statement.sql)
        return changes
    }

    /// A row of `query` decoded by its own decoder; a failure names the column it was in.
    static func decode<Scope, Value>(_ row: SQLiteRow, with query: SQLSelect<Scope, Value>) throws -> Value {
        do throws(SQLDecodingError) {
            return try query.decode(row.values)
        } catch {
            let index = error.columnIndex ?? 0
            let name = row.columnNames.indices.contains(index) ? row.columnNames[index] : "#\(index)"
            throw SQLiteRowError.cannotDecode(column: name, index: index, error)
        }
    }
}
