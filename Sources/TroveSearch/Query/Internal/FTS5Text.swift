/// How user text becomes an FTS5 string, following the `unicode61` tokenizer's view of characters.
///
/// See https://www.sqlite.org/fts5.html#fts5_strings and #unicode61_tokenizer.
enum FTS5Text {
    /// True when FTS5's `unicode61` tokenizer would find at least one token in `text`.
    ///
    /// Token characters are letters (L*), numbers (N*) and private use (Co); everything else
    /// separates tokens. `e-mail` has tokens; `-`, `🎉`, `:` and a lone combining accent do not.
    /// (Checked against SQLite 3.40.1: marks (Mn) are not tokens even with `remove_diacritics 2`.)
    static func hasTokenCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isTokenCharacter)
    }

    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .privateUse:
            return true
        default:
            return false
        }
    }

    /// `text` as one FTS5 string: in double quotes, with `"` doubled.
    ///
    /// ```swift
    /// FTS5Text.quoted(#"say "hi""#)   // "say ""hi"""
    /// ```
    ///
    /// Control characters become spaces: FTS5 reads its query as a C string, so a NUL would end
    /// it mid-string, and to the tokenizer they separate tokens anyway.
    static func quoted(_ text: String) -> String {
        var result = "\""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 2)
        for scalar in text.unicodeScalars {
            if scalar == "\"" {
                result.unicodeScalars.append("\"")
                result.unicodeScalars.append("\"")
            } else if scalar.properties.generalCategory == .control {
                result.unicodeScalars.append(" ")
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        result.unicodeScalars.append("\"")
        return result
    }
}
