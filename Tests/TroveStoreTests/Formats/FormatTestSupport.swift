import Foundation
import Testing
import TroveStore

/// Fixed moments, worked out independently of the code under test (Python's datetime).
enum Moments {
    /// 2026-02-20T09:15:00Z
    static let feb20At0915 = Date(timeIntervalSince1970: 1_771_578_900)
    /// 2026-02-20T00:00:00Z
    static let feb20Midnight = Date(timeIntervalSince1970: 1_771_545_600)
    /// 2026-03-01T00:00:00Z
    static let mar1Midnight = Date(timeIntervalSince1970: 1_772_323_200)
    /// 2026-03-02T17:00:00Z
    static let mar2At1700 = Date(timeIntervalSince1970: 1_772_470_800)
    /// 2026-03-02T16:00:00Z
    static let mar2At1600 = Date(timeIntervalSince1970: 1_772_467_200)
    /// 2026-07-01T15:00:00Z
    static let jul1At1500 = Date(timeIntervalSince1970: 1_782_918_000)
}

func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

/// Reads every record of `text` in `format`.
func readAll(_ format: ReminderFormat, _ text: String, list: String? = nil) throws -> (records: [ReminderRecord], warnings: [String]) {
    var reader = format.makeReader(LineReader(string: text), list: list)
    var records: [ReminderRecord] = []
    while let record = try reader.next() { records.append(record) }
    return (records, reader.warnings)
}

/// The `FormatError` reading `text` throws; records an issue when it throws none.
func readError(_ format: ReminderFormat, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> FormatError? {
    do {
        _ = try readAll(format, text)
        Issue.record("expected an error reading \(text.debugDescription)", sourceLocation: sourceLocation)
        return nil
    } catch let error as FormatError {
        return error
    } catch {
        Issue.record("expected a FormatError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Writes records in `format` and returns the text.
func writeAll(_ format: ReminderFormat, _ records: [ReminderRecord]) throws -> (text: String, warnings: [String]) {
    let sink = ByteSink()
    var writer: any ReminderWriter =
        format == .ics ? ICalendarWriter(sink, now: Moments.feb20At0915) : format.makeWriter(sink)
    for record in records { try writer.write(record) }
    try writer.finish()
    return (sink.text, writer.warnings)
}

/// Reminders whose text would break a careless writer.
let hostileRecords: [ReminderRecord] = [
    ReminderRecord(
        title: "Quote \" backslash \\ and emoji 🎉👩‍👩‍👧", notes: "line one\nline two\ttabbed, \"quoted\"; semi\\colon",
        list: "Ünïcödé list", tags: ["日本語", "with space", "a;b"], priority: .high, isFlagged: true,
        createdAt: Date(timeIntervalSince1970: 1_771_578_900.123)),
    ReminderRecord(
        title: "Ελληνικά и русский 中文 العربية", notes: "NUL \u{0} bell \u{7} esc \u{1B} CRLF\r\nend",
        list: nil, tags: [], priority: .low, isCompleted: true, completedAt: Moments.mar1Midnight,
        due: .time(Moments.mar2At1700), createdAt: Moments.feb20Midnight),
    ReminderRecord(title: "Plain", due: .day(day("2026-03-02"))),
]
