import Foundation

/// Writes the canonical JSON Lines shape: every field, always in this order, compact.
///
/// ```swift
/// try writer.write(ReminderRecord(id: 4, uid: "0193…", title: "Buy \"oat\" milk", list: "Groceries", due: .day(CalendarDay("2026-03-02")!)))
/// // {"id":4,"uid":"0193…","title":"Buy \"oat\" milk","notes":"","list":"Groceries","tags":[],"priority":"none",
/// //  "flagged":false,"completed":false,"completedAt":null,"due":"2026-03-02","repeat":null,"createdAt":null,
/// //  "updatedAt":null,"completions":[],"icalendar":[]}
/// ```
///
/// Dates are UTC `YYYY-MM-DDTHH:MM:SS.SSSZ`; a due day is `YYYY-MM-DD`. Strings escape `"`, `\`
/// and control characters (`\n`, `\r`, `\t`, else `\u00XX`); other text is written as UTF-8.
/// Reading the output back and writing it again gives the same bytes.
public struct JSONLinesWriter: ReminderWriter {
    private let sink: ByteSink
    private var line: [UInt8] = []

    public init(_ sink: ByteSink) {
        self.sink = sink
        line.reserveCapacity(512)
    }

    public var warnings: [String] { [] }

    /// One record as its JSON Lines line, without the newline: what `trove show --format json`
    /// prints and the journal stores, from this one encoder.
    ///
    /// ```swift
    /// JSONLinesWriter.line(for: reminder.record)  // {"id":4,"uid":"0193…","title":"Buy milk",…}
    /// ```
    public static func line(for record: ReminderRecord) -> String {
        let sink = ByteSink()
        var writer = JSONLinesWriter(sink)
        try? writer.write(record)  // NB: a memory sink cannot fail
        var text = sink.text
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    public mutating func write(_ record: ReminderRecord) throws {
        line.removeAll(keepingCapacity: true)
        raw(#"{"id":"#)
        if let id = record.id { raw(String(id)) } else { raw("null") }
        raw(#","uid":"#)
        if let uid = record.uid { string(uid) } else { raw("null") }
        raw(#","title":"#)
        string(record.title)
        raw(#","notes":"#)
        string(record.notes)
        raw(#","list":"#)
        if let list = record.list { string(list) } else { raw("null") }
        raw(#","tags":["#)
        for (index, tag) in record.tags.enumerated() {
            if index > 0 { line.append(UInt8(ascii: ",")) }
            string(tag)
        }
        raw(#"],"priority":""#)
        raw(record.priority.name)
        raw(#"","flagged":"#)
        raw(record.isFlagged ? "true" : "false")
        raw(#","completed":"#)
        raw(record.isCompleted ? "true" : "false")
        raw(#","completedAt":"#)
        date(record.completedAt)
        raw(#","due":"#)
        due(record.due)
        raw(#","repeat":"#)
        if let rule = record.repeat { string(rule.rrule) } else { raw("null") }
        raw(#","createdAt":"#)
        date(record.createdAt)
        raw(#","updatedAt":"#)
        date(record.updatedAt)
        raw(#","completions":["#)
        for (index, completion) in record.completions.enumerated() {
            if index > 0 { line.append(UInt8(ascii: ",")) }
            raw(#"{"due":"#)
            due(completion.due)
            raw(#","completedAt":"#)
            date(completion.completedAt)
            line.append(UInt8(ascii: "}"))
        }
        raw(#"],"icalendar":["#)
        for (index, kept) in record.icalendar.enumerated() {
            if index > 0 { line.append(UInt8(ascii: ",")) }
            string(kept)
        }
        raw("]}\n")
        sink.append(line)
        try sink.flushIfFull()
    }

    public mutating func finish() throws {
        try sink.flush()
    }

    private mutating func raw(_ text: StaticString) {
        line.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func raw(_ text: String) {
        line.append(contentsOf: text.utf8)
    }

    private mutating func due(_ due: DueDate?) {
        switch due {
        case nil: raw("null")
        case .day(let day): string(day.description)
        case .time(let moment): date(moment)
        }
    }

    private mutating func date(_ date: Date?) {
        guard let date else { return raw("null") }
        line.append(UInt8(ascii: "\""))
        Timestamp.appendISO(date, to: &line)
        line.append(UInt8(ascii: "\""))
    }

    private mutating func string(_ text: String) {
        line.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw(#"\""#)
            case UInt8(ascii: "\\"): raw(#"\\"#)
            case 0x0A: raw(#"\n"#)
            case 0x0D: raw(#"\r"#)
            case 0x09: raw(#"\t"#)
            case 0..<0x20:
                raw(#"\u00"#)
                line.append(Self.hexDigits[Int(byte >> 4)])
                line.append(Self.hexDigits[Int(byte & 0xF)])
            default: line.append(byte)
            }
        }
        line.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
