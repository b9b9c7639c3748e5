/// Left-aligned columns separated by two spaces, for `lists`, `tags` and `stats`.
///
/// ```swift
/// AlignedTable.render([["Home", "12"], ["Groceries", "3"]], rightAligned: [1])
/// // Home       12
/// // Groceries   3
/// ```
enum AlignedTable {
    static func render(_ rows: [[String]], rightAligned: Set<Int> = []) -> String {
        let columnCount = rows.map(\.count).max() ?? 0
        let widths = (0..<columnCount).map { column in
            rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                if rightAligned.contains(column) { return padding + cell }
                return column == row.count - 1 ? cell : cell + padding
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
