public import Foundation

extension DueDate {
    private static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The date as confirmations read it back: `Fri 27 Nov`, `Thu 24 Dec 2027`, `Wed 25 Nov 09:00`.
    ///
    /// ```swift
    /// DueDate.day(CalendarDay("2026-11-27")!).spoken(today: CalendarDay("2026-11-24")!)  // "Fri 27 Nov"
    /// ```
    /// - Parameters:
    ///   - today: The year is shown only when the date is in another one.
    ///   - timeZone: Where a moment's day and clock time are read.
    public func spoken(today: CalendarDay, timeZone: TimeZone = .current) -> String {
        let day = self.day(in: timeZone)
        var text = Self.weekdayNames[NaturalDate.isoWeekday(day) - 1] + " \(day.day) " + Self.monthNames[day.month - 1]
        if day.year != today.year { text += " \(day.year)" }
        if case .time(let date) = self {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let parts = calendar.dateComponents([.hour, .minute], from: date)
            text += String(format: " %02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        }
        return text
    }
}
