public import Foundation

/// Why ``NaturalDate`` could not read a phrase; each message says what works instead.
public enum NaturalDateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not a date phrase Trove knows.
    case unknown(phrase: String)
    /// A day the calendar lacks: `feb 30`, `2026-02-30`.
    case noSuchDay(phrase: String)
    /// Before the year 1 or after 9999-12-31.
    case outOfRange(phrase: String)

    /// The phrase that could not be read, as it was given.
    public var phrase: String {
        switch self {
        case .unknown(let phrase), .noSuchDay(let phrase), .outOfRange(let phrase): phrase
        }
    }

    /// `"someday" is not a date Trove knows; try today, tomorrow, fri, …`.
    public var description: String {
        switch self {
        case .unknown(let phrase):
            "\"\(phrase)\" is not a date Trove knows; try " + NaturalDate.examples.joined(separator: ", ")
        case .noSuchDay(let phrase):
            "\"\(phrase)\" is not a day in the calendar; check the month and day"
        case .outOfRange(let phrase):
            "\"\(phrase)\" is outside the dates Trove keeps (the years 1 to 9999)"
        }
    }
}

extension NaturalDateError: LocalizedError {
    /// ``description``, as `localizedDescription` (what an app's alert shows) gives it.
    public var errorDescription: String? { description }
}
