public import TroveStore

extension ReminderStore {
    /// The final answer to a search of the store: the result set `trove search` prints and
    /// `SearchProvider`'s stream settles on, for an app that wants one answer, not a stream.
    ///
    /// ```swift
    /// let store = try await ReminderStore.open(path: "trove.db")
    /// let resultSet = try await store.search("dent is:open")
    /// resultSet.hits.first?.title   // "Dentist appointment"
    /// ```
    ///
    /// - Parameter text: The query, in Trove's query language; the last word is a prefix.
    /// - Returns: The first page (50 hits) of the final result set; problems with the query
    ///   are in its `query.problems`.
    /// - Throws: `StoreError.indexMissing` when the file lacks part of the search index;
    ///   ``SearchError``; `CancellationError` when the task is cancelled.
    public func search(_ text: String) async throws -> ResultSet {
        try await search(SearchRequest(text: text))
    }

    /// `search(_:)` with every setting of a request: page, sort, highlight, today.
    ///
    /// ```swift
    /// try await store.search(SearchRequest(text: "call", limit: 10, sort: .due, highlight: .brackets))
    /// ```
    ///
    /// - Parameters:
    ///   - request: What to search for and how to page, sort and mark up the answer.
    ///   - registry: The engines `!name` may pick; the built-in three by default.
    /// - Throws: As `search(_:)`.
    public func search(_ request: SearchRequest, registry: EngineRegistry = EngineRegistry()) async throws -> ResultSet {
        try requireIndex()
        return try await registry.search(request, in: database)
    }
}
