import TroveQuery
import TroveSQLite

/// Row ids as the JSON array a statement reads them back from (`json_each(?)`), with how many.
///
/// A search may hold up to 131,072 ids (``SearchExecutor/filteredIDLimit``) and bind them to
/// three statements. Read row by row into `[Int64]` and printed back as JSON for each
/// statement, 120,000 ids cost ~25 ms at 1,000,000 reminders; read as one `json_group_array`
/// value and bound as that text, they cost what SQLite's own walk of them costs.
struct IDList: Equatable, Sendable {
    /// The ids as a JSON array of integers: `[3,7]`.
    var json: String
    var count: Int

    init(_ ids: [Int64]) {
        json = "[" + ids.map(String.init).joined(separator: ",") + "]"
        count = ids.count
    }

    private init(json: String, count: Int) {
        self.json = json
        self.count = count
    }

    /// The first column of `rows`, a statement that reads an id per row and at most
    /// `limit + 1` rows, as one list, or nil when it read more than `limit`; with the sum of
    /// its second column when `summing` is set (0 otherwise).
    ///
    /// ```swift
    /// try IDList.read(#"SELECT "reminders"."id" FROM "reminders" WHERE … LIMIT 4097"#, limit: 4096, on: db)
    /// // WITH "rows"("id") AS (SELECT "reminders"."id" FROM "reminders" WHERE … LIMIT 4097)
    /// // SELECT count(*), json_group_array("id"), 0 FROM "rows"
    /// ```
    static func read(
        _ rows: SQLFragment, limit: Int, summing: Bool = false, on db: SQLConnection
    ) throws -> (ids: IDList, sum: Int)? {
        guard let row = try db.fetchOne(statement(rows, summing: summing)) else { return nil }
        let count: Int = try row[0]
        guard count <= limit else { return nil }
        return (IDList(json: try row[1], count: count), try row[2])
    }

    /// The statement ``read(_:limit:summing:on:)`` runs: one row, with the count, the ids as
    /// JSON and the sum.
    static func statement(_ rows: SQLFragment, summing: Bool = false) -> SQLFragment {
        let columns: SQLFragment = summing ? "(\"id\", \"summed\")" : "(\"id\")"
        let sum: SQLFragment = summing ? "ifnull(sum(\"summed\"), 0)" : "0"
        return "WITH \"rows\"" + columns + " AS (" + rows + ") SELECT count(*), json_group_array(\"id\"), "
            + sum + " FROM \"rows\""
    }
}
