import TroveQuery
public import TroveSQLite

/// `!like`: every term as a substring (`LIKE '%term%'`, ASCII case ignored) of the searched
/// columns, ANDed; `OR` groups and `-term` as in the query language. No index and no ranking:
/// hits come in the tiebreaker order. Finds what FTS5's tokens cannot, such as `e-mai` or `50%`.
///
/// ```swift
/// try LikeEngine().search(SearchRequest(text: "!like 50%"), on: db)
/// // … WHERE (("reminders"."title" LIKE ? ESCAPE '\') OR ("reminders"."notes" LIKE ? ESCAPE '\') OR (…))
/// //   -- binds '%50\%%'
/// ```
public struct LikeEngine: SearchEngine {
    /// `like`: what `!like` in a query picks.
    public let name = "like"

    /// The like engine; it keeps no state.
    public init() {}

    /// The final result set for `request`, as a one-element stream; cancelling the consumer interrupts the statement.
    ///
    /// - Returns: A stream that finishes with ``SearchError`` or a SQLite error when the search cannot run.
    public func results(for request: SearchRequest, in database: SQLiteDatabase) -> AsyncThrowingStream<ResultSet, any Error> {
        EngineRun.stream(LikeEngine.plan(for: request.query), request, engine: name, in: database)
    }

    /// Runs the search on a connection the caller holds; see ``FTSEngine/search(_:on:)``.
    public func search(_ request: SearchRequest, on db: SQLConnection) throws -> ResultSet {
        try EngineRun.search(LikeEngine.plan(for: request.query), request, engine: name, on: db)
    }

    /// The WHERE of a query's text: one AND-joined term per group of words (`a OR b` is one
    /// group), each word a LIKE over the searched columns, then a `NOT` for each excluded word.
    ///
    /// ```swift
    /// LikeEngine.plan(for: .parse("!like 50% OR half -cancelled in:title")).conditions.queryFragment
    /// // (("reminders"."title" LIKE ? ESCAPE '\') OR ("reminders"."title" LIKE ? ESCAPE '\'))
    /// //   AND (NOT ("reminders"."title" LIKE ? ESCAPE '\'))
    /// ```
    static func plan(for query: SearchQuery) -> MatchPlan {
        var plan = MatchPlan(columns: query.columns)
        // NB: past ``MatchPlan/maxLikeTerms`` the rest are dropped (and reported), so the
        // builder below only sees the words that are searched.
        let groups = query.terms.map { group in group.anyOf.filter { plan.admitsLike($0) } }
        let positive = plan.likeTerms
        let excluded = query.excludedTerms.filter { plan.admitsLike($0) }
        let columns = plan.columns
        plan.conditions = WhereClause {
            for group in groups where !group.isEmpty {
                anyOf(group.map { word in MatchPlan.like(word.text, in: columns) })
            }
            for word in excluded {
                !MatchPlan.like(word.text, in: columns)
            }
        }
        plan.likeTerms = positive
        let searched = groups.map(\.count).reduce(0, +) + excluded.count
        plan.noteDroppedTerms(query.terms.map(\.anyOf.count).reduce(0, +) + query.excludedTerms.count - searched, in: query)
        return plan
    }
}
