public import Foundation
import TroveQuery

/// A date with no time of day, such as an all-day due date: `2026-03-02`.
///
/// ```swift
/// CalendarDay("2026-02-28")!.adding(days: 1).description  // "2026-03-01"
/// ```
public struct CalendarDay: Hashable, Sendable, Comparable, LosslessStringConvertible {
    /// The year, 1 to 9999.
    public var year: Int
    /// The month, 1 to 12.
    public var month: Int
    /// The day of the month, 1 to 31.
    public var day: Int

    /// Checks the date: `CalendarDay(year: 2026, month: 2, day: 30)` is nil.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Int(SQLDateText.daysIn(month: Int64(month), year: Int64(year)))).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`.
    ///
    /// NB: read byte by byte: every search hit with a due date reads one, and splitting the text
    /// into Strings was about 6% of a rare word's search at 100,000 reminders (`perf`).
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ positions: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[positions] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day `date` falls on in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone = .current) {
        let offset = TimeInterval(timeZone.secondsFromGMT(for: date))
        let days = Int64(((date.timeIntervalSince1970 + offset) / 86_400).rounded(.down))
        self.init(daysSince1970: days)
    }

    /// The day a number of days after 1970-01-01.
    public init(daysSince1970 days: Int64) {
        let civil = SQLDateText.civil(fromDays: days)
        self.year = Int(civil.year)
        self.month = Int(civil.month)
        self.day = Int(civil.day)
    }

    /// Days from 1970-01-01 to this day (negative before it), in the proleptic Gregorian calendar.
    public var daysSince1970: Int64 {
        SQLDateText.days(fromCivil: Int64(year), Int64(month), Int64(day))
    }

    /// The day `days` later (earlier when negative), unchecked: the result may fall outside
    /// year 1 to 9999. Use ``advanced(byDays:)`` for a number a person typed.
    public func adding(days: Int) -> CalendarDay {
        CalendarDay(daysSince1970: daysSince1970 + Int64(days))
    }

    /// The day `days` later, or nil when it falls outside ``ValidDates/days``.
    ///
    /// ```swift
    /// CalendarDay("2026-03-02")!.advanced(byDays: 3_000_000)   // nil: year 10240
    /// CalendarDay("2026-03-02")!.advanced(byDays: .max)        // nil, without overflowing
    /// ```
    public func advanced(byDays days: Int) -> CalendarDay? {
        let (sum, overflow) = daysSince1970.addingReportingOverflow(Int64(days))
        let range = ValidDates.days.lowerBound.daysSince1970...ValidDates.days.upperBound.daysSince1970
        guard !overflow, range.contains(sum) else { return nil }
        return CalendarDay(daysSince1970: sum)
    }

    /// Midnight at the start of this day in `timeZone`.
    public func start(in timeZone: TimeZone = .current) -> Date {
        let utcMidnight = Date(timeIntervalSince1970: TimeInterval(daysSince1970 * 86_400))
        return utcMidnight.addingTimeInterval(-TimeInterval(timeZone.secondsFromGMT(for: utcMidnight)))
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        SQLDateText.pad(Int64(year), 4) + "-" + SQLDateText.pad(Int64(month), 2) + "-"
            + SQLDateText.pad(Int64(day), 2)
    }

    /// Whether `lhs` comes before `rhs` in the calendar.
    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
