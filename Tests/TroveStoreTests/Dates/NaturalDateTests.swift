import Foundation
import Testing
import TroveStore

@Suite struct NaturalDateTests {
    /// Tuesday 24 November 2026, 10:00 in Berlin (09:00 UTC).
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    static let now = Date(timeIntervalSince1970: 1_795_510_800)
    static let reader = NaturalDate(now: now, timeZone: zone)

    @Test func theClockIsTuesday24November() {
        #expect(Self.reader.today == CalendarDay("2026-11-24"))
    }

    @Test(arguments: [
        ("today", "2026-11-24"), ("Today", "2026-11-24"), ("tomorrow", "2026-11-25"), ("tmrw", "2026-11-25"),
        ("yesterday", "2026-11-23"),
        // A weekday is the next one after today; `this` may be today; `next` is next week's.
        ("fri", "2026-11-27"), ("friday", "2026-11-27"), ("tue", "2026-12-01"), ("this tue", "2026-11-24"),
        ("this fri", "2026-11-27"), ("next friday", "2026-12-04"), ("next mon", "2026-11-30"),
        ("next week", "2026-11-30"), ("next month", "2026-12-01"), ("next year", "2027-01-01"),
        ("in 3 days", "2026-11-27"), ("in a week", "2026-12-01"), ("in 2 weeks", "2026-12-08"),
        ("3 days", "2026-11-27"), ("3d", "2026-11-27"), ("1w", "2026-12-01"), ("1m", "2026-12-24"),
        ("1y", "2027-11-24"), ("+3", "2026-11-27"), ("+3d", "2026-11-27"), ("+0", "2026-11-24"),
        ("eow", "2026-11-29"), ("end of week", "2026-11-29"), ("eom", "2026-11-30"), ("eoy", "2026-12-31"),
        ("dec 24", "2026-12-24"), ("24 dec", "2026-12-24"), ("December 24th", "2026-12-24"),
        ("24 December 2027", "2027-12-24"), ("dec 24, 2027", "2027-12-24"),
        // A day already past this year is next year's.
        ("jan 5", "2027-01-05"), ("nov 24", "2026-11-24"), ("nov 23", "2027-11-23"),
        ("feb 29", "2028-02-29"), ("2026-12-24", "2026-12-24"), ("on fri", "2026-11-27"),
    ])
    func readsDays(phrase: String, expected: String) throws {
        #expect(try Self.reader.parse(phrase) == .day(CalendarDay(expected)!))
    }

    @Test(arguments: [
        ("tomorrow 9am", "2026-11-25 08:00"), ("9am tomorrow", "2026-11-25 08:00"),
        ("fri 17:30", "2026-11-27 16:30"), ("fri at 5:30pm", "2026-11-27 16:30"), ("dec 24 9 am", "2026-12-24 08:00"),
        ("2026-12-24 12am", "2026-12-23 23:00"), ("tomorrow noon", "2026-11-25 11:00"),
        // A time alone is its next occurrence: 17:30 is still ahead today, 9am has passed.
        ("17:30", "2026-11-24 16:30"), ("9am", "2026-11-25 08:00"),
        // ISO 8601 as export writes it stays exact.
        ("2026-12-24T09:30:00Z", "2026-12-24 09:30"),
    ])
    func readsTimesInTheLocalZone(phrase: String, utc: String) throws {
        guard case .time(let date) = try Self.reader.parse(phrase) else {
            Issue.record("\(phrase) gave no time")
            return
        }
        #expect(DueDate.time(date).storageText.prefix(16) == utc)
    }

    @Test(arguments: ["someday", "next fryday", "in days", "13:75", "25pm", "fri fri", "dec", "the 24th", "--3", ""])
    func refusesUnknownPhrasesWithExamples(phrase: String) {
        #expect(throws: NaturalDateError.unknown(phrase: phrase.trimmingCharacters(in: .whitespaces))) {
            try Self.reader.parse(phrase)
        }
        let message = NaturalDateError.unknown(phrase: phrase).description
        #expect(message.contains("try today, tomorrow, fri, next friday, in 3 days, 1w, eow, eom, dec 24"))
    }

    @Test func refusesDaysTheCalendarLacks() {
        #expect(throws: NaturalDateError.noSuchDay(phrase: "feb 30")) { try Self.reader.parse("feb 30") }
        #expect(throws: NaturalDateError.noSuchDay(phrase: "31 apr 2027")) { try Self.reader.parse("31 apr 2027") }
    }

    @Test(arguments: ["in 99999999 days", "+9223372036854775807", "9999999w", "in 8000 years", "dec 24 0000"])
    func staysInsideTheYears1To9999(phrase: String) {
        #expect(throws: NaturalDateError.self) { try Self.reader.parse(phrase) }
        #expect((try? Self.reader.parse(phrase)) == nil)
    }

    @Test func theLastDaysOfTheRangeStillWork() throws {
        #expect(try Self.reader.parse("9999-12-31") == .day(CalendarDay("9999-12-31")!))
        let late = NaturalDate(now: Date(timeIntervalSince1970: 253_402_128_000), timeZone: .gmt)  // 9999-12-30
        #expect(try late.parse("tomorrow") == .day(CalendarDay("9999-12-31")!))
        #expect(throws: NaturalDateError.outOfRange(phrase: "in 2 days")) { try late.parse("in 2 days") }
        #expect(throws: NaturalDateError.outOfRange(phrase: "next year")) { try late.parse("next year") }
    }

    @Test(arguments: [("f", true), ("fr", true), ("next f", true), ("in 3 d", true), ("2026-1", true), ("dec 2", true),
                      ("9:3", true), ("tomorrow 9", true), ("xyz", false), ("next xyz", false), ("banana fri", false)])
    func tellsWhatMayStillBecomeADate(prefix: String, expected: Bool) {
        #expect(NaturalDate.couldComplete(prefix) == expected)
    }

    @Test func speaksDatesBack() throws {
        let today = CalendarDay("2026-11-24")!
        #expect(DueDate.day(CalendarDay("2026-11-27")!).spoken(today: today) == "Fri 27 Nov")
        #expect(DueDate.day(CalendarDay("2027-12-24")!).spoken(today: today) == "Fri 24 Dec 2027")
        #expect(try Self.reader.parse("tomorrow 9am").spoken(today: today, timeZone: Self.zone) == "Wed 25 Nov 09:00")
    }
}
