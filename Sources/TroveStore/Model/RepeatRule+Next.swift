public import Foundation

extension RepeatRule {
    /// The occurrence after `due`, or nil when the rule has ended.
    ///
    /// ```swift
    /// let rule = try RepeatRule(rrule: "FREQ=WEEKLY;BYDAY=MO,TH")
    /// rule.next(after: .day(CalendarDay("2026-03-02")!), occurrencesSoFar: 1)  // .day(2026-03-05)
    /// ```
    ///
    /// A moment keeps its wall-clock time in `timeZone` (9:00 stays 9:00 across a change to
    /// summer time). A time that falls in the gap when summer time starts moves forward for that
    /// occurrence only (02:30 is 03:30 that day, as RFC 5545 §3.3.5 reads it), and the rule goes
    /// on at 02:30: the written time is the previous occurrence's when `due` is where the rule
    /// led from it (see `previous`). Days that do not exist (the 31st of April, 29 February in
    /// most years) are skipped, as RFC 5545 says. A rule with no next occurrence inside
    /// ``ValidDates`` (past 9999-12-31) has ended, as after its COUNT or UNTIL.
    ///
    /// - Parameters:
    ///   - due: The current occurrence.
    ///   - occurrencesSoFar: Occurrences up to and including `due`, for `COUNT`.
    ///   - timeZone: Where a moment's wall-clock time is kept.
    ///   - previous: The occurrence before `due` (the last completion's due date), if known.
    ///     NB: a moment moved out of a gap cannot tell its written time itself (03:30 may have
    ///     been written 03:30 or 02:30), so it is read from the occurrence the rule came from;
    ///     when `due` is not where the rule leads from `previous` (it was edited), `due`'s own
    ///     time counts.
    public func next(
        after due: DueDate, occurrencesSoFar: Int, timeZone: TimeZone = .current, previous: DueDate? = nil
    ) -> DueDate? {
        if case .count(let count) = end, occurrencesSoFar >= count { return nil }
        let result: DueDate
        switch due {
        case .day(let day):
            guard let next = nextDay(after: day) else { return nil }
            result = .day(next)
        case .time(let moment):
            var timeOfDay = Self.wallTime(of: moment, in: timeZone).timeOfDay
            if case .time(let earlier)? = previous {
                let written = Self.wallTime(of: earlier, in: timeZone).timeOfDay
                if written != timeOfDay, nextMoment(after: earlier, at: written, in: timeZone) == moment { timeOfDay = written }
            }
            guard let next = nextMoment(after: moment, at: timeOfDay, in: timeZone) else { return nil }
            result = .time(next)
        }
        guard ValidDates.contains(result) else { return nil }
        if case .until(let limit) = end {
            switch (result, limit) {
            case (.day(let day), .day(let last)) where day > last: return nil
            case (.day(let day), .time(let last)) where day.start(in: timeZone) > last: return nil
            case (.time(let moment), .day(let last)) where CalendarDay(moment, in: timeZone) > last: return nil
            case (.time(let moment), .time(let last)) where moment > last: return nil
            default: break
            }
        }
        return result
    }

    /// The moment on the rule's next day after `moment`'s, at `timeOfDay` (milliseconds after
    /// local midnight) in `timeZone`.
    private func nextMoment(after moment: Date, at timeOfDay: Int64, in timeZone: TimeZone) -> Date? {
        guard let next = nextDay(after: CalendarDay(daysSince1970: Self.wallTime(of: moment, in: timeZone).day)) else { return nil }
        let nextWall = next.daysSince1970 * 86_400_000 + timeOfDay
        return Timestamp.date(millis: ICalendarText.utcMillis(wallMillis: nextWall, in: timeZone))
    }

    /// The local day (days since 1970) and time of day (milliseconds) of a moment in `timeZone`.
    private static func wallTime(of moment: Date, in timeZone: TimeZone) -> (day: Int64, timeOfDay: Int64) {
        let wallMillis = Timestamp.millis(moment.addingTimeInterval(TimeInterval(timeZone.secondsFromGMT(for: moment))))
        let day = SQLDateTextDays.floorDiv(wallMillis, 86_400_000)
        return (day, wallMillis - day * 86_400_000)
    }

    /// The first day after `day` that the rule lands on, looking at most 400 periods ahead.
    func nextDay(after day: CalendarDay) -> CalendarDay? {
        // NB: an interval longer than the years Trove keeps ends the rule at once, and keeps the
        // arithmetic below from overflowing on `INTERVAL=9223372036854775807`.
        let span: Int = switch frequency {
        case .daily: 1
        case .weekly: 7
        case .monthly: 31
        case .yearly: 366
        }
        guard interval <= Self.validDayCount / span else { return nil }
        switch frequency {
        case .daily:
            let days = Set(byDay.map(\.weekday))
            var candidate = day.adding(days: interval)
            for _ in 0..<(7 * 400) {
                if days.isEmpty || days.contains(Weekday(candidate)) { return candidate }
                candidate = candidate.adding(days: interval)
            }
            return nil
        case .weekly:
            let days = Set(byDay.map(\.weekday))
            guard !days.isEmpty else { return day.adding(days: 7 * interval) }
            // Weeks start on Monday (WKST=MO); only every `interval`-th week counts.
            let weekStart = day.adding(days: -(Weekday(day).rawValue - 1))
            var candidate = day.adding(days: 1)
            for _ in 0..<(7 * interval * 400) {
                let weeks = (candidate.daysSince1970 - weekStart.daysSince1970) / 7
                if weeks % Int64(interval) == 0, days.contains(Weekday(candidate)) { return candidate }
                candidate = candidate.adding(days: 1)
            }
            return nil
        case .monthly:
            var year = day.year, month = day.month
            for step in 0..<400 {
                if step > 0 {
                    month += interval
                    year += (month - 1) / 12
                    month = (month - 1) % 12 + 1
                }
                guard year <= 9999 else { return nil }
                let candidates = daysOfMonth(year: year, month: month, anchor: day.day)
                if let next = candidates.first(where: { $0 > day }) { return next }
            }
            return nil
        case .yearly:
            for step in 1...400 {
                let year = day.year + step * interval
                guard year <= 9999 else { return nil }
                if let next = CalendarDay(year: year, month: day.month, day: day.day) { return next }
            }
            return nil
        }
    }

    /// Days from 0001-01-01 to 9999-12-31: no interval longer than this can land in range.
    static let validDayCount = Int(ValidDates.days.upperBound.daysSince1970 - ValidDates.days.lowerBound.daysSince1970) + 1

    /// The days of one month a MONTHLY rule lands on, in order.
    private func daysOfMonth(year: Int, month: Int, anchor: Int) -> [CalendarDay] {
        let length = Int(SQLDateTextDays.daysIn(month: month, year: year))
        var days = Set<Int>()
        if byDay.isEmpty && byMonthDay.isEmpty {
            if anchor <= length { days.insert(anchor) }
        }
        for monthDay in byMonthDay {
            let resolved = monthDay > 0 ? monthDay : length + 1 + monthDay
            if (1...length).contains(resolved) { days.insert(resolved) }
        }
        for spec in byDay {
            let first = CalendarDay(year: year, month: month, day: 1)!
            let offset = (spec.weekday.rawValue - Weekday(first).rawValue + 7) % 7
            let matching = Array(stride(from: 1 + offset, through: length, by: 7))
            switch spec.ordinal {
            case nil: days.formUnion(matching)
            case let ordinal? where ordinal > 0 && ordinal <= matching.count: days.insert(matching[ordinal - 1])
            case let ordinal? where ordinal < 0 && -ordinal <= matching.count: days.insert(matching[matching.count + ordinal])
            default: break
            }
        }
        return days.sorted().compactMap { CalendarDay(year: year, month: month, day: $0) }
    }
}

/// Calendar arithmetic shared with `SQLDateText`, in `Int`s.
enum SQLDateTextDays {
    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : (a - b + 1) / b
    }

    static func daysIn(month: Int, year: Int) -> Int {
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }
}
