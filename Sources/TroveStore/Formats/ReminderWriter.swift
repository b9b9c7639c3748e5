/// Writes reminders one at a time to a `ByteSink` in some format.
///
/// ```swift
/// var writer = ReminderFormat.ics.makeWriter(ByteSink(fileHandle: .standardOutput))
/// for record in records { try writer.write(record) }
/// try writer.finish()  // writes END:VCALENDAR and flushes
/// ```
public protocol ReminderWriter {
    /// - Throws: `FormatError` when the sink cannot be written.
    mutating func write(_ record: ReminderRecord) throws

    /// Writes any trailer and flushes the sink. Call exactly once, after the last record.
    mutating func finish() throws

    /// What the format could not hold (such as times of day in todo.txt), said once per export.
    var warnings: [String] { get }
}
