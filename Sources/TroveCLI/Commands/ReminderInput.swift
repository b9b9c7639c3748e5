import ArgumentParser
import Foundation
import TroveStore

/// Parsing of the values `add` and `edit` take.
enum ReminderInput {
    /// `none|low|medium|high` or 0–3.
    static func priority(_ text: String) throws -> Priority {
        guard let priority = Priority(name: text) else {
            throw CLIError.invalidValue(option: "--priority", value: text, expected: "none, low, medium, high or 0–3")
        }
        return priority
    }

    /// `YYYY-MM-DD`, an ISO 8601 date-time, `today`, `tomorrow`, or `+N` (or `+Nd`) days, from
    /// 0001-01-01 to 9999-12-31 (``ValidDates``).
    ///
    /// ```swift
    /// try ReminderInput.due("+3", today: CalendarDay("2026-03-02")!)   // .day(2026-03-05)
    /// try ReminderInput.due("+3000000")   // throws: --due "+3000000" is not valid: expected +0 to +2897340 …
    /// ```
    static func due(_ text: String, today: CalendarDay = CalendarDay(Date())) throws -> DueDate {
        switch text.lowercased() {
        case "today": return .day(today)
        case "tomorrow": return .day(today.adding(days: 1))
        default: break
        }
        if text.hasPrefix("+") {
            let number = text.dropFirst().hasSuffix("d") ? text.dropFirst().dropLast() : text.dropFirst()
            let most = max(0, ValidDates.days.upperBound.daysSince1970 - today.daysSince1970)
            guard !number.isEmpty, number.utf8.allSatisfy({ (48...57).contains($0) }), let days = Int(number),
                  days <= most, let day = today.advanced(byDays: days)
            else {
                throw CLIError.invalidValue(
                    option: "--due", value: text, expected: "+0 to +\(most) days (the last date Trove keeps is 9999-12-31)")
            }
            return .day(day)
        }
        guard let due = DueDate(storageText: text) else {
            throw CLIError.invalidValue(
                option: "--due", value: text,
                expected: "YYYY-MM-DD or a date-time like 2026-03-02T17:00:00Z from \(ValidDates.description), today, tomorrow or +N")
        }
        return due
    }

    /// A phrase such as `every 2 weeks on mon,thu`, or an RRULE.
    static func `repeat`(_ text: String) throws -> RepeatRule {
        do {
            return try RepeatRule(phrase: text)
        } catch {
            throw CLIError.invalidRepeat(value: text, problem: error.description)
        }
    }
}
