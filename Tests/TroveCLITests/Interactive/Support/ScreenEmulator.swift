@testable import TroveCLI

/// A tiny terminal: enough of VT100 to replay what the session writes and read the screen back.
/// It understands CR, LF (scrolling at the bottom), CSI A/B/C/D/H/J/K, and ignores SGR and modes;
/// zero-width scalars take no cell.
struct ScreenEmulator {
    let columns: Int
    let rows: Int
    private(set) var grid: [[Unicode.Scalar]]
    private(set) var row = 0
    private(set) var column = 0
    /// Lines scrolled off the top: the inline interface may scroll once, at startup.
    private(set) var scrolls = 0
    /// Characters written past the right edge; a correct renderer never does that.
    private(set) var overflows = 0

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        grid = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// The screen's text, trailing spaces removed.
    var lines: [String] {
        grid.map { line in
            var text = String(String.UnicodeScalarView(line))
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    mutating func feed(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\r": column = 0
            case "\n": lineFeed()
            case "\u{1B}":
                guard index < scalars.count, scalars[index] == "[" else { index += 1; continue }
                index += 1
                var parameters = ""
                while index < scalars.count, !(0x40...0x7E).contains(scalars[index].value) {
                    parameters.unicodeScalars.append(scalars[index])
                    index += 1
                }
                guard index < scalars.count else { return }
                apply(final: scalars[index], parameters: parameters)
                index += 1
            default:
                // NB: a combining mark, variation selector or joiner shares its base's cell, as
                // on a real terminal (wide characters still count one cell here).
                if scalar.isZeroWidth { continue }
                guard column < columns else { overflows += 1; continue }
                grid[row][column] = scalar
                column += 1
            }
        }
    }

    private mutating func lineFeed() {
        if row == rows - 1 {
            grid.removeFirst()
            grid.append(Array(repeating: " ", count: columns))
            scrolls += 1
        } else {
            row += 1
        }
    }

    private mutating func apply(final: Unicode.Scalar, parameters: String) {
        guard !parameters.hasPrefix("?") else { return }
        let numbers = parameters.split(separator: ";").map { Int($0) ?? 0 }
        let n = max(numbers.first ?? 1, 1)
        switch final {
        case "A": row = max(row - n, 0)
        case "B": row = min(row + n, rows - 1)
        case "C": column = min(column + n, columns - 1)
        case "D": column = max(column - n, 0)
        case "H":
            row = min(max((numbers.first ?? 1) - 1, 0), rows - 1)
            column = min(max((numbers.count > 1 ? numbers[1] : 1) - 1, 0), columns - 1)
        case "K":
            for c in column..<columns { grid[row][c] = " " }
        case "J":
            for c in column..<columns { grid[row][c] = " " }
            for r in (row + 1)..<rows { grid[r] = Array(repeating: " ", count: columns) }
        default:
            break  // SGR and anything else leaves the text alone
        }
    }
}
