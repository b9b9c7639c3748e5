import Foundation
import TroveQuery
import TroveSQLite
import TroveStore

/// Runs a ``MatchPlan`` plus a request's filters, sort and page: the hits, the counts and the
/// facets, all read in one transaction so they agree with each other.
struct SearchExecutor {
    var plan: MatchPlan
    var request: SearchRequest
    var engineName: String

    var query: Query { request.query }
    var isRanked: Bool { plan.ftsMatch != nil }
    var sortKeys: [SortKey] {
        SortKey.keys(
            for: request.sort, ranking: request.ranking, ranked: isRanked, exactWords: exactWords,
            titleTerms: plan.titleOrderTerms) + [SortKey.id]
    }
    /// The words ``TroveRanking/exactWord`` rewards when they stand whole in a title.
    var exactWords: [String] { TroveRanking.exactWords(of: query) }

    /// `FROM …` the index (when matching) joined to reminders and their list.
    var from: SQL {
        let lists: SQL = " JOIN \"lists\" ON \"lists\".\"id\" = \"reminders\".\"list_id\""
        guard isRanked else { return "FROM \"reminders\"" + lists }
        return "FROM \"reminders_fts\" JOIN \"reminders\" ON \"reminders\".\"id\" = \"reminders_fts\".\"rowid\"" + lists
    }

    /// The match and the filters, without the completion scope.
    private var matchConditions: [SQL] {
        var conditions: [SQL] = []
        if let match = plan.ftsMatch { conditions.append("(\"reminders_fts\" MATCH \(match))") }
        conditions += plan.conditions
        let filters = FilterSQL(today: request.today, timeZone: request.timeZone, rowsComeFromText: isRanked)
        conditions += query.filters.map(filters.condition)
        return conditions
    }

    /// Whether completed reminders are left out; see ``SearchRequest/includeCompleted``.
    var isOpenOnly: Bool {
        let decidesCompletion = query.filters.contains { clause in
            clause.anyOf.contains { $0 == .status(.open) || $0 == .status(.completed) || $0 == .due(.overdue) }
        }
        if decidesCompletion { return false }
        return !(request.includeCompleted ?? plan.hasText)
    }

    var scopedConditions: [SQL] {
        matchConditions + (isOpenOnly ? ["(\"reminders\".\"is_completed\" = 0)"] : [])
    }

    static func whereClause(_ conditions: [SQL]) -> SQL {
        conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    }

    /// The page, counts and facets. Runs in a read transaction so every part sees one snapshot.
    func run(on db: Connection) throws -> ResultSet {
        try db.transaction(.deferred) {
            let (pageHits, next) = try page(on: db)
            let hits = try Self.withRepeatRules(pageHits, on: db)
            let (total, completed) = try counts(on: db)
            let (lists, tags) = try facets(on: db)
            return ResultSet(
                query: resultQuery, engine: engineName, hits: hits, total: total, completedCount: completed,
                includesCompleted: !isOpenOnly, listFacets: lists, tagFacets: tags, next: next)
        }
    }

    /// The query with the problems planning found.
    var resultQuery: Query {
        var resultQuery = query
        resultQuery.problems += plan.problems
        return resultQuery
    }

    // MARK: Counts and facets

    /// The statement that counts the matches and the completed ones among them.
    var countSQL: SQL {
        "SELECT count(*), ifnull(sum(\"reminders\".\"is_completed\"), 0) \(from)" + Self.whereClause(matchConditions)
    }

    /// The matches (within the completion scope) and the completed ones among all matches.
    func counts(on db: Connection) throws -> (total: Int, completed: Int) {
        guard let row = try db.fetchOne(countSQL) else { return (0, 0) }
        let all: Int = try row[0], completed: Int = try row[1]
        return (isOpenOnly ? all - completed : all, completed)
    }

    /// The lists and the tags of the matches, with how many each holds.
    func facets(on db: Connection) throws -> (lists: [Facet], tags: [Facet]) {
        let lists = try facets(on: db, join: "", name: "\"lists\".\"name\"", group: "\"lists\".\"id\"")
        let tags = try facets(
            on: db,
            join: " JOIN \"reminder_tags\" ON \"reminder_tags\".\"reminder_id\" = \"reminders\".\"id\""
                + " JOIN \"tags\" ON \"tags\".\"id\" = \"reminder_tags\".\"tag_id\"",
            name: "\"tags\".\"name\"", group: "\"tags\".\"id\"")
        return (lists, tags)
    }

    private func facets(on db: Connection, join: SQL, name: SQL, group: SQL) throws -> [Facet] {
        let sql: SQL = "SELECT \(name), count(*) \(from)\(join)" + Self.whereClause(scopedConditions)
            + " GROUP BY \(group) ORDER BY 2 DESC, 1 COLLATE NOCASE"
        return try db.fetchAll(sql).map { Facet(name: try $0[0], count: try $0[1]) }
    }

    // MARK: The page

    /// The statement that reads the page: one row more than the limit, to tell whether a next
    /// page exists. For a cursor page, the anchor's keys come from `db` when given (see
    /// ``anchorValues(of:on:)``), else from the cursor itself.
    ///
    /// - Throws: ``SearchError/invalidCursor`` for a cursor of another sort or shape.
    func pageStatement(on db: Connection?) throws -> SQL {
        var conditions = scopedConditions
        var offset = 0
        switch request.page {
        case .first: break
        case .offset(let count): offset = max(0, count)
        case .after(let cursor):
            guard cursor.sort == request.sort, cursor.ranking == request.ranking.name,
                cursor.keys.count == sortKeys.count - 1
            else {
                throw SearchError.invalidCursor
            }
            let current = try db.flatMap { try anchorValues(of: cursor, on: $0) }
            conditions.append(SortKey.after(sortKeys, values: current ?? (cursor.keys + [.integer(cursor.id)])))
        }
        let order = sortKeys.map { "\($0.expression)\(raw: $0.isDescending ? " DESC" : "")" as SQL }
        return "SELECT \(selection) \(from)" + Self.whereClause(conditions)
            + " ORDER BY \(order.joined(separator: ", ")) LIMIT \(request.limit + 1) OFFSET \(offset)"
    }

    func page(on db: Connection) throws -> ([SearchHit], SearchPage?) {
        let (hits, next, _) = try pageAndLastCursor(on: db)
        return (hits, next)
    }

    /// The page, the next page, and where the page's last hit is (whether or not more follow).
    func pageAndLastCursor(on db: Connection) throws -> ([SearchHit], SearchPage?, SearchCursor?) {
        let rows = try db.fetchAll(pageStatement(on: db))
        let hits = try rows.prefix(request.limit).map(hit)
        guard let last = rows.prefix(request.limit).last else { return (hits, nil, nil) }
        let cursor = SearchCursor(
            sort: request.sort, ranking: request.ranking.name, id: try last[HitColumn.id], keys: cursorKeys(of: last))
        return (hits, rows.count > request.limit ? .after(cursor) : nil, cursor)
    }

    /// A hit row's sort key values, without the id; the rank key's is the rank column's.
    func cursorKeys(of row: Row) -> [QueryBinding] {
        sortKeys.dropLast().enumerated().map { offset, key in
            row.values[key.isRank ? HitColumn.rank : HitColumn.keyStart + offset]
        }
    }

    /// The cursor row's sort keys as they are now, when it still matches.
    ///
    /// NB: both rankings depend on every row in the index (idf, average field lengths), so
    /// inserting any row shifts all ranks a little; comparing with the anchor's current rank
    /// keeps pages from skipping or repeating.
    private func anchorValues(of cursor: SearchCursor, on db: Connection) throws -> [QueryBinding]? {
        let keys = sortKeys.map(\.expression).joined(separator: ", ")
        let sql: SQL = "SELECT \(keys) \(from)"
            + Self.whereClause(scopedConditions + ["\"reminders\".\"id\" = \(cursor.id)"])
        return try db.fetchOne(sql)?.values
    }

    /// The columns of a hit; see ``HitColumn`` for their positions.
    private var selection: SQL { selectionColumns(ranked: true).joined(separator: ", ") }

    /// The columns of a hit, in ``HitColumn`` order. Unless `ranked`, the rank (column and sort
    /// key) is 0.0: computing it makes FTS5 count every match of every phrase first.
    func selectionColumns(ranked: Bool) -> [SQL] {
        let style = request.highlight
        var columns: [SQL] = [
            "\"reminders\".\"id\"", "\"reminders\".\"title\"", "\"reminders\".\"notes\"", "\"lists\".\"name\"",
            "\"reminders\".\"tags\"", "\"reminders\".\"priority\"", "\"reminders\".\"is_flagged\"",
            "\"reminders\".\"is_completed\"", "\"reminders\".\"due_date\"",
        ]
        if isRanked {
            columns.append("highlight(\"reminders_fts\", 0, \(style.open), \(style.close))")
            columns.append("snippet(\"reminders_fts\", 1, \(style.open), \(style.close), \(style.ellipsis), \(HitMarkup.snippetTokens))")
        } else {
            columns += ["NULL", "NULL"]
        }
        for column in SearchColumn.allCases {
            columns.append(matched(column))
        }
        columns.append(isRanked && ranked ? SortKey.rankExpression(request.ranking, exactWords: exactWords) : "0.0")
        // NB: the rank key's value is the rank column's (``cursorKeys(of:)``). SQLite evaluates
        // each result column on its own, so selecting the score twice computed it twice for
        // every match; an ORDER BY term equal to a result column reuses that column's value.
        columns += sortKeys.dropLast().map { key in key.isRank ? "NULL" : key.expression }
        return columns
    }

    /// 1 when `column` holds a match.
    ///
    /// NB: `trove_matched` (Sources/CTroveRanking) reads the row's phrase instances, which
    /// FTS5 keeps for the ranking anyway (column filters included): the test `highlight()`
    /// differing from the text made, without tokenizing the column for every match, and with
    /// no second MATCH. LIKE terms are tested with LIKE.
    private func matched(_ column: SearchColumn) -> SQL {
        var tests: [SQL] = []
        if isRanked, plan.columns.contains(column) {
            let index = SearchColumn.allCases.firstIndex(of: column)!
            tests.append("trove_matched(\"reminders_fts\", \(raw: String(index)))")
        }
        if plan.columns.contains(column) {
            tests += plan.likeTerms.map { MatchPlan.like($0.text, in: [column]) }
        }
        return tests.isEmpty ? "0" : "(\(tests.joined(separator: " OR ")))"
    }

    /// Fills in the repeat rule of the hits that repeat: one look-up by primary key for the
    /// page, so the search's own statements (and their snapshots) stay as they are.
    ///
    /// ```swift
    /// // SELECT "reminders"."id", "reminders"."repeat_rule" FROM "reminders"
    /// //   WHERE ("reminders"."id" IN (?, ?, …)) AND ("reminders"."repeat_rule" IS NOT NULL)
    /// ```
    static func withRepeatRules(_ hits: [SearchHit], on db: Connection) throws -> [SearchHit] {
        guard !hits.isEmpty else { return hits }
        let rows = try db.fetchAll(ReminderTable.where { r in
            r.id.in(hits.map(\.id))
            r.repeatRule.isNotNull
        }.select { ($0.id, $0.repeatRule) }.sql)
        guard !rows.isEmpty else { return hits }
        var rules: [Int64: RepeatRule] = [:]
        for row in rows {
            let id: Int64 = try row[0], text: String? = try row[1]
            if let text, let rule = try? RepeatRule(rrule: text) { rules[id] = rule }
        }
        return hits.map { hit in
            var hit = hit
            hit.repeatRule = rules[hit.id]
            return hit
        }
    }

    func hit(_ row: Row) throws -> SearchHit {
        let title: String = try row[HitColumn.title], notes: String = try row[HitColumn.notes]
        let tagText: String = try row[HitColumn.tags]
        let dueText: String? = try row[HitColumn.due]
        var fields: Set<SearchColumn> = []
        for (offset, column) in SearchColumn.allCases.enumerated() where try row[HitColumn.matchedStart + offset] as Bool {
            fields.insert(column)
        }
        let markup = HitMarkup(terms: plan.likeTerms, style: request.highlight)
        let titleHighlighted: String? = try row[HitColumn.titleHighlighted]
        let snippet: String? = try row[HitColumn.snippet]
        return SearchHit(
            id: try row[HitColumn.id], title: title, notes: notes, list: try row[HitColumn.list],
            tags: tagText.isEmpty ? [] : tagText.components(separatedBy: ", "),
            priority: Priority(rawValue: try row[HitColumn.priority]) ?? .none,
            isFlagged: try row[HitColumn.isFlagged], isCompleted: try row[HitColumn.isCompleted],
            due: dueText.flatMap(DueDate.init(storageText:)),
            titleHighlighted: titleHighlighted ?? markup.highlight(title),
            snippet: notes.isEmpty ? "" : (snippet ?? markup.snippet(notes)),
            matchedFields: fields, rank: try row[HitColumn.rank])
    }
}

/// Positions of the columns in a hit row.
enum HitColumn {
    static let id = 0, title = 1, notes = 2, list = 3, tags = 4, priority = 5, isFlagged = 6, isCompleted = 7
    static let due = 8, titleHighlighted = 9, snippet = 10, matchedStart = 11, rank = 14, keyStart = 15
}
