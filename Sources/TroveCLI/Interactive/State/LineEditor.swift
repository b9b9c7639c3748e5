/// The query line: its text and a cursor counted in Characters (grapheme clusters).
///
/// ```swift
/// var editor = LineEditor(text: "buy milk")
/// editor.deleteWordBackward()  // text "buy ", cursor 4
/// editor.insert("eggs")        // text "buy eggs", cursor 8
/// ```
struct LineEditor: Sendable, Hashable {
    private(set) var text: String
    /// 0 … text.count, in Characters.
    private(set) var cursor: Int

    init(text: String = "", cursor: Int? = nil) {
        self.text = text
        self.cursor = min(max(cursor ?? text.count, 0), text.count)
    }

    /// The text before the cursor.
    var textBeforeCursor: Substring { text[..<index(at: cursor)] }

    /// Inserts typed text at the cursor and moves the cursor past it.
    /// - Parameter typed: Printable text; control characters are dropped.
    mutating func insert(_ typed: String) {
        let clean = String(typed.unicodeScalars.filter { !$0.isControl })
        guard !clean.isEmpty else { return }
        let before = text.count
        text.insert(contentsOf: clean, at: index(at: cursor))
        // NB: a combining mark or ZWJ can merge with the Character before it, so move by the
        // change in count rather than by clean.count.
        cursor += text.count - before
    }

    /// Inserts pasted text as one line: line breaks and tabs become single spaces, a trailing
    /// line break is dropped, and other control characters are removed.
    /// - Parameter pasted: The raw paste.
    mutating func paste(_ pasted: String) {
        var line = ""
        var pendingSpace = false
        for scalar in pasted.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                pendingSpace = true
            } else if !scalar.isControl {
                if pendingSpace, !line.isEmpty { line.unicodeScalars.append(" ") }
                pendingSpace = false
                line.unicodeScalars.append(scalar)
            }
        }
        insert(line)
    }

    /// Deletes the Character before the cursor.
    mutating func backspace() {
        guard cursor > 0 else { return }
        text.remove(at: index(at: cursor - 1))
        cursor -= 1
    }

    /// Deletes the Character under the cursor.
    mutating func deleteForward() {
        guard cursor < text.count else { return }
        text.remove(at: index(at: cursor))
    }

    mutating func moveLeft() { cursor = max(cursor - 1, 0) }
    mutating func moveRight() { cursor = min(cursor + 1, text.count) }
    mutating func moveHome() { cursor = 0 }
    mutating func moveEnd() { cursor = text.count }

    /// Keeps the first `count` Characters, the cursor within them.
    mutating func keepPrefix(_ count: Int) {
        guard text.count > count else { return }
        text = String(text.prefix(count))
        cursor = min(cursor, count)
    }

    /// Empties the line (Ctrl-U).
    mutating func clear() {
        text = ""
        cursor = 0
    }

    /// Deletes the word before the cursor as a shell's Ctrl-W does: first any spaces before the
    /// cursor, then the non-space characters before those.
    mutating func deleteWordBackward() {
        var start = cursor
        let characters = Array(text)
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        text.removeSubrange(index(at: start)..<index(at: cursor))
        cursor = start
    }

    private func index(at offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: offset)
    }
}
