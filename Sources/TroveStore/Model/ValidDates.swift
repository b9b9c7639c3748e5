public import Foundation
import TroveQuery

/// The dates Trove keeps: 0001-01-01 through 9999-12-31 (UTC for moments), the years that
/// `YYYY-MM-DD` writes in four digits.
///
/// Every way a date gets in checks it against this range (`trove add`/`edit --due`, every
/// import format, `ReminderStore.add`/`update`, `due:` in the query language), so that
/// whatever is stored is shown, exported and imported again unchanged. Before issue 15,
/// `--due +3000000` stored year 10240, which search showed blank and export wrote as null,
/// and `--due 0000-01-01` was kept and exported in a form import refuses.
///
/// ```swift
/// ValidDates.contains(Date(timeIntervalSince1970: 0))   // true
/// ValidDates.days.upperBound.description                // "9999-12-31"
/// ```
public enum ValidDates {
    /// 0001-01-01 ... 9999-12-31.
    public static let days = CalendarDay(year: 1, month: 1, day: 1)!...CalendarDay(year: 9999, month: 12, day: 31)!

    /// `0001-01-01 to 9999-12-31`, for messages.
    public static let description = "\(days.lowerBound) to \(days.upperBound)"

    /// Milliseconds since 1970 of the first and the last millisecond in range.
    static let millis: ClosedRange<Int64> =
        days.lowerBound.daysSince1970 * 86_400_000...(days.upperBound.daysSince1970 + 1) * 86_400_000 - 1

    /// Whether a moment falls on a day in range (in UTC).
    public static func contains(_ date: Date) -> Bool {
        // NB: compared as Doubles first, so a wild value cannot trap converting to Int64.
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, seconds >= Double(millis.lowerBound) / 1000 - 1, seconds <= Double(millis.upperBound) / 1000 + 1
        else { return false }
        return millis.contains(Int64((seconds * 1000).rounded()))
    }

    /// Whether a due date is in range: its day, or its moment.
    public static func contains(_ due: DueDate) -> Bool {
        switch due {
        case .day(let day): days.contains(day)
        case .time(let date): contains(date)
        }
    }
}
