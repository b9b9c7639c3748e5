public import TroveStore

/// When `due:` wants a reminder due: symbolic, so the search layer resolves it with its own clock.
///
/// ```swift
/// DueFilter(parsing: "2026-03-01..")   // .range(2026-03-01, nil): due on or after March 1
/// DueFilter(parsing: "next fri")       // .natural("next fri"): read with NaturalDate when searched
/// DueFilter(parsing: "2026-02-30")     // nil: not a date
/// ```
public enum DueFilter: Hashable, Sendable, CustomStringConvertible {
    /// Due today, or overdue and open: what Apple Reminders' Today list shows.
    case today
    /// `due:on:today`: due today only, overdue reminders left out.
    case onlyToday
    /// Due tomorrow.
    case tomorrow
    /// Due before now and not completed (the search layer decides how completion counts).
    case overdue
    /// Due within the seven days starting today.
    case week
    /// Due on the day a phrase `NaturalDate` reads names (`fri`, `next fri`, `dec 24`, `1w`),
    /// lowercased; read against the search's own today, like every other keyword.
    case natural(String)
    /// Has no due date.
    case none
    /// Due on this day.
    case on(CalendarDay)
    /// Due on a day in `from...through`; nil leaves that end open. Never both nil, never reversed.
    case range(from: CalendarDay?, through: CalendarDay?)

    /// The words `due:` accepts besides dates, in the order messages list them.
    static let keywords: [(String, DueFilter)] = [
        ("today", .today), ("on:today", .onlyToday), ("tomorrow", .tomorrow), ("overdue", .overdue), ("week", .week),
        ("none", .none),
    ]

    /// Parses `today`, …, `YYYY-MM-DD`, a phrase `NaturalDate` reads, `DATE..DATE`, `..DATE`
    /// or `DATE..`, ignoring case.
    ///
    /// - Returns: nil for anything else, including impossible dates and reversed ranges.
    public init?(parsing value: String) {
        guard let due = try? DueFilter.parse(value) else { return nil }
        self = due
    }

    /// `today`, `2026-03-05`, `2026-03-01..`, `..2026-03-05`, `2026-03-01..2026-03-05`.
    public var description: String {
        switch self {
        case .today: "today"
        case .onlyToday: "on:today"
        case .tomorrow: "tomorrow"
        case .overdue: "overdue"
        case .week: "week"
        case .none: "none"
        case .on(let day): day.description
        case .natural(let phrase): phrase.contains(" ") ? "\"\(phrase)\"" : phrase
        case .range(let from, let through): (from?.description ?? "") + ".." + (through?.description ?? "")
        }
    }

    /// Parses a value, or says what is wrong with it.
    static func parse(_ value: String) throws(FilterValueError) -> DueFilter {
        let lowered = value.lowercased()
        if let match = keywords.first(where: { $0.0 == lowered }) { return match.1 }
        guard let dots = value.firstRange(of: "..") else {
            // NB: an ISO date stays a fixed day; any other phrase is kept as words, so `due:fri`
            // means the Friday after the day the search runs, not the day the text was parsed.
            // A date-time (`2026-12-24T09:30:00Z`) is no filter value: a filter names days.
            if CalendarDay(value) == nil, !isISOShaped(value[...]), DueDate(storageText: value) == nil,
                (try? NaturalDate().parse(value)) != nil
            {
                return .natural(lowered.split(whereSeparator: \.isWhitespace).joined(separator: " "))
            }
            return .on(try day(value[...]))
        }
        let from = value[..<dots.lowerBound], through = value[dots.upperBound...]
        guard !(from.isEmpty && through.isEmpty) else {
            throw FilterValueError("a range needs at least one date, like 2026-03-01..")
        }
        let start = from.isEmpty ? nil : try day(from)
        let end = through.isEmpty ? nil : try day(through)
        if let start, let end, end < start {
            throw FilterValueError("the range ends before it starts; write the earlier date first")
        }
        return .range(from: start, through: end)
    }

    private static func day(_ text: Substring) throws(FilterValueError) -> CalendarDay {
        if let day = CalendarDay(String(text)) { return day }
        if isISOShaped(text) {
            if text.hasPrefix("0000") {
                throw FilterValueError("\(text) is before the first date Trove keeps; dates run from \(ValidDates.description)")
            }
            throw FilterValueError("\(text) is not a calendar date; check the month and day")
        }
        throw FilterValueError(
            "expected today, on:today, tomorrow, overdue, week, none, a date like 2026-03-05, fri or \"dec 24\", "
                + "or a range like 2026-03-01..2026-03-05")
    }

    /// Ten digits and dashes: an ISO date being written, never a phrase.
    private static func isISOShaped(_ text: Substring) -> Bool {
        text.utf8.count == 10 && text.utf8.allSatisfy { $0 == UInt8(ascii: "-") || (48...57).contains($0) }
    }
}
