import Foundation

/// Writes CSV with a header row, CRLF line endings (RFC 4180), and fields quoted when needed.
///
/// ```swift
/// // id,uid,title,notes,list,tags,priority,flagged,completed,completedAt,due,repeat,createdAt,updatedAt,completions,icalendar
/// // 4,0193…,Buy milk,,Groceries,"dairy,shop",low,false,false,,2026-03-02,,,,,
/// ```
///
/// `completions` holds one `DUE/COMPLETEDAT` per line, `icalendar` one kept line per line.
///
/// Empty cells stand for nil. A tag that contains a comma cannot survive the comma-separated
/// `tags` cell; such exports are counted in `warnings`.
public struct CSVReminderWriter: ReminderWriter {
    private let sink: ByteSink
    private var wroteHeader = false
    private var tagsWithCommas = 0

    /// A writer of CSV to `sink`; the header row is written before the first record.
    public init(_ sink: ByteSink) {
        self.sink = sink
    }

    /// What the file cannot hold exactly, said once each: tags containing a comma.
    public var warnings: [String] {
        guard tagsWithCommas > 0 else { return [] }
        return ["\(tagsWithCommas) reminder(s) have a tag containing a comma; CSV splits it into separate tags on import (JSON Lines keeps it)"]
    }

    /// The header: the JSON Lines field names, in their order (`id` first).
    public static let columns = CSVReminderReader.Column.allCases.map(\.rawValue)

    /// A record's cells, in ``columns`` order: tags joined with `,`, booleans `true`/`false`,
    /// dates as JSON Lines writes them, nil as an empty cell.
    public static func cells(_ record: ReminderRecord) -> [String] {
        [
            record.id.map(String.init) ?? "",
            record.uid ?? "",
            record.title,
            record.notes,
            record.list ?? "",
            record.tags.joined(separator: ","),
            record.priority.name,
            record.isFlagged ? "true" : "false",
            record.isCompleted ? "true" : "false",
            record.completedAt.map(Timestamp.iso) ?? "",
            record.due.map(Timestamp.dueText) ?? "",
            record.repeat?.rrule ?? "",
            record.createdAt.map(Timestamp.iso) ?? "",
            record.updatedAt.map(Timestamp.iso) ?? "",
            record.completions.map { completion in
                (completion.due.map(Timestamp.dueText) ?? "") + "/" + (completion.completedAt.map(Timestamp.iso) ?? "")
            }.joined(separator: "\n"),
            record.icalendar.joined(separator: "\n"),
        ]
    }

    /// Writes one reminder as one CSV row (quoted where RFC 4180 needs it).
    /// - Throws: `FormatError` when the sink cannot be written.
    public mutating func write(_ record: ReminderRecord) throws {
        try writeHeaderOnce()
        if record.tags.contains(where: { $0.contains(",") }) { tagsWithCommas += 1 }
        sink.append(try CSVRow.bytes(Self.cells(record)))
        try sink.flushIfFull()
    }

    /// Writes the header if no record was written, and flushes the sink.
    /// - Throws: `FormatError` when the sink cannot be written.
    public mutating func finish() throws {
        try writeHeaderOnce()
        try sink.flush()
    }

    private mutating func writeHeaderOnce() throws {
        guard !wroteHeader else { return }
        sink.append(try CSVRow.bytes(Self.columns))
        wroteHeader = true
    }
}
