import Foundation

extension RepeatRule {
    /// Reads what a person types after `--repeat`, or an RRULE.
    ///
    /// ```swift
    /// try RepeatRule(phrase: "every 2 weeks on mon,thu").rrule   // "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH"
    /// try RepeatRule(phrase: "monthly on the last fri").rrule     // "FREQ=MONTHLY;BYDAY=-1FR"
    /// try RepeatRule(phrase: "every month on the 15th until 2026-12-31").rrule
    /// // "FREQ=MONTHLY;BYMONTHDAY=15;UNTIL=20261231"
    /// ```
    ///
    /// Forms: `daily`, `weekly`, `monthly`, `yearly`; `every [N] day(s)|week(s)|month(s)|year(s)`;
    /// `every weekday`; `every mon,thu`; then optionally `on …` (weekdays; days of the month such
    /// as `15th` or `last day`; `the first monday`, `the last fri`), `until YYYY-MM-DD`,
    /// `N times`. Text containing `=` is read as an RRULE.
    ///
    /// - Throws: `RepeatRuleError` saying what was not understood.
    public init(phrase text: String) throws(RepeatRuleError) {
        if text.contains("=") {
            try self.init(rrule: text)
            return
        }
        let example = "such as \"every 2 weeks on mon,thu\", \"monthly on the 15th\" or an RRULE like FREQ=WEEKLY;BYDAY=MO"
        var words = text.lowercased()
            .replacingOccurrences(of: ",", with: " , ")
            .split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        func fail(_ what: String) -> RepeatRuleError {
            RepeatRuleError("\(what) in the repeat \"\(text)\"; write a rule \(example)")
        }
        var end: End?
        // Trailing "until DATE" and "N times" / "for N times".
        if let until = words.firstIndex(of: "until") {
            guard until + 1 < words.count, let due = Timestamp.parseDue(words[until + 1]) else {
                throw fail("\"until\" needs a date such as 2026-12-31")
            }
            end = .until(due)
            words.removeSubrange(until..<min(words.count, until + 2))
        }
        if let times = words.firstIndex(where: { $0 == "times" || $0 == "time" }) {
            guard times >= 1, let count = Int(words[times - 1]), count >= 1 else { throw fail("\"times\" needs a number before it") }
            guard end == nil else { throw fail("both an end date and a number of times") }
            end = .count(count)
            var start = times - 1
            if start >= 1, words[start - 1] == "for" { start -= 1 }
            words.removeSubrange(start...times)
        }
        guard let first = words.first else { throw fail("nothing") }
        var frequency: Frequency
        var interval = 1
        var rest: ArraySlice<String>
        switch first {
        case "daily": frequency = .daily; rest = words.dropFirst()
        case "weekly": frequency = .weekly; rest = words.dropFirst()
        case "monthly": frequency = .monthly; rest = words.dropFirst()
        case "yearly", "annually": frequency = .yearly; rest = words.dropFirst()
        case "every":
            rest = words.dropFirst()
            if let number = rest.first.flatMap({ Int($0) }) {
                guard number >= 1 else { throw fail("an interval below 1") }
                interval = number
                rest = rest.dropFirst()
            } else if rest.first == "other" {
                interval = 2
                rest = rest.dropFirst()
            }
            guard let unit = rest.first else { throw fail("no unit after \"every\"") }
            switch unit {
            case "day", "days": frequency = .daily; rest = rest.dropFirst()
            case "week", "weeks": frequency = .weekly; rest = rest.dropFirst()
            case "month", "months": frequency = .monthly; rest = rest.dropFirst()
            case "year", "years": frequency = .yearly; rest = rest.dropFirst()
            case "weekday", "weekdays":
                guard interval == 1 else { throw fail("\"every N weekdays\"") }
                frequency = .daily
                rest = ["on", "mon", "tue", "wed", "thu", "fri"] + rest.dropFirst()
            default:
                // "every mon,thu": weekly on those days.
                guard Self.weekday(unit) != nil else { throw fail("\"\(unit)\" is not a day, week, month, year or weekday") }
                frequency = .weekly
                rest = ["on"] + rest
            }
        default:
            throw fail("\"\(first)\" is not how a repeat starts")
        }
        var byDay: [DaySpec] = []
        var byMonthDay: [Int] = []
        if let on = rest.first {
            guard on == "on" else { throw fail("\"\(on)\" where \"on …\", \"until …\" or \"N times\" was expected") }
            var items = Array(rest.dropFirst()).filter { $0 != "," && $0 != "and" && $0 != "the" && $0 != "day" }
            guard !items.isEmpty else { throw fail("nothing after \"on\"") }
            var index = 0
            while index < items.count {
                let item = items[index]
                if let weekday = Self.weekday(item) {
                    byDay.append(DaySpec(weekday))
                } else if let ordinal = Self.ordinalNumber(item) {
                    // "first monday", "last fri", "2nd tue", or "15th" / "last" alone (a day of the month).
                    if index + 1 < items.count, let weekday = Self.weekday(items[index + 1]) {
                        guard frequency == .monthly else { throw fail("\"\(item) \(items[index + 1])\" outside a monthly repeat") }
                        byDay.append(DaySpec(weekday, ordinal: ordinal))
                        index += 1
                    } else {
                        guard frequency == .monthly else { throw fail("a day of the month outside a monthly repeat") }
                        byMonthDay.append(ordinal)
                    }
                } else {
                    throw fail("\"\(item)\" is not a weekday or a day of the month")
                }
                index += 1
            }
            items.removeAll()
        }
        if !byDay.isEmpty, frequency == .yearly { throw fail("weekdays in a yearly repeat") }
        self.init(frequency, interval: interval, byDay: byDay, byMonthDay: byMonthDay, end: end)
    }

    static func weekday(_ word: String) -> Weekday? {
        let names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        let trimmed = word.hasSuffix("s") && word.count > 3 && word != "tues" ? String(word.dropLast()) : word
        for (index, name) in names.enumerated() where trimmed.hasPrefix(name) {
            let full = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][index]
            if full.hasPrefix(trimmed) || trimmed == "tues" || trimmed == "thur" || trimmed == "thurs" {
                return Weekday(rawValue: index + 1)
            }
        }
        return Weekday(code: word)
    }

    /// `1`, `1st`, `first` … `31st`; `last` is −1, `second-to-last` −2.
    static func ordinalNumber(_ word: String) -> Int? {
        let words = ["first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1, "second-to-last": -2]
        if let number = words[word] { return number }
        var digits = Substring(word)
        for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) { digits = digits.dropLast(2) }
        guard let number = Int(digits), (1...31).contains(number) else { return nil }
        return number
    }
}
