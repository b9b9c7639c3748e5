public import TroveStore

/// One matching reminder, with its text marked up for display.
public struct SearchHit: Hashable, Sendable, Identifiable {
    /// `reminders.id`.
    public var id: Int64
    /// The title as stored; ``titleHighlighted`` marks the matches.
    public var title: String
    /// The notes as stored, whole; ``snippet`` is the part around the matches.
    public var notes: String
    /// The list's name.
    public var list: String
    /// Tag names in the order they were given.
    public var tags: [String]
    /// None, low, medium or high.
    public var priority: Priority
    /// Whether it is flagged.
    public var isFlagged: Bool
    /// Whether it is completed.
    public var isCompleted: Bool
    /// When it is due: a day, or a moment; nil when it has no due date.
    public var due: DueDate?
    /// How it repeats, when it does: outputs show ↻.
    public var repeatRule: RepeatRule?
    /// The title with each match wrapped in the request's ``HighlightStyle``.
    public var titleHighlighted: String
    /// Up to about a dozen words of the notes around the best match, marked up, with the
    /// ellipsis only where the notes were cut; the start of the notes when they did not match;
    /// empty when the notes are empty.
    public var snippet: String
    /// The columns that contain a match.
    public var matchedFields: Set<SearchColumn>
    /// The request's ranking score, negated so that smaller is better, as FTS5's bm25: Trove's
    /// score (``TroveRanking``) or bm25 (``SearchRanking/bm25``); 0 when the search has no
    /// text or the engine does not rank, and in a provisional ResultSet.
    public var rank: Double
    /// True for a typo match: it matched only with a typo in a word (`dentst` for dentist).
    /// Typo matches come after every exact match; see ``ResultSet/typoCount``.
    public var isTypo: Bool
    /// True for a match through another form of a word only (`libraries` finding "Library
    /// card renewal"; ``SearchRequest/wordForms``); it needs no typo. Such hits come after every
    /// exact match, with the typo matches, ranked among them; see ``ResultSet/wordFormCount``.
    public var isWordForm = false

    /// A hit with these values; engines make the real ones.
    public init(
        id: Int64, title: String, notes: String = "", list: String, tags: [String] = [],
        priority: Priority = .none, isFlagged: Bool = false, isCompleted: Bool = false, due: DueDate? = nil,
        titleHighlighted: String? = nil, snippet: String = "", matchedFields: Set<SearchColumn> = [], rank: Double = 0,
        repeatRule: RepeatRule? = nil, isTypo: Bool = false
    ) {
        self.repeatRule = repeatRule
        self.id = id
        self.title = title
        self.notes = notes
        self.list = list
        self.tags = tags
        self.priority = priority
        self.isFlagged = isFlagged
        self.isCompleted = isCompleted
        self.due = due
        self.titleHighlighted = titleHighlighted ?? title
        self.snippet = snippet
        self.matchedFields = matchedFields
        self.rank = rank
        self.isTypo = isTypo
    }
}
