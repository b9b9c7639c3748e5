import Foundation
import TroveQuery
import TroveSQLite

/// What the built-in engines share: run a plan, map `!raw` errors, add suggestions.
enum EngineRun {
    static func search(_ plan: MatchPlan, _ request: SearchRequest, engine: String, on db: SQLConnection) throws -> ResultSet {
        var resultSet = try execute(plan, request, engine: engine, on: db)
        if needsSuggestions(resultSet, isRaw: plan.isRaw) {
            resultSet.didYouMean = (try? Suggester.didYouMean(for: resultSet.query, on: db, filters: request.filterSQL)) ?? .none
        }
        return resultSet
    }

    /// The final ResultSet as a stream (the like and raw engines'; the fts engine streams a
    /// provisional answer first through ``TieredSearch``), with did-you-mean when it needs one.
    ///
    /// NB: the search runs in one `database.readWithHelper`, so cancelling the consumer
    /// interrupts SQLite.
    static func stream(
        _ plan: MatchPlan, _ request: SearchRequest, engine: String, in database: SQLiteDatabase
    ) -> AsyncThrowingStream<ResultSet, any Error> {
        phased(first: nil) { early in
            let resultSet = try await database.readWithHelper { db, helper in
                try execute(plan, request, engine: engine, on: db, helper: helper)
            }
            return try await addingSuggestions(
                to: resultSet, isRaw: plan.isRaw, early: early, in: database, filters: request.filterSQL)
        }
    }

    /// The answer with did-you-mean suggestions when it needs them.
    ///
    /// NB: "nothing matches" is known now; finding the nearest indexed words in SQL reads the
    /// document counts of every word with the same first letter and takes longer (p50 16–22 ms
    /// at 1M reminders), so say so first (`early`), suggest after. From a current trie they take
    /// about a millisecond, and the answer with them is the first one.
    ///
    /// - Parameter ranges: Vocabulary ranges the search already read (the fts engine's typo tier).
    /// - Parameter vocabulary: The fts engine's cache of the index's words: when its trie
    ///   mirrors the index, the suggestions' words come from it instead of fts5vocab.
    /// - Parameter filters: The request's filters as SQL, which a correction must pass too.
    static func addingSuggestions(
        to resultSet: ResultSet, isRaw: Bool = false, early: @Sendable (ResultSet) -> Void, in database: SQLiteDatabase,
        ranges: VocabularyRanges = VocabularyRanges(), vocabulary: VocabularyCache? = nil, filters: FilterSQL? = nil
    ) async throws -> ResultSet {
        guard needsSuggestions(resultSet, isRaw: isRaw) else { return resultSet }
        var answer = resultSet
        var provisional = resultSet
        provisional.isProvisional = true
        let empty = provisional
        answer.didYouMean = try await database.read { db in
            let trie = try vocabulary.flatMap { try $0.trie(at: VocabularyCache.version(on: db), build: false) }
            if trie == nil { early(empty) }
            return try Suggester.didYouMean(for: resultSet.query, on: db, ranges: ranges, trie: trie, filters: filters)
        }
        return answer
    }

    /// The page statement `execute` would run first, built without a connection.
    static func statement(_ plan: MatchPlan, _ request: SearchRequest, engine: String) throws -> SQLFragment {
        try SearchExecutor(plan: plan, request: request, engineName: engine).pageStatement(on: nil)
    }

    /// Yields what `first` returns (when not nil), then what `final` returns, and finishes;
    /// cancels the work when the consumer stops. When `first` returns a ResultSet that is not
    /// provisional, that is the answer: `final` is not run.
    ///
    /// - Parameters:
    ///   - first: The provisional phase; nil, or a nil result, goes straight to `final`. It may
    ///     return the final answer when that took no more work than a provisional one (a search
    ///     without text whose matches all fit on its first page).
    ///   - final: The answer. Not started when the consumer stopped after the first phase. It
    ///     may hand a provisional ResultSet to its argument on the way.
    static func phased(
        first: (@Sendable () async throws -> ResultSet?)?,
        final: @escaping @Sendable (_ early: @escaping @Sendable (ResultSet) -> Void) async throws -> ResultSet
    ) -> AsyncThrowingStream<ResultSet, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    if let first, let quick = try await first() {
                        continuation.yield(quick)
                        guard quick.isProvisional else { return continuation.finish() }
                        try Task.checkCancellation()
                    }
                    continuation.yield(try await final { continuation.yield($0) })
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Did-you-mean is for a query with no exact match, typo matches or not.
    /// A text or a list or tag name, and no exact match (`!raw` explains its own mistakes).
    static func needsSuggestions(_ resultSet: ResultSet, isRaw: Bool = false) -> Bool {
        let query = resultSet.query
        let names = query.filters.contains { $0.key == .list || $0.key == .tag }
        return resultSet.total - resultSet.typoCount == 0 && !isRaw && query.raw == nil && (!query.terms.isEmpty || names)
    }

    private static func execute(
        _ plan: MatchPlan, _ request: SearchRequest, engine: String, on db: SQLConnection, helper: SQLiteReadHelper? = nil
    ) throws -> ResultSet {
        do {
            let resolved = try request.resolvingNamePrefix(on: db)
            var resultSet = try SearchExecutor(plan: plan, request: resolved, engineName: engine).run(on: db, helper: helper)
            resultSet.query = resolved.query.answering(request.query)
            return resultSet
        } catch let error as SQLiteError where plan.isRaw && error.code == .error {
            throw SearchError.invalidRawQuery(message: error.message, near: nearToken(in: error.message))
        }
    }

    /// `X` in SQLite's `fts5: syntax error near "X"`.
    static func nearToken(in message: String) -> String? {
        guard let start = message.range(of: "near \""), let end = message.range(of: "\"", options: .backwards),
            start.upperBound <= end.lowerBound
        else { return nil }
        return String(message[start.upperBound..<end.lowerBound])
    }
}
