/// The bytes that put frames on the terminal, inline below the prompt or on the alternate
/// screen, using only relative cursor moves inline so the user's scrollback is left alone.
///
/// Inline, `enter` scrolls the terminal at most once, to make room for the interface; every
/// frame after that is drawn in place, and the cursor rests on the prompt line between frames.
///
/// ```swift
/// var screen = TerminalScreen(mode: .inline(height: 3))
/// screen.enter(lines: 3)  // "\r\n\n\u{1B}[2A"  (reserve 3 lines, back to the first)
/// screen.leave()          // "\r\u{1B}[J\u{1B}[?25h"  (erase them, show the cursor)
/// ```
struct TerminalScreen: Sendable {
    static let hideCursor = "\u{1B}[?25l"
    static let showCursor = "\u{1B}[?25h"

    let mode: ScreenLayout.Mode
    /// Lines made available below (and including) the prompt line, inline.
    private(set) var reservedLines = 0

    init(mode: ScreenLayout.Mode) {
        self.mode = mode
    }

    /// Starts the interface: the alternate screen, or room for `lines` lines inline.
    mutating func enter(lines: Int) -> String {
        switch mode {
        case .fullscreen:
            return "\u{1B}[?1049h\u{1B}[H\u{1B}[2J"
        case .inline:
            return reserve(lines)
        }
    }

    /// Draws a frame over the previous one.
    /// - Parameters:
    ///   - frame: The lines to show, one per screen line.
    ///   - clear: Erase the whole area first (Ctrl-L, resize).
    /// - Returns: The bytes to write.
    mutating func draw(_ frame: ScreenRenderer.Frame, clear: Bool = false) -> String {
        var out = Self.hideCursor
        switch mode {
        case .fullscreen:
            if clear { out += "\u{1B}[H\u{1B}[2J" }
            for (index, line) in frame.lines.enumerated() {
                // NB: erase before writing: `ESC[K` at the last column would erase the last cell.
                out += "\u{1B}[\(index + 1);1H\u{1B}[K" + line
            }
            out += "\u{1B}[1;\(frame.cursorColumn + 1)H"
        case .inline:
            if clear { out += "\r\u{1B}[J" }
            out += reserve(frame.lines.count)
            for (index, line) in frame.lines.enumerated() {
                // NB: `ESC[B` moves down without ever scrolling, unlike "\n".
                out += (index == 0 ? "\r" : "\u{1B}[B\r") + "\u{1B}[K" + line
            }
            if frame.lines.count > 1 { out += "\u{1B}[\(frame.lines.count - 1)A" }
            out += "\r"
            if frame.cursorColumn > 0 { out += "\u{1B}[\(frame.cursorColumn)C" }
        }
        return out + Self.showCursor
    }

    /// Ends the interface: erases it inline (the cursor is back where the prompt was), or
    /// leaves the alternate screen.
    func leave() -> String {
        switch mode {
        case .fullscreen: "\u{1B}[?1049l" + Self.showCursor
        case .inline: "\r\u{1B}[J" + Self.showCursor
        }
    }

    /// Makes sure `lines` lines exist from the prompt line down, scrolling only if they do not.
    private mutating func reserve(_ lines: Int) -> String {
        guard lines > reservedLines else { return "" }
        reservedLines = lines
        guard lines > 1 else { return "" }
        return "\r" + String(repeating: "\n", count: lines - 1) + "\u{1B}[\(lines - 1)A"
    }
}
