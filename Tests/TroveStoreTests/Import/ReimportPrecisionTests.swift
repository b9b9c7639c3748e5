import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveStore
import TroveTestSupport

/// iCalendar keeps whole seconds and todo.txt whole days: re-importing Trove's own export in
/// those formats compares stored times at the file's precision, so nothing that did not change
/// is counted as updated, and an update of another field keeps the stored milliseconds and
/// times of day.
@Suite struct ReimportPrecisionTests {
    /// 2026-02-20T09:15:00.250Z
    static let created = Date(timeIntervalSince1970: 1_771_578_900.25)
    /// 2026-03-02T17:00:30.750Z
    static let completed = Date(timeIntervalSince1970: 1_772_470_830.75)
    /// 2026-03-02T16:00:00.500Z
    static let dueTime = Date(timeIntervalSince1970: 1_772_467_200.5)

    static let records: [ReminderRecord] = [
        ReminderRecord(uid: "u-open", title: "Call the plumber", list: "Home", due: .time(dueTime), createdAt: created),
        ReminderRecord(
            uid: "u-done", title: "File the taxes", list: "Work", isCompleted: true, completedAt: completed,
            due: .day(CalendarDay("2026-03-01")!), createdAt: created),
        ReminderRecord(
            uid: "u-weekly", title: "Water the plants", list: "Home", due: .day(CalendarDay("2026-03-09")!),
            repeat: try! RepeatRule(rrule: "FREQ=WEEKLY"), createdAt: created,
            completions: [Completion(due: .day(CalendarDay("2026-03-02")!), completedAt: completed)]),
    ]

    func storeWithRecords() async throws -> ReminderStore {
        let store = try await ReminderStore.inMemory()
        var reader = RecordArrayReader(Self.records)
        _ = try await store.importRecords(&reader, source: "records")
        return store
    }

    func export(_ store: ReminderStore, _ format: ReminderFormat) async throws -> String {
        var records: [ReminderRecord] = []
        for id in 1...Int64(Self.records.count) { records.append(try await store.reminder(id: id).record) }
        return try writeAll(format, records).text
    }

    func importText(_ text: String, _ format: ReminderFormat, into store: ReminderStore) async throws -> ImportSummary {
        var reader = format.makeReader(LineReader(string: text))
        return try await store.importRecords(&reader, source: "f")
    }

    func everything(_ store: ReminderStore) async throws -> String {
        try await store.contentsSnapshot() + "\n"
            + (try await store.rows("SELECT * FROM reminder_completions ORDER BY id")).map(\.description).joined(separator: "\n")
    }

    /// iCalendar counts the weekly reminder's completed occurrence as a record of its own.
    @Test(arguments: [(ReminderFormat.ics, 4), (.todotxt, 3)])
    func reimportingAnExportChangesNothing(_ format: ReminderFormat, records: Int) async throws {
        let store = try await storeWithRecords()
        let before = try await everything(store)
        let text = try await export(store, format)
        let summary = try await importText(text, format, into: store)
        #expect(summary.counts == "0 added, 0 updated, \(records) unchanged")
        #expect(try await everything(store) == before)
    }

    @Test(arguments: [(ReminderFormat.ics, 2), (.todotxt, 1)])
    func anEditedTitleKeepsTheStoredTimes(_ format: ReminderFormat, unchanged: Int) async throws {
        let store = try await storeWithRecords()
        let text = try await export(store, format)
            .replacingOccurrences(of: "Call the plumber", with: "Call the plumber again")
            .replacingOccurrences(of: "File the taxes", with: "File the taxes again")
        let summary = try await importText(text, format, into: store)
        #expect(summary.counts == "0 added, 2 updated, \(unchanged) unchanged")
        let open = try await store.reminder(uid: "u-open")
        #expect(open.title == "Call the plumber again")
        #expect(open.createdAt == Self.created && open.due == .time(Self.dueTime))
        let done = try await store.reminder(uid: "u-done")
        #expect(done.title == "File the taxes again")
        #expect(done.createdAt == Self.created && done.completedAt == Self.completed)
    }

    /// todo.txt has no place for completed occurrences or kept iCalendar properties: an update
    /// from it keeps the stored ones instead of emptying them.
    @Test func anUpdateFromTodoTxtKeepsOccurrencesAndProperties() async throws {
        let store = try await ReminderStore.inMemory()
        var weekly = Self.records[2]
        weekly.icalendar = ["X-APPLE-SORT-ORDER:3", "CATEGORIES:garden"]
        var reader = RecordArrayReader([weekly])
        _ = try await store.importRecords(&reader, source: "records")
        let before = try await store.reminder(uid: "u-weekly")
        let text = try writeAll(.todotxt, [before.record]).text
            .replacingOccurrences(of: "Water the plants", with: "Water the tomatoes")
        let summary = try await importText(text, .todotxt, into: store)
        #expect(summary.counts == "0 added, 1 updated, 0 unchanged")
        let after = try await store.reminder(uid: "u-weekly")
        #expect(after.title == "Water the tomatoes")
        #expect(after.completions == before.completions && after.completions.count == 1)
        #expect(after.icalendar == before.icalendar && after.icalendar.count == 2)
    }

    @Test func aChangedDayInTodoTxtIsAnUpdate() async throws {
        let store = try await storeWithRecords()
        let text = try await export(store, .todotxt)
            .replacingOccurrences(of: "2026-02-20 Call the plumber", with: "2026-02-19 Call the plumber")
            .replacingOccurrences(of: "due:2026-03-02", with: "due:2026-03-03")
        let summary = try await importText(text, .todotxt, into: store)
        #expect(summary.counts == "0 added, 1 updated, 2 unchanged")
        let open = try await store.reminder(uid: "u-open")
        // 2026-02-19T00:00:00Z: the day the file gives, no time of day left to keep.
        #expect(open.createdAt == Date(timeIntervalSince1970: 1_771_459_200))
        #expect(open.due == .day(CalendarDay("2026-03-03")!))
    }

    @Test func aChangedSecondInICalendarIsAnUpdate() async throws {
        let store = try await storeWithRecords()
        // The completion time 17:00:30 becomes 17:00:31: the completed reminder's and the weekly
        // one's completed occurrence's, two changes.
        let text = try await export(store, .ics).replacingOccurrences(of: "20260302T170030Z", with: "20260302T170031Z")
        let summary = try await importText(text, .ics, into: store)
        #expect(summary.updated + summary.occurrences == 2, "\(summary.counts)")
        #expect(try await store.reminder(uid: "u-done").completedAt == Date(timeIntervalSince1970: 1_772_470_831))
    }

    @Test func truncationRoundsDownBefore1970Too() {
        #expect(TimePrecision.seconds.truncate(millis: 1_250) == 1_000)
        #expect(TimePrecision.seconds.truncate(millis: -1_250) == -2_000)
        #expect(TimePrecision.days.truncate(millis: -1) == -86_400_000)
        #expect(TimePrecision.milliseconds.truncate(millis: -1) == -1)
    }
}
