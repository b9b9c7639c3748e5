import CSV
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

    public init(_ sink: ByteSink) {
        self.sink = sink
    }

    public var warnings: [String] {
        guard tagsWithCommas > 0 else { return [] }
        return ["\(tagsWithCommas) reminder(s) have a tag containing a comma; CSV splits it into separate tags on import (JSON Lines keeps it)"]
    }

    public mutating func write(_ record: ReminderRecord) throws {
        if !wroteHeader {
            try row(CSVReminderReader.Column.allCases.map(\.rawValue))
            wroteHeader = true
        }
        if record.tags.contains(where: { $0.contains(",") }) { tagsWithCommas += 1 }
        try row([
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
        ])
        try sink.flushIfFull()
    }

    public mutating func finish() throws {
        if !wroteHeader {
            try row(CSVReminderReader.Column.allCases.map(\.rawValue))
            wroteHeader = true
        }
        try sink.flush()
    }

    /// NB: one CSV.swift writer per row, into memory, because it writes to an `OutputStream`
    /// a byte at a time; the sink does the buffered file I/O.
    private func row(_ cells: [String]) throws {
        let stream = OutputStream(toMemory: ())
        let writer = try CSVWriter(stream: stream)
        try writer.write(row: cells)
        let data = withExtendedLifetime(writer) {
            stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data ?? Data()
        }
        sink.append(data)
        sink.append(Array("\r\n".utf8))
    }
}
