/// What a person typed into the search box, parsed: an engine, terms, filters and column limits.
///
/// ```swift
/// Query.parse("dentist tag:errand -is:completed wal", typing: true).description
/// // engine=fts terms=[+dentist, +wal*] filters=[tag:errand, -is:completed]
/// ```
///
/// The language, in brief:
/// - words AND together; `a OR b` (capital `OR` between two words) ORs them and binds tighter
///   than the implicit AND (`or` and `|` are words); `"exact phrase"`; `-word` and `-"phrase"`
///   exclude (and never take part in an OR, nor become prefixes while typing);
/// - `!name` picks an engine (`!fts`, `!like`, `!raw …`); only the first one counts;
/// - `is:`, `list:`, `tag:`/`#`, `priority:`/`p:`, `due:` filter; `in:title|notes|tags` limits
///   the columns searched; the same key twice ORs, `-key:value` negates, keys ignore case;
/// - an unknown key (`re:invent`, `http://x`) is plain text; a known key with a bad value is a
///   ``QueryProblem`` and the rest of the query still searches.
///
/// Parsing never throws and never traps: every string is a query.
public struct Query: Hashable, Sendable {
    /// The engine used when the text names none.
    public static let defaultEngine = "fts"

    /// The engine named by the first `!name`, lowercased; nil when the text names none.
    public var engine: String?
    /// Groups that must all match; each group matches when any of its terms does.
    public var terms: [TermGroup]
    /// Terms that must not match: `-word`, `-"a phrase"`.
    public var excludedTerms: [Term]
    /// Clauses that must all hold; see ``FilterClause``.
    public var filters: [FilterClause]
    /// The columns to search; nil searches them all.
    public var columns: Set<SearchColumn>?
    /// With `!raw`: the text after it, verbatim, for the engine to hand to FTS5 as is.
    public var raw: String?
    /// Filters with bad values and other things the parser left out, in text order.
    public var problems: [QueryProblem]

    public init(
        engine: String? = nil,
        terms: [TermGroup] = [],
        excludedTerms: [Term] = [],
        filters: [FilterClause] = [],
        columns: Set<SearchColumn>? = nil,
        raw: String? = nil,
        problems: [QueryProblem] = []
    ) {
        self.engine = engine
        self.terms = terms
        self.excludedTerms = excludedTerms
        self.filters = filters
        self.columns = columns
        self.raw = raw
        self.problems = problems
    }

    /// Parses search-box text; never throws, never traps.
    ///
    /// ```swift
    /// Query.parse("milk OR bread eggs").terms   // [(milk OR bread), eggs]
    /// Query.parse("walk", typing: true)          // walk is a prefix: "walk"*
    /// Query.parse("walk ", typing: true)         // the trailing space ends the word: "walk"
    /// ```
    /// - Parameters:
    ///   - text: Anything, including control characters and NUL.
    ///   - typing: True while the person is still typing: the last word (or the last unterminated
    ///     phrase) becomes a prefix unless the text ends with a space, a trailing `OR` waits for
    ///     its right-hand word, and a half-typed last filter (`is:comp`) is left out without a
    ///     problem.
    /// - Returns: The query; check ``problems`` for parts that were left out.
    public static func parse(_ text: String, typing: Bool = false) -> Query {
        QueryParser(text: text, typing: typing).parse()
    }

    /// The engine to run: ``engine``, or ``defaultEngine`` when the text names none.
    public var engineName: String { engine ?? Query.defaultEngine }

    /// True when there is nothing to search or filter by: the engine shows its default view.
    public var isEmpty: Bool {
        terms.isEmpty && excludedTerms.isEmpty && filters.isEmpty && raw == nil
    }

    /// Terms FTS5 cannot search because they hold no letter or digit (`-`, `🎉`, `:`).
    ///
    /// ``FTS5Expression`` leaves them out; an engine may match them with LIKE instead.
    public var ftsIgnoredTerms: [Term] {
        (terms.flatMap(\.anyOf) + excludedTerms).filter { !$0.isSearchableByFTS }
    }
}
