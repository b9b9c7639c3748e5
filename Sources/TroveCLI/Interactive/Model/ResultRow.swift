/// One reminder as the interactive list shows it, already formatted by the search layer.
///
/// ```swift
/// ResultRow(id: 7, title: HighlightedText(marked: "Buy [milk]", open: "[", close: "]"),
///           list: "Groceries", tags: ["dairy"], due: "Mar 2")
/// // >  Buy milk                       Groceries · #dairy · Mar 2
/// ```
struct ResultRow: Sendable, Hashable, Identifiable {
    var id: Int64
    var title: HighlightedText
    /// A fragment of the notes around the match; empty when there are no notes.
    var snippet: HighlightedText
    var list: String?
    var tags: [String]
    /// The due date, already formatted for display.
    var due: String?
    var isCompleted: Bool
    var isFlagged: Bool
    /// True for a repeating reminder (shown with ↻, as `trove search` shows it).
    var repeats: Bool
    /// 0 none, 1 low, 2 medium, 3 high, as `TroveStore.Priority`.
    var priority: Int
    /// Matched only with a typo (`SearchHit.isTypo`); such rows come after the exact ones.
    var isTypo: Bool
    /// Matched only by another form of a query word (`SearchHit.isWordForm`: `libraries`
    /// finding "library"); such rows come after the exact ones.
    var isWordForm: Bool

    init(
        id: Int64,
        title: HighlightedText,
        snippet: HighlightedText = "",
        list: String? = nil,
        tags: [String] = [],
        due: String? = nil,
        isCompleted: Bool = false,
        isFlagged: Bool = false,
        repeats: Bool = false,
        priority: Int = 0,
        isTypo: Bool = false,
        isWordForm: Bool = false
    ) {
        self.id = id
        self.title = title
        self.snippet = snippet
        self.list = list
        self.tags = tags
        self.due = due
        self.isCompleted = isCompleted
        self.isFlagged = isFlagged
        self.repeats = repeats
        self.priority = priority
        self.isTypo = isTypo
        self.isWordForm = isWordForm
    }
}
