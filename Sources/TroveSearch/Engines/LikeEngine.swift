import TroveQuery
public import TroveSQLite

/// `!like`: every term as a substring (`LIKE '%term%'`, ASCII case ignored) of the searched
/// columns, ANDed; `OR` groups and `-term` as in the query language. No index and no ranking:
/// hits come in the tiebreaker order. Finds what FTS5's tokens cannot, such as `e-mai` or `50%`.
///
/// ```swift
/// try LikeEngine().search(SearchRequest(text: "!like 50%"), on: db)
/// // … WHERE (("reminders"."title" LIKE ? ESCAPE '\' OR "reminders"."notes" LIKE ? ESCAPE '\' OR …))
/// //   -- binds '%50\%%'
/// ```
public struct LikeEngine: Engine {
    /// `like`: what `!like` in a query picks.
    public let name = "like"

    /// The like engine; it keeps no state.
    public init() {}

    /// The final result set for `request`, as a one-element stream; cancelling the consumer interrupts the statement.
    ///
    /// - Returns: A stream that finishes with ``SearchError`` or a SQLite error when the search cannot run.
    public func results(for request: SearchRequest, in database: Database) -> AsyncThrowingStream<ResultSet, any Error> {
        EngineRun.stream(LikeEngine.plan(for: request.query), request, engine: name, in: database)
    }

    /// Runs the search on a connection the caller holds; see ``FTSEngine/search(_:on:)``.
    public func search(_ request: SearchRequest, on db: Connection) throws -> ResultSet {
        try EngineRun.search(LikeEngine.plan(for: request.query), request, engine: name, on: db)
    }

    static func plan(for query: Query) -> MatchPlan {
        var plan = MatchPlan(columns: query.columns)
        var dropped = 0
        for group in query.terms {
            var alternatives: [SQL] = []
            for term in group.anyOf {
                if let like = plan.like(term) { alternatives.append(like) } else { dropped += 1 }
            }
            if !alternatives.isEmpty { plan.conditions.append("(\(alternatives.joined(separator: " OR ")))") }
        }
        let positive = plan.likeTerms
        for term in query.excludedTerms {
            if let like = plan.like(term) { plan.conditions.append("(NOT \(like))") } else { dropped += 1 }
        }
        plan.likeTerms = positive
        plan.noteDroppedTerms(dropped, in: query)
        return plan
    }
}
