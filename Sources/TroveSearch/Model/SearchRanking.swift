/// Which ranking orders a text search's hits under ``SearchSort/rank``: Trove's own, or FTS5's
/// plain bm25 for comparison.
///
/// ```swift
/// var request = SearchRequest(text: "passport")
/// request.ranking = .bm25          // ORDER BY "reminders"."is_completed", "reminders_fts"."rank", …
/// request.ranking = .trove         // ORDER BY trove_rank("reminders_fts", "reminders"."is_completed", …), …
/// ```
public enum SearchRanking: Hashable, Sendable {
    /// Trove's ranking with these parameters; ``trove`` is the standard one. See ``TroveRanking``.
    case custom(TroveRanking)
    /// Open reminders before completed ones, each by FTS5's bm25 with the schema's weights
    /// (title 10, notes 1, tags 5): Trove's ranking before it had its own.
    case bm25
    /// FTS5's bm25 alone: completed reminders mixed in with open ones by score.
    case bm25Mixed

    /// Trove's ranking: ``TroveRanking/standard``.
    public static let trove = SearchRanking.custom(.standard)

    /// `trove`, `bm25` or `bm25-mixed`: what `--rank` takes and a cursor records. A custom
    /// ranking is named `trove` too: its cursors continue under any parameters.
    public var name: String {
        switch self {
        case .custom: "trove"
        case .bm25: "bm25"
        case .bm25Mixed: "bm25-mixed"
        }
    }

    /// The ranking called `name`; nil for an unknown name.
    public init?(name: String) {
        switch name {
        case "trove": self = .trove
        case "bm25": self = .bm25
        case "bm25-mixed": self = .bm25Mixed
        default: return nil
        }
    }

    /// Every name ``init(name:)`` takes.
    public static let names = ["trove", "bm25", "bm25-mixed"]
}
