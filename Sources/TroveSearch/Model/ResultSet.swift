/// One answer to a ``SearchRequest``: a page of hits, exact counts, facets and the next page.
///
/// An engine may first yield a quick *provisional* set (``isProvisional``), ranked from a bounded
/// sample of the matches, and then the final one. Only the final set is the answer: its hits,
/// order, counts and facets are exactly what plain full ranking gives.
public struct ResultSet: Hashable, Sendable {
    /// The query that was run, with any ``SearchQuery/problems`` found while parsing or searching.
    public var query: SearchQuery
    /// The engine that produced it.
    public var engine: String
    /// This page's hits, in order.
    public var hits: [SearchHit]
    /// How many reminders match in all pages, typo matches included.
    public var total: Int
    /// How many of ``total`` match only with a typo; their hits (``SearchHit/isTypo``) come
    /// after every exact one. Typo matches are searched for only on the page where the exact
    /// matches end (and when ``SearchRequest/typos`` allows them), so this is 0 on a page with
    /// more exact matches to follow.
    public var typoCount: Int
    /// How many of ``total`` match only through another form of a word (`library` for
    /// `libraries`; ``SearchRequest/wordForms``); their hits (``SearchHit/isWordForm``) come after
    /// every exact one, in the tier the typo matches are in, and are searched for as typos are.
    public var wordFormCount = 0
    /// How many completed reminders match the query, whether or not they were included.
    public var completedCount: Int
    /// Whether completed matches are among the hits and in ``total``; when false, the
    /// ``completedCount`` of them were left out (see ``SearchRequest/includeCompleted``).
    public var includesCompleted: Bool
    /// Lists of the matches with how many each holds, most first.
    public var listFacets: [Facet]
    /// Tags of the matches with how many carry each, most first: the
    /// ``tagFacetLimit`` most common (as an app index's facets, and Meilisearch's
    /// `maxValuesPerFacet`).
    public var tagFacets: [Facet]
    /// The most tags ``tagFacets`` lists.
    public static let tagFacetLimit = 100
    /// The next page; nil on the last page.
    public var next: SearchPage?
    /// What to say when nothing matched exactly: words no reminder holds, lists and tags that
    /// do not exist, queries to try instead. Empty when something matched exactly.
    public var didYouMean: DidYouMean
    /// The queries to try instead (``DidYouMean/queries``).
    public var suggestions: [String] {
        get { didYouMean.queries }
        set { didYouMean.queries = newValue }
    }
    /// True for a quick first answer that a final one will replace: its hits are the best of a
    /// sample of the matches (not all of them), ``total`` and ``completedCount`` are lower
    /// bounds, the facets are empty, ``next`` is nil and every hit's ``SearchHit/rank`` is 0.
    /// (For a search without text in the default order the hits are already the final page's;
    /// only the counts and facets are still to come.)
    /// Show it while typing; never treat it as the answer.
    public var isProvisional: Bool

    /// A result set with these values; engines make the real ones.
    public init(
        query: SearchQuery, engine: String, hits: [SearchHit] = [], total: Int = 0, typoCount: Int = 0, completedCount: Int = 0,
        includesCompleted: Bool = true, listFacets: [Facet] = [], tagFacets: [Facet] = [], next: SearchPage? = nil,
        suggestions: [String] = [], didYouMean: DidYouMean? = nil, isProvisional: Bool = false
    ) {
        self.query = query
        self.engine = engine
        self.hits = hits
        self.total = total
        self.typoCount = typoCount
        self.completedCount = completedCount
        self.includesCompleted = includesCompleted
        self.listFacets = listFacets
        self.tagFacets = Array(tagFacets.prefix(Self.tagFacetLimit))
        self.next = next
        self.didYouMean = didYouMean ?? DidYouMean(queries: suggestions)
        self.isProvisional = isProvisional
    }
}

/// A value of a facet and how many matches have it: `Groceries (12)`.
public struct Facet: Hashable, Sendable, CustomStringConvertible {
    /// The list's or tag's name, as it spells it.
    public var name: String
    /// How many of the matches have it.
    public var count: Int

    /// A facet value with its count.
    public init(name: String, count: Int) {
        self.name = name
        self.count = count
    }

    /// `Groceries (12)`.
    public var description: String { "\(name) (\(count))" }
}
