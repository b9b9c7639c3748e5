public import Foundation

extension Date: SQLBindable {
    /// `2026-03-02 09:30:00.000`, always UTC, to the millisecond.
    public var queryBinding: SQLBinding { .text(SQLDateText.format(self)) }

    /// Reads the text form (or ISO 8601, or a bare day), or seconds since 1970 as a number.
    public init(decoding binding: SQLBinding) throws(SQLDecodingError) {
        switch binding {
        case .text(let text):
            guard let date = SQLDateText.parse(text) else {
                throw SQLDecodingError(value: binding, type: "Date")
            }
            self = date
        case .integer(let seconds):
            self = Date(timeIntervalSince1970: TimeInterval(seconds))
        case .double(let seconds):
            self = Date(timeIntervalSince1970: seconds)
        default:
            throw SQLDecodingError(value: binding, type: "Date")
        }
    }
}

/// The text form of dates in the database: `YYYY-MM-DD HH:MM:SS.SSS` in UTC.
///
/// Plain calendar arithmetic rather than a `DateFormatter`: it is several times faster, needs
/// no locking, and cannot change with the user's locale or calendar.
public enum SQLDateText {
    /// Formats a date as `YYYY-MM-DD HH:MM:SS.SSS` (UTC).
    public static func format(_ date: Date) -> String {
        // NB: to the nearest millisecond, not down: 15.038 s is 15.03799… as a Double, and
        // flooring it would lose a millisecond on every parse-then-format round trip.
        let totalMillis = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let days = floorDiv(totalMillis, 86_400_000)
        let millisOfDay = totalMillis - days * 86_400_000
        let (year, month, day) = civil(fromDays: days)
        let hour = millisOfDay / 3_600_000
        let minute = millisOfDay / 60_000 % 60
        let second = millisOfDay / 1000 % 60
        let millis = millisOfDay % 1000
        guard (0...9999).contains(year) else {
            return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2)) "
                + "\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2)).\(pad(millis, 3))"
        }
        // NB: the usual four-digit year is written byte by byte into one allocation; an import
        // formats a date or two per row, and interpolating eight padded pieces cost more than
        // SQLite's work for the row.
        return String(unsafeUninitializedCapacity: 23) { buffer in
            var index = 0
            func put(_ value: Int64, _ width: Int) {
                var rest = value
                for offset in stride(from: width - 1, through: 0, by: -1) {
                    buffer[index + offset] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
                    rest /= 10
                }
                index += width
            }
            func put(_ byte: Unicode.Scalar) {
                buffer[index] = UInt8(ascii: byte)
                index += 1
            }
            put(year, 4); put("-"); put(month, 2); put("-"); put(day, 2); put(" ")
            put(hour, 2); put(":"); put(minute, 2); put(":"); put(second, 2); put("."); put(millis, 3)
            return index
        }
    }

    /// Parses `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS[.fff]]`, or the same with `T` in place of the
    /// space and an optional `Z` or `±HH:MM` zone. Without a zone the time is UTC.
    public static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0

        func number(_ digits: Int) -> Int64? {
            guard index + digits <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<index + digits] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            index += digits
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        guard let year = number(4), expect(UInt8(ascii: "-")),
            let month = number(2), expect(UInt8(ascii: "-")),
            let day = number(2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var seconds = Double(days(fromCivil: year, month, day) * 86_400)
        if index == bytes.count { return Date(timeIntervalSince1970: seconds) }

        guard expect(UInt8(ascii: " ")) || expect(UInt8(ascii: "T")),
            let hour = number(2), expect(UInt8(ascii: ":")), let minute = number(2),
            hour < 24, minute < 60
        else { return nil }
        seconds += Double(hour * 3600 + minute * 60)
        if expect(UInt8(ascii: ":")) {
            guard let second = number(2), second < 61 else { return nil }
            seconds += Double(second)
            if expect(UInt8(ascii: ".")) {
                var scale = 0.1
                var sawDigit = false
                while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                    seconds += Double(bytes[index] - 48) * scale
                    scale /= 10
                    index += 1
                    sawDigit = true
                }
                guard sawDigit else { return nil }
            }
        }
        if expect(UInt8(ascii: "Z")) {
            // UTC.
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign: Double = bytes[index] == UInt8(ascii: "+") ? 1 : -1
            index += 1
            guard let zoneHours = number(2) else { return nil }
            _ = expect(UInt8(ascii: ":"))
            guard let zoneMinutes = number(2), zoneHours < 24, zoneMinutes < 60 else { return nil }
            seconds -= sign * Double(zoneHours * 3600 + zoneMinutes * 60)
        }
        guard index == bytes.count else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    // MARK: Calendar arithmetic (proleptic Gregorian, after Howard Hinnant's civil algorithms)

    /// Days since 1970-01-01 for a calendar date.
    public static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDiv(y, 400)
        let yearOfEra = y - era * 400
        let monthIndex = (month + 9) % 12
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The calendar date of a day count since 1970-01-01.
    public static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = floorDiv(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The number of days in a month of the proleptic Gregorian calendar.
    public static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Division rounding toward negative infinity, for days before 1970.
    public static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    /// The number in decimal, zero-padded to `width` digits.
    public static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

extension Date: OrderableQueryValue {}
