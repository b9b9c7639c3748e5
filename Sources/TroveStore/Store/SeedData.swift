import Foundation

/// `seed-data/reminders.jsonl`, embedded at build time: the demo store and the test fixture.
///
/// ```swift
/// var reader = SeedData.reader(today: CalendarDay("2026-03-09")!)  // every date 7 days later
/// try await store.importRecords(&reader, source: SeedData.source)
/// ```
public enum SeedData {
    /// The name imports report errors against.
    public static let source = "seed-data/reminders.jsonl"

    /// The file's text, as embedded.
    public static var jsonl: String {
        EmbeddedResources.files.first { $0.path == source }?.text ?? ""
    }

    /// A reader over the seed data with every date moved by `today − ReminderStore.seedPinnedDay`
    /// days, so what is due "today" in the file is due on `today`.
    public static func reader(today: CalendarDay = ReminderStore.seedPinnedDay) -> DateShiftingReader<JSONLinesReader> {
        DateShiftingReader(
            JSONLinesReader(LineReader(string: jsonl)),
            days: Int(today.daysSince1970 - ReminderStore.seedPinnedDay.daysSince1970))
    }
}

/// Wraps a reader and moves every date of every record by a whole number of days.
public struct DateShiftingReader<Base: ReminderReader>: ReminderReader {
    private var base: Base
    /// How many days every date moves; negative moves them back.
    public let days: Int

    /// A reader over `base` that moves every date by `days` days.
    public init(_ base: Base, days: Int) {
        self.base = base
        self.days = days
    }

    /// The base reader's warnings.
    public var warnings: [String] { base.warnings }
    /// The base reader's line.
    public var recordLine: Int? { base.recordLine }
    /// The base reader's limits.
    public var limits: FormatLimits { base.limits }

    /// The base reader's next record with every date moved; nil at the end.
    /// - Throws: What the base reader throws.
    public mutating func next() throws -> ReminderRecord? {
        guard var record = try base.next() else { return nil }
        guard days != 0 else { return record }
        let seconds = TimeInterval(days) * 86_400
        record.createdAt = record.createdAt?.addingTimeInterval(seconds)
        record.completedAt = record.completedAt?.addingTimeInterval(seconds)
        record.updatedAt = record.updatedAt?.addingTimeInterval(seconds)
        switch record.due {
        case .day(let day): record.due = .day(day.adding(days: days))
        case .time(let moment): record.due = .time(moment.addingTimeInterval(seconds))
        case nil: break
        }
        return record
    }
}
