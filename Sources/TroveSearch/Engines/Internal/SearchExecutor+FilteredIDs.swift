import TroveQuery
import TroveSQLite
import TroveStore

extension SearchExecutor {
    /// The most filtered reminders a search reads as ids before matching (``filteredIDs``).
    static let filteredIDLimit = 131_072

    /// This executor with ``filteredIDs`` set, when a `list:` or `tag:` filter (or, with the
    /// facts, any filters they tell) leaves at most ``filteredIDLimit`` reminders and the text
    /// matches more rows than that.
    ///
    /// The MATCH stays the outer loop (see ``from``), but each of its rows is first tested
    /// against the filtered ids (``IDSet``, a few comparisons in memory), instead of being
    /// looked up in `reminders` and tested there: `is:flagged list:Garden the` at
    /// 1,000,000 reminders keeps 1,320 of the 605,582 rows of `the`. Walking the filtered
    /// reminders first and asking the index for each (what a plain JOIN let SQLite do) is no
    /// answer: Trove's score counts each word's rows again at every such look-up.
    ///
    /// ```swift
    /// // WITH "rows"("id", "done") AS (SELECT "reminders"."id", "reminders"."is_completed" FROM "reminders" WHERE <filters> LIMIT 131073)
    /// //   SELECT count(*), trove_ids("id"), trove_ids(CASE WHEN "done" THEN "id" END) FROM "rows"
    /// // SELECT count(*) FROM (SELECT 1 FROM "reminders_fts" WHERE ("reminders_fts" MATCH ?) LIMIT <ids + 1>)
    /// // then every statement adds: AND trove_has(?, "reminders_fts"."rowid")
    /// ```
    ///
    /// The hits, counts and facets are the same either way; only the work differs. A `list:`
    /// or `tag:` filter is needed because an index of reminders (or of tags) answers it in
    /// order; other filters alone would read the whole table to find few rows.
    ///
    /// NB: the ids are read as one value (``IDSet``), so that a filter too large to pay costs
    /// SQLite's walk of its index and no more. With `facts` (the same snapshot's) and filters
    /// they tell (``mayNarrowFromFacts``), the ids are found in memory instead, and then no
    /// `list:` or `tag:` filter is needed: `is:flagged the` is narrowed too.
    func narrowedToFilteredReminders(on db: SQLConnection, facts: ReminderFacts? = nil) throws -> SearchExecutor {
        let fromFacts = mayNarrowFromFacts && facts?.canTell(query.filters) == true
        guard fromFacts || mayNarrow, let match = plan.match, let ids = try readFilteredIDs(on: db, facts: facts)
        else { return self }
        // NB: with fewer matches than ids, walking them all and looking each up costs less
        // than reading the ids. With more, each match left out saves a look-up in `reminders`
        // (~0.4 µs at 1,000,000) for a test against the set (tens of ns); reading an id costs
        // about as much as that look-up. (With a temporary index of the ids, four times as many
        // matches were needed: `is:open list:Work milk` was 289 → 357 ms narrowed at once.)
        let enough = ids.count + 1
        let matching: SQLFragment = "SELECT count(*) FROM (SELECT 1 FROM \(identifier: ReminderSearchTable.tableName)"
            + Self.whereClause([WhereClause { match }.queryFragment]) + " LIMIT \(enough))"
        guard try db.fetchValue(matching, as: Int.self) ?? 0 >= enough else { return self }
        var narrowed = self
        narrowed.filteredIDs = ids
        return narrowed
    }

    /// Whether ``narrowedToFilteredReminders(on:facts:)`` may narrow this search with SQL: a
    /// positive `list:` or `tag:` filter of one value reads its reminders from an index, in order.
    var mayNarrow: Bool {
        mayNarrowAtAll && hasOrderedFilter
    }

    /// Whether this search may be narrowed with ids the facts in memory give: it has filters,
    /// and every one is one facts of schema 14 tell (``ReminderFacts/couldTell(_:)``). Any such
    /// filter is a pass over arrays in memory, so none need be a list or a tag.
    var mayNarrowFromFacts: Bool {
        mayNarrowAtAll && !query.filters.isEmpty && ReminderFacts.couldTell(query.filters)
    }

    /// A ranked text search not narrowed yet.
    private var mayNarrowAtAll: Bool {
        isRanked && filteredIDs == nil && !plan.isRaw && plan.match != nil
    }

    /// The ids of the reminders the filters leave (completed ones too), or nil when there are
    /// more than ``filteredIDLimit``: from `facts` when they tell every filter, otherwise read
    /// with SQL.
    func readFilteredIDs(on db: SQLConnection, facts: ReminderFacts? = nil) throws -> IDSet? {
        if let facts, facts.canTell(query.filters) {
            return try facts.filteredIDs(query.filters, limit: Self.filteredIDLimit, on: db)
        }
        var filters = FilterSQL(today: request.today, timeZone: request.timeZone, rowsComeFromText: false)
        filters.tagSets = try tagSetsBesideAList(on: db)
        // NB: no filter reads a list column (`list:` looks its id up), so no lists are joined.
        // NB: with their completion, which the indexes a filter is read from hold, so that
        // the matches among the ids need not be looked up for it (``matchesSQL``).
        let r = SearchTables.reminders
        let filtered: SQLFragment = "SELECT \(r.id), \(r.isCompleted) FROM \(identifier: ReminderTable.tableName)"
            + Self.whereClause(query.filters.map(filters.condition))
            + " LIMIT \(Self.filteredIDLimit + 1)"
        return try IDSet.read(filtered, limit: Self.filteredIDLimit, completion: true, on: db)
    }

    /// The reminders of each positive `tag:` filter of one name, read as sets first, when a
    /// positive `list:` filter of one name leads the search; empty otherwise.
    ///
    /// ```swift
    /// // WITH "rows"("id") AS (SELECT "reminder_id" FROM "reminder_tags"
    /// //   WHERE "tag_id" = (SELECT "id" FROM "tags" WHERE "name" = ?)) SELECT count(*), trove_ids("id") FROM "rows"
    /// // then the filter: … AND trove_has(?, "reminders"."id")
    /// ```
    ///
    /// NB: why. SQLite walks the list's entries in `reminders_by_list` and tests each against
    /// the tag's reminders, as a temporary index it builds from them: `is:open list:Home
    /// tag:call` at 1,000,000 reminders (241,116 entries, 118,690 tagged) took 77 ms. The tag's
    /// reminders come sorted from `reminder_tags_by_tag`, and testing against them in memory
    /// costs a fraction of that. Without a list, SQLite reads the tag's reminders by id, which
    /// a set cannot beat.
    func tagSetsBesideAList(on db: SQLConnection) throws -> [String: IDSet] {
        func single(_ clause: FilterClause) -> SearchFilter? {
            clause.isNegated || clause.anyOf.count != 1 ? nil : clause.anyOf[0]
        }
        guard query.filters.contains(where: { if case .list = single($0) { true } else { false } }) else { return [:] }
        let link = ReminderTagTable.columns, tag = TagTable.columns
        var sets: [String: IDSet] = [:]
        for clause in query.filters {
            guard case .tag(let name) = single(clause), sets[name] == nil else { continue }
            let reminders: SQLFragment = "SELECT \(link.reminderID) FROM \(identifier: ReminderTagTable.tableName)"
                + " WHERE \(link.tagID) = (SELECT \(tag.id) FROM \(identifier: TagTable.tableName) WHERE \(tag.name) = \(name))"
            sets[name] = try IDSet.read(reminders, limit: .max, on: db)
        }
        return sets
    }

    /// Whether a positive `list:` or `tag:` filter of one value narrows the search.
    var hasOrderedFilter: Bool {
        query.filters.contains { clause in
            guard !clause.isNegated, clause.anyOf.count == 1 else { return false }
            switch clause.anyOf[0] {
            case .list, .tag: return true
            default: return false
            }
        }
    }

    /// The index's rows among `ids`: `rowid` is the reminders' index's, or an app index's.
    ///
    /// ```swift
    /// SearchExecutor.amongIndexRows(IDList([3, 7]))
    /// // (+"reminders_fts"."rowid" IN (SELECT "value" FROM json_each(?)))   -- binds '[3,7]'
    /// ```
    ///
    /// NB: the unary `+` keeps SQLite from handing the ids to FTS5 as rowid constraints, which
    /// would run the MATCH once per id (and Trove's score would count each word's rows again
    /// each time); the test runs on each row the MATCH gives.
    static func amongIndexRows(_ ids: IDList, rowid: SQLColumn<Int64> = SearchTables.index.rowid) -> SQLFragment {
        "(+\(rowid) IN (SELECT \"value\" FROM json_each(\(ids.json))))"
    }

    /// ``amongIndexRows(_:rowid:)`` of ids read into an array.
    static func amongIndexRows(_ ids: [Int64], rowid: SQLColumn<Int64> = SearchTables.index.rowid) -> SQLFragment {
        amongIndexRows(IDList(ids), rowid: rowid)
    }
}
