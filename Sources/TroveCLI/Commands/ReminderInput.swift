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

    /// A date as people type it, read by ``NaturalDate`` as everywhere else: `fri`, `next friday`,
    /// `in 3 days`, `1w`, `eow`, `eom`, `dec 24`, `2026-12-24`, `tomorrow 9am`, `+3`.
    static func due(_ text: String, dates: NaturalDate = NaturalDate()) throws -> DueDate {
        do {
            return try dates.parse(text)
        } catch {
            let expected = switch error {
            case .unknown: "a date such as " + NaturalDate.examples.joined(separator: ", ")
            case .noSuchDay: "a day the calendar has; check the month and day"
            case .outOfRange: "a date in the years 1 to 9999"
            }
            throw CLIError.invalidValue(option: "--due", value: text, expected: expected)
        }
    }

    /// ", due Fri 27 Nov": the date a command read, said back in its confirmation.
    static func spokenDue(_ due: DueDate?, dates: NaturalDate = NaturalDate()) -> String {
        due.map { ", due \($0.spoken(today: dates.today, timeZone: dates.timeZone))" } ?? ""
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
