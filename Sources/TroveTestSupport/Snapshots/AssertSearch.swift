public import Foundation
import InlineSnapshotTesting
import TroveQuery
public import TroveSQLite
public import TroveSearch
public import TroveStore

/// Runs a search and asserts two inline snapshots: the SQL the engine ran and the ranked hits.
///
/// ```swift
/// @Test func excludedWordDropsMatches() async throws {
///     let store = try await seededStore()
///     await assertSearch("dentist -kids", on: store) {
///         """
///         SELECT …
///         FROM "reminders_fts"
///         …
///         WHERE ("reminders_fts" MATCH '"dentist" NOT "kids"')
///         ORDER BY
///           "reminders"."is_completed",
///           "reminders_fts"."rank",
///           …
///         LIMIT 11 OFFSET 0
///         """
///     } results: {
///         """
///         #  id  title                  snippet                                     list    tags    due               flags    rank
///         -  --  ---------------------  ------------------------------------------  ------  ------  ----------------  -------  -----
///         1  51  [Dentist] appointment  Check-up and clean with Dr Okafor. Bring …  Health  doctor  2026-03-04 09:20  flagged  -8.51
///         1 of 1 (0 completed)
///         lists: Health (1)
///         tags: doctor (1)
///         """
///     }
/// }
/// ```
///
/// Leave both closures out (or empty) and run the test once to record them; then read every
/// line: a wrong order is a bug, not a fixture. The SQL shows `SELECT …` for the result columns,
/// which are the same for every search (see ``SelectList``); pass `selectList: .full` to see
/// them. Matches are marked `[`…`]`; see
/// ``renderSearchTable(_:)`` for the columns. A search that throws (a `!raw` syntax error, an
/// unknown `!engine`) records `error: <message>` as its results.
///
/// - Parameters:
///   - text: The query, as a person types it: `milk #errand due:..today`.
///   - database: The database to search, such as ``seededStore(today:records:)``'s.
///   - exact: Only starred words are prefixes (`trove search --exact`); by default the last
///     word is one unless the text ends with a space, as everywhere else.
///   - limit: The page size.
///   - page: Which page: `.first`, `.offset(n)` or the `next` of an earlier result.
///   - includeCompleted: See `SearchRequest.includeCompleted`.
///   - sort: The order of the hits.
///   - typos: Whether typo matches follow the exact ones when those do not fill the page.
///   - today: The day `due:` filters are relative to; the seed data's pinned day by default.
///   - timeZone: Where `today` is; UTC by default, so snapshots agree on every machine.
///   - registry: The engines; register your own to snapshot it.
///   - selectList: Whether the SQL snapshot lists the result columns or shows `SELECT …`.
///   - sql: The recorded SQL, with bindings inlined; nil or empty to record it.
///   - results: The recorded table; nil or empty to record it.
///   - fileID: The test's file, for the snapshot recorder; leave the default.
///   - filePath: The test's file path, where inline snapshots are written; leave the default.
///   - function: The test's name; leave the default.
///   - line: The call's line, where its snapshots are found; leave the default.
///   - column: The call's column; leave the default.
/// - Returns: The result set, for a follow-up page (`result.next`).
@discardableResult
public func assertSearch(
    _ text: String,
    on database: SQLiteDatabase,
    exact: Bool = false,
    limit: Int = 10,
    page: SearchPage = .first,
    includeCompleted: Bool? = nil,
    sort: SearchSort = .rank,
    typos: TypoTolerance = .on,
    today: CalendarDay = ReminderStore.seedPinnedDay,
    timeZone: TimeZone = TimeZone(identifier: "UTC")!,
    registry: EngineRegistry = EngineRegistry(),
    selectList: SelectList = .elided,
    sql: (() -> String)? = nil,
    results: (() -> String)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
) async -> ResultSet? {
    let request = SearchRequest(
        text: text, exact: exact, limit: limit, page: page, includeCompleted: includeCompleted, sort: sort,
        typos: typos, highlight: .brackets, today: today, timeZone: timeZone)
    return await assertSearch(
        request, on: database, registry: registry, selectList: selectList, sql: sql, results: results,
        fileID: fileID, filePath: filePath, function: function, line: line, column: column)
}

/// `assertSearch(_:on:…)` on a `SQLiteDatabase`, for a store: searches its database.
@discardableResult
public func assertSearch(
    _ text: String,
    on store: ReminderStore,
    exact: Bool = false,
    limit: Int = 10,
    page: SearchPage = .first,
    includeCompleted: Bool? = nil,
    sort: SearchSort = .rank,
    typos: TypoTolerance = .on,
    today: CalendarDay = ReminderStore.seedPinnedDay,
    timeZone: TimeZone = TimeZone(identifier: "UTC")!,
    registry: EngineRegistry = EngineRegistry(),
    selectList: SelectList = .elided,
    sql: (() -> String)? = nil,
    results: (() -> String)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
) async -> ResultSet? {
    await assertSearch(
        text, on: store.database, exact: exact, limit: limit, page: page, includeCompleted: includeCompleted,
        sort: sort, typos: typos, today: today, timeZone: timeZone, registry: registry, selectList: selectList,
        sql: sql, results: results,
        fileID: fileID, filePath: filePath, function: function, line: line, column: column)
}

/// Runs a prepared request and asserts the SQL and result snapshots; the request's own
/// `SearchRequest.highlight` marks the matches.
///
/// - Returns: The result set, or nil when the search threw.
@discardableResult
public func assertSearch(
    _ request: SearchRequest,
    on database: SQLiteDatabase,
    registry: EngineRegistry = EngineRegistry(),
    selectList: SelectList = .elided,
    sql: (() -> String)? = nil,
    results: (() -> String)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    function: StaticString = #function,
    line: UInt = #line,
    column: UInt = #column
) async -> ResultSet? {
    let statement: String
    do {
        // NB: the statements the search runs, with the word forms the index holds; the typo
        // tier's page follows when it ran.
        if let explanation = try await registry.explanation(for: request, in: database) {
            statement = explanation.statements.filter { $0.purpose.hasSuffix("hits") }.map { part in
                (part.purpose == "hits" ? "" : "-- \(part.purpose), after the exact ones:\n") + layOutSQL(part.inlinedSQL, elidingSelectList: selectList == .elided)
            }.joined(separator: "\n\n")
        } else {
            statement = "(the !\(request.query.engineName) engine does not show its SQL)"
        }
    } catch {
        statement = "error: \(error)"
    }
    var resultSet: ResultSet?
    let table: String
    do {
        // NB: the one-shot search `trove search` and `SearchProvider.search` use too.
        let final = try await registry.search(request, in: database)
        resultSet = final
        table = renderSearchTable(final)
    } catch {
        table = "error: \(error)"
    }
    assertTwoSnapshots(
        sql: statement, results: table, expectedSQL: sql, expectedResults: results,
        fileID: fileID, filePath: filePath, function: function, line: line, column: column)
    return resultSet
}

/// The two inline snapshots of one call site: `sql` as its first trailing closure, `results`
/// as the second.
func assertTwoSnapshots(
    sql: String, results: String, expectedSQL: (() -> String)?, expectedResults: (() -> String)?,
    fileID: StaticString, filePath: StaticString, function: StaticString, line: UInt, column: UInt
) {
    assertInlineSnapshot(
        of: sql, as: .lines, message: "The SQL did not match",
        syntaxDescriptor: InlineSnapshotSyntaxDescriptor(trailingClosureLabel: "sql", trailingClosureOffset: 0),
        matches: expectedSQL, fileID: fileID, file: filePath, function: function, line: line, column: column)
    assertInlineSnapshot(
        of: results, as: .lines, message: "The results did not match",
        syntaxDescriptor: InlineSnapshotSyntaxDescriptor(trailingClosureLabel: "results", trailingClosureOffset: 1),
        matches: expectedResults, fileID: fileID, file: filePath, function: function, line: line, column: column)
}

/// How an `assertSearch` SQL snapshot shows the result columns.
public enum SelectList: Sendable {
    /// `SELECT …`: every search reads the same columns, so a snapshot shows what differs.
    case elided
    /// Every result column, one per line: for the test that pins them.
    case full
}
