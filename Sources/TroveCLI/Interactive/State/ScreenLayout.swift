/// Where things go on the screen: how many lines the interface takes and how many of them
/// hold results. Shared by the state (to keep the selection visible) and the renderer.
///
/// ```swift
/// ScreenLayout(size: .init(columns: 80, rows: 40), mode: .inline(height: 10)).listLines  // 8
/// ```
struct ScreenLayout: Sendable, Hashable {
    /// Inline below the prompt in a fixed number of lines, or the whole alternate screen.
    enum Mode: Sendable, Hashable {
        case inline(height: Int)
        case fullscreen
    }

    var size: TerminalSize
    var mode: Mode

    /// Lines the interface occupies: the prompt, the header and the list.
    var lines: Int {
        switch mode {
        case .fullscreen: max(size.rows, 1)
        case .inline(let height): max(min(height, size.rows), 1)
        }
    }

    /// Lines left for results below the prompt and the header.
    var listLines: Int { max(lines - 2, 0) }

    /// Lines one result takes: its title line, plus a snippet line when it has notes.
    static func lineCount(of row: ResultRow) -> Int {
        row.snippet.isEmpty ? 1 : 2
    }
}
