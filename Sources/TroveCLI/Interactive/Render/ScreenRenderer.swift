/// Turns the state into the lines of one frame, each fitted to the terminal width by display
/// width. Pure: the same state and palette always give the same frame.
///
/// ```swift
/// ScreenRenderer(palette: .plain).frame(for: state).lines
/// // ["> milk",
/// //  "  2 of 2",
/// //  "> Buy milk                               Groceries · #dairy · Mar 2",
/// //  "    Get oat milk too",
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

    var palette: StyledText.Palette

    init(palette: StyledText.Palette) {
        self.palette = palette
    }

    /// Colour, or bold and underline only (NO_COLOR).
    init(colour: Bool) {
        self.init(palette: colour ? .colour : .monochrome)
    }

    /// Lays out the prompt, the header, as many results as fit, and the preview pane.
    /// - Parameter state: What to draw; its layout gives the size.
    /// - Returns: The frame's lines (with SGR codes unless the palette is plain) and the cursor column.
    func frame(for state: InteractiveState) -> Frame {
        let layout = state.layout
        let width = layout.size.columns
        let (promptLine, cursorColumn) = self.promptLine(state.editor, width: width)
        var lines = [promptLine, header(for: state, width: width)]
        let list = resultLines(for: state, width: layout.listColumns)
        let listBlock = list + Array(repeating: StyledText(), count: max(layout.listLines - list.count, 0))
        switch layout.preview {
        case .none:
            lines += listBlock
        case .right(let columns):
            let pane = previewLines(for: state, width: columns, lines: layout.bodyLines)
            for index in 0..<layout.bodyLines {
                var line = (index < listBlock.count ? listBlock[index] : StyledText()).padded(to: layout.listColumns)
                line.append("│", .secondary)
                line.append(index < pane.count ? pane[index] : StyledText())
                lines.append(line)
            }
        case .bottom(let previewLines):
            lines += listBlock
            lines.append(border(for: state, width: width))
            lines += self.previewLines(for: state, width: width, lines: previewLines)
        }
        let count = layout.lines
        let fitted = lines.prefix(count).map { $0.truncated(to: width).rendered(palette) }
        return Frame(
            lines: fitted + Array(repeating: "", count: max(count - fitted.count, 0)),
            cursorColumn: cursorColumn
        )
    }

    /// The prompt and the query, scrolled left when it is too long so the cursor stays visible.
    private func promptLine(_ editor: LineEditor, width: Int) -> (StyledText, Int) {
        let promptWidth = DisplayWidth.of(Self.prompt)
        let room = max(width - promptWidth - 1, 0)
        // NB: walk back from the cursor only as far as fits: a 1,000-character paste must not
        // cost a width measure per character dropped.
        let before = editor.textBeforeCursor
        var start = before.endIndex
        var used = 0
        while start > before.startIndex {
            let previous = before.index(before: start)
            let next = DisplayWidth.of(before[previous])
            if used + next > room { break }
            used += next
            start = previous
        }
        let after = editor.text[before.endIndex...].prefix(width)
        var line = StyledText(Self.prompt, .marker)
        line.append(String(before[start...]) + String(after))
        return (line.truncated(to: width), min(promptWidth + used, max(width - 1, 0)))
    }

    /// "N of M (K completed hidden) · 2 marked", the state of the search, and any notice.
    private func header(for state: InteractiveState, width: Int) -> StyledText {
        var line = StyledText("  ")
        if case .failed(let message) = state.status {
            line.append("error: " + message, .red)
            return line
        }
        if state.isEnterPending {
            line.append("Enter: waiting for the final results for this text (Esc cancels)", .bold)
            return line
        }
        var counts = StyledText()
        if let page = state.page {
            // NB: rows and counts that answer an older text (or the same text before a change)
            // are always marked, first so that a narrow screen cannot cut the mark off: never
            // "100 of 614" for `libre` beside `libreoffice` unmarked.
            if state.pageGeneration != state.generation || state.status == .searching {
                counts.append("searching… · ", .secondary)
            }
            // NB: a provisional page's counts are lower bounds: "20 of 201+", while the ranking runs.
            let atLeast = page.isProvisional ? "+" : ""
            var text = "\(page.rows.count) of \(page.total)\(atLeast)"
            if page.completedCount > 0 {
                text += state.includeCompleted
                    ? " (\(page.completedCount)\(atLeast) completed)"
                    : " (\(page.completedCount)\(atLeast) completed hidden)"
            }
            if page.typoCount > 0 { text += " · \(page.typoCount) with a typo" }
            if page.wordFormCount > 0 { text += " · \(page.wordFormCount) by another word form" }
            if !state.marked.isEmpty { text += " · \(state.marked.count) marked" }
            if page.isProvisional { text += " · " + page.pendingWork }
            if state.loadingMore != nil { text += " · loading more…" }
            counts.append(text, .secondary)
            if let hint = page.hint {
                counts.append(" · " + hint, .red)
            }
        } else {
            counts.append("searching…", .secondary)
        }
        guard let notice = state.notice else {
            line.append(counts)
            return line
        }
        var message = StyledText(notice.text, notice.isError ? .red : .bold)
        // NB: a notice says what a key just did; on a narrow screen it wins over the counts.
        if counts.width + 3 + message.width + 2 > width {
            message = message.truncated(to: width - 2)
            line.append(message)
            return line
        }
        line.append(counts)
        line.append(" · ", .secondary)
        line.append(message)
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
            lines.append(titleLine(row, isSelected: index == state.selectedIndex, isMarked: state.isMarked(row.id), width: width))
            if !row.snippet.isEmpty {
                var snippet = StyledText(Self.snippetIndent)
                snippet.append(row.snippet, base: .secondary)
                lines.append(snippet.truncated(to: width))
            }
        }
        return Array(lines.prefix(state.layout.listLines))
    }
}
