public import TroveSQLite

/// A way of answering a ``SearchRequest``; picked with `!name` in the query text.
///
/// ```swift
/// for try await resultSet in FTSEngine().results(for: request, in: database) {
///     print(resultSet.total)   // the last ResultSet is the final answer
/// }
/// ```
///
/// An engine may yield more than one ``ResultSet``: quick provisional answers
/// (``ResultSet/isProvisional``), then exactly one final answer, which is the last. Consumers
/// that want only the answer (a one-shot command) keep the last element. Cancelling the
/// consuming task must stop its work: run SQL inside `database.read`, whose cancellation
/// interrupts SQLite.
public protocol SearchEngine: Sendable {
    /// The name after `!`, lowercase: `fts`.
    var name: String { get }

    /// Answers `request` from `database`.
    ///
    /// - Returns: A stream of one or more result sets; it throws ``SearchError`` for a query
    ///   the engine cannot run and `CancellationError` when its consumer goes away.
    func results(for request: SearchRequest, in database: SQLiteDatabase) -> AsyncThrowingStream<ResultSet, any Error>

    /// The final answer to `request` alone: the last element of ``results(for:in:)``.
    ///
    /// The default keeps the stream's last element. An engine whose provisional answers cost
    /// work of their own (the fts engine's sample) implements it without them, since nobody
    /// sees them: `trove search` answers a no-hit text ~2 ms sooner at 100,000 reminders.
    ///
    /// - Throws: What the stream throws, and `CancellationError` when it ends without an answer.
    func search(_ request: SearchRequest, in database: SQLiteDatabase) async throws -> ResultSet
}

extension SearchEngine {
    /// The last element of ``results(for:in:)``, the final answer; an engine whose provisional
    /// answers cost work of its own replaces this.
    ///
    /// - Throws: What the stream throws, and `CancellationError` when it ends without an answer.
    public func search(_ request: SearchRequest, in database: SQLiteDatabase) async throws -> ResultSet {
        var final: ResultSet?
        for try await resultSet in results(for: request, in: database) { final = resultSet }
        // NB: an engine's stream ends without an answer only when it was cancelled.
        guard let final else { throw CancellationError() }
        return final
    }
}

extension SearchEngine {
    /// A stream that yields what `work` returns, once, as the final answer (so it should not be
    /// provisional), and cancels `work` when the consumer stops.
    ///
    /// ```swift
    /// func results(for request: SearchRequest, in database: SQLiteDatabase) -> AsyncThrowingStream<ResultSet, any Error> {
    ///     Self.single { try await database.read { db in try self.search(request, on: db) } }
    /// }
    /// ```
    public static func single(
        _ work: @escaping @Sendable () async throws -> ResultSet
    ) -> AsyncThrowingStream<ResultSet, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    continuation.yield(try await work())
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
