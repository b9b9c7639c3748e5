import TroveQuery
import TroveSQLite

extension SearchExecutor {
    /// How many of the newest matches a provisional answer orders: a few pages' worth.
    static func sampleSize(forLimit limit: Int) -> Int { max(200, 4 * limit) }

    /// A quick first answer: the newest ``sampleSize(forLimit:)`` matches, ordered without bm25.
    ///
    /// ```swift
    /// try SearchExecutor(plan: plan, request: request, engineName: "fts").provisional(on: db)
    /// // WITH "sample" AS (SELECT … AS "c0", … FROM "reminders_fts" JOIN "reminders" …
    /// //     WHERE ("reminders_fts" MATCH ?) … ORDER BY "reminders_fts"."rowid" DESC LIMIT 201)
    /// // SELECT *, (SELECT count(*) FROM "sample"), (SELECT ifnull(sum("c7"), 0) FROM "sample")
    /// // FROM "sample" ORDER BY (10 * "c11" + 5 * "c13" + "c12") DESC, length("c1"), "c15", … LIMIT 50
    /// ```
    ///
    /// NB: why this is fast where `ORDER BY rank` is not. FTS5 returns the rows of a MATCH in
    /// rowid order and can walk them backwards, so `ORDER BY rowid DESC LIMIT n` reads only the
    /// last few pages of the doclist (one doclist for a 1- to 3-letter prefix, thanks to the
    /// schema's prefix indexes) and stops. `rank` cannot be used even on those few rows: bm25
    /// needs each phrase's document count, which FTS5 gets by walking every match of the
    /// phrase (`xQueryPhrase`) — for `a*` at 1M reminders that alone is ~40 ms. So the sample
    /// is ordered by a stand-in for bm25 with the same column weights: a title match counts
    /// 10, a tags match 5, a notes match 1, and a shorter title first (bm25 favours short
    /// fields); then the sort's tiebreakers. Other sorts order the sample exactly.
    ///
    /// - Returns: nil when the query has no more matches than the sample holds: then the
    ///   full answer is nearly as cheap, and a provisional one would only delay it.
    /// - Throws: `CancellationError` when interrupted, or a `SQLiteError`.
    func provisional(on db: Connection) throws -> ResultSet? {
        if !isRanked, request.sort == .rank { return try leadingPage(on: db) }
        let size = Self.sampleSize(forLimit: request.limit)
        let named = selectionColumns(ranked: false).enumerated().map { index, column -> SQL in
            "\(column) AS \(identifier: "c\(index)")"
        }
        let newest: SQL = isRanked ? "\"reminders_fts\".\"rowid\"" : "\"reminders\".\"id\""
        let sql: SQL = "WITH \"sample\" AS (SELECT \(named.joined(separator: ", ")) \(from)"
            + Self.whereClause(scopedConditions)
            + " ORDER BY \(newest) DESC LIMIT \(size + 1))"
            + " SELECT *, (SELECT count(*) FROM \"sample\"),"
            + " (SELECT ifnull(sum(\(identifier: "c\(HitColumn.isCompleted)")), 0) FROM \"sample\")"
            + " FROM \"sample\" ORDER BY \(sampleOrder.joined(separator: ", ")) LIMIT \(request.limit)"
        let rows = try db.fetchAll(sql)
        guard let first = rows.first else { return nil }
        let countColumn = first.values.count - 2
        let sampled: Int = try first[countColumn], completed: Int = try first[countColumn + 1]
        guard sampled > size else { return nil }
        var resultQuery = query
        resultQuery.problems += plan.problems
        return ResultSet(
            query: resultQuery, engine: engineName, hits: try rows.map(hit), total: sampled,
            completedCount: completed, includesCompleted: !isOpenOnly, isProvisional: true)
    }

    /// A search without text, in the default order: the exact first page, before its counts.
    ///
    /// ```swift
    /// try SearchExecutor(plan: plan, request: SearchRequest(text: "is:flagged list:Work"), engineName: "fts").provisional(on: db)
    /// // SELECT … FROM "reminders" JOIN "lists" … WHERE ("reminders"."is_flagged" = 1) AND …
    /// //   ORDER BY "reminders"."is_completed", ("reminders"."due_date" IS NULL), … LIMIT 21 OFFSET 0
    /// ```
    ///
    /// NB: schema 3's `reminders_in_due_order` index yields rows in this order, so the LIMIT
    /// stops after 21 matches: under a millisecond at 1M reminders. The counts and facets must
    /// see every match (tens of milliseconds when a filter keeps ~100,000), so they come with
    /// the final ResultSet. The hits here are already the final page's.
    ///
    /// - Returns: nil when every match fits on the page: then the counts are as cheap.
    private func leadingPage(on db: Connection) throws -> ResultSet? {
        let (hits, next) = try page(on: db)
        guard next != nil else { return nil }
        var resultQuery = query
        resultQuery.problems += plan.problems
        return ResultSet(
            query: resultQuery, engine: engineName, hits: hits, total: hits.count + 1,
            completedCount: hits.filter(\.isCompleted).count, includesCompleted: !isOpenOnly, isProvisional: true)
    }

    /// The order of the sample, by the names ``provisional(on:)`` gives its columns.
    private var sampleOrder: [SQL] {
        func column(_ index: Int) -> SQL { "\(identifier: "c\(index)")" }
        let title = column(HitColumn.matchedStart), notes = column(HitColumn.matchedStart + 1)
        let tags = column(HitColumn.matchedStart + 2)
        var order: [SQL] = []
        for (offset, key) in sortKeys.dropLast().enumerated() {
            if key.isRank {
                order.append("(10 * \(title) + 5 * \(tags) + \(notes)) DESC")
                order.append("length(\(column(HitColumn.title)))")
            } else {
                order.append("\(column(HitColumn.keyStart + offset))\(raw: key.isDescending ? " DESC" : "")")
            }
        }
        return order + [column(HitColumn.id)]
    }
}
