/// Text split into runs that either matched the query or did not, as the search layer marks them.
///
/// ```swift
/// let title = HighlightedText([.init("Buy "), .init("milk", isMatch: true)])
/// title.plain  // "Buy milk"
/// ```
struct HighlightedText: Sendable, Hashable, ExpressibleByStringLiteral {
    /// One stretch of text and whether it matched.
    struct Run: Sendable, Hashable {
        var text: String
        var isMatch: Bool

        init(_ text: String, isMatch: Bool = false) {
            self.text = text
            self.isMatch = isMatch
        }
    }

    var runs: [Run]

    init(_ runs: [Run]) {
        self.runs = runs
    }

    /// Unhighlighted text.
    init(_ text: String) {
        self.runs = text.isEmpty ? [] : [Run(text)]
    }

    init(stringLiteral value: String) {
        self.init(value)
    }

    /// The text without markup.
    var plain: String { runs.map(\.text).joined() }

    var isEmpty: Bool { runs.allSatisfy(\.text.isEmpty) }
}

extension HighlightedText {
    /// Splits text marked with bracket delimiters, as SQLite's `highlight()`/`snippet()` produce.
    ///
    /// ```swift
    /// HighlightedText(marked: "Buy [milk]", open: "[", close: "]").runs
    /// // [("Buy ", false), ("milk", true)]
    /// ```
    /// - Parameters:
    ///   - marked: Text whose matches are wrapped in `open` … `close`.
    ///   - open: The opening delimiter; it must not occur in the text itself.
    ///   - close: The closing delimiter.
    init(marked: String, open: String, close: String) {
        var runs: [Run] = []
        var rest = Substring(marked)
        while let start = rest.firstRange(of: open) {
            if start.lowerBound > rest.startIndex {
                runs.append(Run(String(rest[..<start.lowerBound])))
            }
            let afterOpen = rest[start.upperBound...]
            guard let end = afterOpen.firstRange(of: close) else {
                rest = afterOpen
                break
            }
            runs.append(Run(String(afterOpen[..<end.lowerBound]), isMatch: true))
            rest = afterOpen[end.upperBound...]
        }
        if !rest.isEmpty { runs.append(Run(String(rest))) }
        self.runs = runs.filter { !$0.text.isEmpty }
    }
}
