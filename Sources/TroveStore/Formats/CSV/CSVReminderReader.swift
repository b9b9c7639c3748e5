import CSV
import Foundation

/// Reads CSV with a header row naming the columns (`title` is required; any order).
///
/// ```swift
/// var reader = CSVReminderReader(LineReader(string: "title,tags,due\nBuy milk,\"dairy, shop\",2026-03-02\n"))
/// try reader.next()?.tags  // ["dairy", "shop"]
/// ```
///
/// Columns are the JSON Lines field names (matched in any case). An empty cell means absent.
/// `tags` holds comma-separated names; `flagged`/`completed` take true/false, yes/no or 1/0;
/// `repeat` an RRULE; `completions` one `DUE/COMPLETEDAT` per line (either side may be
/// empty); `icalendar` one kept iCalendar line per line. Line breaks inside quoted cells are
/// kept as written (CRLF stays CRLF). Unknown columns are ignored with one warning; blank
/// lines are skipped. A header with no comma outside quotes whose names are separated by
/// semicolons or tabs makes that the separator of the whole file, as spreadsheets in many
/// locales write CSV (`title;notes;due`) and as `trove search --format tsv` writes it.
public struct CSVReminderReader: ReminderReader {
    enum Column: String, CaseIterable {
        case id, uid, title, notes, list, tags, priority, flagged, completed, completedAt, due, `repeat`, createdAt, updatedAt
        case completions, icalendar
    }

    private var framer: CSVRecordFramer
    private let defaultList: String?
    private var header: [String]?
    private var columns: [Column?] = []
    private var unknownColumns: [String] = []
    /// ``unknownColumns`` as a set: a header of 100,000 names took 82 s to read while each
    /// was looked up in the array (issue 53).
    private var unknownColumnSet: Set<String> = []
    /// The line the last record returned by `next()` started on, for error messages.
    public private(set) var recordLine: Int?

    /// A reader of CSV lines with a header row; `list` is the list for rows without a `list` column.
    public init(_ lines: LineReader, list: String? = nil) {
        self.framer = CSVRecordFramer(lines: lines)
        self.defaultList = RecordRules.listName(list)
    }

    /// What the reader skipped, said once each: header columns it does not know.
    public var warnings: [String] {
        guard !unknownColumns.isEmpty else { return [] }
        let noun = unknownColumns.count == 1 ? "column" : "columns"
        // NB: a header of thousands of names is named by its first few, so the warning stays one line.
        let shown = unknownColumns.count <= Self.namedUnknownColumns
            ? unknownColumns.joined(separator: ", ")
            : unknownColumns.prefix(Self.namedUnknownColumns).joined(separator: ", ") + " and \(unknownColumns.count - Self.namedUnknownColumns) more"
        return ["ignored unknown \(noun) \(shown) (in the header on line 1)"]
    }

    /// The columns by their lowercased names: a header is matched in any case, in one lookup a name.
    static let columnsByName = Dictionary(uniqueKeysWithValues: Column.allCases.map { ($0.rawValue.lowercased(), $0) })

    /// How many unknown columns the warning names before it counts the rest.
    static let namedUnknownColumns = 20

    /// The next row as a record, or nil at the end of the file.
    /// - Throws: `FormatError` naming the line and column of a malformed row or value.
    public mutating func next() throws -> ReminderRecord? {
        if header == nil { try readHeader() }
        while let record = try frame() {
            if record.isBlank { continue }
            recordLine = record.line
            return try convert(cells(of: record), line: record.line)
        }
        return nil
    }

    private mutating func frame() throws -> CSVRecordFramer.Record? {
        do {
            return try framer.next()
        } catch let stray as CSVRecordFramer.StrayQuote {
            let name = header.flatMap { stray.fieldIndex < $0.count ? $0[stray.fieldIndex] : nil }
            throw FormatError(
                line: stray.line, field: name ?? "\(stray.fieldIndex + 1)", fieldKind: .column,
                problem: "text follows the closing quote of a quoted field",
                remedy: "Inside a quoted field write a double quote as two (\"\"), or quote the whole field.")
        }
    }

    private mutating func readHeader() throws {
        guard let record = try frame(), !record.isBlank else {
            throw FormatError(
                line: 1, problem: "the file has no header row",
                remedy: "Start the file with a header naming the columns, such as title,notes,list,tags,due.")
        }
        if let other = Self.delimiter(ofHeader: record.text) { framer.delimiter = UInt8(other.value) }
        let names = try cells(of: record).map { $0.trimmingCharacters(in: .whitespaces) }
        var seen = Set<Column>()
        for name in names {
            let column = Self.columnsByName[name.lowercased()]
            if let column {
                guard seen.insert(column).inserted else {
                    throw FormatError(
                        line: record.line, field: name, fieldKind: .column, problem: "the column appears twice in the header",
                        remedy: "Remove or rename one of them.")
                }
            } else if unknownColumnSet.insert(name).inserted {
                unknownColumns.append(name)
            }
            columns.append(column)
        }
        guard seen.contains(.title) else {
            throw FormatError(
                line: record.line, field: "title", fieldKind: .column, problem: "the header has no title column",
                remedy: "Name the columns in the first row; title is required, such as title,notes,list,tags,due.")
        }
        header = names
    }

    private func cells(of record: CSVRecordFramer.Record) throws -> [String] {
        let reader = try CSVReader(string: record.text, hasHeaderRow: false, delimiter: UnicodeScalar(framer.delimiter))
        return reader.next() ?? []
    }

    /// `;` or a tab when the header separates its names with it and has no comma outside
    /// quotes; nil for a comma-separated header (or one with a single name).
    ///
    /// ```swift
    /// CSVReminderReader.delimiter(ofHeader: "title;notes;due")   // ";"
    /// CSVReminderReader.delimiter(ofHeader: "title\tnotes")      // "\t"
    /// CSVReminderReader.delimiter(ofHeader: "title,\"a;b\"")     // nil
    /// ```
    static func delimiter(ofHeader text: String) -> UnicodeScalar? {
        var quoted = false
        var counts: [UnicodeScalar: Int] = [:]
        for scalar in text.unicodeScalars {
            if scalar == "\"" { quoted.toggle() } else if !quoted, [",", ";", "\t"].contains(scalar) { counts[scalar, default: 0] += 1 }
        }
        guard counts[",", default: 0] == 0 else { return nil }
        let semicolons = counts[";", default: 0], tabs = counts["\t", default: 0]
        guard semicolons + tabs > 0 else { return nil }
        return semicolons >= tabs ? ";" : "\t"
    }

    private func convert(_ cells: [String], line: Int) throws -> ReminderRecord {
        var record = ReminderRecord(title: "", list: defaultList)
        if cells.count > columns.count, cells[columns.count...].contains(where: { !$0.isEmpty }) {
            throw FormatError(
                line: line, problem: "the record has \(cells.count) cells but the header names \(columns.count) columns",
                remedy: "Quote cells that contain commas, or add the missing column names to the header.")
        }
        for (index, cell) in cells.prefix(columns.count).enumerated() {
            guard let column = columns[index], !cell.isEmpty else { continue }
            func invalid(_ expected: String, _ remedy: String) -> FormatError {
                FormatError(
                    line: line, field: column.rawValue, fieldKind: .column,
                    problem: "expected \(expected), got \(FormatError.quote(cell))", remedy: remedy)
            }
            switch column {
            case .title: record.title = cell
            case .notes: record.notes = cell
            case .list: record.list = cell
            case .tags:
                let tags = cell.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                record.tags = RecordRules.deduplicated(tags.filter { !$0.isEmpty })
            case .priority:
                guard let priority = Priority(name: cell.trimmingCharacters(in: .whitespaces)) else {
                    throw invalid("0–3 or none/low/medium/high", RecordRules.priorityRemedy)
                }
                record.priority = priority
            case .flagged, .completed:
                guard let value = RecordRules.bool(cell.trimmingCharacters(in: .whitespaces)) else {
                    throw invalid("true or false", "Write true or false (yes/no and 1/0 work too), or leave it empty.")
                }
                if column == .flagged { record.isFlagged = value } else { record.isCompleted = value }
            case .completedAt, .createdAt, .updatedAt:
                guard let date = Timestamp.parseISO(cell.trimmingCharacters(in: .whitespaces)) else {
                    throw invalid("an ISO 8601 date-time", RecordRules.dateRemedy)
                }
                switch column {
                case .completedAt: record.completedAt = date
                case .createdAt: record.createdAt = date
                default: record.updatedAt = date
                }
            case .id:
                guard let id = Int64(cell.trimmingCharacters(in: .whitespaces)) else {
                    throw invalid("a whole number", "Write the id as a whole number, or leave the cell empty.")
                }
                guard id >= 1 else { throw RecordRules.idError(id, line: line, field: column.rawValue, kind: .column) }
                record.id = id
            case .uid: record.uid = cell
            case .repeat:
                do {
                    record.repeat = try RepeatRule(rrule: cell)
                } catch {
                    throw invalid("an RRULE (\(error))", "Write a rule such as FREQ=WEEKLY;BYDAY=MO, or leave the cell empty.")
                }
            case .completions:
                record.completions = try cell.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map { entry in
                    let parts = entry.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
                    let due = parts[0].isEmpty ? nil : Timestamp.parseDue(String(parts[0]))
                    let done = parts.count < 2 || parts[1].isEmpty ? nil : Timestamp.parseISO(String(parts[1]))
                    guard parts.count == 2, due != nil || parts[0].isEmpty, done != nil || parts[1].isEmpty else {
                        throw invalid("DUE/COMPLETEDAT on each line", "Write each completion as 2026-03-02/2026-03-02T18:00:00.000Z (either side may be empty).")
                    }
                    return Completion(due: due, completedAt: done)
                }
            case .icalendar:
                record.icalendar = cell.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init)
            case .due:
                guard let due = Timestamp.parseDue(cell.trimmingCharacters(in: .whitespaces)) else {
                    throw invalid("YYYY-MM-DD or an ISO 8601 date-time", RecordRules.dueRemedy)
                }
                record.due = due
            }
        }
        guard !RecordRules.isBlank(record.title) else {
            throw RecordRules.titleError(line: line, field: "title", kind: .column, missing: false)
        }
        if record.completedAt != nil, !record.isCompleted {
            throw RecordRules.completedAtError(line: line, field: "completedAt", kind: .column, because: "the completed cell is false or empty")
        }
        return record
    }
}
