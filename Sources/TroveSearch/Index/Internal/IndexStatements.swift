import Foundation
import TroveQuery
import TroveStore

/// The statements of one search over a ``SearchIndex``: the page, the total and the facets,
/// sharing one `FROM` and one `WHERE`.
///
/// ```swift
/// IndexStatements(index: notes, query: notes.parse("bread folder:Baking"), style: .brackets).page(limit: 20, offset: 0)
/// // SELECT "notes"."id" AS "key", … FROM "trove_notes_fts" CROSS JOIN "notes" ON ("notes"."id" = "trove_notes_fts"."rowid")
/// //   WHERE ("trove_notes_fts" MATCH '"bread"*') AND ("notes"."folder" COLLATE "NOCASE" = 'Baking')
/// //   ORDER BY "score" ASC, "notes"."id" ASC LIMIT 20 OFFSET 0
/// ```
struct IndexStatements {
    let index: SearchIndex
    let query: SearchQuery
    let style: HighlightStyle
    /// What the query's words give FTS5, with the expansion's alternatives; nil when it has
    /// none it can search.
    let expression: FTS5Expression?
    /// The exact tier's match, whose rows this (typo) tier leaves out; nil for the exact tier.
    let excluded: String?
    /// How the words are matched: the query's `!engine`.
    let matching: IndexMatching
    /// What the score is: the full ranking, or `.sample` (every word's idf taken as 1) for a
    /// provisional answer, which must not count each word's matches.
    var ranking: TroveRanking.Function = .rank

    /// The keys the filters pass (``filteredKeys(limit:)``), when read: every statement then
    /// tests a match's rowid against them in the FTS5 table before it looks the match up in
    /// the app's tables (the filters still hold; they then run for those rows only).
    var narrowed: IDSet?
    /// Whether the rows are already kept to keys the copy of the facet values found passing
    /// the `key:value` filters (and hiding the demoted rows, when a search without words does):
    /// ``filter`` then leaves those tests out, which would only say yes to every such row and
    /// read the filters' tables to do so (a tag's links, once per statement).
    var keysPassFilters = false
    /// Whether a search without words that hides the demoted rows
    /// (``SearchIndex/hidesDemotedWhenBrowsing``) matches just those instead: what
    /// ``hiddenCount`` counts.
    private var matchesHidden = false

    static let key = ResultColumn<Int64>("key")
    static let snippet = ResultColumn<String>("snippet")
    // NB: not "rank": an FTS5 table has a hidden column of that name.
    static let rank = ResultColumn<Double>("score")
    static let total = ResultColumn<Int>("total")
    static let facetValue = ResultColumn<String>("value")
    static let facetCount = ResultColumn<Int>("count")
    static func value(_ field: Int) -> ResultColumn<String> { ResultColumn("value_\(field)") }
    static func highlighted(_ field: Int) -> ResultColumn<String> { ResultColumn("highlighted_\(field)") }
    static func matched(_ field: Int) -> ResultColumn<Bool> { ResultColumn("matched_\(field)") }
    /// The name a carried column (``SearchIndex/columns``) is selected as.
    static func carried(_ number: Int) -> String { "column_\(number)" }

    /// The most values one facet lists.
    static let facetLimit = 100
    /// The tokens of a snippet, as the reminders' (about a dozen words).
    static let snippetTokens = 12

    /// - Parameters:
    ///   - expansion: Other forms the query's words also match: the joined and split words the
    ///     index holds, and for the typo tier the typo candidates.
    ///   - exact: The exact tier's expression: its rows are left out (the typo tier's
    ///     `"notes"."id" NOT IN (SELECT rowid FROM "trove_notes_fts" WHERE … MATCH '"bred"*')`).
    init(
        index: SearchIndex, query: SearchQuery, style: HighlightStyle, expansion: QueryExpansion = .none,
        excluding exact: FTS5Expression? = nil
    ) {
        self.index = index
        self.query = query
        self.style = style
        self.expansion = expansion
        self.matching = (try? IndexMatching(query)) ?? .fts
        switch matching {
        case .fts:
            // NB: as the reminders' fts engine plans it, only the groups of plain words are the
            // MATCH; a group with a word in a substring script or without letters is a condition.
            var plain = SearchQuery(
                terms: query.terms.filter { $0.anyOf.allSatisfy(IndexStatements.isPlain) },
                excludedTerms: query.excludedTerms.filter(\.isSearchableByFTS))
            plain.fields = query.fields
            self.expression = FTS5Expression(query: plain, expansion: expansion)
        case .like:
            self.expression = nil
        case .raw:
            self.expression = query.raw.flatMap { FTS5Expression(unvalidatedRaw: $0) }
        }
        self.excluded = exact?.positive
    }

    /// The forms the words also match, for the MATCH part of a condition group.
    private let expansion: QueryExpansion

    /// A word FTS5 finds on its own: it has letters or digits, in no substring script.
    static func isPlain(_ term: SearchTerm) -> Bool { term.isSearchableByFTS && !term.isSubstringSearched }

    /// The words matched outside FTS5's tokens, as substrings (`奶奶`, `🎉`, every word of a
    /// `!like` query), which the hits' markup finds in Swift.
    var substringTerms: [SearchTerm] {
        let words = query.terms.flatMap(\.anyOf)
        return matching == .like ? words : words.filter { !IndexStatements.isPlain($0) }
    }

    /// True when the rows come from a MATCH, so they have a rank, highlights and a snippet.
    var isRanked: Bool { expression?.positive != nil }

    var fts: SQLFragment { SQLFragment(identifier: index.ftsTable) }
    var key: SQLColumn<Int64> { SQLColumn(index.key, table: index.table) }
    private func text(_ column: String) -> SQLColumn<String> { SQLColumn(column, table: index.table) }

    // MARK: - Statements

    /// One page of hits, in the index's order.
    func page(limit: Int, offset: Int, after position: (key: Int64, values: [SQLBinding])? = nil) -> SQLFragment {
        page(limit: limit, offset: offset, after: position, among: nil)
    }

    /// One page, `keys` (a condition on the rows) ANDed to the filter.
    func page(
        limit: Int, offset: Int, after position: (key: Int64, values: [SQLBinding])? = nil, among keys: SQLFragment?
    ) -> SQLFragment {
        let columns = pageColumns
        var clause = filter
        if let keys { clause.terms.append(keys) }
        guard let position else {
            let whereSQL: SQLFragment = clause.isEmpty ? "" : " WHERE \(clause.queryFragment)"
            return "SELECT \(columns.joined(separator: ", ")) FROM \(from)\(whereSQL) ORDER BY \(order) "
                + "LIMIT \(limit) OFFSET \(offset)"
        }
        clause.terms.append(after(position))
        return "SELECT \(columns.joined(separator: ", ")) FROM \(from) WHERE \(clause.queryFragment) ORDER BY \(order) "
            + "LIMIT \(limit)"
    }

    /// What a page selects of each hit: its key, each field's value, and when ranked each
    /// field's highlight and whether it matched, the snippet and the score.
    var pageColumns: [SQLFragment] {
        var columns: [SQLFragment] = [key.named(Self.key)]
        for (number, field) in index.fields.enumerated() {
            columns.append(TypedExpression<String>("coalesce(\(text(field.column)), '')").named(Self.value(number)))
            guard isRanked else { continue }
            columns.append(TypedExpression<String>(
                "coalesce(highlight(\(fts), \(raw: String(number)), \(style.open), \(style.close)), '')"
            ).named(Self.highlighted(number)))
            columns.append(TypedExpression<Bool>("trove_matched(\(fts), \(raw: String(number)))").named(Self.matched(number)))
        }
        for (number, column) in index.columns.enumerated() {
            columns.append("\(text(column)) AS \(identifier: Self.carried(number))")
        }
        if isRanked {
            columns.append(TypedExpression<String>(
                "coalesce(snippet(\(fts), \(snippetField), \(style.open), \(style.close), \(style.ellipsis), \(raw: String(Self.snippetTokens))), '')"
            ).named(Self.snippet))
            columns.append(TypedExpression<Double>(rankExpression).named(Self.rank))
        }
        return columns
    }

    /// The keys of one page read from the FTS5 table alone, when its order (the score, then the
    /// key, which is the index's rowid) and its rows depend on nothing else: ranked by score,
    /// with no `key:value` filter, no word outside FTS5's tokens and no tier left out. Nil
    /// otherwise.
    ///
    /// ```swift
    /// statements.rankedKeys(limit: 20, offset: 0)
    /// // SELECT "trove_notes_fts"."rowid" FROM "trove_notes_fts" WHERE "trove_notes_fts" MATCH '"bread"*'
    /// //   ORDER BY trove_rank_fields(…, 'trove_notes_fts_docsize'), "trove_notes_fts"."rowid" LIMIT 20 OFFSET 0
    /// ```
    /// The score names the index's `_docsize`, so that scoring every match reads the rows'
    /// sizes by walking it forward (``TroveRanking/fieldsExpression(_:table:fields:exactWords:walksSizes:)``).
    ///
    /// NB: why. ``page(limit:offset:after:)`` looks every match up in the app's table before
    /// sorting, though only the page's rows need its columns; ``page(amongKeys:)`` then reads
    /// those rows alone, with their highlights and snippet.
    func rankedKeys(limit: Int, offset: Int) -> SQLFragment? {
        guard let clause = indexOnlyClause else { return nil }
        let rowid = SQLColumn<Int64>("rowid", table: index.ftsTable)
        return "SELECT \(rowid) FROM \(fts) WHERE \(clause.queryFragment) ORDER BY \(rankExpression(walksSizes: true)), \(rowid) "
            + "LIMIT \(limit) OFFSET \(offset)"
    }

    /// The most matches tied with the page's last that
    /// ``keysAndBest(rows:among:demotedRows:rowids:)`` keeps; with more, its page is not known
    /// and the page is read as without it.
    static let bestTiedLimit = 50_000

    /// One walk of the text's matches in the FTS5 table alone that gives what the copy of the
    /// facet values counts from (every match's key, sorted, `trove_ids`) and the keys of the
    /// best `rows` scores with every match tied with the last of them (`trove_best`), when the
    /// page may be ranked in the index alone (``rankedKeys(limit:offset:)``); nil otherwise.
    ///
    /// ```swift
    /// statements.keysAndBest(rows: 20)
    /// // SELECT trove_ids("id") AS "ids", trove_best("id", "rank", 20, 50000) AS "best" FROM (
    /// //   SELECT "trove_notes_fts"."rowid" AS "id", trove_rank_fields_bounded("trove_notes_fts", …) AS "rank"
    /// //   FROM "trove_notes_fts" WHERE ("trove_notes_fts" MATCH '"b"*') LIMIT -1)
    /// ```
    ///
    /// NB: why. A 1-letter prefix at 100,000 notes matches 66,344: reading their keys for the
    /// copy and then ranking them for the page walked them twice. Under `trove_best`, a match
    /// that cannot beat the best kept so far is not scored in full (its sizes and title are not
    /// read). The best with their ties hold the first `rows` by (rank, key), exactly what
    /// `ORDER BY rank, rowid LIMIT rows` gives: a match left out ranks strictly after them.
    /// `LIMIT -1` keeps SQLite from flattening the subquery into the aggregates, where FTS5
    /// refuses an auxiliary function.
    ///
    /// With `among`, the rows the `key:value` filters pass (tested in the copy), the walk keeps
    /// to them: `… MATCH '"b"*') AND trove_has(?, "trove_notes_fts"."rowid")`, the same rows as
    /// the filters' SQL, in the FTS5 table alone.
    func keysAndBest(
        rows: Int, among passing: IDSet? = nil, demotedRows: IDSet? = nil, rowids: (from: Int64?, below: Int64?) = (nil, nil)
    ) -> SQLFragment? {
        guard var condition = bestWalkCondition(among: passing) else { return nil }
        let rowid = SQLColumn<Int64>("rowid", table: index.ftsTable)
        // NB: one half of the keys, for a walk halved between two readers.
        if let from = rowids.from { condition = condition + " AND \(rowid) >= \(from)" }
        if let below = rowids.below { condition = condition + " AND \(rowid) < \(below)" }
        let (id, rank) = (ResultColumn<Int64>("id"), ResultColumn<Double>("rank"))
        // NB: the demoted rows, when the copy knows them, are demoted in the walk as in the page
        // (`trove_has(?, rowid)` for the column's test); otherwise every row is scored as if
        // none were: a demoted row only scores lower, so that is each match's best score. Either
        // way the walk reads the FTS5 table alone.
        let score = TypedExpression<Double>(
            rankExpression(walksSizes: true, underBest: true, asOpen: true, demotedRows: demotedRows?.contains(rowid)))
        let ids = TypedExpression<[UInt8]>("trove_ids(\(id.reference))")
        let best = TypedExpression<[UInt8]?>(
            "trove_best(\(id.reference), \(rank.reference), \(raw: String(rows)), \(raw: String(Self.bestTiedLimit)))")
        return "SELECT \(ids.named(Self.matchedKeys)), \(best.named(Self.bestKeys)) FROM (SELECT \(rowid.named(id)), "
            + "\(score.named(rank)) FROM \(fts) WHERE \(condition) LIMIT -1)"
    }

    /// The rows ``keysAndBest(rows:among:demotedRows:rowids:)`` would walk, up to `limit` of
    /// them, counted and their keys (`trove_ids`), in the FTS5 table alone; nil when it would not walk. Under
    /// `limit`, those keys are every match's, what the copy counts from; a few matches are
    /// cheaper ranked by the page statement, as ``rankedKeys(limit:offset:)``'s are.
    ///
    /// ```swift
    /// statements.bestWalkStart(upTo: 1_001)
    /// // SELECT count(*) AS "total", trove_ids("id") AS "ids" FROM (SELECT "trove_notes_fts"."rowid" AS "id"
    /// //   FROM "trove_notes_fts" WHERE ("trove_notes_fts" MATCH '"b"*') LIMIT 1001)
    /// ```
    func bestWalkStart(upTo limit: Int, among passing: IDSet? = nil) -> SQLFragment? {
        guard let condition = bestWalkCondition(among: passing) else { return nil }
        let rowid = SQLColumn<Int64>("rowid", table: index.ftsTable)
        let id = ResultColumn<Int64>("id")
        let ids = TypedExpression<[UInt8]?>("trove_ids(\(id.reference))")
        return "SELECT \(TypedExpression<Int>("count(*)").named(Self.total)), \(ids.named(Self.matchedKeys)) FROM (SELECT "
            + "\(rowid.named(id)) FROM \(fts) WHERE \(condition) LIMIT \(raw: String(limit)))"
    }

    /// The condition of ``keysAndBest(rows:among:demotedRows:rowids:)``'s walk, when the order
    /// is the score alone and the words are ones FTS5 finds alone; nil otherwise.
    private func bestWalkCondition(among passing: IDSet?) -> SQLFragment? {
        // NB: with a demoted column or tiebreakers the walk's best are candidates, checked
        // against the page (``bestWalkGivesCandidates``); rows ranked last are not scored so.
        guard case .rank = index.sort, index.rankedLast == nil,
            let clause = passing == nil ? matchOnlyClause : textClause
        else { return nil }
        let rowid = SQLColumn<Int64>("rowid", table: index.ftsTable)
        return passing.map { clause.queryFragment + " AND " + $0.contains(rowid) } ?? clause.queryFragment
    }

    /// ``keysAndBest(rows:among:demotedRows:rowids:)``'s columns: every match's key
    /// (`trove_ids`), and the best keys with their ranks (`trove_best`; NULL past
    /// ``bestTiedLimit`` ties).
    static let matchedKeys = ResultColumn<[UInt8]?>("ids")
    static let bestKeys = ResultColumn<[UInt8]?>("best")

    /// The matches' condition on the FTS5 table alone, when nothing but the text decides which
    /// rows match and the order is the score (what ``rankedKeys(limit:offset:)`` needs); nil
    /// otherwise.
    private var indexOnlyClause: WhereClause? {
        // NB: with tiebreakers, hits tied on score go by columns of the app's table, which the
        // FTS5 table alone does not hold.
        guard case .rank = index.sort, index.rankedLast == nil, index.demoted == nil, index.tiebreakers.isEmpty
        else { return nil }
        return matchOnlyClause
    }

    /// The matches' condition on the FTS5 table alone, when nothing but the text decides which
    /// rows match (whatever their order); nil otherwise.
    private var matchOnlyClause: WhereClause? {
        query.fieldFilters.isEmpty && hiddenDemoted == nil ? textClause : nil
    }

    /// The words' condition on the FTS5 table alone, when every word is one FTS5 finds on its
    /// own (so the filters, if any, are the rest of the condition); nil otherwise.
    private var textClause: WhereClause? {
        guard isRanked, excluded == nil,
            query.terms.allSatisfy({ $0.anyOf.allSatisfy(IndexStatements.isPlain) }),
            query.excludedTerms.allSatisfy({ IndexStatements.isPlain($0) }),
            let positive = expression?.positive
        else { return nil }
        let rowid = SQLColumn<Int64>("rowid", table: index.ftsTable)
        let negative = expression?.negative
        return WhereClause {
            TypedExpression<Bool>("\(fts) MATCH \(positive)")
            if let negative { TypedExpression<Bool>("\(rowid) NOT IN (SELECT rowid FROM \(fts) WHERE \(fts) MATCH \(negative))") }
        }
    }

    /// What ``IndexFacts`` counts a search's matches from, when its words are ones FTS5 finds on
    /// its own, or it has none: the keys the words match, read in the FTS5 table alone as one
    /// sorted `trove_ids` BLOB (nil: no words, every row), the `key:value` filters, which
    /// the copy tests itself (``IndexFacts/passing(_:hidingDemoted:of:)``), and whether the
    /// demoted rows are left out (a search without words that hides them). Nil when something
    /// else decides the matches (a word in a substring script, `!like`, exclusions alone, a
    /// typo tier).
    ///
    /// ```swift
    /// IndexStatements(index: notes, query: notes.parse("b folder:home"), style: .brackets).factsCount
    /// // ("SELECT trove_ids("trove_notes_fts"."rowid") FROM "trove_notes_fts" WHERE ("trove_notes_fts" MATCH '"b"*')", [folder:home], false)
    /// ```
    var factsCount: (matchedKeys: SQLFragment?, filters: [FieldFilterClause], hidingDemoted: Bool)? {
        if let clause = textClause {
            // NB: words whose demoted matches are left out are counted in SQL, which counts
            // those it left out beside them (``hiddenCount``).
            guard hiddenDemoted == nil else { return nil }
            let rowid = SQLColumn<Int64>("rowid", table: index.ftsTable)
            return ("SELECT trove_ids(\(rowid)) FROM \(fts) WHERE \(clause.queryFragment)", query.fieldFilters, false)
        }
        guard matching == .fts, excluded == nil, !isRanked, query.terms.isEmpty, query.excludedTerms.isEmpty
        else { return nil }
        // NB: a search that hides the demoted rows tests that column too (the copy holds it).
        return (nil, query.fieldFilters, hiddenDemoted != nil)
    }

    /// How many rows match, counted up to `limit` in the FTS5 table alone, when the page may be
    /// ranked there (``rankedKeys(limit:offset:)``); nil otherwise.
    ///
    /// ```swift
    /// statements.matchCount(upTo: 1_001)
    /// // SELECT count(*) AS "total" FROM (SELECT "trove_notes_fts"."rowid" FROM "trove_notes_fts"
    /// //   WHERE ("trove_notes_fts" MATCH '"b"*') LIMIT 1001)
    /// ```
    func matchCount(upTo limit: Int) -> SQLFragment? {
        guard let clause = indexOnlyClause else { return nil }
        let rowid = SQLColumn<Int64>("rowid", table: index.ftsTable)
        return "SELECT \(TypedExpression<Int>("count(*)").named(Self.total)) FROM (SELECT \(rowid) FROM \(fts) "
            + "WHERE \(clause.queryFragment) LIMIT \(raw: String(limit)))"
    }

    /// How many rows the words match (without the filters), counted up to `limit` in the FTS5
    /// table alone, and their keys (`trove_ids`), for a search ``factsCount`` counts from its
    /// matches' keys; nil otherwise.
    ///
    /// ```swift
    /// statements.textMatchKeys(upTo: 1_001)
    /// // SELECT count(*) AS "total", trove_ids("id") AS "ids" FROM (SELECT "trove_notes_fts"."rowid" AS "id"
    /// //   FROM "trove_notes_fts" WHERE ("trove_notes_fts" MATCH '"b"*') LIMIT 1001)
    /// ```
    func textMatchKeys(upTo limit: Int) -> SQLFragment? {
        guard let clause = textClause else { return nil }
        let rowid = SQLColumn<Int64>("rowid", table: index.ftsTable)
        let id = ResultColumn<Int64>("id")
        let ids = TypedExpression<[UInt8]?>("trove_ids(\(id.reference))")
        return "SELECT \(TypedExpression<Int>("count(*)").named(Self.total)), \(ids.named(Self.matchedKeys)) FROM (SELECT "
            + "\(rowid.named(id)) FROM \(fts) WHERE \(clause.queryFragment) LIMIT \(raw: String(limit)))"
    }

    /// The page of the rows `keys` (``rankedKeys(limit:offset:)``), in the index's order.
    ///
    /// ```swift
    /// statements.page(amongKeys: [12, 7])
    /// // SELECT "notes"."id" AS "key", … WHERE ("trove_notes_fts" MATCH '"bread"*')
    /// //   AND (trove_has(?, "trove_notes_fts"."rowid")) ORDER BY "score" ASC, "notes"."id" ASC LIMIT 2
    /// ```
    ///
    /// NB: `trove_has` tests each of the MATCH's rows against the keys (sorted, halved) before
    /// the app's row is read, as the walk's `among` does; `+rowid IN (SELECT … json_each(…))`
    /// looked each one up in a table SQLite built of the keys. `trove-bench declared
    /// --query-class "filter + text"` (keys of the rows the filters pass), one connection:
    /// ×1.72 of the engine before, ×1.45 after.
    func page(amongKeys keys: [Int64], passingFilters: Bool = false) -> SQLFragment {
        page(amongKeys: keys, limit: keys.count, offset: 0, passingFilters: passingFilters)
    }

    /// One page by offset of the rows `keys`, in the index's order.
    ///
    /// ```swift
    /// statements.page(amongKeys: [12, 7], limit: 20, offset: 0)   // without words
    /// // SELECT "notes"."id" AS "key", … FROM json_each('[12,7]') AS "trove_keys" CROSS JOIN "notes"
    /// //   ON "notes"."id" = "trove_keys"."value" WHERE … ORDER BY … LIMIT 20 OFFSET 0
    /// ```
    ///
    /// `passingFilters`: the keys are rows the copy of the facet values found passing the
    /// filters (``keysPassFilters``), so the statement does not test them again.
    func page(amongKeys keys: [Int64], limit: Int, offset: Int, passingFilters: Bool = false) -> SQLFragment {
        guard !passingFilters || keysPassFilters else {
            var statements = self
            statements.keysPassFilters = true
            return statements.page(amongKeys: keys, limit: limit, offset: offset)
        }
        guard isRanked else {
            // NB: without words, each key is looked up as its rowid (CROSS JOIN: the keys are the
            // outer loop) and the few rows sorted. Given as an IN beside the filters, SQLite chose
            // to read a lookup filter's rows instead (`-is:flagged list:Errands tag:call`: every
            // reminder tagged call, 22 ms for 696 keys).
            let keyed: SQLFragment = "json_each(\(IDList(keys).json)) AS \"trove_keys\" CROSS JOIN \(identifier: index.table) "
                + "ON \(key) = \"trove_keys\".\"value\""
            let whereSQL: SQLFragment = filter.isEmpty ? "" : " WHERE \(filter.queryFragment)"
            return "SELECT \(pageColumns.joined(separator: ", ")) FROM \(keyed)\(whereSQL) ORDER BY \(order) "
                + "LIMIT \(limit) OFFSET \(offset)"
        }
        let rowid = SQLColumn<Int64>("rowid", table: index.ftsTable)
        return page(limit: limit, offset: offset, among: "(\(IDSet(sortedKeys: Array(Set(keys)).sorted()).contains(rowid)))")
    }

    /// Whether the best of ``keysAndBest(rows:among:demotedRows:rowids:)`` with their ties are
    /// candidates whose page must be checked (see `SearchIndex.page(of:…)`): with tiebreakers,
    /// or with ``SearchIndex/demoted`` (whose rows the walk scores as open unless the copy
    /// knows them), the page's order is not the walk's.
    var bestWalkGivesCandidates: Bool { index.demoted != nil || !index.tiebreakers.isEmpty }

    // MARK: - Keyset pages

    /// The order's keys before the row's key: the score, the sort column, or none when rows
    /// are in key order; the ranked-last column's test first when ranked. `isDescending` for a
    /// column sorted descending.
    var orderKeys: [(expression: SQLFragment, isDescending: Bool)] { orderKeys(score: rankExpression) }

    /// ``orderKeys`` with the score written as `score`: its expression, or the name of the
    /// result column that holds it.
    private func orderKeys(score: SQLFragment) -> [(expression: SQLFragment, isDescending: Bool)] {
        let last = rankedLast.map { [($0, false)] } ?? []
        let sorted: [(expression: SQLFragment, isDescending: Bool)] = switch index.sort {
        case .rank where isRanked: last + [(score, false)]
        case .rank: last + titleOrder
        case .column(let column, let descending, let nullsLast):
            (nullsLast.map { [(SQLFragment("(\(text(column)) IS NULL)"), !$0)] } ?? []) + [(text(column).queryFragment, descending)]
        }
        return sorted + tiebreakerKeys
    }

    /// Two keys per ``SearchIndex/tiebreakers`` entry: whether the column is NULL (so that NULL
    /// goes last, or first), then the column.
    ///
    /// ```swift
    /// // .descending("priority"):
    /// // [(("notes"."priority" IS NULL), false), ("notes"."priority", true)]
    /// ```
    private var tiebreakerKeys: [(expression: SQLFragment, isDescending: Bool)] {
        index.tiebreakers.flatMap { tiebreaker -> [(expression: SQLFragment, isDescending: Bool)] in
            let column = text(tiebreaker.column).queryFragment
            return [("(\(column) IS NULL)", !tiebreaker.nullsLast), (column, tiebreaker.descending)]
        }
    }

    /// `(ifnull("notes"."is_done", 0) <> 0)`: 1 for the rows ``SearchIndex/rankedLast`` puts
    /// after the others, never NULL; nil without one or for a column sort.
    private var rankedLast: SQLFragment? {
        guard let column = index.rankedLast, case .rank = index.sort else { return nil }
        return "(ifnull(\(SQLColumn<Int64>(column, table: index.table)), 0) <> 0)"
    }

    /// For a query FTS5 cannot score (only words in substring scripts or without letters),
    /// the reminders' title order: rows whose first field holds more of its words first, then,
    /// among those that hold any, the shortest first field (the words are more of it, as
    /// BM25's length normalisation would have it); empty for any other query, `!like` (which
    /// does not rank, as the reminders' like engine does not) or a column sort.
    ///
    /// ```swift
    /// titleOrder   // [((("notes"."title" LIKE '%奶奶%' ESCAPE '')), DESC),
    ///              //  (iif(((…)) > 0, length("notes"."title"), 0), ASC)]
    /// ```
    private var titleOrder: [(expression: SQLFragment, isDescending: Bool)] {
        guard !isRanked, matching != .like, case .rank = index.sort, let first = index.fields.first,
            query.fields?.contains(first.column) ?? true, !substringTerms.isEmpty
        else { return [] }
        let title = text(first.column)
        let held: SQLFragment = "(" + substringTerms.map { "(\(title.contains($0.text)))" as SQLFragment }.joined(separator: " + ") + ")"
        return [(held, true), ("iif(\(held) > 0, length(\(title)), 0)", false)]
    }

    /// What a cursor made by this order says it continues: the index, the sort, the text.
    var orderName: String {
        let sort = switch index.sort {
        case .rank where isRanked: "rank"
        case .rank: titleOrder.isEmpty ? "key" : "title-order"
        case .column(let column, let descending, let nullsLast):
            column + (descending ? " desc" : "") + (nullsLast.map { $0 ? " nulls last" : " nulls first" } ?? "")
        }
        let ties = index.tiebreakers.isEmpty ? "" : " then " + index.tiebreakers.map(\.name).joined(separator: ", ")
        return "index \(index.name) \(sort)" + (rankedLast == nil ? "" : " after \(index.rankedLast ?? "")") + ties
    }

    /// The order key's current value for the row `key`, when the row still matches.
    ///
    /// ```swift
    /// statements.currentValue(of: 4)
    /// // SELECT trove_rank_fields(…) AS "score" FROM … WHERE (… MATCH ?) AND ("notes"."id" = 4)
    /// ```
    func currentValue(of key: Int64) -> SQLFragment? {
        let keys = orderKeys
        guard !keys.isEmpty else { return nil }
        var clause = filter
        clause.terms.append((self.key == key).queryFragment)
        let values = keys.map(\.expression).joined(separator: ", ")
        return "SELECT \(values) FROM \(from) WHERE \(clause.queryFragment)"
    }

    /// The keys of the rows the `key:value` filters pass, up to `limit` of them, counted, read
    /// from the app's tables alone: when the words are ones FTS5 finds on its own and there
    /// are filters; nil otherwise.
    ///
    /// ```swift
    /// statements.filteredKeys(limit: 131_073)
    /// // SELECT count(*) AS "total", trove_ids("id") AS "ids" FROM (SELECT "notes"."id" AS "id" FROM "notes"
    /// //   WHERE ("notes"."folder" COLLATE "NOCASE" = 'home') LIMIT 131073)
    /// ```
    func filteredKeys(limit: Int) -> SQLFragment? {
        guard textClause != nil, !query.fieldFilters.isEmpty else { return nil }
        let tests = query.fieldFilters.compactMap(predicate)
        guard !tests.isEmpty else { return nil }
        let id = ResultColumn<Int64>("id")
        let condition = tests.map { "(\($0))" as SQLFragment }.joined(separator: " AND ")
        return "SELECT \(TypedExpression<Int>("count(*)").named(Self.total)), \(TypedExpression<[UInt8]>("trove_ids(\(id.reference))").named(Self.matchedKeys)) "
            + "FROM (SELECT \(key.named(id)) FROM \(identifier: index.table) WHERE \(condition) LIMIT \(raw: String(limit)))"
    }

    /// The values of the ``tiebreakerKeys`` for the row `key`, read from the app's table alone.
    ///
    /// ```swift
    /// statements.tiebreakerValues(of: 4)
    /// // SELECT ("notes"."due" IS NULL), "notes"."due" FROM "notes" WHERE ("notes"."id" = 4)
    /// ```
    ///
    /// NB: why. A cursor after a ranked hit needs its score and these; the page already read
    /// the score, and scoring one row again (``currentValue(of:)``) counts each word's rows
    /// anew: 3–5 ms a page for a common word at 100,000 reminders.
    func tiebreakerValues(of key: Int64) -> SQLFragment? {
        let keys = tiebreakerKeys
        guard !keys.isEmpty else { return nil }
        let values = keys.map(\.expression).joined(separator: ", ")
        return "SELECT \(values) FROM \(identifier: index.table) WHERE \((self.key == key).queryFragment)"
    }

    /// The rows after `position` in this order (SQLite puts NULLs first ascending, last
    /// descending; the key breaks ties):
    ///
    /// ```swift
    /// after((key: 4, values: [.double(-2.05)]))   // (score > -2.05 OR (score = -2.05 AND ("notes"."id" > 4)))
    /// // with a ranked-last column, its test first:
    /// after((key: 4, values: [.integer(0), .double(-2.05)]))
    /// // ((…is_done…) > 0 OR ((…is_done…) = 0 AND (score > -2.05 OR (score = -2.05 AND ("notes"."id" > 4)))))
    /// ```
    private func after(_ position: (key: Int64, values: [SQLBinding])) -> SQLFragment {
        var later: SQLFragment = "\(key) > \(position.key)"
        // NB: from the last order key to the first, each wrapping the rows after it on a tie.
        for ((expression, isDescending), bound) in zip(orderKeys, position.values).reversed() {
            let value = SQLFragment(segments: [.binding(bound)])
            later = switch (bound, isDescending) {
            case (.null, false): "\(expression) IS NOT NULL OR (\(expression) IS NULL AND (\(later)))"
            case (.null, true): "\(expression) IS NULL AND (\(later))"
            case (_, false): "\(expression) > \(value) OR (\(expression) = \(value) AND (\(later)))"
            case (_, true): "\(expression) < \(value) OR \(expression) IS NULL OR (\(expression) = \(value) AND (\(later)))"
            }
        }
        return "(\(later))"
    }

    /// How many rows match in all, and how many of them ``SearchIndex/demoted`` ranks lower
    /// (``demotedTotal``, with a demoted column).
    ///
    /// ```swift
    /// statements.count
    /// // SELECT count(*) AS "total", ifnull(sum((ifnull("notes"."is_done", 0) <> 0)), 0) AS "demoted" FROM … WHERE …
    /// ```
    var count: SQLFragment {
        let demoted: SQLFragment = demoted.map { ", \(TypedExpression<Int>("ifnull(sum(\($0)), 0)").named(Self.demotedTotal))" } ?? ""
        return "SELECT \(TypedExpression<Int>("count(*)").named(Self.total))\(demoted) FROM \(from)\(whereSQL)"
    }

    /// How many of the matches ``SearchIndex/demoted`` ranks lower, in ``count`` and ``facetAndTotal(_:)``.
    static let demotedTotal = ResultColumn<Int>("demoted")

    /// How many rows a search without words that hides the demoted ones
    /// (``SearchIndex/hidesDemotedWhenBrowsing``) left out: those its filters pass that are
    /// demoted; nil for a search that hides none.
    ///
    /// ```swift
    /// statements.hiddenCount
    /// // SELECT count(*) AS "total", … FROM "reminders" WHERE … AND NOT ((ifnull("reminders"."is_completed", 0) = 0))
    /// ```
    var hiddenCount: SQLFragment? {
        guard hiddenDemoted != nil else { return nil }
        var hidden = self
        hidden.keysPassFilters = false
        hidden.matchesHidden = true
        return hidden.count
    }

    /// How many of the rows `keys` are demoted, for a few matches whose facts were read without
    /// the demoted column; nil without one.
    ///
    /// ```swift
    /// statements.demotedCount(among: [3, 9])
    /// // SELECT count(*) FROM "notes" WHERE "notes"."id" IN (SELECT "value" FROM json_each('[3,9]'))
    /// //   AND (ifnull("notes"."is_done", 0) <> 0)
    /// ```
    func demotedCount(among keys: [Int64]) -> SQLFragment? {
        demoted.map {
            "SELECT count(*) FROM \(identifier: index.table) WHERE \(key) IN (SELECT \"value\" FROM json_each(\(IDList(keys).json))) AND \($0)"
        }
    }

    static let facetTotal = ResultColumn<Int>("total")
    /// ``facetValue`` where the NULL group is kept.
    static let facetValueOrNull = ResultColumn<String?>("value")

    /// A facet's values and the count of every match in one pass over the matches: the NULL
    /// group is kept for the total (a window sum over the groups) and sorted last, one row
    /// past the limit, so that dropping it still leaves ``facetLimit`` values.
    ///
    /// Values are grouped ignoring ASCII case, as a `.text` filter compares them, so a value's
    /// count is what filtering by it finds; the group shows its first spelling in binary order,
    /// whatever collation the column declares (so ``IndexFacts`` shows the same one).
    ///
    /// ```swift
    /// statements.facetAndTotal("folder")
    /// // SELECT min(CAST("notes"."folder" AS TEXT) COLLATE "BINARY") AS "value", count(*) AS "count", sum(count(*)) OVER () AS "total"
    /// //   FROM … WHERE … GROUP BY CAST("notes"."folder" AS TEXT) COLLATE "NOCASE"
    /// //   ORDER BY ("value" IS NULL), "count" DESC, "value" LIMIT 101
    /// ```
    func facetAndTotal(_ column: String) -> SQLFragment {
        let value = Self.facetValueOrNull.reference
        return "SELECT \(TypedExpression<String?>("min(\(asText(column).collate(.binary)))").named(Self.facetValueOrNull)), "
            + "\(TypedExpression<Int>("count(*)").named(Self.facetCount)), "
            + "\(TypedExpression<Int>("sum(count(*)) OVER ()").named(Self.facetTotal))"
            + (demoted.map { ", \(TypedExpression<Int>("ifnull(sum(sum(\($0))) OVER (), 0)").named(Self.demotedTotal))" } ?? "")
            + " FROM \(from)\(whereSQL) "
            + "GROUP BY \(facetGroup(column)) ORDER BY (\(value.isNull)), \(Self.facetCount.reference.desc().queryFragment), "
            + "\(value) LIMIT \(raw: String(Self.facetLimit + 1))"
    }

    /// The values of a facet column over all matches, most first, grouped as in
    /// ``facetAndTotal(_:)``.
    func facet(_ column: String) -> SQLFragment {
        if let path = index.filters[column.lowercased()]?.lookupPath {
            return lookupFacet(path)
        }
        var clause = filter
        clause.terms.append(text(column).isNotNull.queryFragment)
        return "SELECT \(TypedExpression<String>("min(\(asText(column).collate(.binary)))").named(Self.facetValue)), "
            + "\(TypedExpression<Int>("count(*)").named(Self.facetCount)) FROM \(from) WHERE \(clause.queryFragment) "
            + "GROUP BY \(facetGroup(column)) ORDER BY \(Self.facetCount.reference.desc().queryFragment), \(Self.facetValue.reference) "
            + "LIMIT \(Self.facetLimit)"
    }

    /// The looked-up values of a ``SearchIndex/Filter/lookup(_:table:key:value:)`` filter's
    /// word named as a facet, over all matches, grouped as its filter compares them; each
    /// match counted once per value, so a value's count is what filtering by it finds. A NULL
    /// value is no value.
    ///
    /// ```swift
    /// statements.facet("tag")
    /// // SELECT min(CAST("trove_lookup"."tag" AS TEXT) COLLATE "BINARY") AS "value", count(DISTINCT "notes"."id") AS "count"
    /// //   FROM … JOIN "note_tags" AS "trove_lookup" ON ("trove_lookup"."note_id" = "notes"."id") AND ("trove_lookup"."tag" IS NOT NULL)
    /// //   WHERE … GROUP BY CAST("trove_lookup"."tag" AS TEXT) COLLATE "NOCASE" ORDER BY "count" DESC, "value" LIMIT 100
    /// ```
    private func lookupFacet(_ path: SearchIndex.LookupPath) -> SQLFragment {
        // NB: aliased (``SearchIndex/LookupPath/from``), as the other table may be the index's
        // own (a note's parent note).
        let shown = TypedExpression<String?>("CAST(\(path.valueColumn) AS TEXT)")
        let join = path.join(on: "\(path.keyColumn) = \(SQLColumn<Int64>(path.own, table: index.table))") + " AND (\(shown.isNotNull))"
        return "SELECT \(TypedExpression<String>("min(\(shown.collate(.binary)))").named(Self.facetValue)), "
            + "\(TypedExpression<Int>("count(DISTINCT \(self.key))").named(Self.facetCount)) FROM \(from) \(join)\(whereSQL) "
            + "GROUP BY \(shown.collate(.nocase)) ORDER BY \(Self.facetCount.reference.desc().queryFragment), \(Self.facetValue.reference) "
            + "LIMIT \(Self.facetLimit)"
    }

    /// `CAST("notes"."folder" AS TEXT)`: a facet column's value as the text a facet shows.
    private func asText(_ column: String) -> TypedExpression<String?> {
        TypedExpression("CAST(\(text(column)) AS TEXT)")
    }

    /// `CAST("notes"."folder" AS TEXT) COLLATE "NOCASE"`: what a facet groups by.
    private func facetGroup(_ column: String) -> TypedExpression<String?> {
        asText(column).collate(.nocase)
    }

    // MARK: - Parts

    /// The FTS5 table joined to the app's, or the app's table alone when nothing is matched.
    ///
    /// NB: `CROSS JOIN` keeps the MATCH the outer loop, so an index on a filter column never
    /// makes SQLite run the MATCH once per row of the app's table; see `SearchExecutor.from`.
    var from: SQLFragment {
        guard isRanked else { return SQLFragment(identifier: index.table) }
        let rowid = SQLColumn<Int64>("rowid", table: index.ftsTable)
        return "\(fts) CROSS JOIN \(identifier: index.table) ON (\(key == rowid))"
    }

    /// The words, the words FTS5 cannot see, and the `key:value` filters, each one AND term.
    var filter: WhereClause {
        // NB: `in:` narrows the substring conditions as it narrows the MATCH.
        let fields = index.fields.filter { query.fields?.contains($0.column) ?? true }.map { text($0.column) }
        let positiveMatch = expression?.positive
        let negativeMatch = expression?.negative
        let excluded = excluded
        let narrowed = narrowed.map { TypedExpression<Bool>($0.contains(SQLColumn<Int64>("rowid", table: index.ftsTable))) }
        return WhereClause {
            if let positiveMatch { TypedExpression<Bool>("\(fts) MATCH \(positiveMatch)") }
            if let narrowed { narrowed }
            if let excluded {
                TypedExpression<Bool>("\(key) NOT IN (SELECT rowid FROM \(fts) WHERE \(fts) MATCH \(excluded))")
            }
            if let negativeMatch {
                // NB: FTS5's NOT needs a left operand, so a query of exclusions only is a NOT IN.
                TypedExpression<Bool>("\(key) NOT IN (SELECT rowid FROM \(fts) WHERE \(fts) MATCH \(negativeMatch))")
            }
            // NB: a group with a word FTS5 cannot find on its own is one condition: its FTS5
            // words as an IN (a MATCH cannot be ORed), a word in a substring script from the
            // trigram index, a word without letters (`🎉`; `c++` is searchable) as a LIKE of
            // any field; as the reminders' fts engine does.
            // `!like` matches every word as such a LIKE, as the reminders' like engine does.
            let like = matching == .like
            for group in query.terms where like {
                anyOf(group.anyOf.map { term in anyOf(fields.map { $0.contains(term.text) }) })
            }
            for group in query.terms where !like && !group.anyOf.allSatisfy(IndexStatements.isPlain) {
                alternatives(of: group, fields: fields)
            }
            for term in query.excludedTerms where !like && term.isSubstringSearched {
                TypedExpression<Bool>("NOT (\(substring(term)))")
            }
            for term in query.excludedTerms where like || !term.isSearchableByFTS {
                TypedExpression<Bool>("NOT IFNULL((\(anyOf(fields.map { $0.contains(term.text) }))), 0)")
            }
            for clause in query.fieldFilters where !keysPassFilters {
                if let predicate = predicate(clause) { predicate }
            }
            if !keysPassFilters, let hidden = hiddenDemoted {
                if matchesHidden { !hidden } else { hidden }
            }
        }
    }

    /// `(ifnull("reminders"."is_completed", 0) = 0)` for a search that leaves the demoted rows
    /// out: one without words of an index that hides them then
    /// (``SearchIndex/hidesDemotedWhenBrowsing``), or any of an index shown with them hidden
    /// (``SearchIndex/showing(demoted:)``); unless a filter decides on them. Nil otherwise.
    var hiddenDemoted: TypedExpression<Bool>? {
        guard let demoted = index.demoted else { return nil }
        switch index.demotedRows {
        case .listed: return nil
        case .hidden: break
        case .asDeclared:
            guard index.hidesDemotedWhenBrowsing, query.terms.isEmpty, query.excludedTerms.isEmpty else { return nil }
        }
        let decides = query.fieldFilters.contains { clause in
            guard let filter = index.filters[clause.key] else { return false }
            switch filter {
            case .named(let words):
                return clause.anyOf.contains { value in
                    guard case .named(let word) = value else { return false }
                    return words[word]?.column.lowercased() == demoted.lowercased()
                }
            case .deadline:
                return clause.anyOf.contains { if case .overdue = $0 { true } else { false } }
            default:
                return filter.columns.contains { $0.lowercased() == demoted.lowercased() }
            }
        }
        guard !decides else { return nil }
        return TypedExpression("(ifnull(\(SQLColumn<Int64>(demoted, table: index.table)), 0) = 0)")
    }

    /// One mixed group's alternatives, ORed.
    private func alternatives(of group: TermGroup, fields: [SQLColumn<String>]) -> TypedExpression<Bool> {
        // NB: one IN of the UNION of the index's rows and each substring's, so that SQLite
        // reads each once (MatchPlan.anyRow(of:) says why).
        var rowSources: [SQLFragment] = []
        var part = SearchQuery(terms: [TermGroup(anyOf: group.anyOf.filter(\.isSearchableByFTS))])
        part.fields = query.fields
        if let match = FTS5Expression(query: part, expansion: expansion)?.positive {
            rowSources.append("SELECT rowid FROM \(fts) WHERE \(fts) MATCH \(match)")
        }
        for term in group.anyOf where term.isSubstringSearched { rowSources.append(substringRowIDs(term)) }
        var alternatives = rowSources.isEmpty ? [] : [TypedExpression<Bool>("\(key) IN (\(rowSources.joined(separator: " UNION ")))")]
        for term in group.anyOf where !term.isSearchableByFTS {
            alternatives.append(anyOf(fields.map { $0.contains(term.text) }))
        }
        return anyOf(alternatives)
    }

    /// The rows whose searched fields hold `term` as a substring: a phrase of trigrams in the
    /// substring index from 3 characters, below that a LIKE over the rows the partial index
    /// lists (the trigram tokenizer cannot match fewer).
    ///
    /// ```swift
    /// substring(SearchTerm("给奶奶"))
    /// // "notes"."id" IN (SELECT rowid FROM "trove_notes_substrings" WHERE "trove_notes_substrings" MATCH '"给奶奶"')
    /// substring(SearchTerm("春节"))
    /// // "notes"."id" IN (SELECT "trove_substring_rows"."id" FROM "notes" AS "trove_substring_rows"
    /// //   WHERE (("trove_substring_rows"."title" GLOB '*[֐-𯿿]*' AND "trove_substring_rows"."title" GLOB '*[…]*') OR …) AND ("trove_substring_rows"."title" LIKE '%春节%' ESCAPE '\' OR …))
    /// ```
    private func substring(_ term: SearchTerm) -> TypedExpression<Bool> {
        TypedExpression("\(key) IN (\(substringRowIDs(term)))")
    }

    /// The subquery of ``substring(_:)``: the keys of the rows that hold `term`'s text.
    private func substringRowIDs(_ term: SearchTerm) -> SQLFragment {
        let names = index.fields.map(\.column).filter { query.fields?.contains($0) ?? true }
        if term.text.unicodeScalars.count >= 3 {
            let substrings = SQLFragment(identifier: index.substringTable)
            let phrase = FTS5Text.quoted(term.text)
            let match = query.fields == nil ? phrase : "{\(names.joined(separator: " "))} : \(phrase)"
            return "SELECT rowid FROM \(substrings) WHERE \(substrings) MATCH \(match)"
        }
        let alias = "trove_substring_rows"
        let likes = names.map { SQLColumn<String>($0, table: alias).contains(term.text) }
        return """
            SELECT \(SQLColumn<Int64>(index.key, table: alias)) FROM \(identifier: index.table) AS \(identifier: alias) \
            WHERE (\(index.holdsSubstringText("\"\(alias)\"."))) AND (\(anyOf(likes)))
            """
    }

    private var whereSQL: SQLFragment {
        let clause = filter
        return clause.isEmpty ? SQLFragment() : " WHERE \(clause.queryFragment)"
    }

    /// `folder:a folder:b` → `("notes"."folder" COLLATE "NOCASE" = 'a') OR (…)`; negated, neither
    /// (a NULL column is neither, not unknown).
    private func predicate(_ clause: FieldFilterClause) -> TypedExpression<Bool>? {
        guard let filter = index.filters[clause.key] else { return nil }
        // NB: a named filter's words on one column are either-or (`is:read is:unread`), on
        // different columns both (`is:unread is:starred`), as the reminders' `is:` words are.
        if case .named(let words) = filter, !clause.isNegated {
            var byColumn: [String: [FieldFilterClause.Value]] = [:]
            for value in clause.anyOf {
                if case .named(let word) = value, let column = words[word]?.column { byColumn[column, default: []].append(value) }
            }
            if byColumn.count > 1 {
                let each = byColumn.keys.sorted().compactMap { column in
                    predicate(FieldFilterClause(key: clause.key, anyOf: byColumn[column] ?? []))
                }
                return TypedExpression(each.map { "(\($0))" as SQLFragment }.joined(separator: " AND "))
            }
        }
        let tests = clause.anyOf.map { value -> TypedExpression<Bool> in
            switch value {
            case .text(let text):
                if let path = filter.lookupPath {
                    lookup(path, found: path.valueColumn.collate(.nocase) == text)
                } else {
                    self.text(filter.column).collate(.nocase) == text
                }
            case .textPrefix(let text):
                // NB: LIKE ignores ASCII case, as the NOCASE `=` of a whole value does.
                if let path = filter.lookupPath {
                    lookup(path, found: path.valueColumn.hasPrefix(text))
                } else {
                    self.text(filter.column).hasPrefix(text)
                }
            case .integer(let number): SQLColumn<Int64>(filter.column, table: index.table) == number
            case .bool(let flag): SQLColumn<Bool>(filter.column, table: index.table) == flag
            case .integerRange(let from, let through):
                TypedExpression(([
                    from.map { SQLColumn<Int64>(filter.column, table: index.table) >= $0 },
                    through.map { SQLColumn<Int64>(filter.column, table: index.table) <= $0 },
                ] as [TypedExpression<Bool>?]).compactMap { $0?.queryFragment }.joined(separator: " AND "))
            case .days(let from, let through, let timeZone): days(filter.column, from: from, through: through, in: timeZone)
            case .overdue(let before, let timeZone): overdue(filter, before: before, in: timeZone)
            case .dueBy(let day, let timeZone):
                TypedExpression("(\(days(filter.column, from: day, through: day, in: timeZone)) OR \(overdue(filter, before: day, in: timeZone)))")
            case .missing: SQLColumn<String?>(filter.column, table: index.table).isNull
            case .named(let word):
                if case .named(let words) = filter, let named = words[word] {
                    TypedExpression("\(SQLColumn<String?>(named.column, table: index.table)) = \(SQLFragment(segments: [.binding(named.value)]))")
                } else {
                    TypedExpression("0")
                }
            }
        }
        let any = anyOf(tests)
        return clause.isNegated ? TypedExpression("NOT IFNULL((\(any)), 0)") : any
    }

    /// A ``SearchIndex/Filter/lookup(_:table:key:value:)`` or
    /// ``SearchIndex/Filter/linked(_:links:from:to:table:key:value:)`` filter's test, the value
    /// equal to the word or, while it is typed, starting with it:
    ///
    /// ```swift
    /// // "notes"."id" IN (SELECT "trove_lookup"."note_id" FROM "note_tags" AS "trove_lookup"
    /// //   WHERE "trove_lookup"."tag" COLLATE "NOCASE" = 'bread')
    /// // … WHERE "trove_lookup"."tag" LIKE 'bre%' ESCAPE '\'
    /// ```
    private func lookup(_ path: SearchIndex.LookupPath, found: TypedExpression<Bool>) -> TypedExpression<Bool> {
        TypedExpression("""
            \(SQLColumn<Int64>(path.own, table: index.table)) IN \
            (SELECT \(path.keyColumn) FROM \(path.from) WHERE \(found))
            """)
    }

    /// A ``SearchIndex/Filter/deadline(_:done:)``'s `overdue`: not done, due before `before`.
    ///
    /// ```swift
    /// // (ifnull("reminders"."is_completed", 0) = 0 AND (…"reminders"."due_date" before 2026-03-02…))
    /// ```
    private func overdue(_ filter: SearchIndex.Filter, before: CalendarDay, in timeZone: TimeZone) -> TypedExpression<Bool> {
        guard case .deadline(let column, let done) = filter else { return TypedExpression("0") }
        let open = "ifnull(\(SQLColumn<Int64>(done, table: index.table)), 0) = 0" as SQLFragment
        // NB: the days' test is an OR of its two forms: parenthesised, or the AND binds to one.
        return TypedExpression("(\(open) AND (\(days(column, from: nil, through: before.adding(days: -1), in: timeZone))))")
    }

    /// A ``SearchIndex/Filter/date(_:)``'s test: an all-day value (ISO text `YYYY-MM-DD`)
    /// compares as text with the days; a date-time (longer text, read by `strftime`, or Unix
    /// seconds) with the instants where those days start and end in `timeZone`, as seconds.
    ///
    /// ```swift
    /// // (("notes"."updated_at" GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
    /// //     AND "notes"."updated_at" >= '2026-03-01' AND "notes"."updated_at" <= '2026-03-31')
    /// //   OR ((CASE WHEN typeof("notes"."updated_at") IN ('integer', 'real') THEN "notes"."updated_at"
    /// //     WHEN length("notes"."updated_at") > 10 THEN CAST(strftime('%s', "notes"."updated_at") AS INTEGER) END)
    /// //     >= 1772323200 AND (CASE … END) < 1775001600))
    /// ```
    private func days(_ name: String, from: CalendarDay?, through: CalendarDay?, in timeZone: TimeZone)
        -> TypedExpression<Bool>
    {
        let column = SQLColumn<String>(name, table: index.table)
        let seconds: SQLFragment = """
            (CASE WHEN typeof(\(column)) IN ('integer', 'real') THEN \(column) \
            WHEN length(\(column)) > 10 THEN CAST(strftime('%s', \(column)) AS INTEGER) END)
            """
        // NB: the shape, not only the length: `not a date` is 10 characters too, and sorts
        // after every year as text.
        var allDay: [SQLFragment] = ["\(column) GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'"]
        var timed: [SQLFragment] = []
        if let from {
            allDay.append("\(column) >= \(from.description)")
            timed.append("\(seconds) >= \(Int64(from.start(in: timeZone).timeIntervalSince1970))")
        }
        if let through {
            allDay.append("\(column) <= \(through.description)")
            // NB: after 9999-12-31 there is no next day; every later instant is in range.
            if let next = through.advanced(byDays: 1) {
                timed.append("\(seconds) < \(Int64(next.start(in: timeZone).timeIntervalSince1970))")
            } else {
                timed.append("\(seconds) IS NOT NULL")
            }
        }
        return TypedExpression("""
            (\(allDay.joined(separator: " AND "))) OR (\(timed.joined(separator: " AND ")))
            """)
    }

    /// The fields a hit's snippet may be cut from (by number): every field but the first, which
    /// a hit shows whole, highlighted, as a title, and but a field of names
    /// (``SearchIndex/Field/holdsNames``), shown whole as tags are; the first field when there
    /// is no other.
    var snippetFields: [Int] {
        let others = index.fields.indices.dropFirst().filter { !index.fields[$0].holdsNames }
        return others.isEmpty ? [0] : others
    }

    /// The number of the field a hit's snippet is cut from: the longest of ``snippetFields``
    /// that matched, so that a match in a short summary is shown there rather than the start of
    /// a long body that holds none; when none of them matched, the longest of them, as a
    /// preview. Ties go to the earlier field.
    ///
    /// ```sql
    /// CASE max(trove_matched(fts, 1) * (coalesce(length("summary"), 0) + 1), trove_matched(fts, 2) * (… "body" …))
    ///   WHEN 0 THEN <the longest of them> WHEN trove_matched(fts, 1) * (…) THEN 1 WHEN … THEN 2 END
    /// ```
    private var snippetField: SQLFragment {
        let candidates = snippetFields
        guard candidates.count > 1 else { return SQLFragment(raw: String(candidates[0])) }
        let fts = SQLFragment(identifier: index.ftsTable)
        // NB: a matched field scores its length + 1, so a matched empty one still beats none.
        let scores = candidates.map { number in
            SQLFragment("(trove_matched(\(fts), \(raw: String(number))) * (coalesce(length(\(text(index.fields[number].column))), 0) + 1))")
        }
        var sql: SQLFragment = "CASE max(\(scores.joined(separator: ", "))) WHEN 0 THEN \(longestField)"
        for (number, score) in zip(candidates, scores) { sql += " WHEN \(score) THEN \(raw: String(number))" }
        return sql + " END"
    }

    /// The number of the row's longest field of ``snippetFields``: the first of the longest on a tie.
    private var longestField: SQLFragment {
        let candidates = snippetFields
        guard candidates.count > 1 else { return SQLFragment(raw: String(candidates[0])) }
        let lengths = candidates.map { SQLFragment("coalesce(length(\(text(index.fields[$0].column))), 0)") }
        var sql: SQLFragment = "CASE max(\(lengths.joined(separator: ", ")))"
        for (number, length) in zip(candidates, lengths) { sql += " WHEN \(length) THEN \(raw: String(number))" }
        return sql + " END"
    }

    var rankExpression: SQLFragment { rankExpression(walksSizes: false) }

    private func rankExpression(
        walksSizes: Bool, underBest: Bool = false, asOpen: Bool = false, demotedRows: SQLFragment? = nil
    ) -> SQLFragment {
        TroveRanking.standard.fieldsExpression(
            ranking, table: index.ftsTable, fields: index.fields.map { ($0.weight, $0.lengthNormalization) },
            names: index.fields.firstIndex(where: \.holdsNames), exactWords: TroveRanking.exactWords(of: query),
            leadingWords: TroveRanking.leadingWords(of: query), walksSizes: walksSizes,
            demoted: demotedRows.map { "(\($0))" } ?? (asOpen ? nil : demoted), underBest: underBest)
    }

    /// ``SearchIndex/demotedTest``.
    private var demoted: SQLFragment? { index.demotedTest }

    /// ``orderKeys`` then the key, the last term of every order; the score by the name of its
    /// result column, whose value SQLite reuses.
    private var order: SQLFragment {
        let keys = orderKeys(score: Self.rank.reference.queryFragment).map { $0.expression + ($0.isDescending ? " DESC" : " ASC") }
        return (keys + [key.asc().queryFragment]).joined(separator: ", ")
    }
}
