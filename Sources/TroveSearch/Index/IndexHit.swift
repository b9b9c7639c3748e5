/// One row of an app's table that matches a ``SearchIndex`` query, with its text marked up.
///
/// ```swift
/// let hit = try notes.search("sourdough", on: db).hits[0]
/// hit.key                       // 3: the row's "id"
/// hit.highlighted["title"]      // "[Sourdough] starter"
/// hit.snippet                   // "…feed the [sourdough] starter twice a day…"
/// ```
public struct IndexHit: Hashable, Sendable, Identifiable {
    /// The row's key (the index's ``SearchIndex/key`` column).
    public var key: Int64
    /// Each field's text as stored, by column name; "" for NULL.
    public var values: [String: String]
    /// Each field's text with every match wrapped in the request's ``HighlightStyle``.
    public var highlighted: [String: String]
    /// About a dozen words of the row's longest field around the best match, marked up; empty
    /// when the query has no words to match.
    public var snippet: String
    /// The fields that contain a match.
    public var matchedFields: Set<String>
    /// Trove's score (``TroveRanking``), negated so that smaller is better; 0 when the query
    /// has no words to match.
    public var rank: Double
    /// True when the row matches only with a typo (`bred` finding "bread"): such hits come
    /// after every exact one, ranked among themselves.
    public var isTypo: Bool
    /// True when the row matches only through another form of a word (`libraries` finding
    /// "Library card", ``SearchIndex/wordForms``), with no typo: such hits come after every
    /// exact one, ranked among themselves and the typo matches.
    public var isWordForm = false

    /// The row's key: hits are identified by it.
    public var id: Int64 { key }

    /// A hit with these values; ``SearchIndex/search(_:on:limit:offset:after:highlight:exact:typos:)`` makes the real ones.
    public init(
        key: Int64, values: [String: String], highlighted: [String: String]? = nil, snippet: String = "",
        matchedFields: Set<String> = [], rank: Double = 0, isTypo: Bool = false
    ) {
        self.isTypo = isTypo
        self.key = key
        self.values = values
        self.highlighted = highlighted ?? values
        self.snippet = snippet
        self.matchedFields = matchedFields
        self.rank = rank
    }
}
