public import TroveQuery

/// An engine whose hits come from one SQL statement that it can show without running it: for
/// snapshots, `--explain` and curious people.
///
/// ```swift
/// let request = SearchRequest(text: "milk is:open", today: CalendarDay("2026-03-02")!)
/// try FTSEngine().statement(for: request).debugDescription
/// // SELECT "reminders"."id", … FROM "reminders_fts" CROSS JOIN "reminders" ON … WHERE ("reminders_fts" MATCH '"milk"')
/// //   AND (("reminders"."is_completed" = 0)) ORDER BY "reminders"."is_completed", "reminders_fts"."rank", …
/// //   LIMIT 51 OFFSET 0
/// ```
///
/// The statement is the page query the engine runs, built by the same code, with the same
/// bindings. It reads one row more than ``SearchRequest/limit`` to learn whether a next page
/// exists. The total, the completed count and the facets come from sibling statements over the
/// same `WHERE`.
public protocol ExplainableEngine: SearchEngine {
    /// The statement that reads the page of hits for `request`.
    ///
    /// - Parameter request: The request, as it would be passed to ``SearchEngine/results(for:in:)``.
    /// - Returns: The SQL; its `debugDescription` inlines the bindings.
    /// - Throws: ``SearchError/invalidCursor`` for a cursor made for another sort.
    ///
    /// > Note: For a ``SearchPage/after(_:)`` page the statement holds the keys stored in the
    /// > cursor; a real run uses the anchor row's current keys, which differ only when the data
    /// > changed since the cursor was made.
    func statement(for request: SearchRequest) throws -> SQLFragment
}

extension FTSEngine: ExplainableEngine {
    /// The fts engine's main statement for `request`: the hits query with `MATCH` over the FTS5 expression.
    ///
    /// ```swift
    /// try FTSEngine().statement(for: SearchRequest(text: "dentist"))
    /// // SELECT "reminders"."id", … FROM "reminders_fts" CROSS JOIN "reminders" ON … WHERE ("reminders_fts" MATCH ?) … LIMIT ? OFFSET ?
    /// ```
    /// - Throws: ``SearchError`` when the query cannot run on this engine.
    public func statement(for request: SearchRequest) throws -> SQLFragment {
        try EngineRun.statement(FTSEngine.plan(for: request.query), request, engine: name)
    }
}

extension LikeEngine: ExplainableEngine {
    /// The like engine's main statement for `request`: one parenthesised `LIKE … ESCAPE '\'` term per word, AND-joined.
    ///
    /// ```swift
    /// try LikeEngine().statement(for: SearchRequest(text: "milk"))
    /// // SELECT "reminders"."id", … WHERE (("reminders"."title" LIKE ? ESCAPE '\') OR …) … LIMIT ? OFFSET ?
    /// ```
    /// - Throws: ``SearchError`` when the query cannot run on this engine.
    public func statement(for request: SearchRequest) throws -> SQLFragment {
        try EngineRun.statement(LikeEngine.plan(for: request.query), request, engine: name)
    }
}

extension RawEngine: ExplainableEngine {
    /// The raw engine's main statement for `request`: the text bound as it is to `MATCH ?`.
    ///
    /// - Throws: ``SearchError`` when the query cannot run on this engine.
    public func statement(for request: SearchRequest) throws -> SQLFragment {
        try EngineRun.statement(RawEngine.plan(for: request.query), request, engine: name)
    }
}

extension EngineRegistry {
    /// The statement the engine that `request`'s query names would run, when it can show one.
    ///
    /// ```swift
    /// try EngineRegistry().statement(for: SearchRequest(text: "!like 50%"))?.debugDescription
    /// // SELECT … WHERE (("reminders"."notes" LIKE '%50\%%' ESCAPE '\' OR …)) …
    /// ```
    ///
    /// - Returns: The SQL, or nil when the engine is not an ``ExplainableEngine``.
    /// - Throws: ``SearchError/unknownEngine(_:known:)`` or ``SearchError/invalidCursor``.
    public func statement(for request: SearchRequest) throws -> SQLFragment? {
        guard let engine = try engine(named: request.query.engineName) as? any ExplainableEngine else { return nil }
        return try engine.statement(for: request)
    }
}
