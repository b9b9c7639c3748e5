import TroveQuery
import TroveSQLite
import TroveStore

extension SearchExecutor {
    /// The match count to choose the page's statements by (``pageAndLastCursor(on:matchCount:record:)``)
    /// while the counts are read on a helper: the text's own matches, counted up to
    /// ``rankBoundMinimumMatches``, when the page may be ranked from the best scores as open;
    /// 0 (the page statement) when it may not.
    ///
    /// ```swift
    /// try executor.matchCountForPage(on: db)
    /// // SELECT count(*) FROM (SELECT "reminders_fts"."rowid" FROM "reminders_fts"
    /// //   WHERE ("reminders_fts" MATCH ?) LIMIT 2000)
    /// ```
    ///
    /// NB: the MATCH alone walks doclists and looks nothing up (2,000 rows of `s` at 1,000,000
    /// reminders in well under a millisecond). Completed matches are counted too, so an
    /// open-only search at the threshold may be ranked from the best scores where its own
    /// count would not have: the same page either way, a little slower or faster.
    func matchCountForPage(on db: SQLConnection) throws -> Int {
        guard let (_, match) = rankBoundRanking else { return 0 }
        let matches = ReminderSearchTable.all.where { _ in match }.select { $0.rowid }.limit(Self.rankBoundMinimumMatches)
        return try db.fetchValue("SELECT count(*) FROM (\(matches.sql))", as: Int.self) ?? 0
    }

    /// The counts and facets of a search, and its matches as ids when there are few.
    struct Tally: Sendable {
        /// ``smallMatches(on:)``.
        var set: MatchSet?
        /// ``countsAndLists(on:among:)``.
        var counts: Counts
        /// ``facets(on:among:known:)``.
        var facets: (lists: [Facet], tags: [Facet])
    }

    /// Where a search's counts and facets come from.
    enum TallySource {
        /// Read on this connection, after the page's match count is known: `set` is what
        /// ``smallMatches(on:)`` read here (nil for a large set).
        case here(set: MatchSet?)
        /// Being read on the helper connection while this one reads the page.
        case helper(SQLiteParallelRead<Tally>)
        /// Read already, from the per-prefix counts (``prefixCounts(on:)``) or from the facts in
        /// memory (``factsTally(on:)``).
        case counted(Tally)
        /// Counted from the facts in memory with the ids the page's walk for the best scores
        /// collects (``boundedPageRows(on:matchCount:helper:matchIDs:record:)``), the helper
        /// ranking half of them; `matchCount` is at least ``rankBoundMinimumMatches`` and the
        /// page is one that walk may read (``rankBoundPage``). When the walk did not run after
        /// all, counted after the page (``tallyAfterPage(on:matchIDs:)``).
        case pageWalk(matchCount: Int)
    }

    /// Decides where the counts and facets are read and, for the helper, starts reading them:
    /// there when the search has one (`shared`, in this transaction's snapshot) and they take
    /// long, here otherwise.
    ///
    /// ```swift
    /// switch try executor.tallySource(on: db, shared: shared) {
    /// case .here(let set): …      // the small set's ids read here: counts and facets among them
    /// case .helper(let tally): …  // the page is read here meanwhile; then tally.value()
    /// case .counted(let tally): … // a one- or two-letter prefix's, from the per-prefix counts
    /// }
    /// ```
    ///
    /// NB: why. For a common prefix both halves walk every match: at 1,000,000 reminders `s`
    /// (577,529 matches) ranks its page in ~165 ms and counts and groups its matches in ~115 ms.
    /// One after the other they take their sum; on two cores, about the longer one. A filtered
    /// search reads its match set as ids (~30 ms for `is:open list:Home tag:call call`) and a
    /// search without text counts by a scan, so theirs go to the helper at once; plain text first
    /// reads up to ``smallMatchLimit`` + 1 ids here, and only a larger set goes. A small set's
    /// counts and facets take a few milliseconds: split, each connection would read the
    /// same pages into its own cache (a phrase at 1,000,000 reminders was 40% slower at p50).
    func tallySource(on db: SQLConnection, shared: SQLiteSharedRead?) throws -> TallySource {
        if let counts = try prefixCounts(on: db) {
            return .counted(Tally(set: nil, counts: counts, facets: counts.facets ?? ([], [])))
        }
        let executor = self
        // NB: a narrowed search's matches are counted from the facts only with the ids the page's
        // walk collects: read first, they took a walk of the whole text (see ``matchIDsSQL``).
        // A page the walk cannot read (after a cursor, or too deep) counts with SQL beside it.
        if facts != nil, filteredIDs != nil, countsFromFacts {
            let count = try matchCountForPage(on: db)
            if count >= Self.rankBoundMinimumMatches { return .pageWalk(matchCount: count) }
        }
        if let shared, filteredIDs != nil || !isRanked, let read = try shared.start({ try executor.tally(on: $0) }) {
            return .helper(read)
        }
        let set = try smallMatches(on: db)
        if set == nil, facts != nil, matchIDsSQL != nil {
            // NB: a small set is counted from its ids as read. A larger one is counted from the
            // facts with the ids that the walk for the page's best scores collects when the page
            // is ranked that way (the helper ranking half of them), else with a walk of its own,
            // on the helper beside the page statement.
            let count = try matchCountForPage(on: db)
            if count >= Self.rankBoundMinimumMatches, rankBoundPage != nil { return .pageWalk(matchCount: count) }
            if let shared, let read = try shared.start({ try executor.factsTally(on: $0) ?? executor.tally(on: $0) }) {
                return .helper(read)
            }
            if let tally = try factsTally(on: db) { return .counted(tally) }
        }
        if let shared, set == nil, let read = try shared.start({ try executor.tally(on: $0, among: nil) }) {
            return .helper(read)
        }
        return .here(set: set)
    }

    /// The counts and facets of a ``TallySource/pageWalk(matchCount:)`` search, after its page:
    /// from the facts with the ids the page's walk collected, or, when the page was read another
    /// way, from the facts after a walk of the matches (unfiltered) or with SQL (narrowed).
    func tallyAfterPage(on db: SQLConnection, matchIDs: [UInt8]?) throws -> Tally {
        if let matchIDs, let tally = try factsTally(of: matchIDs, on: db) { return tally }
        return try factsTally(on: db) ?? tally(on: db)
    }

    /// The match set (when small), the counts and the facets, one after the other.
    func tally(on db: SQLConnection) throws -> Tally {
        try tally(on: db, among: try smallMatches(on: db))
    }

    /// The counts and the facets of the matches, `set` being what ``smallMatches(on:)`` read.
    func tally(on db: SQLConnection, among set: MatchSet?) throws -> Tally {
        let counts = try countsAndLists(on: db, among: set)
        return Tally(set: set, counts: counts, facets: try facets(on: db, among: set, known: counts.facets))
    }
}
