public import Foundation
public import TroveStore

/// A full-text search index over an app's own table: which text columns to search and how much
/// each counts, which columns `key:value` words filter and facet, and the default order.
///
/// Declare it once; ``migrate(_:)`` creates (or updates) an FTS5 index and the triggers that
/// keep it in step with the table, and ``search(_:on:limit:offset:after:highlight:exact:typos:)`` runs the
/// same query language and ranking (``TroveRanking``) as Trove's reminders over it:
///
/// ```swift
/// let notes = try SearchIndex(
///     table: "notes", key: "id",
///     fields: [.init("title", weight: 10), .init("body")],
///     filters: ["folder": .text("folder"), "pinned": .bool("pinned")],
///     facets: ["folder"])
/// try notes.migrate(db)
/// // CREATE VIRTUAL TABLE "trove_notes_fts" USING fts5("title", "body", content='notes', content_rowid='id', …)
/// let results = try notes.search("sourdough folder:Baking", on: db)
/// // SELECT … FROM "trove_notes_fts" CROSS JOIN "notes" ON ("notes"."id" = "trove_notes_fts"."rowid")
/// //   WHERE ("trove_notes_fts" MATCH '"sourdough"') AND ("notes"."folder" LIKE 'Baking%' ESCAPE '\')
/// //   ORDER BY "score" ASC, "notes"."id" ASC LIMIT 20 OFFSET 0
/// // (the text ends in the folder's name, which is a prefix as a last word is; "folder:Baking "
/// // with a space compares the whole name: "notes"."folder" COLLATE "NOCASE" = 'Baking')
/// ```
///
/// Trove's objects are named after the index (`trove_<name>_fts`, `trove_<name>_insert`, …),
/// so several indexes, on one table or several, live side by side. Trove records each index it
/// made in its own table, `trove_index_versions`, and never reads or writes the database's
/// `PRAGMA user_version` or `application_id`: those stay the app's.
public struct SearchIndex: Hashable, Sendable {
    /// Names Trove's objects for this index: `trove_<name>_fts`. The table's name by default.
    public let name: String
    /// The app's table, whose rows are indexed.
    public let table: String
    /// The table's `INTEGER PRIMARY KEY` column: the index's rowid and each hit's ``IndexHit/key``.
    public let key: String
    /// The text columns searched, in order; the first plays the title's part in the ranking
    /// (a title that is exactly the query, a whole word typed as a prefix).
    public let fields: [Field]
    /// The columns `key:value` words filter, by the word used in the query (lowercased).
    public let filters: [String: Filter]
    /// The columns whose values are counted over all matches (``IndexResultSet/facets``); the
    /// word of a ``Filter/lookup(_:table:key:value:)`` filter counts its looked-up values (a
    /// note's tags).
    public internal(set) var facets: [String]
    /// The order of hits; ``sorted(by:)`` gives the same index in another.
    public internal(set) var sort: Sort
    /// Columns that order the hits the sort leaves tied, before the key (``Tiebreaker``): the
    /// reminders' soonest due, then highest priority, then newest. Empty: ties go to the key.
    public let tiebreakers: [Tiebreaker]
    /// A column holding 0 or 1 whose rows (1) come after the others (0 or NULL) when hits are
    /// ranked (``Sort/rank``): archived or done rows after active ones, as the reminders rank
    /// completed reminders after open ones. Nil for none.
    public let rankedLast: String?
    /// A column holding 0 or 1 whose rows (1) rank lower without being buried, when hits are
    /// ranked: one exactness tier down and their score times ``TroveRanking/completedFactor``
    /// (0.7), so the others win close calls but a clearly better match still comes first. The
    /// reminders rank completed reminders so: `gcc` finds the done "gcc: GNU C compiler" before
    /// the open packages that mention gcc. Nil for none; an index has this or ``rankedLast``, not both.
    public let demoted: String?
    /// Whether a search without words (filters alone, or nothing: browsing) leaves the
    /// ``demoted`` rows out, as the reminders' default view leaves completed ones out, unless
    /// one of its filters decides on them (a filter of the demoted column, such as
    /// `is:completed`, or a ``Filter/deadline(_:done:)``'s `overdue`). A search with words
    /// finds them, ranked lower.
    public let hidesDemotedWhenBrowsing: Bool
    /// Whether this search lists the ``demoted`` rows, leaves them out, or does as the
    /// declaration says (``hidesDemotedWhenBrowsing``); see ``showing(demoted:)``.
    public internal(set) var demotedRows: DemotedRows = .asDeclared
    /// Other columns of the app's table that every hit carries (``IndexHit/columns``), searched
    /// or not: a date to show beside the title, a URL to open.
    public let columns: [String]
    /// How FTS5 cuts the fields into words; the reminders' `unicode61 remove_diacritics 2`
    /// unless declared.
    public let tokenizer: Tokenizer
    /// Whether a query word also matches its English inflections that the index holds
    /// (`libraries` finds "Library card"; ``WordFormMatching``), after the exact matches.
    /// `.off` for an index of codes or names, or of text in another language.
    public internal(set) var wordForms: WordFormMatching
    /// The statements that make the index, as text (see ``versionsTable``): rendered once here,
    /// as ``isCurrent(_:)`` compares it on every search.
    private(set) var definition = ""

    /// The most fields one index searches (what `trove_rank_fields` ranks over).
    public static let maxFields = 32

    /// Declares an index; nothing touches a database until ``migrate(_:)``.
    ///
    /// ```swift
    /// try SearchIndex(table: "notes", key: "id", fields: [.init("title", weight: 10), .init("body")])
    /// ```
    /// - Parameters:
    ///   - name: Names Trove's objects; `table` when nil. Give two indexes on one table two names.
    ///   - table: The app's table.
    ///   - key: Its `INTEGER PRIMARY KEY` column.
    ///   - fields: The text columns to search, at least one, each with its weight.
    ///   - filters: `key:value` words and the columns they filter: `["folder": .text("folder")]`.
    ///   - facets: Columns to count the matches' values of, or lookup filters' words.
    ///   - sort: The order of hits; ``Sort/rank`` by default.
    ///   - tiebreakers: Columns that order the hits the sort leaves tied, before the key:
    ///     `[.ascending("due_date"), .descending("priority")]` (``Tiebreaker``).
    ///   - rankedLast: A 0-or-1 column whose rows rank after the others (`"is_done"`).
    ///   - demoted: A 0-or-1 column whose rows rank lower, not last (``demoted``); not with `rankedLast`.
    ///   - hidesDemotedWhenBrowsing: Whether a search without words leaves the `demoted` rows
    ///     out unless a filter decides on them (``hidesDemotedWhenBrowsing``).
    ///   - columns: Other columns each hit carries as stored (``IndexHit/columns``): `["created_at", "url"]`.
    ///   - tokenizer: How fields are cut into words (``Tokenizer``): `.unicode61(tokenCharacters: "_")`
    ///     for code identifiers, `.trigram` to match inside words.
    ///   - wordForms: Whether words also match their English plurals and `-ing`/`-ed` forms
    ///     (`.on` by default); a search-time choice, so changing it rebuilds nothing.
    /// - Throws: ``SearchIndexError`` when a name is not an SQL identifier, there are no fields
    ///   or too many, two fields hold names, a field is listed twice or is named `rank` or `rowid` (FTS5's own), a
    ///   weight is not a positive number, a filter word is not a word, both `rankedLast` and
    ///   `demoted` are given, or the tokenizer's token characters are not ASCII punctuation.
    public init(
        name: String? = nil, table: String, key: String, fields: [Field], filters: [String: Filter] = [:],
        facets: [String] = [], sort: Sort = .rank, tiebreakers: [Tiebreaker] = [], rankedLast: String? = nil,
        demoted: String? = nil, hidesDemotedWhenBrowsing: Bool = false, columns: [String] = [], tokenizer: Tokenizer = .standard,
        wordForms: WordFormMatching = .on
    ) throws(SearchIndexError) {
        TroveRanking.installFunctions()
        try SearchIndex.checkIdentifier(table, role: "the table")
        try SearchIndex.checkIdentifier(key, role: "the key column")
        if let name { try SearchIndex.checkIdentifier(name, role: "the index name") }
        let name = name ?? table
        guard !fields.isEmpty else { throw .noFields(index: name) }
        guard fields.count <= SearchIndex.maxFields else { throw .tooManyFields(index: name, count: fields.count) }
        var seen: Set<String> = []
        for field in fields {
            try SearchIndex.checkIdentifier(field.column, role: "a field")
            guard seen.insert(field.column.lowercased()).inserted else {
                throw .duplicateField(index: name, column: field.column)
            }
            // NB: FTS5 refuses these column names ("reserved fts5 column name") at migrate time.
            guard !["rank", "rowid"].contains(field.column.lowercased()) else {
                throw .reservedField(index: name, column: field.column)
            }
            guard field.weight.isFinite, field.weight > 0 else {
                throw .invalidWeight(column: field.column, weight: field.weight)
            }
            guard field.lengthNormalization.isFinite, (0...1).contains(field.lengthNormalization) else {
                throw .invalidLengthNormalization(column: field.column, value: field.lengthNormalization)
            }
        }
        let named = fields.filter(\.holdsNames).map(\.column)
        guard named.count <= 1 else { throw .severalNameFields(index: name, columns: named) }
        var lowered: [String: Filter] = [:]
        for (word, filter) in filters {
            let key = word.lowercased()
            guard SearchIndex.isFilterWord(key) else { throw .invalidFilterWord(word) }
            guard lowered[key] == nil else { throw .duplicateFilterWord(word) }
            if case .named(let words) = filter {
                guard !words.isEmpty else { throw .noNamedValues(filter: word) }
                for name in words.keys where !SearchIndex.isFilterWord(name.lowercased()) { throw .invalidNamedValue(filter: word, name: name) }
            }
            for column in filter.columns { try SearchIndex.checkIdentifier(column, role: "the column of filter \(word):") }
            if let path = filter.lookupPath {
                try SearchIndex.checkIdentifier(path.table, role: "the table of filter \(word):")
                try SearchIndex.checkIdentifier(path.key, role: "the key column of filter \(word):")
                try SearchIndex.checkIdentifier(path.value, role: "the value column of filter \(word):")
                if let hop = path.hop {
                    try SearchIndex.checkIdentifier(hop.column, role: "the link column of filter \(word):")
                    try SearchIndex.checkIdentifier(hop.table, role: "the linked table of filter \(word):")
                    try SearchIndex.checkIdentifier(hop.key, role: "the linked key column of filter \(word):")
                }
            }
            // NB: a named filter's words are matched lowercased, as typed words are.
            if case .named(let words) = filter {
                lowered[key] = .named(Dictionary(words.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first }))
            } else {
                lowered[key] = filter
            }
        }
        for facet in facets { try SearchIndex.checkIdentifier(facet, role: "a facet") }
        if case .column(let column, _, _) = sort { try SearchIndex.checkIdentifier(column, role: "the sort column") }
        for tiebreaker in tiebreakers { try SearchIndex.checkIdentifier(tiebreaker.column, role: "a tiebreaker") }
        if let rankedLast { try SearchIndex.checkIdentifier(rankedLast, role: "the ranked-last column") }
        if let demoted { try SearchIndex.checkIdentifier(demoted, role: "the demoted column") }
        if let rankedLast, let demoted { throw .rankedLastAndDemoted(index: name, rankedLast: rankedLast, demoted: demoted) }
        for column in columns { try SearchIndex.checkIdentifier(column, role: "a carried column") }
        try tokenizer.check(index: name)
        self.name = name
        self.table = table
        self.key = key
        self.fields = fields
        self.filters = lowered
        self.facets = facets
        self.sort = sort
        self.tiebreakers = tiebreakers
        self.rankedLast = rankedLast
        self.demoted = demoted
        self.hidesDemotedWhenBrowsing = hidesDemotedWhenBrowsing && demoted != nil
        self.columns = columns
        self.tokenizer = tokenizer
        self.wordForms = wordForms
        self.definition = renderedDefinition
    }

    /// Parses search-box text with this index's filter words: the reminders' query language
    /// (words, the last one a prefix, `"phrases"`, `-exclusions`, `OR`), with `key:value`
    /// mapped to ``filters``.
    ///
    /// ```swift
    /// notes.parse("bread folder:Baking -pinned:yes").description
    /// // engine=fts terms=[+bread] filters=[] field-filters=[folder:Baking, -pinned:yes]
    /// notes.parse("bread in:body").description
    /// // engine=fts terms=[+bread*] filters=[] fields=[body]
    /// notes.parse("bread list:Home").problems[0].message
    /// // list:Home — this search index has no list: filter; its filters are folder:, pinned:
    /// ```
    /// `in:` names the fields to search (`in:body`, `-in:title`; ``SearchQuery/fields``) unless
    /// the index declares a filter of that name. A reminders key (`list:`, `tag:`/`#`, `is:`,
    /// `priority:`, `due:`) that the index does not declare, or a field it does not have, is a
    /// ``QueryProblem``; any other `word:word` is text, as for the reminders.
    ///
    /// A ``Filter/date(_:)`` filter's words are read into days here, against `today`; with
    /// `"updated": .date("updated_at")` declared:
    ///
    /// ```swift
    /// notes.parse("updated:week", today: CalendarDay("2026-03-02")!).fieldFilters[0].description
    /// // updated:2026-03-02..2026-03-08
    /// ```
    /// - Parameters:
    ///   - text: Anything; parsing never throws.
    ///   - exact: True to make only starred words prefixes (see ``SearchQuery/parse(_:exact:)``).
    ///   - today: The day `today`, `week`, `overdue` and phrases like `fri` are read against;
    ///     nil for the day it is now in `timeZone`.
    ///   - timeZone: Where that day is: a date-time value falls on a day in this zone.
    public func parse(_ text: String, exact: Bool = false, today: CalendarDay? = nil, timeZone: TimeZone = .current)
        -> SearchQuery
    {
        QueryParser(
            text: text, exact: exact, indexFilters: filters, indexFields: fields.map(\.column), today: today,
            timeZone: timeZone
        ).parse()
    }

    // MARK: - Names

    /// The FTS5 table: `trove_<name>_fts`.
    public var ftsTable: String { "trove_\(name)_fts" }
    /// The `fts5vocab` table over ``ftsTable`` (its words and their row counts) that
    /// did-you-mean reads: `trove_notes_vocab`.
    public var vocabularyTable: String { "trove_\(name)_vocab" }

    /// The trigram FTS5 table of the rows whose fields hold a script whose words run together
    /// (Chinese, Japanese, Thai, …; ``SubstringScripts``), where words inside them are found:
    /// `trove_notes_substrings`.
    public var substringTable: String { "trove_\(name)_substrings" }

    /// The substring index's other objects: the partial index of its rows, the view that is
    /// its content, and its triggers.
    ///
    /// NB: every suffix is one word, so no two index names give one object name (with
    /// `_substrings_insert`, index `a`'s trigger would be index `a_substrings`'s `_insert`).
    var substringNames: (rows: String, view: String, insert: String, delete: String, update: String) {
        (
            "trove_\(name)_substringrows", "trove_\(name)_substringtext", "trove_\(name)_substringinsert",
            "trove_\(name)_substringdelete", "trove_\(name)_substringupdate"
        )
    }

    /// The triggers that keep the index in step with the table.
    var triggerNames: (insert: String, delete: String, update: String) {
        ("trove_\(name)_insert", "trove_\(name)_delete", "trove_\(name)_update")
    }

    /// Letters, digits and `_`, not starting with a digit, and not SQLite's own `sqlite_` prefix.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 64,
            !name.lowercased().hasPrefix("sqlite_")
        else { return false }
        func letter(_ s: Unicode.Scalar) -> Bool { ("a"..."z").contains(s) || ("A"..."Z").contains(s) || s == "_" }
        return letter(first) && name.unicodeScalars.allSatisfy { letter($0) || ("0"..."9").contains($0) }
    }

    static func checkIdentifier(_ name: String, role: String) throws(SearchIndexError) {
        guard isIdentifier(name) else { throw .invalidName(name, role: role) }
    }

    /// A filter word: lowercase letters, digits and `_`, starting with a letter, as `folder`.
    private static func isFilterWord(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first, ("a"..."z").contains(first), word.count <= 32 else { return false }
        return word.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }
}
