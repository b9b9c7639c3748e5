extension ScreenRenderer {
    /// `> ✓ !! Title ⚑            List · #tag · due`: the marker, status glyphs and title on
    /// the left, the dim details right-aligned in at most two fifths of the width. A typo
    /// match starts with a dim `~`.
    func titleLine(_ row: ResultRow, isSelected: Bool, width: Int) -> StyledText {
        var left = isSelected ? StyledText(">", .marker) : StyledText(" ")
        left.append(" ")
        if row.isTypo { left.append("~ ", .secondary) }
        if row.isCompleted { left.append("✓ ", .secondary) }
        if row.priority > 0 { left.append(String(repeating: "!", count: min(row.priority, 3)) + " ", .red) }
        left.append(row.title, base: isSelected ? .bold : .plain)
        if row.isFlagged { left.append(" ⚑", .red) }

        let details = Self.details(of: row)
        let detailsRoom = width >= 20 ? width * 2 / 5 : 0
        guard !details.isEmpty, detailsRoom > 0 else { return left.truncated(to: width) }
        let right = StyledText(details, .secondary).truncated(to: detailsRoom)
        let leftRoom = width - right.width - 1
        var line = left.width <= leftRoom ? left.padded(to: leftRoom) : left.truncated(to: leftRoom).padded(to: leftRoom)
        line.append(" ")
        line.append(right)
        return line
    }

    /// "List · #tag1 #tag2 · due", leaving out what is missing.
    static func details(of row: ResultRow) -> String {
        var parts: [String] = []
        if let list = row.list, !list.isEmpty { parts.append(list) }
        if !row.tags.isEmpty { parts.append(row.tags.map { "#" + $0 }.joined(separator: " ")) }
        if let due = row.due, !due.isEmpty { parts.append(due) }
        return parts.joined(separator: " · ")
    }
}
