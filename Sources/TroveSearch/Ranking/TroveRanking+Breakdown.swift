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
    /// //   FROM "reminders_fts" CROSS JOIN "reminders" ON … WHERE ("reminders_fts" MATCH ?) AND +"reminders_fts"."rowid" IN (?)
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
    public static func breakdown(of request: SearchRequest, ids: [Int64], on db: SQLConnection) throws -> [Int64: String] {
        guard let sql = breakdownStatement(of: request, ids: ids) else { return [:] }
        var result: [Int64: String] = [:]
        for row in try db.fetchAll(sql) {
            result[try row[0]] = try row[1]
        }
        return result
    }

    /// The statement ``breakdown(of:ids:on:)`` runs; nil when there is nothing to explain.
    static func breakdownStatement(of request: SearchRequest, ids: [Int64]) -> SQLFragment? {
        guard let match = FTSEngine.plan(for: request.query).ftsMatch, !ids.isEmpty else { return nil }
        let ranking: TroveRanking
        if case .custom(let custom) = request.ranking { ranking = custom } else { ranking = .standard }
        let list = SQLFragment.join(ids.map { SQLFragment(binding: $0) }, separator: ", ")
        let r = SearchTables.reminders, index = ReminderSearchTable.tableName
        // NB: the MATCH is walked once, as a count walks it, and each match's id is tested
        // against the list before its reminder is read. 13 hits of `call` (299,082 matches) at
        // 1M, sqlite3 shell with bm25 in place of the breakdown, warm: 108 ms when the list was
        // tested on "reminders"."id" (every match looked up in `reminders` first), 85 ms on the
        // rowid without the `+` (the list offered to FTS5 as `rowid=?` probes, each running the
        // MATCH again), 18 ms this way.
        return "SELECT \(r.id), \(ranking.expression(.explain, exactWords: exactWords(of: request.query), leadingWords: leadingWords(of: request.query)))"
            + " FROM \(identifier: index) CROSS JOIN \(identifier: ReminderTable.tableName) ON \(r.id) = \(SearchTables.index.rowid)"
            + " WHERE (\(identifier: index) MATCH \(match)) AND +\(SearchTables.index.rowid) IN (" + list + ")"
    }
}
