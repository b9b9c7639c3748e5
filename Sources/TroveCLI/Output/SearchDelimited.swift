import Foundation
import TroveSearch
import TroveStore

/// `--format csv` and `tsv`: a header row, then one row per hit, with the fields of the JSON hit.
///
/// ```swift
/// SearchDelimited.csv.render([hit])
/// // id,title,notes,list,tags,priority,flagged,completed,due,rank,titleHighlighted,snippet\r\n
/// // 12,"Call the dentist, then the bank",,Health,"phone, errand",high,false,false,2026-03-02,-3.1,…\r\n
/// ```
enum SearchDelimited {
    /// RFC 4180: a field holding `,`, `"`, CR or LF is quoted with `"` doubled; rows end in CRLF,
    /// as `trove export --format csv` writes them.
    case csv
    /// Tab-separated; a tab, newline, carriage return or backslash in a field is written as
    /// `\t`, `\n`, `\r` or `\\`, so every row is one line with one tab between fields.
    case tsv

    static let header = [
        "id", "title", "notes", "list", "tags", "priority", "flagged", "completed", "due", "rank",
        "titleHighlighted", "snippet", "repeat",
    ]

    /// The header and the rows.
    func render(_ hits: [SearchHit]) -> String {
        ([SearchDelimited.header] + hits.map(SearchDelimited.fields)).map(row).joined()
    }

    /// Tags are joined with `, `; booleans are `true`/`false`; `due` as in JSON.
    static func fields(_ hit: SearchHit) -> [String] {
        [
            String(hit.id), hit.title, hit.notes, hit.list, hit.tags.joined(separator: ", "), hit.priority.name,
            String(hit.isFlagged), String(hit.isCompleted), hit.due.map(SearchJSON.dueText) ?? "", "\(hit.rank)",
            hit.titleHighlighted, hit.snippet, hit.repeatRule?.rrule ?? "",
        ]
    }

    func row(_ fields: [String]) -> String {
        switch self {
        case .csv: fields.map(SearchDelimited.quoteCSV).joined(separator: ",") + "\r\n"
        case .tsv: fields.map(SearchDelimited.escapeTSV).joined(separator: "\t") + "\n"
        }
    }

    static func quoteCSV(_ field: String) -> String {
        // NB: unicodeScalars, because "\r\n" is one Character and `contains("\n")` would miss it.
        guard field.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func escapeTSV(_ field: String) -> String {
        var result = ""
        for scalar in field.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
