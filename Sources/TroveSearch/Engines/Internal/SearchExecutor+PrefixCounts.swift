import TroveQuery
import TroveSQLite
import TroveStore

extension SearchExecutor {
    /// The text of a search that is one prefix and nothing else, as its MATCH binds it: `s` for
    /// `"s"*`; nil for anything else (several words, a phrase, a column, a filter, a condition).
    var singlePrefixText: String? {
        guard usesPrefixCounts, isRanked, plan.conditions.isEmpty, query.filters.isEmpty, filteredIDs == nil,
            let pattern = plan.match?.pattern, pattern.count > 3, pattern.hasPrefix("\""), pattern.hasSuffix("\"*")
        else { return nil }
        let text = pattern.dropFirst().dropLast(2)
        // NB: a prefix counted is at most 8 bytes folded; the text may hold more before folding (é as e + ◌́).
        guard !text.contains("\""), text.utf8.count <= 32 else { return nil }
        return String(text)
    }

    /// The key the per-prefix counts hold this search under: its one prefix, folded as the index
    /// folds it, when that has one to four characters (in at most 8 bytes), the file has the
    /// counts (schema 9; three characters from schema 10, four from schema 12) and no
    /// change waits to be counted (see `PrefixTallies`); nil otherwise.
    ///
    /// ```swift
    /// try executor.prefixKey(on: db)   // "s" for `S`
    /// // SELECT count(*) FROM sqlite_schema WHERE "type" = 'table' AND "name" = 'prefix_count_changes'
    /// // SELECT EXISTS (SELECT 1 FROM "prefix_count_changes")
    /// // SELECT trove_prefix_key(?)
    /// ```
    func prefixKey(on db: SQLConnection) throws -> String? {
        guard let text = singlePrefixText, try PrefixTallies.exist(on: db), try !PrefixTallies.arePending(on: db) else { return nil }
        return try db.fetchValue("SELECT trove_prefix_key(\(text))", as: String.self)
    }

    /// The counts, and the facets when the request wants them, of a one- to four-letter search,
    /// read from the per-prefix counts; nil when the search does not qualify (``prefixKey(on:)``)
    /// or its facets are not in the counts (``facetsFromCounts(_:on:)``).
    ///
    /// NB: why. `s` matches 577,529 of 1,000,000 reminders; walking them to count them by list
    /// and tag took ~115 ms, as long as ranking its page. Here a few hundred rows are read.
    /// Exact: a reminder is counted under a prefix exactly when a token of its title, notes or
    /// tags starts with it, which is when FTS5's `"s"*` matches it (`trove_prefix_tally.h`).
    func prefixCounts(on db: SQLConnection) throws -> Counts? {
        guard let key = try prefixKey(on: db) else { return nil }
        let sums: SQLFragment = "SELECT ifnull(sum(\"matches\"), 0), ifnull(sum(\"completed\"), 0) FROM \"prefix_list_counts\" WHERE \"prefix\" = \(key)"
        guard let row = try db.fetchOne(sums) else { return nil }
        let all: Int = try row[0], completed: Int = try row[1]
        var counts = Counts(total: isOpenOnly ? all - completed : all, completed: completed, facets: nil)
        if request.facets {
            guard let facets = try facetsFromCounts(key, on: db) else { return nil }
            counts.facets = facets
        }
        return counts
    }

    /// A prefix's facets read from its counts, when they are exactly the facets walking its
    /// matches gives (the lists, and the ``ResultSet/tagFacetLimit`` most common tags); nil when
    /// they may not be, and the search walks its matches instead:
    /// - the prefix is longer than ``PrefixTallies/tagPrefixCharacters`` (tags are not counted
    ///   under it);
    /// - a reminder with more than 64 tags matches it (counted under the empty name, schema 15);
    /// - a reminder holding a tag that is not counted one by one matches it (the "," entry,
    ///   schema 17), and that tag could be among the most common: such a tag labels fewer than
    ///   ``PrefixTallies/countedTagMinimum`` reminders and at most as many as the "," entry
    ///   counts, so when the last of the facets read counts more than that, none can be.
    ///
    /// ```swift
    /// try executor.facetsFromCounts("s", on: db)
    /// // SELECT ifnull(sum(CASE WHEN "tag" = '' THEN "matches" END), 0), ifnull(sum(CASE WHEN "tag" = ',' THEN "matches" END), 0)
    /// //   FROM "prefix_tag_counts" WHERE "prefix" = ? AND "tag" IN ('', ',')
    /// // …then prefixFacetsSQL(key:)
    /// ```
    func facetsFromCounts(_ key: String, on db: SQLConnection) throws -> (lists: [Facet], tags: [Facet])? {
        guard key.unicodeScalars.count <= PrefixTallies.tagPrefixCharacters else { return nil }
        let count: SQLFragment = isOpenOnly ? "(\"matches\" - \"completed\")" : "\"matches\""
        let uncounted = PrefixTallies.uncountedTagsEntry
        let entries: SQLFragment = "SELECT ifnull(sum(CASE WHEN \"tag\" = '' THEN \"matches\" END), 0), "
            + "ifnull(sum(CASE WHEN \"tag\" = \(uncounted) THEN \(count) END), 0) FROM \"prefix_tag_counts\" "
            + "WHERE \"prefix\" = \(key) AND \"tag\" IN ('', \(uncounted))"
        guard let row = try db.fetchOne(entries) else { return nil }
        let wide: Int = try row[0], rare: Int = try row[1]
        guard wide == 0 else { return nil }
        let read = try readFacets(on: db, prefixFacetsSQL(key: key))
        if rare > 0 {
            let limit = ResultSet.tagFacetLimit
            let most = min(rare, PrefixTallies.countedTagMinimum - 1)
            guard read.tags.count >= limit, read.tags[limit - 1].count > most else { return nil }
        }
        return (read.lists, read.tags)
    }

    /// The statement that reads a prefix's facets from its counts, in the rows and order of
    /// ``facetsSQL(_:)``: an open-only search counts its open matches, and completed ones as 0.
    ///
    /// ```swift
    /// executor.prefixFacetsSQL(key: "s")
    /// // SELECT 0 AS "kind", "lists"."name" AS "name", "c"."matches" AS "count", "c"."completed" AS "completed", "lists"."id" AS "group"
    /// //   FROM "prefix_list_counts" AS "c" JOIN "lists" ON "lists"."id" = "c"."list_id" WHERE "c"."prefix" = ? AND "c"."matches" > 0
    /// // UNION ALL SELECT 1, "tags"."name", "c"."matches", 0, "tags"."id"
    /// //   FROM "prefix_tag_counts" AS "c" JOIN "tags" ON "tags"."name" = "c"."tag" WHERE "c"."prefix" = ? AND "c"."matches" > 0
    /// // ORDER BY 1, 3 DESC, 2 COLLATE NOCASE, 5
    /// ```
    func prefixFacetsSQL(key: String) -> SQLFragment {
        let count: SQLFragment = isOpenOnly ? "(\"c\".\"matches\" - \"c\".\"completed\")" : "\"c\".\"matches\""
        let completed: SQLFragment = isOpenOnly ? "0" : "\"c\".\"completed\""
        let lists = SearchTables.lists, tags = TableScope<TagTable>()
        let listRows: SQLFragment = "SELECT 0 AS \"kind\", \(lists.name) AS \"name\", \(count) AS \"count\", \(completed) AS \"completed\", "
            + "\(lists.id) AS \"group\" FROM \"prefix_list_counts\" AS \"c\" JOIN \(identifier: ListTable.tableName)"
            + " ON \(lists.id) = \"c\".\"list_id\" WHERE \"c\".\"prefix\" = \(key) AND \(count) > 0"
        let tagRows: SQLFragment = "SELECT 1, \(tags.name), \(count), 0, \(tags.id) FROM \"prefix_tag_counts\" AS \"c\""
            + " JOIN \(identifier: TagTable.tableName) ON \(tags.name) = \"c\".\"tag\" WHERE \"c\".\"prefix\" = \(key) AND \(count) > 0"
        return "\(listRows) UNION ALL \(tagRows) ORDER BY 1, 3 DESC, 2 COLLATE NOCASE, 5"
    }

    /// The statement that counts a large set, for an explanation: the per-prefix counts' when
    /// they answer (``prefixCounts(on:)``), else ``largeSetCountSQL``.
    func largeSetCountSQL(on db: SQLConnection) throws -> SQLFragment {
        guard let key = try prefixKey(on: db) else { return largeSetCountSQL }
        guard request.facets else {
            return "SELECT ifnull(sum(\"matches\"), 0), ifnull(sum(\"completed\"), 0) FROM \"prefix_list_counts\" WHERE \"prefix\" = \(key)"
        }
        return try facetsFromCounts(key, on: db) == nil ? largeSetCountSQL : prefixFacetsSQL(key: key)
    }
}
