/// Where things go on the screen: how many lines the interface takes, how many of them hold
/// results, and where the preview pane goes. Shared by the state (to keep the selection
/// visible) and the renderer.
///
/// ```swift
/// ScreenLayout(size: .init(columns: 80, rows: 40), mode: .inline(height: 10)).listLines  // 8
/// ScreenLayout(size: .init(columns: 120, rows: 40), mode: .fullscreen, showsPreview: true).preview
/// // .right(columns: 54): the list keeps 65 columns, a │ between them
/// ```
struct ScreenLayout: Sendable, Hashable {
    /// Inline below the prompt in a fixed number of lines, or the whole alternate screen.
    enum Mode: Sendable, Hashable {
        case inline(height: Int)
        case fullscreen
    }

    /// Where the preview pane is: beside the list on a wide terminal, under it on a narrow one.
    enum PreviewPlacement: Sendable, Hashable {
        case none
        /// To the right of the list, this many columns wide (after a one-column border).
        case right(columns: Int)
        /// Under the list, this many lines high (after a one-line border).
        case bottom(lines: Int)
    }

    /// A terminal at least this wide shows the preview to the right of the list, as fzf does.
    static let rightPreviewMinimumColumns = 90

    var size: TerminalSize
    var mode: Mode
    var showsPreview = false

    /// Lines the interface occupies: the prompt, the header and the list (and the preview).
    var lines: Int {
        switch mode {
        case .fullscreen: max(size.rows, 1)
        case .inline(let height): max(min(height, size.rows), 1)
        }
    }

    /// Lines below the prompt and the header: the list, and a preview pane placed under it.
    var bodyLines: Int { max(lines - 2, 0) }

    var preview: PreviewPlacement {
        guard showsPreview, bodyLines >= 1 else { return .none }
        if size.columns >= Self.rightPreviewMinimumColumns {
            return .right(columns: size.columns * 45 / 100)
        }
        // NB: under the list, with a border line; the list keeps at least half and two lines.
        let previewLines = min(bodyLines / 2, bodyLines - 3)
        return previewLines >= 1 ? .bottom(lines: previewLines) : .none
    }

    /// The preview pane's columns and lines, nil when it is not shown.
    var previewSize: (columns: Int, lines: Int)? {
        switch preview {
        case .none: nil
        case .right(let columns): (columns, bodyLines)
        case .bottom(let lines): (size.columns, lines)
        }
    }

    /// Lines left for results.
    var listLines: Int {
        if case .bottom(let previewLines) = preview { return bodyLines - previewLines - 1 }
        return bodyLines
    }

    /// Columns the list may use.
    var listColumns: Int {
        if case .right(let columns) = preview { return max(size.columns - columns - 1, 1) }
        return size.columns
    }

    /// Lines one result takes: its title line, plus a snippet line when it has notes.
    static func lineCount(of row: ResultRow) -> Int {
        row.snippet.isEmpty ? 1 : 2
    }
}
