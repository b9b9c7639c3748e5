import TroveQuery
public import TroveSQLite

/// `!raw`: the rest of the text is handed to FTS5 as an expression, for experts.
///
/// ```swift
/// try RawEngine().search(SearchRequest(text: #"!raw NEAR("dentist" "tuesday", 5)"#), on: db)
/// try RawEngine().search(SearchRequest(text: "!raw milk AND"), on: db)
/// // throws SearchError.invalidRawQuery: the !raw query has an FTS5 syntax error at its end …
/// ```
///
/// The text is bound, never spliced into SQL, and validated by running it: SQLite's
/// `fts5: syntax error near "X"` becomes ``SearchError/invalidRawQuery(message:near:)``.
public struct RawEngine: SearchEngine {
    /// `raw`: what `!raw` in a query picks.
    public let name = "raw"

    /// The raw engine; it keeps no state.
    public init() {}

    /// The final result set for `request`, as a one-element stream; cancelling the consumer interrupts the statement.
    ///
    /// - Returns: A stream that finishes with ``SearchError/invalidRawQuery(message:near:)`` when FTS5 rejects the text.
    public func results(for request: SearchRequest, in database: SQLiteDatabase) -> AsyncThrowingStream<ResultSet, any Error> {
        EngineRun.stream(RawEngine.plan(for: request.query), request, engine: name, in: database)
    }

    /// Runs the search on a connection the caller holds.
    ///
    /// - Throws: ``SearchError/invalidRawQuery(message:near:)`` for text FTS5 rejects.
    public func search(_ request: SearchRequest, on db: SQLConnection) throws -> ResultSet {
        try EngineRun.search(RawEngine.plan(for: request.query), request, engine: name, on: db)
    }

    static func plan(for query: SearchQuery) -> MatchPlan {
        var plan = MatchPlan(columns: nil)
        plan.isRaw = true
        plan.match = query.raw.flatMap { FTS5Expression(unvalidatedRaw: $0)?.positive }.map { SearchTables.index.match($0) }
        return plan
    }
}
