public import TroveQuery
public import TroveSQLite

extension SearchIndex {
    /// The most hits one page holds.
    public static let maxLimit = 1000

    /// Searches the index: the final ranked page, the exact total and the facets.
    ///
    /// ```swift
    /// let results = try notes.search("sourdough folder:Baking", on: db)
    /// // SELECT "notes"."id" AS "key", coalesce("notes"."title", '') AS "value_0",
    /// //   coalesce(highlight("trove_notes_fts", 0, '[', ']'), '') AS "highlighted_0", …,
    /// //   trove_rank_fields("trove_notes_fts", 1.2, 0.5, 0.5, 1.0, '', 10.0, 0.75, 1.0, 0.75) AS "score"
    /// // FROM "trove_notes_fts" JOIN "notes" ON ("notes"."id" = "trove_notes_fts"."rowid")
    /// // WHERE ("trove_notes_fts" MATCH '"sourdough"') AND ("notes"."folder" COLLATE "NOCASE" = 'Baking')
    /// // ORDER BY "score" ASC, "notes"."id" ASC LIMIT 20 OFFSET 0
    /// results.hits.first?.highlighted["title"]   // "[Sourdough] loaf"
    /// ```
    ///
    /// The text is the reminders' query language (see ``parse(_:exact:)``): words AND, the last
    /// one a prefix while typing, `"phrases"`, `-exclusions`, `a OR b`, and `key:value` for
    /// the declared ``filters``. Hits are ranked by ``TroveRanking`` over the fields with their
    /// weights; a query without words lists rows in key order (or the declared column order).
    /// `!engine` names, `in:` and typo matching are not part of an index's search yet.
    ///
    /// - Parameters:
    ///   - text: What was typed.
    ///   - db: A connection to the database the index was migrated in.
    ///   - limit: Hits per page, 1 to ``maxLimit``.
    ///   - offset: Hits to skip: 0, or the previous page's ``IndexResultSet/nextOffset``.
    ///   - after: The previous page's ``IndexResultSet/next``: the page after its last hit,
    ///     by the keys of the order (score or sort column, then key) rather than a count, so
    ///     rows inserted or deleted meanwhile neither skip nor repeat hits. `offset` is then
    ///     not used.
    ///   - highlight: What to put around matches in ``IndexHit/highlighted`` and the snippet.
    ///   - exact: True to make only starred words prefixes.
    /// - Returns: The page; the query's ``SearchQuery/problems`` say what was left out of it.
    /// - Throws: ``SearchIndexError/notMigrated(index:)`` when ``migrate(_:)`` has not made
    ///   this declaration's index in `db`; ``SearchIndexError/cursorNotForThisSearch(index:)``
    ///   for another index's or another sort's cursor; `SQLiteError`; `CancellationError` when
    ///   interrupted.
    public func search(
        _ text: String, on db: SQLiteConnection, limit: Int = 20, offset: Int = 0, after: SearchCursor? = nil,
        highlight: HighlightStyle = .brackets, exact: Bool = false
    ) throws -> IndexResultSet {
        try search(parse(text, exact: exact), on: db, limit: limit, offset: offset, after: after, highlight: highlight)
    }

    /// Searches the index for a parsed query; see ``search(_:on:limit:offset:after:highlight:exact:)``.
    ///
    /// Parse the query with ``parse(_:exact:)``, so that its `key:value` words are this index's.
    public func search(
        _ query: SearchQuery, on db: SQLiteConnection, limit: Int = 20, offset: Int = 0, after: SearchCursor? = nil,
        highlight: HighlightStyle = .brackets
    ) throws -> IndexResultSet {
        let limit = min(max(limit, 1), SearchIndex.maxLimit)
        let offset = max(offset, 0)
        let statements = IndexStatements(index: self, query: query, style: highlight)
        let body = { () throws -> IndexResultSet in
            guard try isCurrent(db) else { throw SearchIndexError.notMigrated(index: name) }
            let position = try after.map { try self.position(after: $0, statements, on: db) }
            // NB: a keyset page reads one row more, to know whether another page follows.
            let fetched = try db.fetchAll(statements.page(limit: position == nil ? limit : limit + 1, offset: offset, after: position))
                .map { try hit($0, statements) }
            let hits = Array(fetched.prefix(limit))
            let total = try db.fetchOne(statements.count).map { try $0[IndexStatements.total] } ?? 0
            var facets: [String: [Facet]] = [:]
            for column in self.facets {
                facets[column] = try db.fetchAll(statements.facet(column)).map {
                    Facet(name: try $0[IndexStatements.facetValue], count: try $0[IndexStatements.facetCount])
                }
            }
            let hasMore = position == nil ? offset + hits.count < total : fetched.count > limit
            let nextOffset = position == nil && hasMore && !hits.isEmpty ? offset + hits.count : nil
            let next = try hits.last.flatMap { last in hasMore ? try cursor(after: last, statements, on: db) : nil }
            // NB: as for the reminders, only when nothing matched at all.
            let didYouMean = total == 0 && statements.isRanked
                ? try Suggester.didYouMean(for: query, on: db, ranges: VocabularyRanges(tables: VocabularyTables(index: self)))
                : DidYouMean.none
            return IndexResultSet(
                query: query, index: name, hits: hits, total: total, facets: facets, nextOffset: nextOffset, next: next,
                didYouMean: didYouMean)
        }
        // NB: one read transaction, so the page, the total and the facets see the same rows.
        return db.isInTransaction ? try body() : try db.transaction(.deferred, body)
    }

    /// The statement that selects one page of hits, as ``search(_:on:limit:offset:after:highlight:)``
    /// runs it: for logs and snapshot tests (its `debugDescription` inlines the bound values).
    ///
    /// ```swift
    /// notes.pageStatement(for: notes.parse("bread")).debugDescription
    /// // SELECT "notes"."id" AS "key", … FROM "trove_notes_fts" JOIN "notes" ON … WHERE ("trove_notes_fts" MATCH '"bread"*') …
    /// ```
    public func pageStatement(
        for query: SearchQuery, limit: Int = 20, offset: Int = 0, highlight: HighlightStyle = .brackets
    ) -> SQLFragment {
        IndexStatements(index: self, query: query, style: highlight)
            .page(limit: min(max(limit, 1), SearchIndex.maxLimit), offset: max(offset, 0))
    }

    /// Where a page after `cursor` starts: its row's key and the row's order value now (so a
    /// score that moved when rows changed neither skips nor repeats hits), or the value the
    /// cursor stored when the row no longer matches.
    private func position(
        after cursor: SearchCursor, _ statements: IndexStatements, on db: SQLiteConnection
    ) throws -> (key: Int64, value: QueryBinding) {
        guard cursor.sort == .rank, cursor.ranking == statements.orderName,
            cursor.keys.count == (statements.orderKey == nil ? 0 : 1)
        else { throw SearchIndexError.cursorNotForThisSearch(index: name) }
        var value = cursor.keys.first ?? .null
        if let sql = statements.currentValue(of: cursor.id), let row = try db.fetchOne(sql) { value = row[0] }
        return (cursor.id, value)
    }

    /// The cursor of a page whose last hit is `last`.
    ///
    /// NB: ranked by score, the hit already holds its value (the page read it); a column sort's
    /// value is not in the page's columns, so it is read for that one row.
    private func cursor(after last: IndexHit, _ statements: IndexStatements, on db: SQLiteConnection) throws -> SearchCursor {
        let keys: [QueryBinding]
        if case .rank = sort, statements.isRanked {
            keys = [.double(last.rank)]
        } else {
            keys = try statements.currentValue(of: last.key).map { [try db.fetchOne($0)?[0] ?? .null] } ?? []
        }
        return SearchCursor(sort: .rank, ranking: statements.orderName, id: last.key, keys: keys)
    }

    private func hit(_ row: SQLiteRow, _ statements: IndexStatements) throws -> IndexHit {
        var values: [String: String] = [:]
        var highlighted: [String: String] = [:]
        var matched: Set<String> = []
        for (number, field) in fields.enumerated() {
            values[field.column] = try row[IndexStatements.value(number)]
            guard statements.isRanked else { continue }
            highlighted[field.column] = try row[IndexStatements.highlighted(number)]
            if try row[IndexStatements.matched(number)] { matched.insert(field.column) }
        }
        return IndexHit(
            key: try row[IndexStatements.key], values: values,
            highlighted: statements.isRanked ? highlighted : values,
            snippet: statements.isRanked ? try row[IndexStatements.snippet] : "",
            matchedFields: matched, rank: statements.isRanked ? try row[IndexStatements.rank] : 0)
    }
}
