import Foundation
import TroveQuery
import TroveSQLite
import TroveStore

extension SearchExecutor {
    /// The statement that reads the matches as one sorted BLOB of ids, for counting them from
    /// ``facts``, when this search's matches are the MATCH's rows alone (no condition beside
    /// it, no filter); nil otherwise.
    ///
    /// ```swift
    /// executor.matchIDsSQL
    /// // SELECT trove_ids("reminders_fts"."rowid") FROM "reminders_fts" WHERE ("reminders_fts" MATCH ?)
    /// ```
    ///
    /// NB: a filtered search is left to SQL, narrowed or not. Narrowed (``filteredIDs``), its
    /// counts and facets already go to the helper beside the page and take less time than the
    /// page; counted first from the facts, the helper was free to rank half the page only when
    /// at least ``rankBoundMinimumMatches`` matches were among the ids, which takes a walk of
    /// the text to know (`is:flagged list:Home the` at 1,000,000 reminders: 600,000 rows, ~12 ms).
    /// The filter + text class was no faster at p50 and ~10 ms slower at p99 (BENCHMARKS-HISTORY.md).
    var matchIDsSQL: SQLFragment? {
        guard isRanked, !plan.isRaw, plan.conditions.isEmpty, query.filters.isEmpty, filteredIDs == nil, let match = plan.match
        else { return nil }
        return "SELECT trove_ids(\(SearchTables.index.rowid)) FROM \(identifier: ReminderSearchTable.tableName)"
            + Self.whereClause([WhereClause { match }.queryFragment])
    }

    /// The counts and facets from ``facts`` (every reminder's list, completion and tags, as of
    /// this transaction), when there are facts and the search qualifies (``matchIDsSQL``); nil
    /// otherwise. The same counts and facets as ``tally(on:among:)``.
    ///
    /// ```swift
    /// try executor.factsTally(on: db)
    /// // SELECT trove_ids("reminders_fts"."rowid") FROM "reminders_fts" WHERE ("reminders_fts" MATCH ?)
    /// // then, when facets are wanted, ``factsFacetsSQL`` names and orders what the facts counted
    /// ```
    ///
    /// NB: why. The index alone gives the matches (`milk appointment` at 1,000,000 reminders:
    /// 61,682 ids in a few milliseconds); looking each up in `reminders` for its list, completion
    /// and tags cost ~1 µs a match, as much as ranking them.
    func factsTally(on db: SQLConnection) throws -> Tally? {
        guard facts != nil, let sql = matchIDsSQL else { return nil }
        return try factsTally(of: db.fetchOne(sql).map { try $0[0] } ?? [], on: db)
    }

    /// Whether this search's matches may be counted from ``facts``: they are the MATCH's rows
    /// alone (``matchIDsSQL``), or those among the filters' ids (``filteredIDs``) with no other
    /// condition, whose ids the page's walk for the best scores collects when it may read the
    /// page (``TallySource/pageWalk(matchCount:)``, ``rankBoundPage``).
    var countsFromFacts: Bool {
        matchIDsSQL != nil
            || (isRanked && !plan.isRaw && plan.conditions.isEmpty && filteredIDs != nil && rankBoundRanking != nil
                && rankBoundPage != nil)
    }

    /// The counts and facets of the matches `matches` (sorted ids, as `trove_ids` makes them)
    /// from ``facts``; nil without facts.
    func factsTally(of matches: [UInt8], on db: SQLConnection) throws -> Tally? {
        guard let facts else { return nil }
        let counted = facts.tally(matches: matches, openOnly: isOpenOnly, facets: request.facets)
        var counts = Counts(
            total: isOpenOnly ? counted.all - counted.completed : counted.all, completed: counted.completed, facets: nil)
        guard request.facets else { return Tally(set: nil, counts: counts, facets: ([], [])) }
        let read = try readFacets(on: db, Self.factsFacetsSQL(counted, of: facts))
        counts.facets = (read.lists, read.tags)
        return Tally(set: nil, counts: counts, facets: (read.lists, read.tags))
    }

    /// The statement that names what ``ReminderFacts/tally(matches:openOnly:facets:)`` counted,
    /// in the rows and order of ``facetsSQL(_:)``.
    ///
    /// ```swift
    /// SearchExecutor.factsFacetsSQL(tally, of: facts)
    /// // SELECT 0 AS "kind", "lists"."name" AS "name", json_extract("entry"."value", '$[1]') AS "count",
    /// //     json_extract("entry"."value", '$[2]') AS "completed", "lists"."id" AS "group"
    /// //   FROM json_each(?) AS "entry" JOIN "lists" ON "lists"."id" = json_extract("entry"."value", '$[0]')
    /// // UNION ALL SELECT 1, "tags"."name", json_extract("entry"."value", '$[1]'), 0, "tags"."id"
    /// //   FROM json_each(?) AS "entry" JOIN "tags" ON "tags"."id" = json_extract("entry"."value", '$[0]')
    /// // ORDER BY 1, 3 DESC, 2 COLLATE NOCASE, 5   -- binds [[list id, count, completed], …] and [[tag id, count], …]
    /// ```
    static func factsFacetsSQL(_ tally: ReminderFacts.Tally, of facts: ReminderFacts) -> SQLFragment {
        let lists = SearchTables.lists, tags = TableScope<TagTable>()
        let entry = SQLFragment(identifier: "entry")
        func part(_ index: Int) -> SQLFragment { "json_extract(\(entry).\"value\", '$[\(raw: String(index))]')" }
        let listJSON = "[" + tally.lists.map { "[\(facts.listIDs[$0.slot]),\($0.count),\($0.completed)]" }.joined(separator: ",") + "]"
        let tagJSON = "[" + tally.tags.map { "[\(facts.tagIDs[$0.slot]),\($0.count)]" }.joined(separator: ",") + "]"
        let listRows: SQLFragment = "SELECT 0 AS \"kind\", \(lists.name) AS \"name\", \(part(1)) AS \"count\", \(part(2)) AS \"completed\", "
            + "\(lists.id) AS \"group\" FROM json_each(\(listJSON)) AS \(entry) JOIN \(identifier: ListTable.tableName) ON \(lists.id) = \(part(0))"
        let tagRows: SQLFragment = "SELECT 1, \(tags.name), \(part(1)), 0, \(tags.id) FROM json_each(\(tagJSON)) AS \(entry)"
            + " JOIN \(identifier: TagTable.tableName) ON \(tags.id) = \(part(0))"
        return "\(listRows) UNION ALL \(tagRows) ORDER BY 1, 3 DESC, 2 COLLATE NOCASE, 5"
    }
}
