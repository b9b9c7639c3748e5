import TroveQuery
import TroveSQLite
import TroveStore

extension SearchExecutor {
    /// The most filtered reminders a search walks first (``filterFirst``).
    static let filterFirstLimit = 4_096

    /// How many of the MATCH's rows one rowid look-up of the index costs as much as.
    ///
    /// NB: measured at 1,000,000 reminders (sqlite3 shell, warm cache): 2,083 look-ups of
    /// `the` by rowid took 46 ms (22 µs each); the 605,582 rows of `the` joined to reminders
    /// and filtered, 120–211 ms (0.2–0.35 µs each). Both ways rank only the rows that pass.
    static let lookUpCost = 64

    /// This executor, with ``filterFirst`` set when walking the filters' reminders and looking
    /// each one up in the index costs less than walking the text's matches.
    ///
    /// That is when a `list:` or `tag:` filter (which an index of reminders or of tags answers
    /// in order) leaves at most ``filterFirstLimit`` reminders, the text has at least
    /// ``lookUpCost`` times as many matches, and every word of the MATCH is a whole word or
    /// a prefix of at most 3 characters: FTS5 finds those by rowid in one doclist (a prefix
    /// index's), where a longer prefix merges the doclists of all its words at every look-up
    /// (`is:open list:Home tag:call call*` once took 200 s that way). `is:flagged list:Garden
    /// the` at 1,000,000 reminders: 1,312 hits among 605,582 matches of `the`.
    ///
    /// ```swift
    /// // SELECT count(*) FROM (SELECT 1 FROM "reminders" JOIN "lists" ON … WHERE <filters> LIMIT 4097)
    /// // SELECT count(*) FROM (SELECT 1 FROM "reminders_fts" WHERE "reminders_fts" MATCH ? LIMIT <64 × that>)
    /// ```
    ///
    /// The hits, counts and facets are the same either way; only the work differs.
    func choosingFilterFirst(on db: SQLiteConnection) throws -> SearchExecutor {
        guard isRanked, !filterFirst, !plan.isRaw, plan.conditions.isEmpty, let match = plan.match,
            hasOrderedFilter, Self.looksUpByRowid(match.pattern)
        else { return self }
        var candidate = self
        candidate.filterFirst = true
        let r = SearchTables.reminders, l = SearchTables.lists
        let filtered: SQLFragment = "SELECT 1 FROM \(identifier: ReminderTable.tableName)"
            + " JOIN \(identifier: ListTable.tableName) ON \(l.id) = \(r.listID)"
            + Self.whereClause(candidate.filterConditions + (isOpenOnly ? [Self.openOnly] : []))
            + " LIMIT \(Self.filterFirstLimit + 1)"
        let filteredCount = try db.fetchValue("SELECT count(*) FROM (\(filtered))", as: Int.self) ?? 0
        guard filteredCount <= Self.filterFirstLimit else { return self }
        let enough = max(filteredCount, 1) * Self.lookUpCost
        let matching: SQLFragment = "SELECT 1 FROM \(identifier: ReminderSearchTable.tableName)"
            + Self.whereClause([WhereClause { match }.queryFragment]) + " LIMIT \(enough)"
        let matchCount = try db.fetchValue("SELECT count(*) FROM (\(matching))", as: Int.self) ?? 0
        return matchCount >= enough ? candidate : self
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

    /// Whether FTS5 can look every phrase of `pattern` up by rowid in one doclist: each
    /// prefix (`"…"*`) ends in a word of at most 3 characters (Trove's `prefix = '1 2 3'`),
    /// and no `*` stands anywhere else.
    ///
    /// ```swift
    /// SearchExecutor.looksUpByRowid(#"{title} : ("milk" AND "ca"*)"#)  // true
    /// SearchExecutor.looksUpByRowid(#""milk"*"#)                         // false: a 4-character prefix
    /// ```
    static func looksUpByRowid(_ pattern: String) -> Bool {
        var characters = pattern.makeIterator()
        var pending: String? = nil
        while let character = characters.next() {
            if character == "\"" {
                var phrase = ""
                var closed = false
                while let inner = characters.next() {
                    if inner == "\"" {
                        // NB: FTS5 writes a quote inside a phrase as two.
                        var lookahead = characters
                        if lookahead.next() == "\"" {
                            phrase.append("\"")
                            characters = lookahead
                            continue
                        }
                        closed = true
                        break
                    }
                    phrase.append(inner)
                }
                guard closed else { return false }
                pending = phrase
                continue
            }
            if character == "*" {
                guard let phrase = pending else { return false }
                let last = phrase.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).last ?? ""
                guard last.count <= 3 else { return false }
            }
            if !character.isWhitespace { pending = nil }
        }
        return true
    }
}
