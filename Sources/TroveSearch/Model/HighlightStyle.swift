/// The text put around each match in titles and snippets, and where a snippet cuts the notes.
///
/// ```swift
/// HighlightStyle.brackets   // "Call the [dentist]", "…before the [dentist] visit…"
/// HighlightStyle(open: "<b>", close: "</b>")
/// ```
public struct HighlightStyle: Hashable, Sendable {
    /// Put before a match.
    public var open: String
    /// Put after a match.
    public var close: String
    /// Put where a snippet leaves text out.
    public var ellipsis: String

    /// Marks matches with `open` and `close`: `HighlightStyle(open: "<b>", close: "</b>")`.
    public init(open: String, close: String, ellipsis: String = "…") {
        self.open = open
        self.close = close
        self.ellipsis = ellipsis
    }

    /// `[match]`.
    public static let brackets = HighlightStyle(open: "[", close: "]")
    /// Bold reverse video in a terminal: `ESC[1;7m` … `ESC[0m`.
    public static let ansi = HighlightStyle(open: "\u{1B}[1;7m", close: "\u{1B}[0m")
    /// No marks; snippets still cut with `…`.
    public static let none = HighlightStyle(open: "", close: "")
}
