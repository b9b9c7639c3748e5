/// Turns the state into the lines of one frame, each fitted to the terminal width by display
/// width. Pure: the same state and colour setting always give the same frame.
///
/// ```swift
/// ScreenRenderer(colour: false).frame(for: state).lines
/// // ["> milk",
/// //  "  2 of 2",
/// //  "> Buy milk                               Groceries · #dairy · Mar 2",
/// //  "      Get oat milk too",
/// //  "  Milk the cow                                               Farm"]
/// ```
struct ScreenRenderer: Sendable {
    /// One frame: exactly `layout.lines` lines, and where the cursor goes on the prompt line.
    struct Frame: Sendable, Hashable {
        var lines: [String]
        /// 0-based column of the cursor on line 0.
        var cursorColumn: Int
    }

    static let prompt = "> "
    /// Lines of secondary text are indented past the marker and the status glyphs.
    static let snippetIndent = "    "

    var colour: Bool

    /// Lays out the prompt, the header and as many results as fit.
    /// - Parameter state: What to draw; its layout gives the size.
    /// - Returns: The frame's lines (with SGR codes when `colour` is on) and the cursor column.
    func frame(for state: InteractiveState) -> Frame {
        let width = state.layout.size.columns
        let (promptLine, cursorColumn) = self.promptLine(state.editor, width: width)
        var lines = [promptLine, header(for: state).truncated(to: width)]
        lines += resultLines(for: state, width: width)
        let count = state.layout.lines
        let fitted = lines.prefix(count).map { $0.rendered(colour: colour) }
        return Frame(
            lines: fitted + Array(repeating: "", count: max(count - fitted.count, 0)),
            cursorColumn: cursorColumn
        )
    }

    /// The prompt and the query, scrolled left when it is too long so the cursor stays visible.
    private func promptLine(_ editor: LineEditor, width: Int) -> (StyledText, Int) {
        let promptWidth = DisplayWidth.of(Self.prompt)
        let room = max(width - promptWidth - 1, 0)
        var before = Substring(editor.textBeforeCursor)
        while DisplayWidth.of(before) > room, !before.isEmpty { before = before.dropFirst() }
        let after = editor.text[editor.textBeforeCursor.endIndex...]
        var line = StyledText(Self.prompt, .marker)
        line.append(String(before) + String(after))
        return (line.truncated(to: width), min(promptWidth + DisplayWidth.of(before), max(width - 1, 0)))
    }

    /// "N of M (K completed)", or the state of the search when there is nothing to count.
    private func header(for state: InteractiveState) -> StyledText {
        var line = StyledText("  ")
        if case .failed(let message) = state.status {
            line.append("error: " + message, .red)
            return line
        }
        guard let page = state.page else {
            line.append("searching…", .secondary)
            return line
        }
        // NB: a provisional page's counts are lower bounds: "20 of 201+", while the ranking runs.
        let atLeast = page.isProvisional ? "+" : ""
        var counts = "\(page.rows.count) of \(page.total)\(atLeast)"
        if page.completedCount > 0 {
            counts += state.includeCompleted
                ? " (\(page.completedCount)\(atLeast) completed)"
                : " (\(page.completedCount)\(atLeast) completed hidden)"
        }
        if page.typoCount > 0 { counts += " · \(page.typoCount) with a typo" }
        if page.isProvisional { counts += " · " + page.pendingWork }
        line.append(counts, .secondary)
        if state.status == .searching, state.debounce.isSlow {
            line.append(" · searching…", .secondary)
        }
        if let hint = page.hint {
            line.append(" · " + hint, .red)
        }
        if let notice = state.notice {
            line.append(" · " + notice, .red)
        }
        return line
    }

    private func resultLines(for state: InteractiveState, width: Int) -> [StyledText] {
        guard let page = state.page else { return [] }
        if page.rows.isEmpty {
            return [StyledText("  no matches", .secondary)]
        }
        var lines: [StyledText] = []
        for index in page.rows.indices.dropFirst(state.scrollOffset) {
            guard lines.count < state.layout.listLines else { break }
            let row = page.rows[index]
            lines.append(titleLine(row, isSelected: index == state.selectedIndex, width: width))
            if !row.snippet.isEmpty {
                var snippet = StyledText(Self.snippetIndent)
                snippet.append(row.snippet, base: .secondary)
                lines.append(snippet.truncated(to: width))
            }
        }
        return Array(lines.prefix(state.layout.listLines))
    }
}
