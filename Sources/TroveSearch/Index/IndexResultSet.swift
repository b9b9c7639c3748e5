/// The answer to a ``SearchIndex`` query: a page of hits, the exact total, facets and the
/// next page.
///
/// ```swift
/// let results = try notes.search("bread", on: db, limit: 2)
/// results.total                  // 3: matches in all pages
/// results.hits.map(\.key)        // [1, 4]
/// results.facets["folder"]       // [Baking (2), Breakfast (1)]
/// results.nextOffset             // 2: pass it as `offset:` for the next page
/// ```
public struct IndexResultSet: Hashable, Sendable {
    /// The query that was run, with any ``SearchQuery/problems`` (an unknown filter key, a bad value).
    public var query: SearchQuery
    /// The index's name.
    public var index: String
    /// This page's hits, in the index's order.
    public var hits: [IndexHit]
    /// How many rows match, in all pages, typo matches included.
    public var total: Int
    /// How many of ``total`` match only with a typo (they follow the exact matches).
    public var typoCount: Int
    /// How many of ``total`` match only through another form of a word (they follow the exact
    /// matches, with the typo matches; ``IndexHit/isWordForm``).
    public var wordFormCount = 0
    /// How many of ``total`` the ``SearchIndex/demoted`` column ranks lower (the done tasks
    /// among the matches), 0 without one. For a search without words of an index that leaves
    /// them out then (``SearchIndex/hidesDemotedWhenBrowsing``): how many it left out, which
    /// ``total`` does not count. 0 in a provisional answer.
    ///
    /// ```swift
    /// try tasks.search("call", on: db).demotedCount   // 3: of the 12 matches, 3 are done
    /// try tasks.search("", on: db).demotedCount       // 40 done tasks not listed
    /// ```
    public var demotedCount = 0
    /// Whether the search left the ``SearchIndex/demoted`` rows out (a search without words of
    /// an index that hides them then, or ``SearchIndex/showing(demoted:)`` `.hidden`, with no
    /// filter deciding on them): ``demotedCount`` then counts the rows left out.
    public var hidesDemoted = false
    /// For each of the index's ``SearchIndex/facets``: the values of the matches with how
    /// many have each, most first (ties by value); NULL values are not counted. Values that
    /// differ only in ASCII case are one value, as a `.text` filter compares them (`Baking` and
    /// `baking` count together, shown as the first spelling in binary order, `Baking`), so a
    /// value's count is the total that filtering by it gives.
    public var facets: [String: [Facet]]
    /// The `offset:` of the next page, when this one was asked for by offset; nil on the last
    /// page.
    public var nextOffset: Int?
    /// Where this page ended, for `after:`: the next page, stable while rows are added or
    /// removed (an offset would skip or repeat hits then); nil on the last page.
    public var next: SearchCursor?
    /// When nothing matched: the words no row holds and whole texts to try instead (completions
    /// and nearby words from the index's own vocabulary, `or` → `OR`, …); empty otherwise.
    public var didYouMean: DidYouMean
    /// True for a typing stream's quick first answer to a text with many matches: the newest
    /// few hundred matches (those the text matches among the table's most recent rows),
    /// ordered by the ranking without document counts. Its ``total`` is how many were sampled,
    /// a lower bound; it has no facets, typo matches or next page. The text's final answer
    /// follows it. ``SearchIndex/search(_:in:limit:offset:after:highlight:exact:typos:)`` never
    /// returns one.
    public var isProvisional: Bool

    /// A result set with these values; ``SearchIndex`` makes the real ones.
    public init(
        query: SearchQuery, index: String, hits: [IndexHit] = [], total: Int = 0, typoCount: Int = 0, facets: [String: [Facet]] = [:],
        nextOffset: Int? = nil, next: SearchCursor? = nil, didYouMean: DidYouMean = .none, isProvisional: Bool = false
    ) {
        self.isProvisional = isProvisional
        self.next = next
        self.didYouMean = didYouMean
        self.query = query
        self.index = index
        self.hits = hits
        self.total = total
        self.typoCount = typoCount
        self.facets = facets
        self.nextOffset = nextOffset
    }
}
