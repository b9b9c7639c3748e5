public import Foundation

/// How a reminder repeats: the subset of RFC 5545's RRULE (§3.3.10) that Apple Reminders and
/// tasks.org write.
///
/// ```swift
/// let rule = try RepeatRule(rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH")
/// rule.rrule        // "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH"
/// rule.description  // "every 2 weeks on Mon, Thu"
/// ```
///
/// Supported: `FREQ` DAILY, WEEKLY, MONTHLY or YEARLY; `INTERVAL`; `BYDAY` (weekdays, with an
/// ordinal such as `1MO` or `-1FR` in a monthly rule); `BYMONTHDAY` (1–31, or −1 to −31 from
/// the month's end); `COUNT`; `UNTIL` (a date or a UTC date-time). Anything else (`BYSETPOS`,
/// `BYHOUR`, `BYMONTH`, `WKST` other than MO, …) is refused by `init(rrule:)`; an importer then
/// keeps the line verbatim instead.
public struct RepeatRule: Hashable, Sendable, CustomStringConvertible {
    /// How often it repeats: `FREQ` in RRULE.
    public enum Frequency: String, Hashable, Sendable, CaseIterable {
        case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"

        var unit: String {
            switch self {
            case .daily: "day"
            case .weekly: "week"
            case .monthly: "month"
            case .yearly: "year"
            }
        }
    }

    /// Monday = 1 … Sunday = 7 (ISO 8601), spelled `MO`…`SU` in RRULE.
    public enum Weekday: Int, Hashable, Sendable, CaseIterable, Comparable {
        case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

        /// The RRULE spelling: `MO` … `SU`.
        public var code: String { ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][rawValue - 1] }
        /// The short English name: `Mon` … `Sun`.
        public var shortName: String { ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][rawValue - 1] }

        /// The weekday an RRULE code names (`MO` … `SU`, any case); nil for anything else.
        public init?(code: some StringProtocol) {
            guard let index = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"].firstIndex(of: code.uppercased()) else { return nil }
            self.init(rawValue: index + 1)
        }

        /// The weekday of a day.
        public init(_ day: CalendarDay) {
            // NB: 1970-01-01 was a Thursday.
            let index = Int((day.daysSince1970 % 7 + 7 + 3) % 7)  // 0 = Monday
            self = Weekday(rawValue: index + 1)!
        }

        /// Whether `lhs` comes earlier in the ISO week (Monday first).
        public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// A `BYDAY` entry: a weekday, with an ordinal (1…5, or −1…−5 from the end) in a monthly rule.
    public struct DaySpec: Hashable, Sendable {
        /// Which such weekday of the month (1…5, or −1…−5 from the end); nil for every one.
        public var ordinal: Int?
        /// The weekday.
        public var weekday: Weekday

        /// A `BYDAY` entry: `DaySpec(.monday)` is `MO`, `DaySpec(.friday, ordinal: -1)` is `-1FR`.
        public init(_ weekday: Weekday, ordinal: Int? = nil) {
            self.weekday = weekday
            self.ordinal = ordinal
        }

        var rrule: String { (ordinal.map(String.init) ?? "") + weekday.code }
    }

    /// When the repeating stops.
    public enum End: Hashable, Sendable {
        /// After this many occurrences in all.
        case count(Int)
        /// After the last occurrence on or before this day or moment.
        case until(DueDate)
    }

    /// Daily, weekly, monthly or yearly.
    public var frequency: Frequency
    /// Every `interval` days, weeks, months or years; at least 1.
    public var interval: Int
    /// The weekdays it falls on (`BYDAY`); empty for the due date's own weekday.
    public var byDay: [DaySpec]
    /// The days of the month it falls on (`BYMONTHDAY`, −1 is the last); empty for the due date's own day.
    public var byMonthDay: [Int]
    /// When it stops: after a count or on a day; nil for never.
    public var end: End?

    /// A rule; `RepeatRule(.weekly, interval: 2, byDay: [DaySpec(.monday)])` is `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO`.
    public init(
        _ frequency: Frequency, interval: Int = 1, byDay: [DaySpec] = [], byMonthDay: [Int] = [], end: End? = nil
    ) {
        self.frequency = frequency
        self.interval = max(1, interval)
        self.byDay = byDay
        self.byMonthDay = byMonthDay
        self.end = end
    }

    /// The normalised RRULE value (no `RRULE:` prefix), parts in a fixed order: what Trove stores
    /// and writes.
    public var rrule: String {
        var parts = ["FREQ=" + frequency.rawValue]
        if interval > 1 { parts.append("INTERVAL=\(interval)") }
        if !byDay.isEmpty { parts.append("BYDAY=" + byDay.map(\.rrule).joined(separator: ",")) }
        if !byMonthDay.isEmpty { parts.append("BYMONTHDAY=" + byMonthDay.map(String.init).joined(separator: ",")) }
        switch end {
        case nil: break
        case .count(let count): parts.append("COUNT=\(count)")
        case .until(.day(let day)): parts.append("UNTIL=" + ICalendarText.format(day))
        case .until(.time(let moment)): parts.append("UNTIL=" + ICalendarText.formatUTC(moment))
        }
        return parts.joined(separator: ";")
    }

    /// In words: `every 2 weeks on Mon, Thu`, `every month on the last Fri, 10 times`.
    public var description: String {
        var text = interval == 1 ? "every \(frequency.unit)" : "every \(interval) \(frequency.unit)s"
        if frequency == .daily, Set(byDay.map(\.weekday)) == [.monday, .tuesday, .wednesday, .thursday, .friday],
            interval == 1, byDay.allSatisfy({ $0.ordinal == nil })
        {
            text = "every weekday"
        } else if !byDay.isEmpty {
            text += " on " + byDay.map { spec in
                guard let ordinal = spec.ordinal else { return spec.weekday.shortName }
                return "the " + Self.ordinalWord(ordinal) + " " + spec.weekday.shortName
            }.joined(separator: ", ")
        }
        if !byMonthDay.isEmpty {
            text += (byDay.isEmpty ? " on " : " and ") + byMonthDay.map { day in
                day == -1 ? "the last day" : day < 0 ? "day \(day)" : "the " + Self.ordinal(day)
            }.joined(separator: ", ")
        }
        switch end {
        case nil: break
        case .count(let count): text += count == 1 ? ", once" : ", \(count) times"
        case .until(let due): text += ", until " + Timestamp.dueText(due)
        }
        return text
    }

    static func ordinal(_ number: Int) -> String {
        let suffix = switch (number % 100, number % 10) {
        case (11...13, _): "th"
        case (_, 1): "st"
        case (_, 2): "nd"
        case (_, 3): "rd"
        default: "th"
        }
        return "\(number)\(suffix)"
    }

    static func ordinalWord(_ number: Int) -> String {
        switch number {
        case -1: "last"
        case -2: "second-to-last"
        case 1: "first"
        case 2: "second"
        case 3: "third"
        case 4: "fourth"
        case 5: "fifth"
        default: number < 0 ? "\(ordinal(-number)) from last" : ordinal(number)
        }
    }
}

/// Why an RRULE or a `--repeat` phrase was refused: one sentence with what to write instead.
public struct RepeatRuleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was refused and what to write instead, as one sentence.
    public var problem: String
    /// An error with this sentence.
    public init(_ problem: String) { self.problem = problem }
    /// The sentence: ``problem``.
    public var description: String { problem }
}

extension RepeatRuleError: LocalizedError {
    /// ``description``, as `localizedDescription` (what an app's alert shows) gives it.
    public var errorDescription: String? { description }
}
