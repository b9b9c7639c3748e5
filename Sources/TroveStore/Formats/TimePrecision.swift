public import Foundation

/// How finely a format writes times: what a re-import compares stored times at.
///
/// iCalendar keeps whole seconds and todo.txt whole (UTC) days, so Trove's own export of a
/// reminder created at `09:15:30.250` reads back as `09:15:30` (iCalendar) or the day
/// (todo.txt). Compared at the file's precision that is the same time, and the import keeps the
/// stored one: re-importing an export neither counts the reminder as updated nor cuts its time.
///
/// ```swift
/// TimePrecision.seconds.truncate(millis: 1_764_325_530_250)  // 1_764_325_530_000
/// TimePrecision.days.truncate(millis: 1_764_325_530_250)     // 1_764_288_000_000 (that day, 00:00 UTC)
/// ```
public enum TimePrecision: Sendable, Hashable {
    /// JSON Lines and CSV: times to the millisecond, as stored.
    case milliseconds
    /// iCalendar: whole seconds, UTC.
    case seconds
    /// todo.txt: whole UTC days (dates only).
    case days

    /// How many milliseconds one step of this precision spans.
    var step: Int64 {
        switch self {
        case .milliseconds: 1
        case .seconds: 1_000
        case .days: 86_400_000
        }
    }

    /// `millis` rounded down to this precision (down, as the writers drop the finer part;
    /// before 1970 too).
    public func truncate(millis: Int64) -> Int64 {
        let (quotient, remainder) = millis.quotientAndRemainder(dividingBy: step)
        return (remainder < 0 ? quotient - 1 : quotient) * step
    }

    /// Whether two times are the same at this precision.
    public func same(_ a: Date, _ b: Date) -> Bool {
        truncate(millis: Timestamp.millis(a)) == truncate(millis: Timestamp.millis(b))
    }

    /// Whether `written`, as a file of this precision gives it, can stand for `stored`: the
    /// same value, or `stored` cut to what the file can hold (a due time written as its UTC
    /// day by todo.txt).
    public func same(written: DueDate, stored: DueDate) -> Bool {
        switch (written, stored) {
        case (.day(let a), .day(let b)): a == b
        case (.time(let a), .time(let b)): same(a, b)
        case (.day(let day), .time(let time)):
            self == .days && day == CalendarDay(daysSince1970: truncate(millis: Timestamp.millis(time)) / step)
        case (.time, .day): false
        }
    }
}
