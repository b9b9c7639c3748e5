import Foundation
import TroveSearch
import TroveStore

/// `--format csv` and `tsv`: a header row, then one row per hit, with the fields of the JSON hit.
///
/// ```swift
/// try SearchDelimited.csv.render([(hit, reminder)])
/// // id,uid,title,notes,list,tags,priority,flagged,completed,completedAt,due,repeat,createdAt,updatedAt,completions,icalendar,rank,titleHighlighted,snippet,matchedFields,typo,wordForm\r\n
/// // 12,0193…,"Call the dentist, then the bank",,Health,"phone,errand",high,false,false,,2026-03-02,,2026-02-20T09:15:00.000Z,…,-3.1,…\r\n
/// ```
///
/// The reminder's cells are `trove export --format csv`'s (``CSVReminderWriter/cells(_:)``);
/// the hit's own follow.
enum SearchDelimited {
    /// RFC 4180, written by CSV.swift (``CSVRow``): rows end in CRLF, as `trove export --format
    /// csv` writes them.
    case csv
    /// Tab-separated; a tab, newline, carriage return or backslash in a field is written as
    /// `\t`, `\n`, `\r` or `\\`, so every row is one line with one tab between fields.
    case tsv

    static let header = CSVReminderWriter.columns + ["rank", "titleHighlighted", "snippet", "matchedFields", "typo", "wordForm"]

    /// The header and the rows.
    func render(_ hits: [(SearchHit, Reminder)]) throws -> String {
        var bytes: [UInt8] = []
        for fields in [SearchDelimited.header] + hits.map(SearchDelimited.fields) { try row(fields, to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func fields(_ hit: SearchHit, _ reminder: Reminder) -> [String] {
        CSVReminderWriter.cells(reminder.record) + [
            "\(hit.rank)", hit.titleHighlighted, hit.snippet, SearchJSON.matchedFields(hit).joined(separator: ","),
            // NB: true/false, as the reminder's own flagged and completed cells are written.
            "\(hit.isTypo)", "\(hit.isWordForm)",
        ]
    }

    private func row(_ fields: [String], to bytes: inout [UInt8]) throws {
        switch self {
        case .csv:
            bytes += try CSVRow.bytes(fields)
        case .tsv:
            bytes += fields.map(SearchDelimited.escapeTSV).joined(separator: "\t").utf8
            bytes.append(0x0A)
        }
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
