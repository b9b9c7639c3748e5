import TroveQuery

extension IndexStatements {
    static let sampled = ResultColumn<Int>("sampled")

    /// The keys of a provisional page: the newest `size + 1` matches (by the index's rowid, the
    /// app's key), then the best `limit` of them by the score without document counts, with
    /// how many were sampled. Use it on statements whose ``ranking`` is `.sample`.
    ///
    /// ```swift
    /// statements.sampleKeys(size: 200, limit: 20, from: nil)
    /// // WITH "trove_sample" AS (SELECT "trove_notes_fts"."rowid" AS "key", trove_rank_fields_sample("trove_notes_fts", …) AS "score"
    /// //     FROM "trove_notes_fts" CROSS JOIN "notes" ON (…) WHERE ("trove_notes_fts" MATCH '"b"*')
    /// //     ORDER BY "trove_notes_fts"."rowid" DESC LIMIT 201)
    /// // SELECT "key", (SELECT count(*) FROM "trove_sample") AS "sampled" FROM "trove_sample" ORDER BY "score", "key" LIMIT 20
    /// ```
    ///
    /// NB: why this is quick where the page is not: FTS5 hands a MATCH's rows over in rowid
    /// order and walks them backwards for `ORDER BY rowid DESC`, so the LIMIT stops it after
    /// the newest few hundred; the full score's idf needs every match of each word counted
    /// first (`SearchExecutor.provisional(on:)`, which does the same for the reminders). Only
    /// the page's rows get highlights and a snippet (``page(amongSampled:)``).
    ///
    /// - Parameter window: The lowest rowid the sample may take (``windowStart(offset:)``),
    ///   so that a filter few of the text's matches pass cannot make it walk them all.
    func sampleKeys(size: Int, limit: Int, from window: Int64?) -> SQLFragment {
        let rowid = SQLColumn<Int64>("rowid", table: index.ftsTable)
        var clause = filter
        if let window { clause.terms.append("(\(rowid) >= \(window))") }
        let sample = SQLFragment(identifier: "trove_sample")
        let count = TypedExpression<Int>("(SELECT count(*) FROM \(sample))").named(Self.sampled)
        let score = TypedExpression<Double>(rankExpression).named(Self.rank)
        return "WITH \(sample) AS (SELECT \(rowid.named(Self.key)), \(score) FROM \(from) WHERE \(clause.queryFragment)"
            + " ORDER BY \(rowid) DESC LIMIT \(raw: String(size + 1)))"
            + " SELECT \(Self.key.reference), \(count) FROM \(sample) ORDER BY \(Self.rank.reference), \(Self.key.reference)"
            + " LIMIT \(raw: String(limit))"
    }

    /// The page of the sampled rows `keys`, in the sample's order, with their highlights and
    /// snippet.
    ///
    /// ```swift
    /// statements.page(amongSampled: [2400, 2450])
    /// // SELECT "notes"."id" AS "key", … FROM … WHERE ("trove_notes_fts" MATCH '"b"*')
    /// //   AND ("trove_notes_fts"."rowid" >= 2400 AND "trove_notes_fts"."rowid" <= 2450
    /// //   AND +"trove_notes_fts"."rowid" IN (SELECT "value" FROM json_each('[2400,2450]'))) ORDER BY "score" ASC, "notes"."id" ASC LIMIT 2
    /// ```
    /// NB: the range is FTS5's own rowid constraint, so it reads only the part of the doclist
    /// between the keys (the sample's newest rows), not every match as the `+` test alone would.
    func page(amongSampled keys: [Int64]) -> SQLFragment {
        let rowid = SQLColumn<Int64>("rowid", table: index.ftsTable)
        let among = SearchExecutor.amongIndexRows(keys, rowid: rowid)
        let range: SQLFragment = "(\(rowid) >= \(keys.min() ?? 0) AND \(rowid) <= \(keys.max() ?? 0) AND \(among))"
        return page(limit: keys.count, offset: 0, among: range)
    }

    /// How many rows the words alone match (not the filters, exclusions or word forms),
    /// counted up to `limit` in the FTS5 table; nil when nothing is matched there.
    ///
    /// ```swift
    /// statements.wordMatches(upTo: 201)
    /// // SELECT count(*) AS "total" FROM (SELECT "trove_notes_fts"."rowid" FROM "trove_notes_fts"
    /// //   WHERE ("trove_notes_fts" MATCH '"b"*') LIMIT 201)
    /// ```
    func wordMatches(upTo limit: Int) -> SQLFragment? {
        guard let positive = expression?.positive else { return nil }
        let rowid = SQLColumn<Int64>("rowid", table: index.ftsTable)
        return "SELECT \(TypedExpression<Int>("count(*)").named(Self.total)) FROM (SELECT \(rowid) FROM \(fts) "
            + "WHERE (\(fts) MATCH \(positive)) LIMIT \(raw: String(limit)))"
    }

    /// The rowid of the text's `offset + 1`-th newest match, read from the FTS5 table alone
    /// (the words only, not the filters); no row when it has fewer matches.
    ///
    /// ```swift
    /// statements.windowStart(offset: 1_999)
    /// // SELECT "trove_notes_fts"."rowid" FROM "trove_notes_fts" WHERE ("trove_notes_fts" MATCH '"b"*')
    /// //   ORDER BY "trove_notes_fts"."rowid" DESC LIMIT 1 OFFSET 1999
    /// ```
    func windowStart(offset: Int) -> SQLFragment? {
        guard let positive = expression?.positive else { return nil }
        let rowid = SQLColumn<Int64>("rowid", table: index.ftsTable)
        return "SELECT \(rowid) FROM \(fts) WHERE (\(fts) MATCH \(positive)) ORDER BY \(rowid) DESC LIMIT 1 OFFSET \(raw: String(offset))"
    }

    /// Whether rows of the text's MATCH may fail the rest of the condition (a filter, an
    /// exclusion, a word FTS5 cannot see), so that a sample needs a window.
    var narrowsTheMatch: Bool { filter.terms.count > 1 }
}
