/// An aligned plain-text table, for snapshots: columns padded to their widest cell.
///
/// ```swift
/// renderTable([["1", "Buy milk"], ["12", "Call mum"]], header: ["id", "title"])
/// // id  title
/// // --  --------
/// // 1   Buy milk
/// // 12  Call mum
/// ```
///
/// Width counts `Character`s, so "Café" is 4 wide and an emoji is 1 (terminals may draw wide
/// characters in 2 cells; snapshots need only be stable). Trailing spaces are trimmed from every
/// line, and newlines inside a cell are shown as `\n` so a row stays on one line.
///
/// - Parameters:
///   - rows: The cells; a short row is padded with empty cells.
///   - header: The column titles.
/// - Returns: The lines joined by "\n", with no final newline.
public func renderTable(_ rows: [[String]], header: [String]) -> String {
    let clean = rows.map { $0.map { $0.replacingNewlines() } }
    let columns = max(header.count, clean.map(\.count).max() ?? 0)
    var widths = Array(repeating: 0, count: columns)
    for row in [header] + clean {
        for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
    }
    func line(_ cells: [String]) -> String {
        var text = ""
        for index in 0..<columns {
            let cell = index < cells.count ? cells[index] : ""
            text += cell
            if index < columns - 1 { text += String(repeating: " ", count: widths[index] - cell.count + 2) }
        }
        while text.last == " " { text.removeLast() }
        return text
    }
    let rule = widths.map { String(repeating: "-", count: $0) }
    return ([line(header), line(rule)] + clean.map(line)).joined(separator: "\n")
}

extension String {
    fileprivate func replacingNewlines() -> String {
        guard contains(where: \.isNewline) else { return self }
        return split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: "\\n")
    }
}
