public import Foundation

/// Reads the dates people type: `fri`, `next friday`, `in 3 days`, `1w`, `eom`, `dec 24`,
/// `24 dec 2027`, `2026-12-24`, `tomorrow 9am`, `17:30`. `trove add --due`, `trove edit --due`,
/// quick-add's `due:` and the query language's `due:` all read dates with it, so the same words
/// mean the same day everywhere.
///
/// ```swift
/// let reader = NaturalDate(now: now, timeZone: .current)   // now: Tue 24 Nov 2026, 10:00
/// try reader.parse("fri")            // .day(2026-11-27)
/// try reader.parse("next fri")       // .day(2026-12-04): Friday of next week
/// try reader.parse("tomorrow 9am")   // .time(2026-11-25 09:00 local)
/// try reader.parse("someday")        // throws NaturalDateError.unknown, with examples that work
/// ```
///
/// The rules, chosen to match taskwarrior and the Reminders apps:
/// - a weekday name is the next such day *after* today; `this fri` may be today; `next fri` is
///   Friday of next week (weeks start on Monday);
/// - `dec 24` without a year is the next Dec 24 from today on; `eow` is this week's Sunday, `eom`
///   the month's last day, `eoy` Dec 31; `next week`/`month`/`year` their first day;
/// - `in 3 days`, `3d`, `2w`, `1m` (month), `1y` count from today; `+3` is `in 3 days`;
/// - a time alone (`9am`, `17:30`, `noon`) is its next occurrence: today, or tomorrow once passed;
/// - a clock time is read in ``timeZone`` however it is written (`2026-03-07 02:30`,
///   `2026-03-07T02:30:00`, `2026-03-07 2:30am`); only a `Z` or an offset names another zone;
/// - every result lies in the years 1 to 9999, like every date Trove stores.
public struct NaturalDate: Sendable {
    /// The moment "today" and a time alone are read from.
    public var now: Date
    /// Where days start and clock times are read.
    public var timeZone: TimeZone

    /// A reader of date phrases relative to `now` in `timeZone`: `today`, `fri`, `in 3 days`, `2026-03-02 14:00`.
    public init(now: Date = Date(), timeZone: TimeZone = .current) {
        self.now = now
        self.timeZone = timeZone
    }

    /// The day `now` falls on in ``timeZone``.
    public var today: CalendarDay { CalendarDay(now, in: timeZone) }

    /// Reads a phrase.
    /// - Parameter text: What was typed, any case; commas and `on`/`at`/`by`/`due` are ignored.
    /// - Returns: A day, or a moment when the phrase has a time of day.
    /// - Throws: ``NaturalDateError``: an unknown phrase (its message lists phrases that work),
    ///   a day the calendar lacks (`feb 30`), or a date outside the years 1 to 9999.
    public func parse(_ text: String) throws(NaturalDateError) -> DueDate {
        let phrase = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !phrase.isEmpty else { throw .unknown(phrase: text) }
        // ISO forms first, as `trove export` writes them: 2026-12-24, 2026-12-24T09:30:00Z.
        if phrase.count > 10 || phrase.first?.isNumber == true, let exact = DueDate(storageText: phrase) {
            return try local(exact, phrase: phrase)
        }
        var words = Self.words(phrase)
        let time = try takeTime(from: &words, phrase: phrase)
        let day: CalendarDay
        if words.isEmpty {
            guard let time else { throw .unknown(phrase: phrase) }
            let candidate = try moment(today, time, phrase: phrase)
            if candidate > now { return .time(candidate) }
            day = try shifted(today, days: 1, phrase: phrase)
        } else {
            guard let found = try self.day(words, phrase: phrase) else { throw .unknown(phrase: phrase) }
            day = found
        }
        guard let time else { return .day(day) }
        return .time(try moment(day, time, phrase: phrase))
    }

    /// An ISO date-time without `Z` or an offset (`2026-03-07 02:30`, `2026-03-07T02:30:00`) is
    /// a clock time in ``timeZone``, as `2026-03-07 2:30am` is: a person writing a time means
    /// their own clock. With `Z` or an offset it is the moment written.
    ///
    /// NB: before issue 53 such a time was read as UTC, an hour or more away from `2:30am`.
    private func local(_ exact: DueDate, phrase: String) throws(NaturalDateError) -> DueDate {
        guard case .time(let asUTC) = exact else { return exact }
        let clock = phrase.utf8.dropFirst(10)
        if clock.contains(where: { $0 == UInt8(ascii: "Z") || $0 == UInt8(ascii: "z") || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }) {
            return exact
        }
        let moment = Timestamp.date(millis: ICalendarText.utcMillis(wallMillis: Timestamp.millis(asUTC), in: timeZone))
        guard ValidDates.contains(moment) else { throw .outOfRange(phrase: phrase) }
        return .time(moment)
    }

    /// True when `prefix` may still become a phrase ``parse(_:)`` reads, as someone types
    /// `due:fr` or `due:"next fri`: every word but the last is one the reader knows, and the
    /// last is the start of one (or of a number or time).
    public static func couldComplete(_ prefix: String) -> Bool {
        let words = self.words(prefix)
        guard let last = words.last else { return true }
        let knownWords = Vocabulary.allWords
        func isKnown(_ word: String) -> Bool {
            knownWords.contains(word) || Self.isNumberish(word)
        }
        guard words.dropLast().allSatisfy(isKnown) else { return false }
        return isKnown(last) || knownWords.contains { $0.hasPrefix(last) }
    }

    // MARK: - Words

    /// Lowercased words, with commas and the filler words `on`, `at`, `by`, `due` dropped.
    static func words(_ text: String) -> [String] {
        text.lowercased()
            .split(whereSeparator: { $0.isWhitespace || $0 == "," })
            .map(String.init)
            .filter { !["on", "at", "by", "due"].contains($0) }
    }

    /// Digits with the separators a date, a time or a count may hold: `2026-12-24`, `9:30`, `+3`.
    static func isNumberish(_ word: String) -> Bool {
        !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isNumber || "-+:.".contains($0)) }
            || TimeOfDay(word) != nil || Self.ordinal(word) != nil
            || (word.dropLast().allSatisfy(\.isNumber) && "dwmy".contains(word.last ?? " "))
    }

    // MARK: - Days

    /// The day the words (without any time) name, nil when they name none.
    private func day(_ words: [String], phrase: String) throws(NaturalDateError) -> CalendarDay? {
        let today = self.today
        switch words.count {
        case 1:
            let word = words[0]
            if let day = CalendarDay(word) { return day }
            if let relative = Vocabulary.relativeDays[word] { return try shifted(today, days: relative, phrase: phrase) }
            if let weekday = Vocabulary.weekdays[word] { return try upcoming(weekday, after: today, includingToday: false, phrase: phrase) }
            switch word {
            case "eow": return try shifted(today, days: 7 - Self.isoWeekday(today), phrase: phrase)
            case "eom": return try endOfMonth(today, phrase: phrase)
            case "eoy": return try Self.day(year: today.year, month: 12, day: 31, phrase: phrase)
            default: break
            }
            if word.hasPrefix("+") {
                // NB: `+N` or `+Nd` only, N digits: `+-1` and `+d1` are no date (#15 refuses them).
                let count = word.dropFirst().hasSuffix("d") ? word.dropFirst().dropLast() : word.dropFirst()
                guard !count.isEmpty, count.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
                guard let days = Int(count) else { throw .outOfRange(phrase: phrase) }
                return try shifted(today, days: days, phrase: phrase)
            }
            if let (count, unit) = Self.compactSpan(word) { return try add(count, unit, to: today, phrase: phrase) }
            return nil
        case 2:
            if words[0] == "next", let weekday = Vocabulary.weekdays[words[1]] {
                let nextMonday = try shifted(today, days: 8 - Self.isoWeekday(today), phrase: phrase)
                return try shifted(nextMonday, days: weekday - 1, phrase: phrase)
            }
            if words[0] == "this", let weekday = Vocabulary.weekdays[words[1]] {
                return try upcoming(weekday, after: today, includingToday: true, phrase: phrase)
            }
            if words[0] == "next" {
                switch words[1] {
                case "week": return try shifted(today, days: 8 - Self.isoWeekday(today), phrase: phrase)
                case "month":
                    let (year, month) = today.month == 12 ? (today.year + 1, 1) : (today.year, today.month + 1)
                    return try Self.day(year: year, month: month, day: 1, phrase: phrase)
                case "year": return try Self.day(year: today.year + 1, month: 1, day: 1, phrase: phrase)
                default: return nil
                }
            }
            if let count = Self.count(words[0]), let unit = Vocabulary.units[words[1]] {
                return try add(count, unit, to: today, phrase: phrase)
            }
            return try monthDay(words, phrase: phrase)
        case 3:
            if words[0] == "in", let count = Self.count(words[1]), let unit = Vocabulary.units[words[2]] {
                return try add(count, unit, to: today, phrase: phrase)
            }
            if words[0] == "end", words[1] == "of" { return try day([["week": "eow", "month": "eom", "year": "eoy"][words[2]] ?? ""], phrase: phrase) }
            return try monthDay(words, phrase: phrase)
        default:
            return nil
        }
    }

    /// `dec 24`, `24 dec`, `december 24th`, each with an optional year: `24 dec 2027`.
    private func monthDay(_ words: [String], phrase: String) throws(NaturalDateError) -> CalendarDay? {
        var rest = words
        var year: Int?
        if rest.count == 3 {
            guard let last = rest.last, last.count == 4, let number = Int(last) else { return nil }
            year = number
            rest.removeLast()
        }
        guard rest.count == 2 else { return nil }
        let (month, day): (Int, Int)
        if let m = Vocabulary.months[rest[0]], let d = Self.ordinal(rest[1]) {
            (month, day) = (m, d)
        } else if let d = Self.ordinal(rest[0]), let m = Vocabulary.months[rest[1]] {
            (month, day) = (m, d)
        } else {
            return nil
        }
        if let year { return try Self.day(year: year, month: month, day: day, phrase: phrase) }
        let today = self.today
        // NB: Feb 29 without a year is the next Feb 29 there is, up to 8 years on.
        for candidateYear in today.year...(today.year + 8) {
            guard let candidate = CalendarDay(year: candidateYear, month: month, day: day) else { continue }
            if candidate >= today { return candidate }
        }
        throw .noSuchDay(phrase: phrase)
    }

    private func upcoming(_ weekday: Int, after day: CalendarDay, includingToday: Bool, phrase: String) throws(NaturalDateError) -> CalendarDay {
        var delta = (weekday - Self.isoWeekday(day) + 7) % 7
        if delta == 0, !includingToday { delta = 7 }
        return try shifted(day, days: delta, phrase: phrase)
    }

    private func endOfMonth(_ day: CalendarDay, phrase: String) throws(NaturalDateError) -> CalendarDay {
        var last = 31
        while CalendarDay(year: day.year, month: day.month, day: last) == nil { last -= 1 }
        return try Self.day(year: day.year, month: day.month, day: last, phrase: phrase)
    }

    private func add(_ count: Int, _ unit: Vocabulary.Unit, to day: CalendarDay, phrase: String) throws(NaturalDateError) -> CalendarDay {
        switch unit {
        case .day: return try shifted(day, days: count, phrase: phrase)
        case .week:
            let (days, overflow) = count.multipliedReportingOverflow(by: 7)
            guard !overflow else { throw .outOfRange(phrase: phrase) }
            return try shifted(day, days: days, phrase: phrase)
        case .month, .year:
            let months = unit == .year ? count.multipliedReportingOverflow(by: 12) : (partialValue: count, overflow: false)
            guard !months.overflow, months.partialValue.magnitude < 12 * 10_000 else { throw .outOfRange(phrase: phrase) }
            let index = day.year * 12 + (day.month - 1) + months.partialValue
            let (year, month) = (index / 12, index % 12 + 1)
            guard (1...9999).contains(year) else { throw .outOfRange(phrase: phrase) }
            // NB: Jan 31 + 1 month is the last day of February, as in every calendar app.
            var dayOfMonth = day.day
            while CalendarDay(year: year, month: month, day: dayOfMonth) == nil, dayOfMonth > 28 { dayOfMonth -= 1 }
            return try Self.day(year: year, month: month, day: dayOfMonth, phrase: phrase)
        }
    }

    /// `day` moved by `days`, refused outside the years 1 to 9999 (and without overflowing).
    private func shifted(_ day: CalendarDay, days: Int, phrase: String) throws(NaturalDateError) -> CalendarDay {
        guard days.magnitude <= 4_000_000 else { throw .outOfRange(phrase: phrase) }
        let target = day.daysSince1970 + Int64(days)
        guard (Self.firstDay...Self.lastDay).contains(target) else { throw .outOfRange(phrase: phrase) }
        return CalendarDay(daysSince1970: target)
    }

    private static func day(year: Int, month: Int, day: Int, phrase: String) throws(NaturalDateError) -> CalendarDay {
        guard (1...9999).contains(year) else { throw .outOfRange(phrase: phrase) }
        guard let result = CalendarDay(year: year, month: month, day: day) else { throw .noSuchDay(phrase: phrase) }
        return result
    }

    private static let firstDay = CalendarDay(year: 1, month: 1, day: 1)!.daysSince1970
    private static let lastDay = CalendarDay(year: 9999, month: 12, day: 31)!.daysSince1970

    /// 1 for Monday … 7 for Sunday (1970-01-01 was a Thursday).
    static func isoWeekday(_ day: CalendarDay) -> Int {
        Int(((day.daysSince1970 + 3) % 7 + 7) % 7) + 1
    }

    /// `3`, `a`, `an`, `one` … `ten`.
    private static func count(_ word: String) -> Int? {
        if let number = Int(word), number >= 0 { return number }
        return Vocabulary.countWords[word]
    }

    /// `24`, `24th`, `1st`, `2nd`, `3rd`: a day of the month, 1 to 31.
    static func ordinal(_ word: String) -> Int? {
        let digits = word.prefix { $0.isNumber }
        let suffix = word.dropFirst(digits.count)
        guard !digits.isEmpty, digits.count <= 2, ["", "st", "nd", "rd", "th"].contains(String(suffix)),
            let number = Int(digits), (1...31).contains(number)
        else { return nil }
        return number
    }

    /// `3d`, `2w`, `1m`, `1y`.
    private static func compactSpan(_ word: String) -> (Int, Vocabulary.Unit)? {
        guard let last = word.last, let unit = ["d": Vocabulary.Unit.day, "w": .week, "m": .month, "y": .year][String(last)],
            let count = Int(word.dropLast()), count >= 0
        else { return nil }
        return (count, unit)
    }

    // MARK: - Times

    /// Removes the time of day from the words, if there is one: `9am`, `9 am`, `9:30pm`, `17:30`, `noon`.
    private func takeTime(from words: inout [String], phrase: String) throws(NaturalDateError) -> TimeOfDay? {
        for (index, word) in words.enumerated() {
            if let time = TimeOfDay(word) {
                words.remove(at: index)
                return time
            }
            if index + 1 < words.count, ["am", "pm", "a.m.", "p.m."].contains(words[index + 1]),
                let time = TimeOfDay(word + words[index + 1].replacing(".", with: ""))
            {
                words.removeSubrange(index...(index + 1))
                return time
            }
        }
        return nil
    }

    /// The moment `time` on `day`, in ``timeZone`` (a time a clock change skips moves forward).
    private func moment(_ day: CalendarDay, _ time: TimeOfDay, phrase: String) throws(NaturalDateError) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = DateComponents(year: day.year, month: day.month, day: day.day, hour: time.hour, minute: time.minute)
        guard let date = calendar.date(from: parts), CalendarDay(date, in: timeZone).year <= 9999 else {
            throw .outOfRange(phrase: phrase)
        }
        return date
    }
}

/// A clock time: `9am`, `9:30pm`, `17:30`, `noon`, `midnight`.
struct TimeOfDay: Hashable {
    var hour: Int
    var minute: Int

    init?(_ word: String) {
        switch word {
        case "noon", "midday": (hour, minute) = (12, 0); return
        case "midnight": (hour, minute) = (0, 0); return
        default: break
        }
        var text = Substring(word)
        var meridiem: String?
        for suffix in ["am", "pm"] where text.hasSuffix(suffix) {
            meridiem = suffix
            text = text.dropLast(2)
        }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }),
            parts[0].count <= 2, let hour = Int(parts[0])
        else { return nil }
        let minute = parts.count == 2 ? Int(parts[1]) : 0
        guard let minute, parts.count == 1 || parts[1].count == 2, (0...59).contains(minute) else { return nil }
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            self.hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
        } else {
            // NB: a bare number is a day of the month or a count, not a time: `17:30` needs its colon.
            guard parts.count == 2, (0...23).contains(hour) else { return nil }
            self.hour = hour
        }
        self.minute = minute
    }
}
