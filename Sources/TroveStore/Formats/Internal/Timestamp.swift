import Foundation
import TroveQuery

/// Dates as the formats spell them, converted by plain arithmetic on whole milliseconds.
///
/// NB: integer milliseconds, not sums of `Double` fractions, so `.123` reads back as `.123`
/// and export → import → export is byte-identical.
enum Timestamp {
    static func millis(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    static func date(millis: Int64) -> Date {
        Date(timeIntervalSince1970: Double(millis) / 1000)
    }

    static func millis(year: Int64, month: Int64, day: Int64, hour: Int64 = 0, minute: Int64 = 0, second: Int64 = 0) -> Int64 {
        ((SQLDateText.days(fromCivil: year, month, day) * 24 + hour) * 60 + minute) * 60_000 + second * 1000
    }

    // MARK: ISO 8601 (JSON Lines, CSV)

    /// Reads `YYYY-MM-DD` (midnight UTC) or `YYYY-MM-DDTHH:MM[:SS[.fff]]` followed by `Z`,
    /// `±HH:MM`, `±HHMM` or nothing (UTC). A space may stand for the `T`; digits past
    /// milliseconds are dropped. Nil outside ``ValidDates`` once the offset is applied
    /// (`0001-01-01T00:00:00+01:00` is in year 0).
    static func parseISO(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parseISO($0) }
    }

    static func parseISO(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var scanner = DigitScanner(bytes: bytes)
        guard let year = scanner.number(4), scanner.expect("-"), let month = scanner.number(2),
            scanner.expect("-"), let day = scanner.number(2), isValidDay(year, month, day)
        else { return nil }
        if scanner.atEnd { return date(millis: millis(year: year, month: month, day: day)) }
        guard scanner.expect("T") || scanner.expect("t") || scanner.expect(" "),
            let hour = scanner.number(2), scanner.expect(":"), let minute = scanner.number(2),
            hour < 24, minute < 60
        else { return nil }
        var second: Int64 = 0
        var fraction: Int64 = 0
        if scanner.expect(":") {
            guard let value = scanner.number(2), value < 60 else { return nil }
            second = value
            if scanner.expect(".") || scanner.expect(",") {
                var digits = 0
                while let digit = scanner.digit() {
                    if digits < 3 { fraction = fraction * 10 + digit }
                    digits += 1
                }
                guard digits > 0 else { return nil }
                for _ in digits..<max(digits, 3) { fraction *= 10 }
            }
        }
        var offsetMinutes: Int64 = 0
        if scanner.expect("Z") || scanner.expect("z") {
        } else if let sign = scanner.sign() {
            guard let hours = scanner.number(2), hours < 24 else { return nil }
            var minutes: Int64 = 0
            if !scanner.atEnd {
                _ = scanner.expect(":")
                guard let value = scanner.number(2), value < 60 else { return nil }
                minutes = value
            }
            offsetMinutes = sign * (hours * 60 + minutes)
        }
        guard scanner.atEnd else { return nil }
        let total = millis(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
            + fraction - offsetMinutes * 60_000
        guard ValidDates.millis.contains(total) else { return nil }
        return date(millis: total)
    }

    /// `2026-02-20T09:15:00.000Z`.
    static func iso(_ date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        appendISO(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func appendISO(_ date: Date, to bytes: inout [UInt8]) {
        let total = millis(date)
        let days = SQLDateText.floorDiv(total, 86_400_000)
        let ofDay = total - days * 86_400_000
        let civil = SQLDateText.civil(fromDays: days)
        appendDigits(civil.year, 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(civil.month, 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(civil.day, 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(ofDay / 3_600_000, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(ofDay / 60_000 % 60, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(ofDay / 1000 % 60, 2, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        appendDigits(ofDay % 1000, 3, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// `YYYY-MM-DD` for a due date that is a day, ISO 8601 UTC for a moment.
    static func dueText(_ due: DueDate) -> String {
        switch due {
        case .day(let day): day.description
        case .time(let date): iso(date)
        }
    }

    /// A day is exactly `YYYY-MM-DD`; anything else must be an ISO 8601 date-time.
    static func parseDue(_ text: String) -> DueDate? {
        var text = text
        return text.withUTF8 { parseDue($0) }
    }

    static func parseDue(_ bytes: UnsafeBufferPointer<UInt8>) -> DueDate? {
        if bytes.count == 10 {
            var scanner = DigitScanner(bytes: bytes)
            guard let year = scanner.number(4), scanner.expect("-"), let month = scanner.number(2),
                scanner.expect("-"), let day = scanner.number(2),
                let calendarDay = CalendarDay(year: Int(year), month: Int(month), day: Int(day))
            else { return nil }
            return .day(calendarDay)
        }
        guard bytes.count > 10, let date = parseISO(bytes) else { return nil }
        return .time(date)
    }

    static func isValidDay(_ year: Int64, _ month: Int64, _ day: Int64) -> Bool {
        year >= 1 && (1...12).contains(month) && day >= 1 && day <= SQLDateText.daysIn(month: month, year: year)
    }

    static func appendDigits(_ value: Int64, _ width: Int, to bytes: inout [UInt8]) {
        var divisor: Int64 = 1
        for _ in 1..<width { divisor *= 10 }
        var value = value
        if value >= divisor * 10 {  // wider than asked, e.g. a year past 9999
            bytes.append(contentsOf: String(value).utf8)
            return
        }
        while divisor > 0 {
            bytes.append(UInt8(truncatingIfNeeded: 48 + value / divisor))
            value %= divisor
            divisor /= 10
        }
    }
}

/// Reads fixed-width fields of ASCII digits.
struct DigitScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    var atEnd: Bool { index == bytes.count }

    mutating func number(_ width: Int) -> Int64? {
        guard index + width <= bytes.count else { return nil }
        var value: Int64 = 0
        for offset in 0..<width {
            let byte = bytes[index + offset]
            guard byte >= 48, byte <= 57 else { return nil }
            value = value * 10 + Int64(byte - 48)
        }
        index += width
        return value
    }

    mutating func digit() -> Int64? {
        guard index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 else { return nil }
        index += 1
        return Int64(bytes[index - 1] - 48)
    }

    mutating func expect(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    mutating func sign() -> Int64? {
        if expect("+") { return 1 }
        if expect("-") { return -1 }
        return nil
    }
}
