import Foundation

extension RepeatRule {
    /// Parses an RRULE value (RFC 5545 §3.3.10), with or without the `RRULE:` prefix.
    ///
    /// ```swift
    /// try RepeatRule(rrule: "RRULE:FREQ=MONTHLY;BYDAY=-1FR;COUNT=6").description  // "every month on the last Fri, 6 times"
    /// ```
    ///
    /// - Throws: `RepeatRuleError` naming the part that is malformed or outside Trove's subset.
    public init(rrule text: String) throws(RepeatRuleError) {
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        if body.uppercased().hasPrefix("RRULE:") { body = body.dropFirst(6) }
        var frequency: Frequency?
        var interval = 1
        var byDay: [DaySpec] = []
        var byMonthDay: [Int] = []
        var end: End?
        for part in body.split(separator: ";", omittingEmptySubsequences: true) {
            guard let equals = part.firstIndex(of: "=") else {
                throw RepeatRuleError("\"\(part)\" is not NAME=VALUE (RFC 5545 §3.3.10)")
            }
            let name = part[..<equals].uppercased()
            let value = String(part[part.index(after: equals)...])
            switch name {
            case "FREQ":
                guard let parsed = Frequency(rawValue: value.uppercased()) else {
                    throw RepeatRuleError("FREQ=\(value) is not supported; Trove repeats DAILY, WEEKLY, MONTHLY or YEARLY")
                }
                frequency = parsed
            case "INTERVAL":
                guard let number = Int(value), number >= 1 else {
                    throw RepeatRuleError("INTERVAL=\(value) must be a whole number of at least 1 (RFC 5545 §3.3.10)")
                }
                interval = number
            case "BYDAY":
                for item in value.split(separator: ",") {
                    let code = item.suffix(2)
                    guard let weekday = Weekday(code: code) else {
                        throw RepeatRuleError("BYDAY=\(value) has \"\(item)\", which is not a weekday such as MO or 1MO")
                    }
                    let prefix = item.dropLast(2)
                    var ordinal: Int?
                    if !prefix.isEmpty {
                        guard let number = Int(prefix.hasPrefix("+") ? prefix.dropFirst() : prefix), number != 0,
                            (-53...53).contains(number)
                        else {
                            throw RepeatRuleError("BYDAY=\(value) has \"\(item)\", whose ordinal must be 1 to 53 or -1 to -53")
                        }
                        ordinal = number
                    }
                    byDay.append(DaySpec(weekday, ordinal: ordinal))
                }
            case "BYMONTHDAY":
                for item in value.split(separator: ",") {
                    guard let day = Int(item.hasPrefix("+") ? item.dropFirst() : item), day != 0, (-31...31).contains(day) else {
                        throw RepeatRuleError("BYMONTHDAY=\(value) has \"\(item)\"; days are 1 to 31 or -1 to -31")
                    }
                    byMonthDay.append(day)
                }
            case "COUNT":
                guard let count = Int(value), count >= 1 else {
                    throw RepeatRuleError("COUNT=\(value) must be a whole number of at least 1")
                }
                guard end == nil else { throw RepeatRuleError("an RRULE may have COUNT or UNTIL, not both (RFC 5545 §3.3.10)") }
                end = .count(count)
            case "UNTIL":
                guard end == nil else { throw RepeatRuleError("an RRULE may have COUNT or UNTIL, not both (RFC 5545 §3.3.10)") }
                switch ICalendarText.parseDate(value) {
                case .day(let day)?: end = .until(.day(day))
                case .dateTime(let wall, _)?: end = .until(.time(Timestamp.date(millis: wall)))
                case nil: throw RepeatRuleError("UNTIL=\(value) is not a date (20261231) or a UTC date-time (20261231T235959Z)")
                }
            case "WKST" where value.uppercased() == "MO":
                break
            default:
                throw RepeatRuleError("\(name)=\(value) is outside the RRULE subset Trove repeats by (FREQ, INTERVAL, BYDAY, BYMONTHDAY, COUNT, UNTIL)")
            }
        }
        guard let frequency else { throw RepeatRuleError("the RRULE has no FREQ (RFC 5545 §3.3.10 requires one)") }
        if byDay.contains(where: { $0.ordinal != nil }), frequency != .monthly {
            throw RepeatRuleError("a BYDAY ordinal such as 1MO is supported in MONTHLY rules only")
        }
        if !byMonthDay.isEmpty, frequency != .monthly {
            throw RepeatRuleError("BYMONTHDAY is supported in MONTHLY rules only")
        }
        if !byDay.isEmpty, frequency == .yearly {
            throw RepeatRuleError("BYDAY in a YEARLY rule is outside the subset Trove repeats by")
        }
        self.init(frequency, interval: interval, byDay: byDay, byMonthDay: byMonthDay, end: end)
    }
}
