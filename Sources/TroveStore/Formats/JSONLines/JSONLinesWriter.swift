import Foundation

/// Writes the canonical JSON Lines shape, one ``ReminderJSON`` object per line, compact.
///
/// ```swift
/// try writer.write(ReminderRecord(id: 4, uid: "0193…", title: "Buy \"oat\" milk", list: "Groceries", due: .day(CalendarDay("2026-03-02")!)))
/// // {"id":4,"uid":"0193…","title":"Buy \"oat\" milk","notes":"","list":"Groceries","tags":[],"priority":"none",
/// //  "flagged":false,"completed":false,"completedAt":null,"due":"2026-03-02","repeat":null,"createdAt":null,
/// //  "updatedAt":null,"completions":[],"icalendar":[]}
/// ```
///
/// Dates are UTC `YYYY-MM-DDTHH:MM:SS.SSSZ`; a due day is `YYYY-MM-DD`; strings are escaped as
/// ``JSONValue`` escapes them. Reading the output back and writing it again gives the same bytes.
public struct JSONLinesWriter: ReminderWriter {
    private let sink: ByteSink
    private var line: [UInt8] = []

    /// A writer of one JSON object per line to `sink`, in the same form as `trove search --format json`.
    public init(_ sink: ByteSink) {
        self.sink = sink
        line.reserveCapacity(512)
    }

    /// Always empty: JSON Lines holds every field.
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

    /// Writes one reminder as one line of JSON.
    /// - Throws: `FormatError` when the sink cannot be written.
    public mutating func write(_ record: ReminderRecord) throws {
        line.removeAll(keepingCapacity: true)
        JSONValue.object(ReminderJSON.members(record)).write(to: &line)
        line.append(0x0A)
        sink.append(line)
        try sink.flushIfFull()
    }

    /// Flushes the sink.
    /// - Throws: `FormatError` when the sink cannot be written.
    public mutating func finish() throws {
        try sink.flush()
    }
}
