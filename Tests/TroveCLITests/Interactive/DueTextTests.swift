import Foundation
import Testing
@testable import TroveCLI
import TroveStore

@Suite struct DueTextTests {
    static let today = CalendarDay("2026-03-02")!

    @Test(arguments: [
        ("2026-03-01", "yesterday"),
        ("2026-03-02", "today"),
        ("2026-03-03", "tomorrow"),
        ("2026-02-27", "Feb 27"),
        ("2026-12-31", "Dec 31"),
        ("2025-12-31", "2025-12-31"),
        ("2027-01-05", "2027-01-05"),
    ])
    func allDayDatesReadRelativeToToday(day: String, expected: String) {
        #expect(DueText.format(.day(CalendarDay(day)!), today: Self.today, timeZone: .gmt) == expected)
    }

    @Test func aTimedDateShowsItsLocalDayAndClockTime() throws {
        // 23:30 UTC on Mar 2 is 08:30 on Mar 3 in Tokyo (UTC+9).
        let moment = try #require(DueDate(storageText: "2026-03-02 23:30:00.000"))
        #expect(DueText.format(moment, today: Self.today, timeZone: .gmt) == "today 23:30")
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        #expect(DueText.format(moment, today: Self.today, timeZone: tokyo) == "tomorrow 08:30")
        let march9 = try #require(DueDate(storageText: "2026-03-09 09:05:00.000"))
        #expect(DueText.format(march9, today: Self.today, timeZone: .gmt) == "Mar 9 09:05")
    }

    @Test func aTimeBefore1970StillReadsAsAPositiveClockTime() throws {
        let moment = try #require(DueDate(storageText: "1969-12-31 22:15:00.000"))
        #expect(DueText.format(moment, today: Self.today, timeZone: .gmt) == "1969-12-31 22:15")
    }
}
