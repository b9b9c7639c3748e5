import Foundation

/// iCalendar TEXT values and DATE/DATE-TIME values (RFC 5545 §3.3.4, §3.3.5, §3.3.11).
enum ICalendarText {
    /// Undoes `\\`, `\;`, `\,` and `\n`/`\N`; any other backslash is kept as written.
    static func unescape(_ text: some StringProtocol) -> String {
        guard text.contains("\\") else { return String(text) }
        var out = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "n", "N": out.append("\n")
                case "\\", ";", ",": out.append(character)
                default: out.append("\\"); out.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        if escaping { out.append("\\") }
        return out
    }

    /// Splits a list value on commas that are not escaped, then unescapes each part.
    static func splitList(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var escaping = false
        for character in text {
            if escaping {
                current.append("\\")
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "," {
                parts.append(unescape(current))
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(unescape(current))
        return parts
    }

    /// Escapes text for a TEXT value. Line breaks become `\n`; other control characters
    /// except tab cannot appear in iCalendar text and are dropped (`dropped` counts them).
    static func escape(_ text: String, dropped: inout Int) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\r": out += "\\n"
            case "\n": if !previousWasCR { out += "\\n" }
            case "\t": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: dropped += 1
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A DATE or DATE-TIME as written: the zone is applied by the reader.
    enum DateValue: Equatable {
        case day(CalendarDay)
        /// Milliseconds since 1970 of the wall-clock time read as if it were UTC.
        case dateTime(wallMillis: Int64, isUTC: Bool)
    }

    /// Reads `YYYYMMDD`, `YYYYMMDDTHHMMSS` or `YYYYMMDDTHHMMSSZ`.
    static func parseDate(_ text: String) -> DateValue? {
        var text = text
        return text.withUTF8 { bytes in
            var scanner = DigitScanner(bytes: bytes)
            guard let year = scanner.number(4), let month = scanner.number(2), let day = scanner.number(2),
                Timestamp.isValidDay(year, month, day)
            else { return nil }
            if scanner.atEnd {
                return CalendarDay(year: Int(year), month: Int(month), day: Int(day)).map(DateValue.day)
            }
            guard scanner.expect("T"), let hour = scanner.number(2), let minute = scanner.number(2),
                let second = scanner.number(2), hour < 24, minute < 60, second < 61
            else { return nil }
            let isUTC = scanner.expect("Z")
            guard scanner.atEnd else { return nil }
            let wall = Timestamp.millis(
                year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59))
            return .dateTime(wallMillis: wall, isUTC: isUTC)
        }
    }

    /// `YYYYMMDD`.
    static func format(_ day: CalendarDay) -> String {
        day.description.replacingOccurrences(of: "-", with: "")
    }

    /// `YYYYMMDDTHHMMSSZ`, in UTC; milliseconds are dropped as iCalendar has none.
    static func formatUTC(_ date: Date) -> String {
        let iso = Timestamp.iso(date)  // 2026-02-20T09:15:00.000Z
        return iso.prefix(19).filter { $0 != "-" && $0 != ":" } + "Z"
    }

    /// The UTC moment of a wall-clock time in `zone`, as RFC 5545 §3.3.5 reads a local time: a
    /// time that occurs twice (when summer time ends) is the first of the two, and a time that
    /// does not occur (in the gap when it starts) is read with the offset before the gap, so
    /// 02:30 on the day Berlin or New York skips to 03:00 is 03:30.
    ///
    /// ```swift
    /// // 2026-03-29 02:30 in Europe/Berlin, which skips 02:00–03:00:
    /// ICalendarText.utcMillis(wallMillis: wall, in: berlin)  // 01:30Z, 03:30 CEST
    /// ```
    ///
    /// NB: before issue 53 the offset was looked up twice from the wall time, which moved a time
    /// in the gap forward east of UTC but backward west of it (New York's 02:30 became 01:30).
    static func utcMillis(wallMillis: Int64, in zone: TimeZone) -> Int64 {
        func offset(at millis: Int64) -> Int64 { Int64(zone.secondsFromGMT(for: Timestamp.date(millis: millis))) * 1000 }
        // NB: the real moment is within 14 hours of the wall time read as UTC, and zones change
        // their offset at most a few times a year, so a day either side brackets one change.
        let before = offset(at: wallMillis - 86_400_000), after = offset(at: wallMillis + 86_400_000)
        for candidate in before == after ? [before] : [before, after] where offset(at: wallMillis - candidate) == candidate {
            return wallMillis - candidate
        }
        return wallMillis - before
    }
}
