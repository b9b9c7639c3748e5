import Foundation
import TroveSearch
import TroveStore

/// The human text output of `trove search`: one aligned line per hit, its notes snippet
/// beneath, then a summary line and how to get the next page.
///
/// ```swift
/// SearchTextRenderer(color: false, today: today).render(resultSet, position: .offset(0))
/// //  12  Call the dentist  Health  today  !!  #phone
/// //      …ask about the crown…
/// //
/// // 1 of 1
/// ```
struct SearchTextRenderer {
    /// Where this page starts, for the summary and the next-page hint.
    enum Position {
        /// The page starts after this many hits (0 for the first page).
        case offset(Int)
        /// The page came from `--after`; its position is unknown.
        case afterCursor
    }

    var color: Bool
    /// Marks for matches when colour is off: none unless the person asked for some.
    var marks: HighlightStyle = .none
    var today: CalendarDay
    var timeZone: TimeZone = .current
    /// Titles longer than this push the rest of their line right instead of widening the column.
    var maxTitleColumn = 48
    /// The terminal's columns when standard output is one: each line is cut to fit (titles
    /// first, down to ``minTitleColumn``, then the line's end, with `…`) and the next-page hint
    /// is short. Nil when piped: whole lines, and the hint with its cursor.
    var terminalWidth: Int?
    /// The narrowest a title is cut to before the line's end is cut instead.
    var minTitleColumn = 16

    /// Matches in bold and underlined, for a terminal without colour (NO_COLOR, `--color
    /// never`): NO_COLOR forbids colour, not emphasis.
    static let emphasis = HighlightStyle(open: "\u{1B}[1;4m", close: "\u{1B}[22;24m")

    /// The hits, the summary and the next-page hint, ending with a newline.
    func render(_ resultSet: ResultSet, position: Position) -> String {
        var lines = hitLines(resultSet.hits)
        if !lines.isEmpty { lines.append("") }
        lines.append(summary(resultSet, position: position))
        if let hint = nextHint(resultSet, position: position) { lines.append(hint) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The message for standard error when nothing matched, with any suggestions.
    func noResultsMessage(_ resultSet: ResultSet, text: String) -> String {
        let shown = MarkedText(text.trimmingCharacters(in: .whitespaces)).plain
        // NB: a pasted page is named by its start, not echoed whole.
        let named = shown.count > 80 ? shown.prefix(77) + "…" : shown
        var lines = [shown.isEmpty ? "No reminders to show." : "No reminders match \(named)."]
        if !resultSet.includesCompleted, resultSet.completedCount > 0 {
            lines.append("\(resultSet.completedCount) completed \(resultSet.completedCount == 1 ? "one matches" : "ones match"); add --all to see them.")
        }
        lines += resultSet.didYouMean.sentences
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Hits

    /// One cell: what it shows and how wide it is on screen.
    private struct Cell {
        var text: String
        var width: Int
        var rightAligned = false

        static let empty = Cell(text: "", width: 0)
    }

    private func hitLines(_ hits: [SearchHit]) -> [String] {
        guard !hits.isEmpty else { return [] }
        var rows = hits.map(cells)
        // NB: a column every hit leaves empty (no flags, no due dates) is left out entirely.
        let used = (0..<rows[0].count).filter { column in rows.contains { $0[column].width > 0 } || column == 2 }
        rows = rows.map { row in used.map { row[$0] } }
        let titleColumn = used.firstIndex(of: 2)!
        var widths = (0..<used.count).map { column in rows.map { $0[column].width }.max() ?? 0 }
        widths[titleColumn] = min(widths[titleColumn], maxTitleColumn)
        if let terminalWidth {
            // NB: the title gives way first, so a narrow terminal still shows the due date;
            // whatever is still too wide is cut at the line's end below.
            let others = widths.enumerated().reduce(0) { $0 + ($1.offset == titleColumn ? 0 : $1.element + 2) }
            widths[titleColumn] = min(widths[titleColumn], max(minTitleColumn, terminalWidth - others))
            let titleWidth = widths[titleColumn]
            rows = rows.map { row in
                var row = row
                let title = row[titleColumn]
                if title.width > titleWidth {
                    let cut = ANSIText.truncate(title.text, to: titleWidth)
                    row[titleColumn] = Cell(text: cut, width: ANSIText.width(cut))
                }
                return row
            }
        }
        let indent = widths[..<titleColumn].reduce(0) { $0 + $1 + 2 }
        var lines: [String] = []
        for (hit, row) in zip(hits, rows) {
            var line = ""
            for (column, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: max(0, widths[column] - cell.width))
                if column > 0 { line += "  " }
                if column == row.count - 1, !cell.rightAligned {
                    line += cell.text
                } else {
                    line += cell.rightAligned ? padding + cell.text : cell.text + padding
                }
            }
            lines.append(fitted(trimmingTrailingSpaces(line)))
            if !hit.snippet.isEmpty {
                let snippet = MarkedText(hit.snippet).rendered(color: color, marks: marks, base: .dim)
                lines.append(fitted(String(repeating: " ", count: indent) + style(.dim, snippet)))
            }
        }
        return lines
    }

    /// id, completed mark, title, list, due, priority, flag, repeat (↻), tags.
    private func cells(_ hit: SearchHit) -> [Cell] {
        let title = MarkedText(hit.titleHighlighted)
        let due = dueText(hit.due)
        let isOverdue = !hit.isCompleted && (hit.due.map { $0.day(in: timeZone) < today } ?? false)
        let priority = String(repeating: "!", count: hit.priority.rawValue)
        let tags = hit.tags.map { "#" + MarkedText($0).plain }.joined(separator: " ")
        return [
            Cell(text: style(.dim, String(hit.id)), width: String(hit.id).count, rightAligned: true),
            statusCell(hit),
            Cell(
                text: title.rendered(color: color, marks: marks),
                width: ANSIText.width(title.rendered(color: false, marks: marks))),
            plainCell(MarkedText(hit.list).plain, .cyan),
            plainCell(due, isOverdue ? .red : nil),
            plainCell(priority, hit.priority == .high ? .red : nil),
            hit.isFlagged ? plainCell("⚑", .red) : .empty,
            hit.repeatRule != nil ? plainCell("↻", nil) : .empty,
            plainCell(tags, .dim),
        ]
    }

    /// `✓` when completed, `~` when it matched with a typo, `≈` when by another word form.
    private func statusCell(_ hit: SearchHit) -> Cell {
        guard hit.isCompleted || hit.isTypo || hit.isWordForm else { return .empty }
        let text = (hit.isCompleted ? style(.green, "✓") : "") + (hit.isTypo ? style(.dim, "~") : "")
            + (hit.isWordForm ? style(.dim, "≈") : "")
        return Cell(text: text, width: (hit.isCompleted ? 1 : 0) + (hit.isTypo ? 1 : 0) + (hit.isWordForm ? 1 : 0))
    }

    private func plainCell(_ text: String, _ ansi: ANSIStyle?) -> Cell {
        Cell(text: ansi.map { style($0, text) } ?? text, width: DisplayWidth.of(text))
    }

    /// `today`, `tomorrow`, `yesterday` or the date, with the local time when it has one.
    func dueText(_ due: DueDate?) -> String {
        guard let due else { return "" }
        let day = due.day(in: timeZone)
        let name = switch day {
        case today: "today"
        case today.adding(days: 1): "tomorrow"
        case today.adding(days: -1): "yesterday"
        default: day.description
        }
        guard case .time(let date) = due else { return name }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return name + String(format: " %02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    // MARK: Summary

    /// `12 of 340 (5 completed)`, `21–40 of 340`, `20 more of 340 (3 completed not shown; add --all)`,
    /// `3 of 3 (1 with a typo)`, `2 of 2 (1 by another word form)`.
    func summary(_ resultSet: ResultSet, position: Position) -> String {
        let count = resultSet.hits.count
        var text: String
        switch position {
        case .offset(let offset) where offset > 0 && count > 0:
            text = "\(offset + 1)–\(offset + count) of \(resultSet.total)"
        case .offset:
            text = "\(count) of \(resultSet.total)"
        case .afterCursor:
            text = "\(count) more of \(resultSet.total)"
        }
        var notes: [String] = []
        if resultSet.completedCount > 0 {
            notes.append(resultSet.includesCompleted
                ? "\(resultSet.completedCount) completed"
                : "\(resultSet.completedCount) completed not shown; add --all")
        }
        if resultSet.typoCount > 0 { notes.append("\(resultSet.typoCount) with a typo") }
        if resultSet.wordFormCount > 0 { notes.append("\(resultSet.wordFormCount) by another word form") }
        return notes.isEmpty ? text : text + " (" + notes.joined(separator: ", ") + ")"
    }

    /// `Next page: --offset 20 or --after CURSOR`, or nil on the last page. On a terminal,
    /// `Next page: --offset 20`: the cursor is for scripts, which read it from `--format json`.
    func nextHint(_ resultSet: ResultSet, position: Position) -> String? {
        guard case .after(let cursor)? = resultSet.next else { return nil }
        switch position {
        case .offset(let offset) where terminalWidth != nil:
            return "Next page: --offset \(offset + resultSet.hits.count)"
        case .offset(let offset):
            return "Next page: --offset \(offset + resultSet.hits.count) or --after \(cursor)"
        case .afterCursor:
            return "Next page: --after \(cursor)"
        }
    }

    // MARK: Helpers

    /// The line cut to the terminal's width, or whole when piped.
    private func fitted(_ line: String) -> String {
        terminalWidth.map { ANSIText.truncate(line, to: $0) } ?? line
    }

    private func style(_ ansi: ANSIStyle, _ text: String) -> String {
        color ? ansi.wrap(text) : text
    }

    private func trimmingTrailingSpaces(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
