import Foundation
import InlineSnapshotTesting
import TroveQuery
public import TroveSQLite
public import TroveSearch

/// Searches an app's `SearchIndex` and asserts two inline snapshots: the page's SQL and the
/// ranked hits, as `assertSearch` does for the reminders.
///
/// ```swift
/// let notes = try SearchIndex(
///     table: "notes", key: "id", fields: [.init("title", weight: 10), .init("body")], facets: ["folder"])
///
/// /// The app's schema and two notes in memory, and `notes` migrated.
/// func notesDatabase() async throws -> SQLiteDatabase {
///     let database = try SQLiteDatabase.inMemory()
///     try await database.writeWithoutTransaction { db in
///         try db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT, folder TEXT)")
///         try db.execute("""
///             INSERT INTO notes (id, title, body, folder) VALUES
///               (1, 'Sourdough loaf', 'Feed the starter', 'Baking'),
///               (2, 'Groceries', 'a jar for the sourdough starter', 'Shopping')
///             """)
///         try notes.migrate(db)
///     }
///     return database
/// }
///
/// @Test func titleHitComesFirst() async throws {
///     let database = try await notesDatabase()
///     await assertSearch("sourdough", in: notes, on: database) {
///         """
///         SELECT …
///         FROM "trove_notes_fts"
///         CROSS JOIN "notes" ON ("notes"."id" = "trove_notes_fts"."rowid")
///         WHERE ("trove_notes_fts" MATCH '"sourdough"*')
///         ORDER BY
///           "score" ASC,
///           "notes"."id" ASC
///         LIMIT 10 OFFSET 0
///         """
///     } results: {
///         """
///         #  key  rank   title             body                               snippet
///         -  ---  -----  ----------------  ---------------------------------  ---------------------------------
///         1  1    -0.53  [Sourdough] loaf  Feed the starter                   Feed the starter
///         2  2    -0.16  Groceries         a jar for the [sourdough] starter  a jar for the [sourdough] starter
///         2 of 2
///         folder: Baking (1), Shopping (1)
///         """
///     }
/// }
/// ```
///
/// This form takes a connection: one of your own (`SQLConnection.inMemory()`), or the one a
/// `read` body is given, where it records, compares and fails just as it does outside
/// (`database.read { db in assertSearch("sourdough", in: notes, on: db) { … } }`): a body runs
/// inside the test's task. Given the `SQLiteDatabase` itself, `await` the form that searches on
/// one of its readers.
///
/// - Parameters:
///   - text: What is typed into the search box.
///   - index: The app's index, migrated in `db`.
///   - db: The connection to search.
///   - limit: Hits per page.
///   - offset: Hits to skip.
///   - typos: Whether typo matches follow the exact ones when those do not fill the page.
///   - selectList: `.elided` shows `SELECT …`; `.full` every result column.
///   - sql: The expected SQL, laid out one clause per line; recorded when nil.
///   - results: The expected hits table; recorded when nil.
///   - fileID: The test's file, for the snapshot recorder; leave the default.
///   - filePath: The test's file path, where inline snapshots are written; leave the default.
///   - function: The test's name; leave the default.
///   - line: The call's line, where its snapshots are found; leave the default.
///   - column: The call's column; leave the default.
/// - Returns: The result set, for more assertions; nil when the search threw.
@discardableResult
public func assertSearch(
    _ text: String,
    in index: SearchIndex,
    on db: SQLConnection,
    limit: Int = 10,
    offset: Int = 0,
    typos: TypoTolerance = .on,
    selectList: SelectList = .elided,
    sql: (() -> String)? = nil,
    results: (() -> String)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
) -> IndexResultSet? {
    let query = index.parse(text)
    let outcome = Result { try index.search(query, on: db, limit: limit, offset: offset, typos: typos) }
    let (statement, table) = indexSearchSnapshots(index, query, outcome, limit: limit, offset: offset, selectList: selectList)
    assertTwoSnapshots(
        sql: statement, results: table, expectedSQL: sql, expectedResults: results,
        fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    return try? outcome.get()
}

/// `assertSearch(_:in:on:…)` on one of `database`'s readers: for an app that holds its
/// database as a `SQLiteDatabase`.
///
/// ```swift
/// await assertSearch("sourdough", in: notes, on: database) { … } results: { … }
/// ```
/// - Returns: The result set, for more assertions; nil when the search threw.
@discardableResult
public func assertSearch(
    _ text: String,
    in index: SearchIndex,
    on database: SQLiteDatabase,
    limit: Int = 10,
    offset: Int = 0,
    typos: TypoTolerance = .on,
    selectList: SelectList = .elided,
    sql: (() -> String)? = nil,
    results: (() -> String)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
) async -> IndexResultSet? {
    let query = index.parse(text)
    let outcome: Result<IndexResultSet, any Error>
    do {
        outcome = .success(try await database.read { db in
            try index.search(query, on: db, limit: limit, offset: offset, typos: typos)
        })
    } catch {
        outcome = .failure(error)
    }
    let (statement, table) = indexSearchSnapshots(index, query, outcome, limit: limit, offset: offset, selectList: selectList)
    assertTwoSnapshots(
        sql: statement, results: table, expectedSQL: sql, expectedResults: results,
        fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    return try? outcome.get()
}

/// What both `assertSearch(_:in:on:…)` forms snapshot: the page's SQL laid out, and the hits
/// table or the error the search threw.
private func indexSearchSnapshots(
    _ index: SearchIndex, _ query: SearchQuery, _ outcome: Result<IndexResultSet, any Error>,
    limit: Int, offset: Int, selectList: SelectList
) -> (sql: String, results: String) {
    let statement = layOutSQL(
        index.pageStatement(for: query, limit: limit, offset: offset).debugDescription,
        elidingSelectList: selectList == .elided)
    switch outcome {
    case .success(let found): return (statement, renderIndexTable(found, fields: index.fields.map(\.column), columns: index.columns))
    case .failure(let error): return (statement, "error: \(error)")
    }
}

/// A search index's result set as a text table: one row per hit (key, rank, each field
/// highlighted, each carried column as stored, snippet), then the total, the next page, the
/// facets and the query's problems. When a hit matched only with a typo, a `typo` column marks
/// it and the total line says how many of the matches need one: `3 of 3 (2 with typos)`. A
/// carried column shows text as it is, numbers as SQLite writes them, and NULL as `NULL`.
public func renderIndexTable(_ resultSet: IndexResultSet, fields: [String], columns: [String] = []) -> String {
    func stored(_ value: SQLBinding?) -> String {
        switch value {
        case .text(let text): text
        case .none: ""
        case .some(let other): other.description
        }
    }
    var lines: [String] = []
    if resultSet.hits.isEmpty {
        lines.append("(no hits)")
    } else {
        let marksTypos = resultSet.hits.contains(where: \.isTypo)
        let rows = resultSet.hits.enumerated().map { offset, hit in
            [String(offset + 1), String(hit.key), hit.rank == 0 ? "" : String(format: "%.2f", hit.rank)]
                + (marksTypos ? [hit.isTypo ? "typo" : ""] : [])
                + fields.map { hit.highlighted[$0] ?? "" } + columns.map { stored(hit.columns[$0]) } + [hit.snippet]
        }
        lines.append(renderTable(
            rows, header: ["#", "key", "rank"] + (marksTypos ? ["typo"] : []) + fields + columns + ["snippet"]))
    }
    lines.append("\(resultSet.hits.count) of \(resultSet.total)"
        + (resultSet.typoCount > 0 ? " (\(resultSet.typoCount) with typos)" : ""))
    if let next = resultSet.nextOffset { lines.append("next: offset \(next)") }
    for facet in resultSet.facets.keys.sorted() where !(resultSet.facets[facet] ?? []).isEmpty {
        lines.append("\(facet): " + (resultSet.facets[facet] ?? []).map(\.description).joined(separator: ", "))
    }
    for problem in resultSet.query.problems { lines.append("note: " + problem.message) }
    return lines.joined(separator: "\n")
}
