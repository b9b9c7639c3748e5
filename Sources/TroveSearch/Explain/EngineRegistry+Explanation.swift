import TroveQuery

/// A built-in engine, whose SQL comes from a ``MatchPlan``.
protocol PlannedEngine: Engine {
    static func plan(for query: Query) -> MatchPlan
}

extension FTSEngine: PlannedEngine {}
extension LikeEngine: PlannedEngine {}
extension RawEngine: PlannedEngine {}

extension EngineRegistry {
    /// The statements the request's engine would run, built by the same code that runs them.
    ///
    /// ```swift
    /// try EngineRegistry().explanation(for: SearchRequest(text: "!like 50%"))?.statements[0].bindings
    /// // ["'%50\\%%'", "'%50\\%%'", "'%50\\%%'", "51", "0"]
    /// ```
    ///
    /// After a cursor, the page statement shows the cursor's stored keys; the search itself first
    /// looks up the anchor row's current keys, which differ only when the data changed since.
    ///
    /// - Parameter request: The request to explain; nothing is run.
    /// - Returns: The explanation, or nil when the engine is not a built-in one (its SQL, if
    ///   any, is its own business).
    /// - Throws: ``SearchError/unknownEngine(_:known:)`` or ``SearchError/invalidCursor``.
    public func explanation(for request: SearchRequest) throws(SearchError) -> SearchExplanation? {
        let engine = try engine(named: request.query.engineName)
        guard let planned = engine as? any PlannedEngine else { return nil }
        let plan = type(of: planned).plan(for: request.query)
        let executor = SearchExecutor(plan: plan, request: request, engineName: engine.name)
        let page: SQL
        // NB: without a connection the only error is a cursor of another sort.
        do { page = try executor.pageStatement(on: nil) } catch { throw error as? SearchError ?? .invalidCursor }
        var query = request.query
        query.problems += plan.problems
        return SearchExplanation(
            query: query, engine: engine.name,
            statements: [statement("hits", page), statement("counts", executor.countSQL)])
    }

    private func statement(_ purpose: String, _ sql: SQL) -> SearchExplanation.Statement {
        let (text, bindings) = sql.render()
        return SearchExplanation.Statement(purpose: purpose, sql: text, bindings: bindings.map(\.description))
    }
}
