/// What a built-in engine would run for a request: the parsed query and its statements, as
/// `trove search --explain` prints them.
///
/// ```swift
/// let explanation = try EngineRegistry().explanation(for: SearchRequest(text: "dentist"))
/// explanation?.statements[0].sql        // SELECT … WHERE ("reminders_fts" MATCH ?) … LIMIT ? OFFSET ?
/// explanation?.statements[0].bindings   // ["'\"dentist\"'", "51", "0"]
/// ```
public struct SearchExplanation: Hashable, Sendable {
    /// The query as parsed, problems included.
    public var query: SearchQuery
    /// The engine that would run it.
    public var engine: String
    /// The statements, in the order they run: the page of hits, then the counts; for the fts
    /// engine, when typo matches were searched for, then `typo hits` and `typo counts`.
    public var statements: [Statement]
    /// The final answer of the search the explanation ran to know its statements (the fts
    /// engine's, on a database), as ``EngineRegistry/search(_:in:)`` gives it; nil when
    /// nothing was run.
    public var resultSet: ResultSet?

    /// An explanation of `query` on `engine` with the statements it runs, and the answer when
    /// they were run.
    public init(query: SearchQuery, engine: String, statements: [Statement], resultSet: ResultSet? = nil) {
        self.query = query
        self.engine = engine
        self.statements = statements
        self.resultSet = resultSet
    }

    /// One SQL statement, as prepared: text with `?` placeholders and the values bound to them.
    public struct Statement: Hashable, Sendable {
        /// What it is for: `hits`, `counts`.
        public var purpose: String
        /// The text SQLite prepares, with `?` for each bound value.
        public var sql: String
        /// Each bound value as an SQL literal (`'text'`, `42`, `NULL`), in placeholder order.
        public var bindings: [String]
        /// The SQL with the bindings written in place, as snapshots show it.
        public var inlinedSQL: String

        /// A statement with its purpose, SQL, bindings as text, and SQL with the bindings inlined.
        public init(purpose: String, sql: String, bindings: [String], inlinedSQL: String = "") {
            self.purpose = purpose
            self.sql = sql
            self.bindings = bindings
            self.inlinedSQL = inlinedSQL
        }
    }
}
