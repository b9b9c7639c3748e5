public import TroveSQLite

/// The engines `!name` can pick: `fts` (the default), `like` and `raw`, plus any an app adds.
///
/// ```swift
/// var registry = EngineRegistry()
/// registry.register(MySemanticEngine(), as: "semantic")   // now "!semantic walk" uses it
/// for try await resultSet in registry.results(for: request, in: database) { … }
/// ```
public struct EngineRegistry: Sendable {
    private var engines: [String: any SearchEngine]

    /// The three built-in engines.
    public init() {
        engines = [:]
        for engine: any SearchEngine in [FTSEngine(), LikeEngine(), RawEngine()] { engines[engine.name] = engine }
    }

    /// Adds `engine` under `name` (its own ``SearchEngine/name`` when nil), replacing any engine of that name.
    public mutating func register(_ engine: any SearchEngine, as name: String? = nil) {
        engines[(name ?? engine.name).lowercased()] = engine
    }

    /// The registered names, sorted.
    public var names: [String] { engines.keys.sorted() }

    /// The engine registered as `name`, ignoring case.
    ///
    /// - Throws: ``SearchError/unknownEngine(_:known:)``, whose message lists the known engines.
    public func engine(named name: String) throws(SearchError) -> any SearchEngine {
        guard let engine = engines[name.lowercased()] else { throw .unknownEngine(name, known: names) }
        return engine
    }

    /// Runs the request with the engine its query names (``SearchQuery/engineName``).
    ///
    /// - Returns: The engine's stream, or one that fails at once with ``SearchError/unknownEngine(_:known:)``.
    public func results(for request: SearchRequest, in database: SQLiteDatabase) -> AsyncThrowingStream<ResultSet, any Error> {
        do {
            return try engine(named: request.query.engineName).results(for: request, in: database)
        } catch {
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
    }

    /// The final answer to `request`: what ``results(for:in:)`` settles on, without the
    /// provisional answers before it (``SearchEngine/search(_:in:)``, which skips their work).
    /// `trove search`, `SearchProvider.search(_:)` and `assertSearch` all take their answer
    /// from here.
    ///
    /// ```swift
    /// let resultSet = try await EngineRegistry().search(SearchRequest(text: "dentist"), in: database)
    /// resultSet.hits.first?.title   // "Dentist appointment"
    /// ```
    ///
    /// - Returns: The final result set. Problems with the query (a half-typed filter) are in
    ///   its ``ResultSet/query``'s ``SearchQuery/problems``, not thrown.
    /// - Throws: ``SearchError`` (``SearchError/noReminders`` when a built-in engine is
    ///   pointed at a database without Trove's reminders), `SQLiteError`, or
    ///   `CancellationError` when the task is cancelled.
    public func search(_ request: SearchRequest, in database: SQLiteDatabase) async throws -> ResultSet {
        let engine = try engine(named: request.query.engineName)
        do {
            return try await engine.search(request, in: database)
        } catch {
            throw await RemindersPresence.explain(error, from: engine, in: database)
        }
    }
}
