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
    /// `in 3 days`, `1w`, `eow`, `eom`, `dec 24`, `2026-12-24`, `tomorrow 9am`, `+3`; every date
    /// from 0001-01-01 to 9999-12-31 (``ValidDates``).
    ///
    /// ```swift
    /// try ReminderInput.due("+3")          // .day(today + 3)
    /// try ReminderInput.due("+3000000")    // throws: --due "+3000000" is not valid: expected +0 to +2897340 days …
    /// ```
    static func due(_ text: String, dates: NaturalDate = NaturalDate()) throws -> DueDate {
        do {
            return try dates.parse(text)
        } catch {
            let expected = switch error {
            case _ where text.hasPrefix("+"):
                "+0 to +\(max(0, ValidDates.days.upperBound.daysSince1970 - dates.today.daysSince1970)) days "
                    + "(the last date Trove keeps is \(ValidDates.days.upperBound))"
            case .unknown: "a date such as " + NaturalDate.examples.joined(separator: ", ") + ", from \(ValidDates.description)"
            case .noSuchDay: "a day the calendar has; check the month and day"
            case .outOfRange: "a date from \(ValidDates.description)"
            }
            throw CLIError.invalidValue(option: "--due", value: text, expected: expected)
        }
    }

    /// Whether a `--due` value means no due date: `none` (as the query's `due:none`) or nothing.
    ///
    /// ```swift
    /// ReminderInput.meansNoDue("None")   // true: `trove edit 3 --due none` is `--no-due`
    /// ReminderInput.meansNoDue("fri")    // false
    /// ```
    static func meansNoDue(_ text: String) -> Bool {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        return word.isEmpty || word == "none"
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
