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
    /// summer time). Days that do not exist (the 31st of April, 29 February in most years) are
    /// skipped, as RFC 5545 says.
    ///
    /// - Parameters:
    ///   - due: The current occurrence.
    ///   - occurrencesSoFar: Occurrences up to and including `due`, for `COUNT`.
    ///   - timeZone: Where a moment's wall-clock time is kept.
    public func next(after due: DueDate, occurrencesSoFar: Int, timeZone: TimeZone = .current) -> DueDate? {
        if case .count(let count) = end, occurrencesSoFar >= count { return nil }
        let result: DueDate
        switch due {
        case .day(let day):
            guard let next = nextDay(after: day) else { return nil }
            result = .day(next)
        case .time(let moment):
            let offset = TimeInterval(timeZone.secondsFromGMT(for: moment))
            let wall = moment.addingTimeInterval(offset)
            let wallMillis = Timestamp.millis(wall)
            let dayMillis = SQLDateTextDays.floorDiv(wallMillis, 86_400_000)
            let timeOfDay = wallMillis - dayMillis * 86_400_000
            guard let next = nextDay(after: CalendarDay(daysSince1970: dayMillis)) else { return nil }
            let nextWall = next.daysSince1970 * 86_400_000 + timeOfDay
            result = .time(Timestamp.date(millis: ICalendarText.utcMillis(wallMillis: nextWall, in: timeZone)))
        }
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

    /// The first day after `day` that the rule lands on, looking at most 400 periods ahead.
    func nextDay(after day: CalendarDay) -> CalendarDay? {
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
