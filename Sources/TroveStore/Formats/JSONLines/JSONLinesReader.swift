import Foundation

/// Reads JSON Lines: one reminder object per line, blank lines skipped.
///
/// ```swift
/// var reader = JSONLinesReader(LineReader(string: #"{"title":"Buy milk","priority":"low","colour":1}"#))
/// try reader.next()?.priority  // .low
/// reader.warnings  // ["ignored unknown fields colour (first seen on line 1)"]
/// ```
///
/// Fields: `id` (a whole number), `uid` (a string), `title` (required, not blank), `notes`,
/// `list`, `tags` (array of strings), `priority` (0–3 or a name), `flagged`, `completed`
/// (booleans), `completedAt`, `createdAt`, `updatedAt` (ISO 8601), `due` (`YYYY-MM-DD` or ISO
/// 8601), `repeat` (an RRULE such as `FREQ=WEEKLY;BYDAY=MO`), `completions` (array of
/// `{"due":…,"completedAt":…}`), `icalendar` (array of iCalendar content lines kept verbatim).
/// Any field but `title` may be `null`, meaning absent. Wrong types are errors; unknown fields
/// are skipped with one warning per file. A key given twice in one object (RFC 8259 leaves
/// which one counts to the reader) is an error, as are an `id` outside 1…2^63−1 and a
/// `completedAt` on a reminder that is not `completed`: the reader never picks one silently.
public struct JSONLinesReader: ReminderReader {
    private var lines: LineReader
    private let defaultList: String?
    private var unknownFields: [String] = []
    private var unknownFieldSet: Set<String> = []
    private var firstUnknownLine = 0
    /// The line the last record returned by `next()` was on.
    public private(set) var recordLine: Int?
    /// The line of the file's first record: where a whole-file JSON array would start.
    private var firstRecordLine: Int?

    /// A reader of one JSON object per line; `list` is the list for objects without a `list` key.
    public init(_ lines: LineReader, list: String? = nil) {
        self.lines = lines
        self.defaultList = RecordRules.listName(list)
    }

    /// What the reader skipped, said once each: keys it does not know, with the first line they were on.
    public var warnings: [String] {
        guard !unknownFields.isEmpty else { return [] }
        let noun = unknownFields.count == 1 ? "field" : "fields"
        return ["ignored unknown \(noun) \(unknownFields.joined(separator: ", ")) (first seen on line \(firstUnknownLine))"]
    }

    /// The next object as a record, skipping blank lines; nil at the end.
    /// - Throws: `FormatError` naming the line, column and key of a malformed object or value.
    public mutating func next() throws -> ReminderRecord? {
        while let line = try lines.next() {
            if line.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            recordLine = line.number
            if firstRecordLine == nil { firstRecordLine = line.number }
            return try line.bytes.withUnsafeBufferPointer { bytes in
                try parse(JSONScanner(bytes: bytes, line: line.number))
            }
        }
        return nil
    }

    private mutating func parse(_ json: JSONScanner) throws -> ReminderRecord {
        var json = json
        var title: String?
        var record = ReminderRecord(title: "", list: defaultList)
        json.skipWhitespace()
        if recordLine == firstRecordLine, json.peek == UInt8(ascii: "[") {
            // NB: a file that is one JSON array (what many apps export) is a common near miss;
            // say how to convert it.
            var error = json.syntaxError("the line starts a JSON array; JSON Lines holds one object per line, with no [ ] around them")
            error.remedy = "Convert the array to one object per line, for example with jq -c '.[]' FILE > FILE.jsonl, and import that."
            throw error
        }
        guard json.consume("{") else { throw json.unexpected(expected: "'{' starting a JSON object") }
        json.skipWhitespace()
        // NB: a bit per known field, and a set only once an unknown key turns up, so the check
        // for a repeated key costs nothing measurable on a million-line import.
        var seen: UInt32 = 0
        var seenUnknown: Set<String> = []
        if !json.consume("}") {
            while true {
                json.skipWhitespace()
                guard json.peek == UInt8(ascii: "\"") else { throw json.unexpected(expected: "a field name in double quotes") }
                let (range, escaped) = try json.scanString()
                let keyBytes = UnsafeBufferPointer(rebasing: json.bytes[range])
                let field = escaped ? JSONField(rawValue: try json.decodeEscapes(range)) : JSONField(bytes: keyBytes)
                json.skipWhitespace()
                guard json.consume(":") else {
                    throw json.unexpected(expected: "':' after \"\(String(decoding: keyBytes, as: UTF8.self))\"")
                }
                json.skipWhitespace()
                let key = field?.rawValue ?? ""
                if let field {
                    guard seen & field.bit == 0 else { throw Self.repeatedKey(key, line: json.line) }
                    seen |= field.bit
                } else {
                    let name = escaped ? try json.decodeEscapes(range) : String(decoding: keyBytes, as: UTF8.self)
                    guard seenUnknown.insert(name).inserted else { throw Self.repeatedKey(name, line: json.line) }
                }
                switch field {
                case .title: title = try json.text(field: key, nullable: false)
                case .notes: record.notes = try json.text(field: key) ?? ""
                case .list: record.list = RecordRules.listName(try json.text(field: key)) ?? defaultList
                case .tags: record.tags = try json.tags(field: key)
                case .priority: record.priority = try json.priority(field: key)
                case .flagged: record.isFlagged = try json.bool(field: key)
                case .completed: record.isCompleted = try json.bool(field: key)
                case .completedAt: record.completedAt = try json.date(field: key)
                case .createdAt: record.createdAt = try json.date(field: key)
                case .due: record.due = try json.due(field: key)
                case .id:
                    record.id = try json.integer(field: key)
                    if let id = record.id, id < 1 { throw RecordRules.idError(id, line: json.line, field: key) }
                case .uid: record.uid = try json.text(field: key)
                case .repeat: record.repeat = try json.repeatRule(field: key)
                case .updatedAt: record.updatedAt = try json.date(field: key)
                case .completions: record.completions = try json.completions(field: key)
                case .icalendar: record.icalendar = try json.strings(field: key)
                case nil:
                    noteUnknown(escaped ? try json.decodeEscapes(range) : String(decoding: keyBytes, as: UTF8.self), line: json.line)
                    try json.skipValue()
                }
                json.skipWhitespace()
                if json.consume(",") { continue }
                if json.consume("}") { break }
                throw json.unexpected(expected: "',' or '}' after the value of \"\(String(decoding: keyBytes, as: UTF8.self))\"")
            }
        }
        json.skipWhitespace()
        guard json.atEnd else { throw json.syntaxError("unexpected text after the object") }
        guard let title else { throw RecordRules.titleError(line: json.line, field: "title", missing: true) }
        guard !RecordRules.isBlank(title) else { throw RecordRules.titleError(line: json.line, field: "title", missing: false) }
        record.title = title
        if record.completedAt != nil, !record.isCompleted {
            throw RecordRules.completedAtError(line: json.line, field: "completedAt", because: "\"completed\" is false or missing")
        }
        return record
    }

    private static func repeatedKey(_ key: String, line: Int) -> FormatError {
        FormatError(
            line: line, field: key, problem: "the key appears twice in one object",
            remedy: "Keep one of the two values: Trove will not guess which one you meant.")
    }

    private mutating func noteUnknown(_ key: String, line: Int) {
        guard unknownFieldSet.insert(key).inserted else { return }
        if unknownFields.isEmpty { firstUnknownLine = line }
        unknownFields.append(key)
    }
}
