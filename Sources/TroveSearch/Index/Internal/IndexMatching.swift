import TroveSQLite

/// How a ``SearchIndex`` search matches the words: the query's `!engine`, as the reminders'
/// engines of the same names do.
///
/// ```swift
/// try IndexMatching(notes.parse("bread"))          // .fts
/// try IndexMatching(notes.parse("!like 50%"))      // .like
/// try IndexMatching(notes.parse("!raw NEAR(a b)")) // .raw
/// try IndexMatching(notes.parse("!foo bread"))     // throws SearchError.unknownEngine("foo", known: ["fts", "like", "raw"])
/// ```
enum IndexMatching: String, CaseIterable, Sendable {
    /// `!fts`, the default: the words in the FTS5 index, ranked, with word forms and typos.
    case fts
    /// `!like`: every word a substring of any searched field (ASCII case ignored), no index
    /// and no score; rows whose first field holds a word come first, then by key.
    case like
    /// `!raw`: the rest of the text is the FTS5 expression, for experts; ranked.
    case raw

    /// - Throws: ``SearchError/unknownEngine(_:known:)`` for any other `!name`.
    init(_ query: SearchQuery) throws(SearchError) {
        guard let matching = IndexMatching(rawValue: query.engineName.lowercased()) else {
            throw .unknownEngine(query.engineName, known: IndexMatching.allCases.map(\.rawValue))
        }
        self = matching
    }

    /// Runs `body`; for `!raw`, SQLite's `SQLITE_ERROR` (FTS5's syntax error, an unknown
    /// column) becomes ``SearchError/invalidRawQuery(message:near:)``, as the raw engine has it.
    func explainingRawErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError where self == .raw && error.code == .error {
            throw SearchError.invalidRawQuery(message: error.message, near: EngineRun.nearToken(in: error.message))
        }
    }
}
