public import Foundation
public import TroveStore

/// What to search for and how to page, sort and mark up the answer.
///
/// ```swift
/// var request = SearchRequest(text: "dentist tag:errand", today: CalendarDay("2026-03-02")!, timeZone: .gmt)
/// request.limit = 20
/// request.highlight = .brackets   // titles come back as "Call the [dentist]"
/// ```
public struct SearchRequest: Hashable, Sendable {
    /// The parsed query; see ``SearchQuery/parse(_:exact:)``.
    public var query: SearchQuery
    /// The most hits in one ``ResultSet``: the page size, from 1 to ``maxLimit`` (a value
    /// outside is clamped, so that the engines' `limit + 1` and `4 × limit` cannot overflow).
    public var limit: Int {
        didSet { limit = Self.clamp(limit: limit) }
    }

    /// The largest page: 10,000 hits. Page on with ``SearchPage/after(_:)`` for more.
    public static let maxLimit = 10_000

    /// `limit` within 1...``maxLimit``.
    public static func clamp(limit: Int) -> Int { min(max(1, limit), maxLimit) }
    /// Which page: the first, an offset, or the cursor from a previous ``ResultSet/next``.
    public var page: SearchPage
    /// Whether completed reminders count as matches. nil: searches with text include them (ranked
    /// below open ones unless clearly better; see ``SearchSort/rank``), the default view (no
    /// text) leaves them out. An `is:open` or
    /// `is:completed` filter in the query always wins.
    public var includeCompleted: Bool?
    /// The order of the hits.
    public var sort: SearchSort
    /// Whether words with typos match too, below the exact matches, when those do not fill
    /// the page (`trove search --typos off` turns it off).
    public var typos: TypoTolerance
    /// Whether a word also matches its English inflections that the index holds (`libraries`
    /// finds "Library card renewal"), below the exact matches, when those do not fill the page
    /// (`trove search --word-forms off` turns it off).
    public var wordForms: WordFormMatching = .on
    /// How matches are marked in ``SearchHit/titleHighlighted`` and ``SearchHit/snippet``.
    public var highlight: HighlightStyle
    /// The day `due:today`, `due:week` and `due:overdue` are relative to.
    public var today: CalendarDay
    /// Where `today` is: a timed due date falls on a day in this zone.
    public var timeZone: TimeZone
    /// What orders text matches under ``SearchSort/rank`` (and fills ``SearchHit/rank``):
    /// Trove's ranking by default, or plain bm25 for comparison.
    public var ranking: SearchRanking = .trove
    /// Whether the answer counts its matches per list and per tag (``ResultSet/listFacets``,
    /// ``ResultSet/tagFacets``); a caller that never shows them turns this off and saves a
    /// pass over a large set of matches (`trove search` does). With facets, a large set is
    /// walked once for the list facets, which also give the counts when completed reminders
    /// are in scope, and once for the tag facets; without, once for the counts.
    /// The hits, counts and pages are the same either way.
    ///
    /// ```swift
    /// var request = SearchRequest(text: "milk")
    /// request.facets = false   // listFacets and tagFacets stay []
    /// ```
    public var facets = true

    /// A request for `query`; every other setting has the default `trove search` uses.
    public init(
        query: SearchQuery,
        limit: Int = 50,
        page: SearchPage = .first,
        includeCompleted: Bool? = nil,
        sort: SearchSort = .rank,
        typos: TypoTolerance = .on,
        highlight: HighlightStyle = .none,
        today: CalendarDay? = nil,
        timeZone: TimeZone = .current
    ) {
        self.query = query
        self.typos = typos
        self.limit = Self.clamp(limit: limit)
        self.page = page
        self.includeCompleted = includeCompleted
        self.sort = sort
        self.highlight = highlight
        self.timeZone = timeZone
        self.today = today ?? CalendarDay(Date(), in: timeZone)
    }

    /// Parses `text` with ``SearchQuery/parse(_:exact:)``; the other parameters as in the memberwise init.
    ///
    /// ```swift
    /// SearchRequest(text: "dent")                // finds "Dentist appointment": dent is a prefix
    /// SearchRequest(text: "dent", exact: true)   // only the word dent
    /// ```
    public init(
        text: String,
        exact: Bool = false,
        limit: Int = 50,
        page: SearchPage = .first,
        includeCompleted: Bool? = nil,
        sort: SearchSort = .rank,
        typos: TypoTolerance = .on,
        highlight: HighlightStyle = .none,
        today: CalendarDay? = nil,
        timeZone: TimeZone = .current
    ) {
        self.init(
            query: .parse(text, exact: exact), limit: limit, page: page, includeCompleted: includeCompleted,
            sort: sort, typos: typos, highlight: highlight, today: today, timeZone: timeZone)
    }

    /// The request before one semantics: `typing: false` made no word a prefix.
    @available(*, deprecated, message: "the last word is a prefix by default; pass exact: true to turn that off")
    public init(
        text: String, typing: Bool, limit: Int = 50, page: SearchPage = .first, includeCompleted: Bool? = nil,
        sort: SearchSort = .rank, highlight: HighlightStyle = .none, today: CalendarDay? = nil,
        timeZone: TimeZone = .current
    ) {
        self.init(
            text: text, exact: !typing, limit: limit, page: page, includeCompleted: includeCompleted, sort: sort,
            highlight: highlight, today: today, timeZone: timeZone)
    }
}

/// Whether a search also finds words typed with typos: one typo in a word of 5 to 8 letters,
/// two from 9 letters (Meilisearch's rule; the first letter is never a typo).
public enum TypoTolerance: String, Hashable, Sendable, CaseIterable {
    /// Typo matches come after the exact ones when those do not fill the page.
    case on
    /// Exact matches only.
    case off
}

/// Whether a search also finds a word's other forms: `libraries` and `library`, `meetings` and
/// `meeting`, `running`, `runs` and `run` (English plurals, `-ing` and `-ed`; see the query
/// language). Other languages and scripts match their words exactly.
public enum WordFormMatching: String, Hashable, Sendable, CaseIterable {
    /// A word's other forms match after the exact matches, when those do not fill the page.
    case on
    /// Words match as written only (and as prefixes, while typing).
    case off
}

/// Which page of hits a request wants.
public enum SearchPage: Hashable, Sendable {
    /// The first `limit` hits.
    case first
    /// Skip this many hits first; simple, but a row inserted meanwhile shifts the pages.
    case offset(Int)
    /// The hits after the last one of a previous page; stable while other rows change.
    case after(SearchCursor)
}

/// The order of hits. Every order ends with the same tiebreakers: open before completed, due
/// date (none last), priority (high first), newest first, then id.
public enum SearchSort: String, Hashable, Sendable, CaseIterable {
    /// Best match first by the request's ``SearchRanking`` (Trove's: a completed reminder must
    /// score about 1.43 times as well as an open one to come before it; see ``TroveRanking``),
    /// then the tiebreakers; without text, the tiebreakers alone.
    case rank
    /// Soonest due first; no due date last.
    case due
    /// Highest priority first.
    case priority
    /// Newest first.
    case created
}
