import Foundation
import Testing
import TroveStore

@Suite struct RepeatRuleTests {
    @Test(arguments: [
        ("every 2 weeks on mon,thu", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "every 2 weeks on Mon, Thu"),
        ("daily", "FREQ=DAILY", "every day"),
        ("every day", "FREQ=DAILY", "every day"),
        ("every 3 days", "FREQ=DAILY;INTERVAL=3", "every 3 days"),
        ("weekly", "FREQ=WEEKLY", "every week"),
        ("every weekday", "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", "every weekday"),
        ("every monday and friday", "FREQ=WEEKLY;BYDAY=MO,FR", "every week on Mon, Fri"),
        ("every other week on tuesday", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", "every 2 weeks on Tue"),
        ("monthly", "FREQ=MONTHLY", "every month"),
        ("monthly on the 15th", "FREQ=MONTHLY;BYMONTHDAY=15", "every month on the 15th"),
        ("every month on the last day", "FREQ=MONTHLY;BYMONTHDAY=-1", "every month on the last day"),
        ("monthly on the last fri", "FREQ=MONTHLY;BYDAY=-1FR", "every month on the last Fri"),
        ("every 3 months on the first monday", "FREQ=MONTHLY;INTERVAL=3;BYDAY=1MO", "every 3 months on the first Mon"),
        ("yearly", "FREQ=YEARLY", "every year"),
        ("every 2 years", "FREQ=YEARLY;INTERVAL=2", "every 2 years"),
        ("weekly until 2026-12-31", "FREQ=WEEKLY;UNTIL=20261231", "every week, until 2026-12-31"),
        ("every day 10 times", "FREQ=DAILY;COUNT=10", "every day, 10 times"),
        ("FREQ=WEEKLY;BYDAY=MO,TH;INTERVAL=2", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "every 2 weeks on Mon, Thu"),
        ("RRULE:FREQ=MONTHLY;BYDAY=2TU;COUNT=3", "FREQ=MONTHLY;BYDAY=2TU;COUNT=3", "every month on the second Tue, 3 times"),
    ])
    func readsPhrasesAndRRULEs(phrase: String, rrule: String, text: String) throws {
        let rule = try RepeatRule(phrase: phrase)
        #expect(rule.rrule == rrule)
        #expect(rule.description == text)
        #expect(try RepeatRule(rrule: rule.rrule) == rule)
    }

    @Test(arguments: [
        ("every fortnight", "\"fortnight\" is not a day"),
        ("every 0 days", "an interval below 1"),
        ("weekly on the 15th", "outside a monthly repeat"),
        ("monthly until tomorrow", "\"until\" needs a date"),
        ("FREQ=HOURLY", "FREQ=HOURLY is not supported"),
        ("FREQ=MONTHLY;BYSETPOS=2", "BYSETPOS=2 is outside the RRULE subset"),
        ("FREQ=DAILY;COUNT=2;UNTIL=20260101", "COUNT or UNTIL, not both"),
        ("INTERVAL=2", "has no FREQ"),
    ])
    func refusesWhatItCannotRepeatBySayingWhy(phrase: String, message: String) {
        #expect(throws: RepeatRuleError.self) { try RepeatRule(phrase: phrase) }
        do {
            _ = try RepeatRule(phrase: phrase)
        } catch {
            #expect(error.description.contains(message), "\(error)")
        }
    }

    static func next(_ rrule: String, after day: String, so far: Int = 1) throws -> String? {
        let rule = try RepeatRule(rrule: rrule)
        guard case .day(let next)? = rule.next(after: .day(CalendarDay(day)!), occurrencesSoFar: far) else { return nil }
        return next.description
    }

    @Test func findsTheNextOccurrence() throws {
        // 2026-03-02 is a Monday.
        #expect(try Self.next("FREQ=DAILY", after: "2026-03-02") == "2026-03-03")
        #expect(try Self.next("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", after: "2026-03-06") == "2026-03-09")
        #expect(try Self.next("FREQ=WEEKLY", after: "2026-03-02") == "2026-03-09")
        #expect(try Self.next("FREQ=WEEKLY;BYDAY=MO,TH", after: "2026-03-02") == "2026-03-05")
        #expect(try Self.next("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", after: "2026-03-05") == "2026-03-16")
        #expect(try Self.next("FREQ=MONTHLY", after: "2026-01-31") == "2026-03-31")  // no 31 February: skipped
        #expect(try Self.next("FREQ=MONTHLY;BYMONTHDAY=-1", after: "2026-01-31") == "2026-02-28")
        #expect(try Self.next("FREQ=MONTHLY;BYMONTHDAY=1,15", after: "2026-03-01") == "2026-03-15")
        #expect(try Self.next("FREQ=MONTHLY;BYDAY=-1FR", after: "2026-03-27") == "2026-04-24")
        #expect(try Self.next("FREQ=MONTHLY;INTERVAL=2;BYDAY=1MO", after: "2026-03-02") == "2026-05-04")
        #expect(try Self.next("FREQ=YEARLY", after: "2024-02-29") == "2028-02-29")
        #expect(try Self.next("FREQ=WEEKLY;COUNT=3", after: "2026-03-02", so: 2) == "2026-03-09")
        #expect(try Self.next("FREQ=WEEKLY;COUNT=3", after: "2026-03-09", so: 3) == nil)
        #expect(try Self.next("FREQ=WEEKLY;UNTIL=20260310", after: "2026-03-02") == "2026-03-09")
        #expect(try Self.next("FREQ=WEEKLY;UNTIL=20260310", after: "2026-03-09") == nil)
        #expect(try Self.next("FREQ=YEARLY", after: "9999-06-01") == nil)
    }

    @Test func aMomentKeepsItsWallClockTimeAcrossSummerTime() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        // Monday 2026-03-23 09:00 in Berlin (08:00Z); summer time starts on the 29th.
        let before = Date(timeIntervalSince1970: 1_774_252_800)
        let next = RepeatRule(.weekly).next(after: .time(before), occurrencesSoFar: 1, timeZone: berlin)
        #expect(next == .time(before.addingTimeInterval(7 * 86_400 - 3_600)))  // 09:00 CEST is 07:00Z
    }

    /// Issue 53: a rule whose next day lies past 9999-12-31 has ended, at any frequency and
    /// however long its interval (no overflow on the largest INTERVAL an RRULE can say).
    @Test(arguments: [
        ("FREQ=DAILY", "9999-12-31"), ("FREQ=WEEKLY", "9999-12-31"), ("FREQ=WEEKLY;BYDAY=MO,TH", "9999-12-30"),
        ("FREQ=DAILY;INTERVAL=1000000", "7502-01-01"), ("FREQ=MONTHLY", "9999-12-31"),
        ("FREQ=DAILY;INTERVAL=9223372036854775807", "2026-03-02"), ("FREQ=WEEKLY;INTERVAL=9223372036854775807;BYDAY=MO", "2026-03-02"),
        ("FREQ=MONTHLY;INTERVAL=9223372036854775807", "2026-03-02"), ("FREQ=YEARLY;INTERVAL=9223372036854775807", "2026-03-02"),
    ])
    func aRuleWithNoNextDayBefore10000HasEnded(_ rrule: String, _ day: String) throws {
        #expect(try Self.next(rrule, after: day) == nil)
        let moment = Date(timeIntervalSince1970: TimeInterval(CalendarDay(day)!.daysSince1970 * 86_400 + 43_200))
        #expect(try RepeatRule(rrule: rrule).next(after: .time(moment), occurrencesSoFar: 1, timeZone: TimeZone(identifier: "UTC")!) == nil)
    }

    /// Issue 53: 02:30 on the day summer time skips it is 03:30 (RFC 5545 §3.3.5, the offset
    /// before the gap), in zones east and west of UTC alike; the rule goes on at 02:30 when it
    /// is told the occurrence it came from, and keeps a moved time that was edited in.
    @Test func aTimeInASummerTimeGapMovesForwardForThatOccurrenceOnly() throws {
        let rule = RepeatRule(.daily)
        for (zoneName, before, gapUTC, afterUTC) in [
            // 2026-03-28 02:30 CET (01:30Z) → 03-29 03:30 CEST (01:30Z) → 03-30 02:30 CEST (00:30Z).
            ("Europe/Berlin", 1_774_661_400.0, 1_774_747_800.0, 1_774_830_600.0),
            // 2026-03-07 02:30 EST (07:30Z) → 03-08 03:30 EDT (07:30Z) → 03-09 02:30 EDT (06:30Z).
            ("America/New_York", 1_772_868_600.0, 1_772_955_000.0, 1_773_037_800.0),
        ] {
            let zone = TimeZone(identifier: zoneName)!
            let first = DueDate.time(Date(timeIntervalSince1970: before))
            let moved = rule.next(after: first, occurrencesSoFar: 1, timeZone: zone)
            #expect(moved == .time(Date(timeIntervalSince1970: gapUTC)), "\(zoneName)")
            let back = rule.next(after: moved!, occurrencesSoFar: 2, timeZone: zone, previous: first)
            #expect(back == .time(Date(timeIntervalSince1970: afterUTC)), "\(zoneName)")
            // Without the occurrence it came from, 03:30 is the time written.
            let kept = rule.next(after: moved!, occurrencesSoFar: 2, timeZone: zone)
            #expect(kept == .time(Date(timeIntervalSince1970: afterUTC + 3_600)), "\(zoneName)")
        }
    }
}
