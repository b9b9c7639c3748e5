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
public protocol Engine: Sendable {
    /// The name after `!`, lowercase: `fts`.
    var name: String { get }

    /// Answers `request` from `database`.
    ///
    /// - Returns: A stream of one or more result sets; it throws ``SearchError`` for a query
    ///   the engine cannot run and `CancellationError` when its consumer goes away.
    func results(for request: SearchRequest, in database: Database) -> AsyncThrowingStream<ResultSet, any Error>
}

extension Engine {
    /// A stream that yields what `work` returns, once, as the final answer (so it should not be
    /// provisional), and cancels `work` when the consumer stops.
    ///
    /// ```swift
    /// func results(for request: SearchRequest, in database: Database) -> AsyncThrowingStream<ResultSet, any Error> {
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
