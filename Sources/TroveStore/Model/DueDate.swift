public import Foundation
import TroveQuery

/// When a reminder is due: on a day (all day), or at a moment.
///
/// In the database `reminders.due_date` holds text that sorts in time order:
/// `2026-03-02` for a day, `2026-03-02 09:30:00.000` (UTC) for a moment.
public enum DueDate: Hashable, Sendable, Comparable {
    case day(CalendarDay)
    case time(Date)

    /// The text stored in `reminders.due_date`.
    public var storageText: String {
        switch self {
        case .day(let day): day.description
        case .time(let date): SQLDateText.format(date)
        }
    }

    /// Reads `YYYY-MM-DD` as a day, and any date-time `SQLDateText.parse` accepts
    /// (ISO 8601 included) as a moment; nil outside ``ValidDates`` (such as `0000-01-01`).
    public init?(storageText text: String) {
        if let day = CalendarDay(text) {
            self = .day(day)
        } else if let date = SQLDateText.parse(text), ValidDates.contains(date) {
            self = .time(date)
        } else {
            return nil
        }
    }

    /// The calendar day it falls on in `timeZone`.
    public func day(in timeZone: TimeZone = .current) -> CalendarDay {
        switch self {
        case .day(let day): day
        case .time(let date): CalendarDay(date, in: timeZone)
        }
    }

    /// Whether `lhs` comes before `rhs`, as `ORDER BY due_date` sorts them: by storage text, so a day sorts before any time on it.
    public static func < (lhs: DueDate, rhs: DueDate) -> Bool {
        lhs.storageText < rhs.storageText
    }
}
