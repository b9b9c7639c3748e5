import Foundation

/// A VTIMEZONE component (RFC 5545 §3.6.5): the file's own rules for a TZID, which win over
/// whatever the system calls that name.
///
/// ```swift
/// // BEGIN:VTIMEZONE / TZID:W. Europe Standard Time
/// // BEGIN:STANDARD / DTSTART:16010101T030000 / TZOFFSETFROM:+0200 / TZOFFSETTO:+0100
/// //   RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10 / END:STANDARD
/// // BEGIN:DAYLIGHT / … TZOFFSETTO:+0200 … BYMONTH=3 / END:DAYLIGHT / END:VTIMEZONE
/// zone.utcMillis(wallMillis: wall)  // 20260715T090000 → 07:00Z (summer), 20260115T090000 → 08:00Z
/// ```
///
/// Each STANDARD or DAYLIGHT observance starts at its DTSTART (local time, in the offset it
/// changes from) and again at each onset its yearly RRULE (BYMONTH with BYDAY such as `-1SU` or
/// `2SU`, or BYMONTHDAY) or RDATEs name. A wall-clock time takes the offset of the latest onset
/// at or before it.
struct ICalendarTimeZone {
    struct Observance {
        var start: Int64 = 0
        var offsetFrom: Int64 = 0
        var offsetTo: Int64 = 0
        var month: Int?
        var byDay: RepeatRule.DaySpec?
        var byMonthDay: Int?
        var until: Int64?
        var dates: [Int64] = []

        /// The latest onset at or before `wall`, in wall-clock milliseconds.
        func latestOnset(atOrBefore wall: Int64) -> Int64? {
            var best: Int64? = start <= wall ? start : nil
            for date in dates where date <= wall { best = max(best ?? date, date) }
            guard let month else { return best }
            let year = CalendarDay(daysSince1970: SQLDateTextDays.floorDiv(wall, 86_400_000)).year
            let timeOfDay = start - SQLDateTextDays.floorDiv(start, 86_400_000) * 86_400_000
            for candidateYear in [year - 1, year] where candidateYear >= 1 {
                guard let day = onsetDay(year: candidateYear, month: month) else { continue }
                let onset = day.daysSince1970 * 86_400_000 + timeOfDay
                if onset >= start, onset <= wall, until.map({ onset <= $0 + offsetFrom * 1000 }) ?? true {
                    best = max(best ?? onset, onset)
                }
            }
            return best
        }

        private func onsetDay(year: Int, month: Int) -> CalendarDay? {
            let length = SQLDateTextDays.daysIn(month: month, year: year)
            if let byMonthDay {
                return CalendarDay(year: year, month: month, day: byMonthDay > 0 ? byMonthDay : length + 1 + byMonthDay)
            }
            guard let byDay, let first = CalendarDay(year: year, month: month, day: 1) else {
                return nil
            }
            let offset = (byDay.weekday.rawValue - RepeatRule.Weekday(first).rawValue + 7) % 7
            let matching = Array(stride(from: 1 + offset, through: length, by: 7))
            let ordinal = byDay.ordinal ?? 1
            let index = ordinal > 0 ? ordinal - 1 : matching.count + ordinal
            guard matching.indices.contains(index) else { return nil }
            return CalendarDay(year: year, month: month, day: matching[index])
        }
    }

    var observances: [Observance] = []

    /// The UTC moment of a wall-clock time in this zone.
    func utcMillis(wallMillis wall: Int64) -> Int64 {
        var best: (onset: Int64, offset: Int64)?
        for observance in observances {
            guard let onset = observance.latestOnset(atOrBefore: wall) else { continue }
            if best == nil || onset > best!.onset { best = (onset, observance.offsetTo) }
        }
        let offset = best?.offset ?? observances.min(by: { $0.start < $1.start })?.offsetFrom ?? 0
        return wall - offset * 1000
    }

    /// `+0200`, `-0530`, `+013045` (RFC 5545 §3.3.14) in seconds.
    static func offset(_ text: String) -> Int64? {
        let value = text.trimmingCharacters(in: .whitespaces)
        guard value.count == 5 || value.count == 7, let sign = value.first, sign == "+" || sign == "-",
            let hours = Int64(value.dropFirst().prefix(2)), let minutes = Int64(value.dropFirst(3).prefix(2))
        else { return nil }
        let seconds = value.count == 7 ? Int64(value.suffix(2)) ?? 0 : 0
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60 + seconds)
    }

    /// Reads one observance's yearly RRULE: `FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU[;UNTIL=…]`.
    static func applyRule(_ text: String, to observance: inout Observance) {
        for part in text.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { continue }
            switch pair[0].uppercased() {
            case "BYMONTH": observance.month = Int(pair[1].split(separator: ",").first ?? "")
            case "BYMONTHDAY": observance.byMonthDay = Int(pair[1].split(separator: ",").first ?? "")
            case "BYDAY":
                let item = pair[1].split(separator: ",").first ?? ""
                if let weekday = RepeatRule.Weekday(code: item.suffix(2)) {
                    observance.byDay = RepeatRule.DaySpec(weekday, ordinal: Int(item.dropLast(2).replacingOccurrences(of: "+", with: "")))
                }
            case "UNTIL":
                if case .dateTime(let wall, _)? = ICalendarText.parseDate(pair[1]) { observance.until = wall }
            default: break
            }
        }
    }
}
