import Foundation
import TroveQuery
import TroveSQLite
import TroveStore

/// The tables a search reads, as the query builder sees them: every column a search statement
/// names comes from one of these, typed and quoted by the builder.
enum SearchTables {
    static let reminders = TableScope<ReminderTable>()
    static let lists = TableScope<ListTable>()
    static let index = TableScope<ReminderSearchTable>()
}

/// The result columns of a hit row, by the names the page statement gives them (`AS "…"`):
/// rows are read by these names, so the select list may change order without breaking them.
enum HitColumn {
    static let id = ResultColumn<Int64>("id")
    static let title = ResultColumn<String>("title")
    static let notes = ResultColumn<String>("notes")
    static let list = ResultColumn<String>("list")
    static let tags = ResultColumn<String>("tags")
    /// The stored 0–3; an unknown value reads as no priority.
    static let priority = ResultColumn<Int>("priority")
    static let isFlagged = ResultColumn<Bool>("is_flagged")
    static let isCompleted = ResultColumn<Bool>("is_completed")
    /// `DueDate.storageText`, or NULL.
    static let due = ResultColumn<String?>("due_date")
    /// The title with FTS5's matches marked; NULL when no FTS5 match drives the statement.
    static let titleHighlighted = ResultColumn<String?>("title_highlighted")
    /// FTS5's snippet of the notes; NULL when no FTS5 match drives the statement.
    static let snippet = ResultColumn<String?>("snippet")
    static let rank = ResultColumn<Double>("rank")

    /// 1 when the field holds a match: `matched_title`, `matched_notes`, `matched_tags`.
    static func matched(_ column: SearchColumn) -> ResultColumn<Bool> {
        ResultColumn("matched_" + column.rawValue)
    }

    /// The value of the `index`-th sort key (the final id aside), for a cursor: `key0`, `key1`, ….
    static func key(_ index: Int) -> String { "key\(index)" }
}

extension SearchExecutor {
    /// The columns of a hit, each named by ``HitColumn``.
    var selection: SQLFragment { selectionColumns(ranked: true).joined(separator: ", ") }

    /// The columns of a hit, each named by ``HitColumn``. Unless `ranked`, the rank (column and
    /// sort key) is 0.0: computing it makes FTS5 count every match of every phrase first.
    ///
    /// ```swift
    /// executor.selectionColumns(ranked: true)
    /// // "reminders"."id" AS "id", "reminders"."title" AS "title", …, "lists"."name" AS "list", …,
    /// // highlight("reminders_fts", 0, ?, ?) AS "title_highlighted", snippet("reminders_fts", 1, ?, ?, ?, ?) AS "snippet",
    /// // trove_matched("reminders_fts", 0) AS "matched_title", …,
    /// // trove_rank(…) AS "rank", NULL AS "key0", "reminders"."is_completed" AS "key1", …
    /// ```
    ///
    /// NB: the rank key's value is the rank column's (``cursorKeys(of:)``). SQLite evaluates
    /// each result column on its own, so selecting the score twice computed it twice for every
    /// match; an ORDER BY term equal to a result column reuses that column's value.
    func selectionColumns(ranked: Bool) -> [SQLFragment] {
        let style = request.highlight
        let r = SearchTables.reminders, index = SearchTables.index
        var columns: [SQLFragment] = [
            r.id.named(HitColumn.id), r.title.named(HitColumn.title), r.notes.named(HitColumn.notes),
            SearchTables.lists.name.named(HitColumn.list), r.tags.named(HitColumn.tags),
            r.priority.stored(as: Int.self).named(HitColumn.priority), r.isFlagged.named(HitColumn.isFlagged),
            r.isCompleted.named(HitColumn.isCompleted), r.dueDate.stored(as: String?.self).named(HitColumn.due),
        ]
        if isRanked {
            columns.append(index.title.highlight(style.open, style.close).named(HitColumn.titleHighlighted))
            columns.append(
                index.notes.snippet(style.open, style.close, style.ellipsis, HitMarkup.snippetTokens).named(HitColumn.snippet))
        } else {
            columns.append(TypedExpression<String?>("NULL").named(HitColumn.titleHighlighted))
            columns.append(TypedExpression<String?>("NULL").named(HitColumn.snippet))
        }
        for column in SearchColumn.allCases {
            columns.append(matched(column).named(HitColumn.matched(column)))
        }
        let rank: SQLFragment = isRanked && ranked ? SortKey.rankExpression(request.ranking, exactWords: exactWords, leadingWords: leadingWords) : "0.0"
        columns.append(TypedExpression<Double>(rank).named(HitColumn.rank))
        for (offset, key) in sortKeys.dropLast().enumerated() {
            let value: SQLFragment = key.isRank ? "NULL" : key.expression
            columns.append("\(value) AS \(identifier: HitColumn.key(offset))")
        }
        return columns
    }

    /// 1 when `column` holds a match.
    ///
    /// ```swift
    /// executor.matched(.title)
    /// // (trove_matched("reminders_fts", 0))
    /// ```
    ///
    /// NB: `trove_matched` (Sources/CTroveRanking) reads the row's phrase instances, which
    /// FTS5 keeps for the ranking anyway (column filters included): the test `highlight()`
    /// differing from the text made, without tokenizing the column for every match, and with
    /// no second MATCH. LIKE terms are tested with LIKE.
    private func matched(_ column: SearchColumn) -> TypedExpression<Bool> {
        var tests: [SQLFragment] = []
        if isRanked, plan.columns.contains(column) {
            let indexed = SearchTables.index.column(column)
            tests.append("trove_matched(\(identifier: indexed.table), \(raw: String(indexed.index)))")
        }
        if plan.columns.contains(column) {
            tests += plan.likeTerms.map { "(\(MatchPlan.like($0.text, in: [column])))" as SQLFragment }
        }
        return TypedExpression(tests.isEmpty ? "0" : "(\(tests.joined(separator: " OR ")))")
    }

    /// A hit from a row of the page statement (or the provisional sample), read by column name.
    func hit(_ row: SQLiteRow) throws -> SearchHit {
        let title = try row[HitColumn.title], notes = try row[HitColumn.notes]
        let tagText = try row[HitColumn.tags]
        var fields: Set<SearchColumn> = []
        for column in SearchColumn.allCases where try row[HitColumn.matched(column)] {
            fields.insert(column)
        }
        let markup = HitMarkup(terms: plan.likeTerms, style: request.highlight)
        let titleHighlighted = try row[HitColumn.titleHighlighted]
        let snippet = try row[HitColumn.snippet]
        return SearchHit(
            id: try row[HitColumn.id], title: title, notes: notes, list: try row[HitColumn.list],
            tags: tagText.isEmpty ? [] : tagText.components(separatedBy: ", "),
            priority: Priority(rawValue: try row[HitColumn.priority]) ?? .none,
            isFlagged: try row[HitColumn.isFlagged], isCompleted: try row[HitColumn.isCompleted],
            due: try row[HitColumn.due].flatMap(DueDate.init(storageText:)),
            titleHighlighted: titleHighlighted ?? markup.highlight(title),
            snippet: notes.isEmpty ? "" : HitMarkup.collapsingWhitespace(snippet ?? markup.snippet(notes)),
            matchedFields: fields, rank: try row[HitColumn.rank])
    }
}
