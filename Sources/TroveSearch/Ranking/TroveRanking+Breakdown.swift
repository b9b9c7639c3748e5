import TroveQuery
import TroveStore
public import TroveSQLite

extension TroveRanking {
    /// Each hit's score taken apart, as `trove_rank_explain` writes it: every field's share of
    /// the BM25F sum (with its length and the field's average), each boost, the completion
    /// factor, the total, and each query word's idf. What `trove search --explain` prints.
    ///
    /// ```swift
    /// try TroveRanking.breakdown(of: SearchRequest(text: "passport"), ids: [67], on: db)
    /// // SELECT "reminders"."id", trove_rank_explain("reminders_fts", "reminders"."is_completed", 5.0, …)
    /// //   FROM "reminders_fts" JOIN "reminders" ON … WHERE ("reminders_fts" MATCH ?) AND "reminders"."id" IN (?)
    /// // [67: "title 6.776 (length 2, average 4.96); notes 0.000 (length 36, average 13.00); …; exact word +3.488; …; score 10.264; idf 3.488"]
    /// ```
    ///
    /// - Parameters:
    ///   - request: The search; its ranking's parameters are used (the standard ones under bm25).
    ///   - ids: The reminders to explain, such as a page's hits.
    ///   - db: A connection to the store's database, inside `SQLiteDatabase.read`.
    /// - Returns: The text for each id that matches the request's text; empty when the request
    ///   has no text that FTS5 matches.
    /// - Throws: `CancellationError` when interrupted, or a `SQLiteError`.
    public static func breakdown(of request: SearchRequest, ids: [Int64], on db: SQLiteConnection) throws -> [Int64: String] {
        guard let match = FTSEngine.plan(for: request.query).ftsMatch, !ids.isEmpty else { return [:] }
        let ranking: TroveRanking
        if case .custom(let custom) = request.ranking { ranking = custom } else { ranking = .standard }
        let list = SQLFragment.join(ids.map { SQLFragment(binding: $0) }, separator: ", ")
        let r = SearchTables.reminders, index = ReminderSearchTable.tableName
        let sql: SQLFragment = "SELECT \(r.id), \(ranking.expression(.explain, exactWords: exactWords(of: request.query)))"
            + " FROM \(identifier: index) JOIN \(identifier: ReminderTable.tableName) ON \(r.id) = \(SearchTables.index.rowid)"
            + " WHERE (\(identifier: index) MATCH \(match)) AND \(r.id) IN (" + list + ")"
        var result: [Int64: String] = [:]
        for row in try db.fetchAll(sql) {
            result[try row[0]] = try row[1]
        }
        return result
    }
}
