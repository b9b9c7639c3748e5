/// A part of the query text that was left out, and why: `is:banana`, a second `!engine`.
///
/// The rest of the query still searches; the UI can underline ``range`` and show ``message``.
///
/// ```swift
/// SearchQuery.parse("milk is:banana").problems[0].message
/// // is:banana — expected open, completed, flagged or unflagged
/// ```
public struct QueryProblem: Hashable, Sendable, CustomStringConvertible {
    /// The offending text as typed, `-` included: `is:banana`.
    public var token: String
    /// Where ``token`` is in the parsed text (convert with `NSRange(range, in: text)` for AppKit).
    public var range: Range<String.Index>
    /// What was wrong and what to write instead: `expected open, completed, flagged or unflagged`.
    public var reason: String
    /// True for the last filter of a text that does not end with a space, when its value could
    /// still become a valid one (`is:comp`, `due:2026-0`): someone may be typing it. A search
    /// box can wait before showing it; `trove search` reports it like any other problem.
    public var isIncomplete: Bool

    /// A problem with `token`, found at `range` of the text, for `reason`.
    public init(token: String, range: Range<String.Index>, reason: String, isIncomplete: Bool = false) {
        self.token = token
        self.range = range
        self.reason = reason
        self.isIncomplete = isIncomplete
    }

    /// `is:banana — expected open, completed, flagged or unflagged`.
    public var message: String { "\(token) — \(reason)" }

    /// The ``message``: `is:banana — expected open, completed, flagged or unflagged`.
    public var description: String { message }
}
