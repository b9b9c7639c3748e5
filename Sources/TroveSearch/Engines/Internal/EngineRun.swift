import Foundation
import TroveQuery
import TroveSQLite

/// What the built-in engines share: run a plan, map `!raw` errors, add suggestions.
enum EngineRun {
    static func search(_ plan: MatchPlan, _ request: SearchRequest, engine: String, on db: Connection) throws -> ResultSet {
        var resultSet = try execute(plan, request, engine: engine, on: db)
        if needsSuggestions(resultSet, plan) {
            resultSet.suggestions = (try? Suggester.suggestions(for: request.query, on: db)) ?? []
        }
        return resultSet
    }

    static func stream(
        _ plan: MatchPlan, _ request: SearchRequest, engine: String, in database: Database
    ) -> AsyncThrowingStream<ResultSet, any Error> {
        FTSEngine.single {
            var resultSet = try await database.read { db in try execute(plan, request, engine: engine, on: db) }
            if needsSuggestions(resultSet, plan) {
                resultSet.suggestions = try await suggestions(for: request.query, in: database)
            }
            return resultSet
        }
    }

    /// The page statement `execute` would run first, built without a connection.
    static func statement(_ plan: MatchPlan, _ request: SearchRequest, engine: String) throws -> SQL {
        try SearchExecutor(plan: plan, request: request, engineName: engine).pageStatement(on: nil)
    }

    private static func needsSuggestions(_ resultSet: ResultSet, _ plan: MatchPlan) -> Bool {
        resultSet.total == 0 && plan.hasText && !plan.isRaw
    }

    /// NB: readers of a database file open read-only, and SQLite refuses even a `temp` table on
    /// such a connection; the vocabulary table then lives on the writer, which this reads only.
    private static func suggestions(for query: Query, in database: Database) async throws -> [String] {
        do {
            return try await database.read { db in try Suggester.suggestions(for: query, on: db) }
        } catch let error as SQLiteError where error.code == .readOnly {
            return (try? await database.writeWithoutTransaction { db in
                try Suggester.suggestions(for: query, on: db)
            }) ?? []
        }
    }

    private static func execute(_ plan: MatchPlan, _ request: SearchRequest, engine: String, on db: Connection) throws -> ResultSet {
        do {
            return try SearchExecutor(plan: plan, request: request, engineName: engine).run(on: db)
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
