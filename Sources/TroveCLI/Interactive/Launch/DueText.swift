import Foundation
import TroveStore

/// A due date as the result list shows it: short, and relative to today when that is clearer.
///
/// ```swift
/// let today = CalendarDay("2026-03-02")!
/// DueText.format(.day(today), today: today, timeZone: .gmt)                          // "today"
/// DueText.format(.day(CalendarDay("2026-03-09")!), today: today, timeZone: .gmt)     // "Mar 9"
/// DueText.format(.day(CalendarDay("2027-01-05")!), today: today, timeZone: .gmt)     // "2027-01-05"
/// DueText.format(.time(nineThirtyTomorrowUTC), today: today, timeZone: .gmt)        // "tomorrow 09:30"
/// ```
enum DueText {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// - Parameters:
    ///   - due: The due date.
    ///   - today: The day "today" means.
    ///   - timeZone: Where a timed due date's day and clock time are read.
    /// - Returns: "yesterday", "today", "tomorrow", "Mar 9" within this year, else "2027-01-05";
    ///   a timed date adds its local "HH:MM".
    static func format(_ due: DueDate, today: CalendarDay, timeZone: TimeZone) -> String {
        let day = due.day(in: timeZone)
        var text: String
        switch day.daysSince1970 - today.daysSince1970 {
        case -1: text = "yesterday"
        case 0: text = "today"
        case 1: text = "tomorrow"
        default: text = day.year == today.year ? "\(months[day.month - 1]) \(day.day)" : day.description
        }
        if case .time(let date) = due {
            let seconds = Int((date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))).rounded(.down))
            let minuteOfDay = ((seconds % 86_400) + 86_400) % 86_400 / 60
            text += " " + String(format: "%02d:%02d", minuteOfDay / 60, minuteOfDay % 60)
        }
        return text
    }
}
