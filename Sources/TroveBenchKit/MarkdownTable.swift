import Foundation

/// A GitHub-flavoured markdown table whose columns line up in plain text too.
///
/// ```swift
/// var table = MarkdownTable(header: ["Measure", "Trove"])
/// table.append(["import | rows/s", "41,000"])
/// table.render()
/// // | Measure           | Trove  |
/// // |-------------------|--------|
/// // | import \| rows/s  | 41,000 |
/// ```
public struct MarkdownTable: Hashable, Sendable {
    public let header: [String]
    public private(set) var rows: [[String]] = []

    public init(header: [String]) {
        self.header = header
    }

    /// Adds a row; missing cells are left empty, extra cells are dropped.
    public mutating func append(_ row: [String]) {
        let padded = row + Array(repeating: "", count: max(0, header.count - row.count))
        rows.append(Array(padded.prefix(header.count)))
    }

    /// The table, one line per row, each ending in a newline.
    public func render() -> String {
        let cells = ([header] + rows).map { $0.map(Self.escape) }
        var widths = Array(repeating: 3, count: header.count)
        for row in cells {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        func line(_ row: [String]) -> String {
            let padded = row.enumerated().map { column, cell in
                cell + String(repeating: " ", count: widths[column] - cell.count)
            }
            return "| " + padded.joined(separator: " | ") + " |\n"
        }
        let rule = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|\n"
        return line(cells[0]) + rule + cells.dropFirst().map(line).joined()
    }

    /// NB: a `|` inside a cell would end it; a newline would end the row.
    static func escape(_ cell: String) -> String {
        cell.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
