import TroveQuery
public import TroveSQLite

/// A built-in engine, whose SQL comes from a ``MatchPlan``.
protocol PlannedEngine: SearchEngine {
    static func plan(for query: SearchQuery) -> MatchPlan
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
        let page: SQLFragment
        // NB: without a connection the only error is a cursor of another sort.
        do { page = try executor.pageStatement(on: nil) } catch { throw error as? SearchError ?? .invalidCursor }
        var query = request.query
        query.problems += plan.problems
        return SearchExplanation(
            query: query, engine: engine.name,
            statements: [statement("hits", page), statement("counts", executor.countSQL)])
    }

    /// What the request's engine runs on `database`: for the fts engine, the statements of the
    /// search itself, with the joined and split forms of words the index holds and, when typo
    /// matches were searched for, their statements; for the other built-in engines, as
    /// ``explanation(for:)``. The fts engine's explanation runs the search to know, and keeps
    /// its answer (``SearchExplanation/resultSet``).
    ///
    /// ```swift
    /// try await EngineRegistry().explanation(for: SearchRequest(text: "dentst"), in: database)?.statements.map(\.purpose)
    /// // ["hits", "counts", "typo hits", "typo counts"]
    /// ```
    ///
    /// - Throws: What the search throws: ``SearchError``, `CancellationError`, a `SQLiteError`.
    public func explanation(for request: SearchRequest, in database: SQLiteDatabase) async throws -> SearchExplanation? {
        guard let fts = try engine(named: request.query.engineName) as? FTSEngine else { return try explanation(for: request) }
        let search = TieredSearch(
            request: request, engineName: fts.name, vocabularyCache: fts.vocabulary, recordsStatements: true)
        let outcome = try await database.read { db in try search.run(on: db) }
        // NB: did-you-mean as the engine's own search adds it, so the answer is the one
        // `search(_:in:)` gives and `trove search --explain` need not search a second time.
        let resultSet = try await EngineRun.addingSuggestions(
            to: outcome.resultSet, early: { _ in }, in: database, ranges: search.ranges, vocabulary: fts.vocabulary)
        return SearchExplanation(
            query: outcome.resultSet.query, engine: fts.name,
            statements: outcome.statements.map { statement($0.purpose, $0.sql) }, resultSet: resultSet)
    }

    /// The page and count statements of ``explanation(for:)`` rendered as a search renders them
    /// before SQLite prepares them (the text and its bindings), without the inlined copy an explanation
    /// adds for people: what composing SQL with TroveQuery costs a search (`trove-bench
    /// statements`). Empty for a request whose engine has no plan.
    package func renderedStatements(for request: SearchRequest) throws(SearchError) -> [String] {
        let engine = try engine(named: request.query.engineName)
        guard let planned = engine as? any PlannedEngine else { return [] }
        let executor = SearchExecutor(plan: type(of: planned).plan(for: request.query), request: request, engineName: engine.name)
        let page: SQLFragment
        do { page = try executor.pageStatement(on: nil) } catch { throw error as? SearchError ?? .invalidCursor }
        // NB: the texts are returned; the bindings are made all the same and dropped.
        return [page.render().sql, executor.countSQL.render().sql]
    }

    private func statement(_ purpose: String, _ sql: SQLFragment) -> SearchExplanation.Statement {
        let (text, bindings) = sql.render()
        return SearchExplanation.Statement(
            purpose: purpose, sql: text, bindings: bindings.map(\.description), inlinedSQL: sql.debugDescription)
    }
}
