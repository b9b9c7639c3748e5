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

    /// `YYYY-MM-DD`, an ISO 8601 date-time, `today`, `tomorrow`, or `+N` days.
    static func due(_ text: String, today: CalendarDay = CalendarDay(Date())) throws -> DueDate {
        switch text.lowercased() {
        case "today": return .day(today)
        case "tomorrow": return .day(today.adding(days: 1))
        default: break
        }
        if text.hasPrefix("+"), let days = Int(text.dropFirst().replacingOccurrences(of: "d", with: "")), days >= 0 {
            return .day(today.adding(days: days))
        }
        guard let due = DueDate(storageText: text) else {
            throw CLIError.invalidValue(option: "--due", value: text, expected: "YYYY-MM-DD, a date-time like 2026-03-02T17:00:00Z, today, tomorrow or +N")
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
