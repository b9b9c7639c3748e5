/// An `INSERT` of one or more rows, with optional `ON CONFLICT` and `RETURNING`.
///
/// ```swift
/// Reminder.insert { $0.listID.set(1); $0.title.set("Milk") }.returning { $0.id }
/// // INSERT INTO "reminders" ("list_id", "title") VALUES (?, ?) RETURNING "id"
/// ```
public struct SQLInsert<T: SQLTable, Row>: SQLStatement {
    /// Column names, unquoted, in the order of every row's values.
    public private(set) var columns: [String]
    var rows: [[SQLFragment]]
    var conflict: SQLFragment?
    var returningList: SQLFragment?
    var decoder: @Sendable ([SQLBinding]) throws(SQLDecodingError) -> Row

    /// `INSERT INTO "table" (…) VALUES (…), (…) [ON CONFLICT …] [RETURNING …]`, or
    /// `DEFAULT VALUES` for one row with no assignments.
    public var sql: SQLFragment {
        var sql: SQLFragment = "INSERT INTO \(identifier: T.tableName)"
        if columns.isEmpty {
            sql += " DEFAULT VALUES"
        } else {
            sql += " (\(columns.map { SQLFragment(identifier: $0) }.joined(separator: ", "))) VALUES "
            sql += rows.map { "(\($0.joined(separator: ", ")))" as SQLFragment }.joined(separator: ", ")
        }
        if let conflict { sql += conflict }
        if let returningList { sql += " RETURNING \(returningList)" }
        return sql
    }

    /// Decodes one row of `RETURNING` output.
    public func decode(_ values: [SQLBinding]) throws(SQLDecodingError) -> Row {
        try decoder(values)
    }

    /// `ON CONFLICT DO NOTHING`: skips rows that would violate a uniqueness constraint.
    ///
    /// ```swift
    /// Tag.insert { $0.name.set("home") }.onConflictDoNothing()
    /// // INSERT INTO "tags" ("name") VALUES (?) ON CONFLICT DO NOTHING
    /// ```
    public func onConflictDoNothing() -> Self {
        var copy = self
        copy.conflict = " ON CONFLICT DO NOTHING"
        return copy
    }

    /// `ON CONFLICT (…) DO UPDATE SET …`: an upsert. `$0.column.excluded` is the value that
    /// failed to insert.
    ///
    /// ```swift
    /// Tag.insert { $0.id.set(1); $0.name.set("home") }
    ///     .onConflict { $0.id } doUpdate: { $0.name.set($0.name.excluded) }
    /// // INSERT INTO "tags" ("id", "name") VALUES (?, ?) ON CONFLICT ("id") DO UPDATE SET "name" = "excluded"."name"
    /// ```
    /// - Parameters:
    ///   - target: The columns of the unique index or primary key, unqualified.
    ///   - assignments: What to set on the existing row.
    public func onConflict(
        @ExpressionListBuilder _ target: (T.Columns) -> [SQLFragment],
        @AssignmentBuilder doUpdate assignments: (TableScope<T>) -> [Assignment]
    ) -> Self {
        var copy = self
        let sets = assignments(TableScope<T>()).map { "\(identifier: $0.column) = \($0.value)" as SQLFragment }
        copy.conflict = " ON CONFLICT (\(target(T.columns).joined(separator: ", "))) DO UPDATE SET \(sets.joined(separator: ", "))"
        return copy
    }

    /// `RETURNING …` of the inserted rows, typed like ``SQLSelect/select(_:)``.
    ///
    /// ```swift
    /// List.insert { $0.name.set("Home") }.returning { $0.id }
    /// // INSERT INTO "lists" ("name") VALUES (?) RETURNING "id"
    /// ```
    public func returning<each E: SQLTypedExpression>(
        _ columns: (T.Columns) -> (repeat each E)
    ) -> SQLInsert<T, (repeat (each E).QueryValue)> {
        let selection = typedSelection(repeat each columns(T.columns))
        return SQLInsert<T, (repeat (each E).QueryValue)>(
            columns: self.columns, rows: rows, conflict: conflict, returningList: selection.sql, decoder: selection.decode)
    }
}

extension SQLTable {
    /// Inserts one row with the assigned columns; the others take their defaults.
    ///
    /// ```swift
    /// Reminder.insert { $0.listID.set(1); $0.title.set("Milk") }
    /// // INSERT INTO "reminders" ("list_id", "title") VALUES (?, ?)
    /// ```
    public static func insert(@AssignmentBuilder _ row: (TableScope<Self>) -> [Assignment]) -> SQLInsert<Self, Void> {
        let assignments = row(TableScope<Self>())
        return SQLInsert(
            columns: assignments.map(\.column), rows: [assignments.map(\.value)],
            conflict: nil, returningList: nil, decoder: { _ throws(SQLDecodingError) in })
    }

    /// Inserts one row per element, in a single statement.
    ///
    /// ```swift
    /// Tag.insert(["home", "work"]) { $0.name.set($1) }
    /// // INSERT INTO "tags" ("name") VALUES (?), (?)
    /// ```
    /// > Important: `elements` must not be empty, and every row must assign the same columns in
    /// > the same order; both are programmer errors and stop the program.
    public static func insert<S: Sequence>(
        _ elements: S, @AssignmentBuilder _ row: (TableScope<Self>, S.Element) -> [Assignment]
    ) -> SQLInsert<Self, Void> {
        let scope = TableScope<Self>()
        let built = elements.map { row(scope, $0) }
        precondition(!built.isEmpty, "insert into \(tableName) was given no rows; skip the statement instead")
        let columns = built[0].map(\.column)
        for assignments in built {
            precondition(
                assignments.map(\.column) == columns,
                "every row inserted into \(tableName) must assign \(columns) in that order")
        }
        return SQLInsert(
            columns: columns, rows: built.map { $0.map(\.value) },
            conflict: nil, returningList: nil, decoder: { _ throws(SQLDecodingError) in })
    }
}
