import TroveSearch

/// Titles and snippets as the search marks them for text output, turned into what is printed.
///
/// ```swift
/// let text = MarkedText("Call the \u{2}dentist\u{3}")
/// text.plain                                         // "Call the dentist"
/// text.rendered(color: true, marks: .none)           // "Call the \u{1B}[1;33mdentist\u{1B}[22;39m"
/// text.rendered(color: false, marks: .brackets)      // "Call the [dentist]"
/// ```
///
/// NB: the search is asked to mark matches with STX/ETX, which a title practically never
/// holds, so the marks can become ANSI codes or the person's own markers afterwards. Any
/// other control character in the person's text is shown as `�` so that a stored escape
/// sequence can never drive the terminal; newlines and tabs become spaces.
struct MarkedText {
    /// What the search wraps matches in for text output.
    static let searchMarks = HighlightStyle(open: "\u{2}", close: "\u{3}")

    private let marked: String

    init(_ marked: String) {
        self.marked = marked
    }

    /// The text without marks, as it takes up columns.
    var plain: String { rendered(color: false, marks: .none) }

    /// The text with each match in the match colour (resuming `base` after it), or wrapped
    /// in `marks` when colour is off.
    func rendered(color: Bool, marks: HighlightStyle, base: ANSIStyle? = nil) -> String {
        var result = ""
        for scalar in marked.unicodeScalars {
            switch scalar {
            case "\u{2}": result += color ? ANSIStyle.match.on : marks.open
            case "\u{3}": result += color ? ANSIStyle.match.off + (base?.on ?? "") : marks.close
            case "\n", "\r", "\t": result += " "
            default:
                if scalar.properties.generalCategory == .control {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
