extension ScreenRenderer {
    /// `>*~ ✓ !! Title ⚑ ↻            List · #tag · due`: the cursor, the mark, status glyphs
    /// and the title on the left, the details dim on the right. A typo match starts with a dim `~`,
    /// a match by another word form (`libraries` finding "library") with a dim `≈`.
    ///
    /// What gives way when the line is short, last to first: the title, then the due date, then
    /// the list and tags. The title keeps at least half the line (or all of itself) before the
    /// due date is dropped; the list and tags get what is left, cut with "…".
    func titleLine(_ row: ResultRow, isSelected: Bool, isMarked: Bool, width: Int) -> StyledText {
        var left = isSelected ? StyledText(">", .marker) : StyledText(" ")
        if isMarked { left.append("*", [.bold, .magenta]) } else { left.append(" ") }
        if row.isTypo { left.append("~ ", .secondary) }
        if row.isWordForm { left.append("≈ ", .secondary) }
        if row.isCompleted { left.append("✓ ", .secondary) }
        if row.priority > 0 { left.append(String(repeating: "!", count: min(row.priority, 3)) + " ", .red) }
        left.append(row.title, base: isSelected ? .bold : .plain)
        if row.isFlagged { left.append(" ⚑", .red) }
        if row.repeats { left.append(" ↻", .secondary) }

        var due = row.due ?? ""
        var dueWidth = DisplayWidth.of(due)
        let titleFloor = min(left.width, max(width / 2, 16))
        if dueWidth > 0, width - dueWidth - 1 < titleFloor {
            (due, dueWidth) = ("", 0)
        }
        let titleRoom = dueWidth > 0 ? width - dueWidth - 1 : width
        let shownLeft = left.width <= titleRoom ? left : left.truncated(to: titleRoom)

        // The list and tags: whatever is left after the title, a space and the due date; the
        // list alone when the tags do not fit, cut with "…" when it does not either.
        let metaRoom = width - shownLeft.width - 1 - (dueWidth > 0 ? dueWidth + 3 : 0)
        let meta = [Self.details(of: row), row.list ?? ""].first { !$0.isEmpty && DisplayWidth.of($0) <= metaRoom }
            ?? (metaRoom >= 4 ? row.list ?? "" : "")
        var right = StyledText()
        if !meta.isEmpty {
            right.append(StyledText(meta, .secondary).truncated(to: metaRoom))
            if dueWidth > 0 { right.append(" · ", .secondary) }
        }
        if dueWidth > 0 { right.append(due, .secondary) }
        guard right.width > 0 else { return shownLeft }
        var line = shownLeft.padded(to: width - right.width)
        line.append(right)
        return line
    }

    /// "List · #tag1 #tag2", leaving out what is missing.
    static func details(of row: ResultRow) -> String {
        var parts: [String] = []
        if let list = row.list, !list.isEmpty { parts.append(list) }
        if !row.tags.isEmpty { parts.append(row.tags.map { "#" + $0 }.joined(separator: " ")) }
        return parts.joined(separator: " · ")
    }
}
