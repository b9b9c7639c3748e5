/// What a person typed into the search box, parsed: an engine, terms, filters and column limits.
///
/// ```swift
/// SearchQuery.parse("dentist tag:errand -is:completed wal").description
/// // engine=fts terms=[+dentist, +wal*] filters=[tag:errand, -is:completed]
/// ```
///
/// The language, in brief:
/// - words AND together; the last word is a prefix (`wal` finds walk) unless the text ends with
///   a space or is parsed `exact`; `word*` is a prefix anywhere, `"a phrase"*` too;
/// - `a OR b` (capital `OR` between two words) ORs them and binds tighter than the implicit AND
///   (`or` and `|` are words); `"exact phrase"`; `-word` and `-"phrase"` exclude (and never
///   take part in an OR, nor become prefixes unless starred);
/// - repeated words count once, and at most ``maxTerms`` different words are searched (a
///   ``notices`` sentence says so);
/// - `!name` picks an engine (`!fts`, `!like`, `!raw …`); only the first one counts;
/// - `is:`, `list:`, `tag:`/`#`, `priority:`/`p:`, `due:` filter; `in:title|notes|tags` limits
///   the columns searched; the same key twice ORs, `-key:value` negates, keys ignore case; a
///   last `list:`/`tag:`/`#` still being typed is a prefix of names (``namePrefix``);
/// - an unknown key (`re:invent`, `http://x`) is plain text; a known key with a bad value is a
///   ``QueryProblem`` and the rest of the query still searches.
///
/// Parsing never throws and never traps: every string is a query.
public struct SearchQuery: Hashable, Sendable {
    /// The engine used when the text names none.
    public static let defaultEngine = "fts"

    /// The engine named by the first `!name`, lowercased; nil when the text names none.
    public var engine: String?
    /// Groups that must all match; each group matches when any of its terms does.
    public var terms: [TermGroup]
    /// Terms that must not match: `-word`, `-"a phrase"`.
    public var excludedTerms: [SearchTerm]
    /// Clauses that must all hold; see ``FilterClause``.
    public var filters: [FilterClause]
    /// A ``SearchIndex``'s filters on the app's columns (`folder:Baking`), which must all hold;
    /// empty for a query parsed for the reminders.
    public var fieldFilters: [FieldFilterClause] = []
    /// The columns to search; nil searches them all.
    public var columns: Set<SearchColumn>?
    /// A ``SearchIndex``'s fields to search, by column name, from `in:body` and `-in:title`;
    /// nil searches them all (and always for a query parsed for the reminders, whose
    /// `in:` is ``columns``).
    public var fields: Set<String>? = nil
    /// With `!raw`: the text after it, verbatim, for the engine to hand to FTS5 as is.
    public var raw: String?
    /// Filters with bad values and other things the parser left out, in text order.
    public var problems: [QueryProblem]
    /// The text it was parsed from; empty for a query built in code. Did-you-mean rewrites it.
    public var text: String
    /// Sentences about what was done to the query that the person should know, such as words
    /// merged or left out of a pasted page. Unlike ``problems``, the query is fine as it is.
    public var notices: [String]
    /// The `list:`, `tag:` or `#` name still being typed: the last thing in a text parsed
    /// without `exact`, with nothing (not even a space) after it. As the last word is a prefix,
    /// its filter in ``filters`` stands for every list (tag) whose name starts with it,
    /// ignoring case, ORed (`list:pyth` is `list:python` or `list:python-dev`); the engines
    /// read the names when they search. A name no list starts with still matches nothing.
    ///
    /// ```swift
    /// SearchQuery.parse("milk list:gro").namePrefix    // .list("gro")
    /// SearchQuery.parse("milk list:gro ").namePrefix   // nil: the space ends the name
    /// ```
    public var namePrefix: SearchFilter? = nil

    /// The most different words (terms, excluded ones included) one query searches.
    ///
    /// NB: every word is one more phrase for FTS5 to intersect and score, and 5,000 of them made
    /// a search run for over a minute; a person types a few (Meilisearch reads 10).
    public static let maxTerms = 16
    /// The most values one filter key ORs (`tag:a tag:b …`); each is a level of SQLite's
    /// expression tree, whose depth is capped at 1000.
    public static let maxFilterValues = 32

    /// A query made of these parts; ``parse(_:exact:)`` makes one from text.
    public init(
        engine: String? = nil,
        terms: [TermGroup] = [],
        excludedTerms: [SearchTerm] = [],
        filters: [FilterClause] = [],
        columns: Set<SearchColumn>? = nil,
        raw: String? = nil,
        problems: [QueryProblem] = [],
        notices: [String] = [],
        text: String = ""
    ) {
        self.engine = engine
        self.terms = terms
        self.excludedTerms = excludedTerms
        self.filters = filters
        self.columns = columns
        self.raw = raw
        self.problems = problems
        self.notices = notices
        self.text = text
    }

    /// Parses search-box text; never throws, never traps. The same text means the same query
    /// everywhere: `trove search`, the interactive search, ``SearchProvider`` and `assertSearch`.
    ///
    /// ```swift
    /// SearchQuery.parse("milk OR bread eggs").terms   // [(milk OR bread), eggs*]
    /// SearchQuery.parse("walk")                        // walk is a prefix: "walk"*
    /// SearchQuery.parse("walk ")                       // the trailing space ends the word: "walk"
    /// SearchQuery.parse("walk", exact: true)           // "walk"
    /// SearchQuery.parse("wal* dog", exact: true)       // "wal"* AND "dog"
    /// ```
    /// - Parameters:
    ///   - text: Anything, including control characters and NUL.
    ///   - exact: True to make only starred words prefixes. Otherwise the last word (or the last
    ///     unterminated phrase) is a prefix unless the text ends with a space, as a search box
    ///     needs while someone types and a command line does no harm with.
    /// - Returns: The query; check ``problems`` for parts that were left out. A trailing `OR`
    ///   is waiting for its right-hand word and is left out; a last filter whose value could
    ///   still grow into a valid one (`is:comp`) is a problem with ``QueryProblem/isIncomplete``.
    public static func parse(_ text: String, exact: Bool = false) -> SearchQuery {
        QueryParser(text: text, exact: exact).parse()
    }

    /// The parse before one semantics: `typing: false` made no word a prefix.
    @available(*, deprecated, message: "the last word is a prefix by default; pass exact: true to turn that off")
    public static func parse(_ text: String, typing: Bool) -> SearchQuery {
        parse(text, exact: !typing)
    }

    /// The engine to run: ``engine``, or ``defaultEngine`` when the text names none.
    public var engineName: String { engine ?? SearchQuery.defaultEngine }

    /// True when there is nothing to search or filter by: the engine shows its default view.
    public var isEmpty: Bool {
        terms.isEmpty && excludedTerms.isEmpty && filters.isEmpty && fieldFilters.isEmpty && raw == nil
    }

    /// Terms FTS5 cannot search because they hold no letter or digit (`-`, `🎉`, `:`).
    ///
    /// ``FTS5Expression`` leaves them out; an engine may match them with LIKE instead.
    public var ftsIgnoredTerms: [SearchTerm] {
        (terms.flatMap(\.anyOf) + excludedTerms).filter { !$0.isSearchableByFTS }
    }
}
