extension ScreenRenderer {
    /// The preview pane's lines: the selected reminder as `trove show` prints it, each line
    /// wrapped to the pane's width, from the line it is scrolled to, cut to its height. A first
    /// line says how many lines are above (once scrolled) and a last one that more follow.
    /// While the selected reminder is being read the previous one shows dim.
    func previewLines(for state: InteractiveState, width: Int, lines: Int) -> [StyledText] {
        guard lines > 0, width > 0 else { return [] }
        guard let content = state.preview.content, state.selectedRow != nil else {
            return [StyledText(state.page?.rows.isEmpty == false ? " reading…" : "", .secondary)]
        }
        let isCurrent = content.id == state.selectedRow?.id
        let style: StyledText.Style = content.isError ? .red : isCurrent ? .plain : .secondary
        // NB: one column of margin after the border.
        // NB: wrapped only as far as the pane shows, so a long note costs a frame no more than a short one.
        var wrapped: [String] = []
        for line in content.lines {
            wrapped += Self.wrap(line, width: width - 1)
            if wrapped.count > state.preview.scroll + lines { break }
        }
        let start = min(state.preview.scroll, max(wrapped.count - lines, 0))
        var shown = wrapped.dropFirst(start).prefix(lines).map { text in
            var line = StyledText(" ")
            line.append(text, style)
            return line
        }
        if wrapped.count > start + lines, let last = shown.indices.last {
            shown[last] = StyledText(lines >= 3 && width >= 24 ? " … Shift-Down for more" : " …", .secondary)
        }
        if start > 0, lines >= 3, let first = shown.indices.first {
            shown[first] = StyledText(width >= 24 ? " ↑ \(start + 1) more (Shift-Up)" : " ↑ \(start + 1)", .secondary)
        }
        return shown
    }

    /// The line between the list and a preview under it: `── 12 ──────`.
    func border(for state: InteractiveState, width: Int) -> StyledText {
        let label = state.preview.content.map { "── \($0.id) " } ?? ""
        return StyledText(label + String(repeating: "─", count: max(width - DisplayWidth.of(label), 0)), .secondary)
    }

    /// Breaks a line into pieces no wider than `width` columns, at a space when one is near
    /// the end of the piece, else anywhere.
    static func wrap(_ line: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        guard DisplayWidth.of(line) > width else { return [line] }
        var pieces: [String] = []
        var current = ""
        var currentWidth = 0
        for character in line {
            let characterWidth = DisplayWidth.of(character)
            if currentWidth + characterWidth > width {
                if let space = current.lastIndex(of: " "), current.distance(from: current.startIndex, to: space) > current.count / 2 {
                    pieces.append(String(current[..<space]))
                    current = String(current[current.index(after: space)...])
                } else {
                    pieces.append(current)
                    current = ""
                }
                currentWidth = DisplayWidth.of(current)
            }
            current.append(character)
            currentWidth += characterWidth
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }
}
