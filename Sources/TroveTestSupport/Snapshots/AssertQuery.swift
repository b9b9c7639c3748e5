public import TroveQuery
public import TroveSQLite

/// Runs a query-builder statement and asserts two inline snapshots: its SQL, laid out with the
/// bindings inlined, and the rows it returns as a table.
///
/// ```swift
/// @Test func flaggedOpenReminders() async throws {
///     let store = try await seededStore()
///     await assertQuery(
///         ReminderTable.where { $0.isFlagged && !$0.isCompleted }.select { ($0.id, $0.title) }.order { $0.id },
///         on: store.database
///     ) {
///         """
///         SELECT
///           "reminders"."id",
///           "reminders"."title"
///         FROM "reminders"
///         WHERE (("reminders"."is_flagged") AND (NOT ("reminders"."is_completed")))
///         ORDER BY
///           "reminders"."id"
///         """
///     } results: {
///         """
///         id   title
///         ---  ------------------------------------------
///         51   Dentist appointment
///         61   Use the ISA allowance before 5 April
///         …
///         """
///     }
/// }
/// ```
///
/// Cells show text as it is, numbers as SQLite returns them, `NULL` for null and `x'…'` for
/// blobs. An SQL error is recorded as `error: <message>` in place of the table.
///
/// - Parameters:
///   - statement: A `SQLSelect` (or any `SQLStatement`) from the builder.
///   - database: Where to run it, in a read transaction.
///   - sql: The recorded SQL; nil or empty to record it.
///   - results: The recorded table; nil or empty to record it.
///   - fileID: The test's file, for the snapshot recorder; leave the default.
///   - filePath: The test's file path, where inline snapshots are written; leave the default.
///   - function: The test's name; leave the default.
///   - line: The call's line, where its snapshots are found; leave the default.
///   - column: The call's column; leave the default.
public func assertQuery(
    _ statement: some SQLStatement,
    on database: SQLiteDatabase,
    sql: (() -> String)? = nil,
    results: (() -> String)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
) async {
    let query = statement.sql
    let table: String
    do {
        table = queryTable(try await database.read { db in try db.fetchAll(query) })
    } catch {
        table = "error: \(error)"
    }
    assertTwoSnapshots(
        sql: layOutSQL(query.debugDescription), results: table, expectedSQL: sql, expectedResults: results,
        fileID: fileID, filePath: filePath, function: function, line: line, column: column)
}

/// `assertQuery(_:on:…)` on a connection: one of the test's own, or the one a `read` body is
/// given, where it records, compares and fails just as it does outside (a body runs inside the
/// test's task).
///
/// ```swift
/// try await database.read { db in
///     assertQuery(Note.all.select { ($0.id, $0.title) }, on: db) { … } results: { … }
/// }
/// ```
public func assertQuery(
    _ statement: some SQLStatement,
    on db: SQLConnection,
    sql: (() -> String)? = nil,
    results: (() -> String)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    let query = statement.sql
    let table: String
    do {
        table = queryTable(try db.fetchAll(query))
    } catch {
        table = "error: \(error)"
    }
    assertTwoSnapshots(
        sql: layOutSQL(query.debugDescription), results: table, expectedSQL: sql, expectedResults: results,
        fileID: fileID, filePath: filePath, function: function, line: line, column: column)
}

/// The rows as the results snapshot shows them.
private func queryTable(_ rows: [SQLiteRow]) -> String {
    rows.isEmpty ? "(no rows)" : renderTable(rows.map { $0.values.map(cellText) }, header: rows[0].columnNames)
}

private func cellText(_ value: SQLBinding) -> String {
    switch value {
    case .text(let text): text
    case .null, .integer, .double, .blob: value.description
    }
}
