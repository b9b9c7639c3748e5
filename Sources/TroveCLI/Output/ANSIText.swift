/// Columns and cutting for text that holds SGR sequences (`ESC [ … m`), as `trove search`
/// prints it on a terminal: the sequences take no columns and are never cut in half.
///
/// ```swift
/// ANSIText.width("Call the \u{1B}[1;4mdentist\u{1B}[22;24m")          // 16
/// ANSIText.truncate("Call the \u{1B}[1;4mdentist\u{1B}[22;24m", to: 12)
/// // "Call the \u{1B}[1;4mde…\u{1B}[0m": a reset, so no style leaks past the cut
/// ```
enum ANSIText {
    /// Columns the text takes on screen.
    static func width(_ text: String) -> Int {
        var columns = 0
        walk(text) { character, isEscape in
            if !isEscape { columns += DisplayWidth.of(character) }
            return true
        }
        return columns
    }

    /// At most `width` columns, ending in `…` (and a reset, when a sequence was kept) when cut.
    static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        guard self.width(text) > width else { return text }
        var result = ""
        var used = 0
        var sawEscape = false
        walk(text) { character, isEscape in
            if isEscape {
                sawEscape = true
                result.append(character)
                return true
            }
            let next = DisplayWidth.of(character)
            guard used + next <= width - 1 else { return false }
            result.append(character)
            used += next
            return true
        }
        return result + "…" + (sawEscape ? "\u{1B}[0m" : "")
    }

    /// Calls `body` with each Character and whether it belongs to an escape sequence, until it returns false.
    private static func walk(_ text: String, _ body: (Character, Bool) -> Bool) {
        var inEscape = false
        var sawBracket = false
        for character in text {
            if character == "\u{1B}" {
                inEscape = true
                sawBracket = false
                guard body(character, true) else { return }
                continue
            }
            if inEscape {
                // NB: `ESC [` then parameters, ended by a letter: the SGR codes Trove writes.
                if character == "[", !sawBracket {
                    sawBracket = true
                } else if character.isLetter {
                    inEscape = false
                }
                guard body(character, true) else { return }
                continue
            }
            guard body(character, false) else { return }
        }
    }
}
