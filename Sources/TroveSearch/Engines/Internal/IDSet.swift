import TroveQuery
import TroveSQLite

/// Row ids as the sorted BLOB `trove_has(?, rowid)` tests rows against, with how many.
///
/// ```swift
/// let set = try IDSet.read(#"SELECT "reminders"."id" FROM "reminders" WHERE … LIMIT 131073"#, limit: 131_072, on: db)
/// // WITH "rows"("id") AS (SELECT "reminders"."id" FROM "reminders" WHERE … LIMIT 131073)
/// // SELECT count(*), trove_ids("id") FROM "rows"
/// set?.contains(SearchTables.index.rowid)
/// // trove_has(?, "reminders_fts"."rowid")   -- binds the BLOB
/// ```
///
/// NB: why not ``IDList`` and `rowid IN (SELECT "value" FROM json_each(?))`. SQLite builds a
/// temporary index from the JSON for each statement and searches it for every row: for
/// `list:Work`'s 124,000 reminders at 1,000,000, ~25 ms to build, ~0.2 µs a row. `trove_has`
/// copies the sorted ids once and finds the rows an FTS5 MATCH gives in rowid order by galloping
/// forward from the last one: a few comparisons each. See `trove_idset.h`.
struct IDSet: Equatable, Sendable {
    /// The ids, sorted and without repeats, as 64-bit integers in this machine's byte order.
    var bytes: [UInt8]
    var count: Int
    /// The completed reminders among them, the same way, when they were read (`completion`
    /// in ``read(_:limit:completion:on:)``).
    var completed: [UInt8]?

    /// The ids `rows` reads, a statement of one id per row and at most `limit + 1` rows, or
    /// nil when it read more than `limit`; with `completion`, each row's second column is 1
    /// for a completed reminder, and those make ``completed``.
    ///
    /// ```swift
    /// try IDSet.read(#"SELECT "reminders"."id", "reminders"."is_completed" FROM … LIMIT 131073"#, limit: 131_072, completion: true, on: db)
    /// // WITH "rows"("id", "done") AS (SELECT "reminders"."id", "reminders"."is_completed" FROM … LIMIT 131073)
    /// // SELECT count(*), trove_ids("id"), trove_ids(CASE WHEN "done" THEN "id" END) FROM "rows"
    /// ```
    static func read(_ rows: SQLFragment, limit: Int, completion: Bool = false, on db: SQLConnection) throws -> IDSet? {
        let statement: SQLFragment = completion
            ? "WITH \"rows\"(\"id\", \"done\") AS (" + rows
                + ") SELECT count(*), trove_ids(\"id\"), trove_ids(CASE WHEN \"done\" THEN \"id\" END) FROM \"rows\""
            : "WITH \"rows\"(\"id\") AS (" + rows + ") SELECT count(*), trove_ids(\"id\") FROM \"rows\""
        guard let row = try db.fetchOne(statement) else { return nil }
        let count: Int = try row[0]
        guard count <= limit else { return nil }
        let bytes: [UInt8] = try row[1]
        let completed: [UInt8]? = completion ? try row[2] : nil
        return IDSet(bytes: bytes, count: bytes.count / MemoryLayout<Int64>.size, completed: completed)
    }

    /// Whether `rowid` is one of the ids: `trove_has(?, rowid)`.
    ///
    /// NB: a function, not a constraint FTS5 is told of, so the MATCH is walked once and each
    /// of its rows tested, before it is looked up in another table.
    func contains(_ rowid: SQLColumn<Int64>) -> SQLFragment {
        "trove_has(\(bytes), \(rowid))"
    }

    /// Whether `rowid` is one of the completed ones, 1 or 0, when they were read; nil otherwise.
    func isCompleted(_ rowid: SQLColumn<Int64>) -> TypedExpression<Bool>? {
        completed.map { TypedExpression<Bool>("trove_has(\($0), \(rowid))") }
    }
}

extension IDSet {
    /// The ids `keys`, sorted ascending without repeats, as `trove_ids` would give them.
    init(sortedKeys keys: [Int64]) {
        self.init(bytes: keys.withUnsafeBytes { Array($0) }, count: keys.count, completed: nil)
    }
}
