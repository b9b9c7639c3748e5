/// One-line SQL laid out for reading in a snapshot: a clause per line, the items of `SELECT`,
/// `GROUP BY` and `ORDER BY` one per line, and each top-level `AND` of `WHERE` on its own line.
///
/// ```swift
/// layOutSQL(#"SELECT "id", "title" FROM "reminders" WHERE ("done" = 0) AND ("list_id" = 2) LIMIT 5"#)
/// // SELECT
/// //   "id",
/// //   "title"
/// // FROM "reminders"
/// // WHERE ("done" = 0)
/// //   AND ("list_id" = 2)
/// // LIMIT 5
/// ```
///
/// Only the top level is laid out: text inside parentheses, quotes and identifiers is left as it
/// is, so a subquery or a literal that holds `FROM` stays on its line.
///
/// With `elidingSelectList`, the items of the first `SELECT` become one `…`: what
/// `assertSearch`
/// shows, since every search selects the same columns and its `WHERE` and `ORDER BY` are what
/// tell searches apart.
///
/// ```swift
/// layOutSQL(#"SELECT "id", "title" FROM "reminders" WHERE ("done" = 0) LIMIT 5"#, elidingSelectList: true)
/// // SELECT …
/// // FROM "reminders"
/// // WHERE ("done" = 0)
/// // LIMIT 5
/// ```
///
/// - Parameters:
///   - sql: SQL text, typically `SQLFragment.debugDescription`.
///   - elidingSelectList: Whether to show the first `SELECT`'s items as `…`.
/// - Returns: The same text with line breaks and indentation added; nothing else changes
///   (but the elided items).
func layOutSQL(_ sql: String, elidingSelectList: Bool = false) -> String {
    let text = Array(sql)
    var output = ""
    var depth = 0
    var quote: Character?
    var clause = ""
    var index = 0

    /// Whether `word` is at `position` as a whole word.
    func word(_ word: String, at position: Int) -> Bool {
        let letters = Array(word)
        guard position + letters.count <= text.count, Array(text[position..<(position + letters.count)]) == letters
        else { return false }
        let end = position + letters.count
        return end == text.count || text[end] == " "
    }
    func skipSpaces() {
        while index < text.count, text[index] == " " { index += 1 }
    }

    for start in ["SELECT DISTINCT", "SELECT"] where word(start, at: 0) {
        output = start + "\n  "
        clause = "SELECT"
        index = start.count
        skipSpaces()
        break
    }
    // NB: true while the elided items are skipped, up to the first top-level clause keyword.
    var eliding = elidingSelectList && clause == "SELECT"
    if eliding { output = output.hasPrefix("SELECT DISTINCT") ? "SELECT DISTINCT …" : "SELECT …" }
    while index < text.count {
        let character = text[index]
        if eliding, quote == nil, depth == 0, character == " ",
            clauseKeywords.contains(where: { word($0, at: index + 1) })
        {
            eliding = false
        }
        if eliding {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "(" {
                depth += 1
            } else if character == ")" {
                depth -= 1
            }
            index += 1
            continue
        }
        if let open = quote {
            output.append(character)
            // NB: a doubled quote ('') closes and reopens, which leaves the state right.
            if character == open { quote = nil }
            index += 1
            continue
        }
        switch character {
        case "'", "\"":
            quote = character
        case "(":
            depth += 1
        case ")":
            depth -= 1
        case "," where depth == 0 && listClauses.contains(clause):
            output += ",\n  "
            index += 1
            skipSpaces()
            continue
        case " " where depth == 0:
            if let keyword = clauseKeywords.first(where: { word($0, at: index + 1) }) {
                output += "\n" + keyword
                clause = keyword
                index += 1 + keyword.count
                if listClauses.contains(keyword) {
                    output += "\n  "
                    skipSpaces()
                }
                continue
            }
            if clause == "WHERE" || clause == "HAVING", word("AND", at: index + 1) {
                output += "\n  AND"
                index += 4
                continue
            }
        default:
            break
        }
        output.append(character)
        index += 1
    }
    return output
}

/// Keywords that start a line; longer spellings first, so `LEFT JOIN` wins over `JOIN`.
private let clauseKeywords = [
    "FROM", "LEFT JOIN", "CROSS JOIN", "JOIN", "WHERE", "GROUP BY", "HAVING", "ORDER BY", "LIMIT", "UNION ALL", "UNION",
]

/// Clauses whose comma-separated items go one per line.
private let listClauses: Set<String> = ["SELECT", "GROUP BY", "ORDER BY"]
