import Foundation
import Testing
@testable import TroveStore

/// Issue 15: dates keep to 0001-01-01 … 9999-12-31 on every path, so whatever is stored can be
/// shown, exported and imported again.
@Suite struct ValidDatesTests {
    /// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z, worked out by hand (days from 1970).
    static let first = Date(timeIntervalSince1970: -62_135_596_800)
    static let last = Date(timeIntervalSince1970: 253_402_300_799.999)

    @Test func theRangeEndsAreTheFirstAndLastMillisecond() {
        #expect(ValidDates.contains(Self.first))
        #expect(ValidDates.contains(Self.last))
        #expect(!ValidDates.contains(Self.first.addingTimeInterval(-0.001)))
        #expect(!ValidDates.contains(Self.last.addingTimeInterval(0.001)))
        #expect(!ValidDates.contains(Date(timeIntervalSince1970: .infinity)))
        #expect(!ValidDates.contains(Date(timeIntervalSince1970: 1e300)))
        #expect(ValidDates.description == "0001-01-01 to 9999-12-31")
    }

    @Test(arguments: [
        ("0001-01-01", true), ("9999-12-31T23:59:59.999Z", true), ("0001-01-01T00:00:00Z", true),
        ("0001-01-01T00:30:00+01:00", false), ("9999-12-31T23:00:00-05:00", false), ("0000-01-01", false),
        ("0000-12-31T23:59:59Z", false), ("9999-12-31T23:59:59.999-00:01", false),
    ])
    func isoTimestampsOutsideTheRangeAreRefusedAfterTheirOffset(text: String, accepted: Bool) {
        #expect((Timestamp.parseISO(text) != nil) == accepted, "\(text)")
    }

    @Test func storageTextOfYearZeroIsNoDueDate() {
        #expect(DueDate(storageText: "0000-01-01") == nil)
        #expect(DueDate(storageText: "0000-06-01 10:00:00.000") == nil)
        #expect(DueDate(storageText: "0001-01-01") == .day(CalendarDay(year: 1, month: 1, day: 1)!))
    }

    @Test func advancingByDaysStopsAtTheRangeWithoutOverflowing() {
        let today = CalendarDay("2026-03-02")!
        #expect(today.advanced(byDays: .max) == nil)
        #expect(today.advanced(byDays: .min) == nil)
        #expect(today.advanced(byDays: 3_000_000) == nil)
        #expect(CalendarDay("9999-12-30")!.advanced(byDays: 1) == CalendarDay("9999-12-31"))
        #expect(CalendarDay("9999-12-31")!.advanced(byDays: 1) == nil)
        #expect(CalendarDay("0001-01-01")!.advanced(byDays: -1) == nil)
    }

    @Test func theStoreRefusesDatesOutsideTheRangeAndChangesNothing() async throws {
        let store = try await ReminderStore.inMemory()
        let kept = try await store.add(ReminderRecord(title: "Kept"))
        let year10240 = Date(timeIntervalSince1970: 261_000_000_000)
        let cases: [(ReminderRecord, String)] = [
            (ReminderRecord(title: "a", due: .time(year10240)), "due"),
            (ReminderRecord(title: "b", due: .day(CalendarDay(daysSince1970: 3_000_000))), "due"),
            (ReminderRecord(title: "c", isCompleted: true, completedAt: Self.first.addingTimeInterval(-1)), "completedAt"),
            (ReminderRecord(title: "d", createdAt: year10240), "createdAt"),
        ]
        for (record, field) in cases {
            await #expect(throws: StoreError.dateOutOfRange(field: field)) { try await store.add(record) }
        }
        await #expect(throws: StoreError.dateOutOfRange(field: "due")) {
            try await store.update(id: kept.id, ReminderChanges(due: .some(.time(year10240))))
        }
        #expect(try await store.reminder(id: kept.id).due == nil)
        #expect(try await store.stats().reminders == 1)
    }

    /// iCalendar's reader applies TZID after reading the digits; the store still refuses the result.
    @Test func anImportedTimeZoneThatLeavesTheRangeRejectsTheFile() async throws {
        let store = try await ReminderStore.inMemory()
        let ics = """
            BEGIN:VCALENDAR\r
            BEGIN:VTODO\r
            SUMMARY:Too early\r
            DUE;TZID=Europe/Berlin:00010101T003000\r
            END:VTODO\r
            END:VCALENDAR\r

            """
        var reader = ReminderFormat.ics.makeReader(LineReader(string: ics))
        do {
            _ = try await store.importRecords(&reader, source: "early.ics")
            Issue.record("expected the import to fail")
        } catch let error as FormatError {
            #expect(error.field == "due")
            #expect(error.description.contains("0001-01-01 to 9999-12-31"), "\(error)")
        }
        #expect(try await store.stats().reminders == 0)
    }
}
