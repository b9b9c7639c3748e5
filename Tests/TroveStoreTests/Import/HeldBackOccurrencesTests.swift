import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveStore
import TroveTestSupport

/// iCalendar gives a repeating to-do's completions as separate occurrences (RECURRENCE-ID) after
/// the to-do itself. A to-do that matches a stored reminder with completions is held back until
/// the whole file is read, then compared with its own completed occurrences.
@Suite struct HeldBackOccurrencesTests {
    static func todo(_ lines: [String]) -> String {
        (["BEGIN:VTODO"] + lines + ["END:VTODO"]).joined(separator: "\r\n") + "\r\n"
    }

    static func calendar(_ todos: [[String]]) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + todos.map(todo).joined() + "END:VCALENDAR\r\n"
    }

    static func day(_ text: String) -> DueDate { .day(CalendarDay(text)!) }

    @Test func eachHeldBackReminderGetsItsOwnCompletedOccurrences() async throws {
        let weekly = try RepeatRule(rrule: "FREQ=WEEKLY")
        let store = try await seededStore(records: [
            ReminderRecord(uid: "a", title: "Water", due: Self.day("2026-03-09"), repeat: weekly,
                           completions: [Completion(due: Self.day("2026-03-02"), completedAt: nil)]),
            ReminderRecord(uid: "b", title: "Feed", due: Self.day("2026-03-09"), repeat: weekly,
                           completions: [Completion(due: Self.day("2026-02-23"), completedAt: nil)]),
        ])
        // Occurrences of both interleaved, one of a uid with no to-do, one not completed.
        let file = Self.calendar([
            ["UID:a", "SUMMARY:Water", "RRULE:FREQ=WEEKLY", "DUE;VALUE=DATE:20260309"],
            ["UID:b", "RECURRENCE-ID;VALUE=DATE:20260223", "STATUS:COMPLETED"],
            ["UID:b", "SUMMARY:Feed", "RRULE:FREQ=WEEKLY", "DUE;VALUE=DATE:20260309"],
            ["UID:a", "RECURRENCE-ID;VALUE=DATE:20260302", "STATUS:COMPLETED"],
            ["UID:c", "SUMMARY:Stray", "RECURRENCE-ID;VALUE=DATE:20260302", "STATUS:COMPLETED"],
            ["UID:b", "RECURRENCE-ID;VALUE=DATE:20260302", "STATUS:COMPLETED"],
            ["UID:a", "RECURRENCE-ID;VALUE=DATE:20260316", "STATUS:NEEDS-ACTION"],
        ])
        var reader = ReminderFormat.ics.makeReader(LineReader(string: file))
        let summary = try await store.importRecords(&reader, source: "f.ics")
        // a and its one occurrence unchanged; b updated with a second completion; the stray
        // occurrence a reminder of its own; the open one not imported.
        #expect(summary.counts == "1 added, 1 updated, 2 unchanged")
        #expect(try await store.reminder(id: 1).completions == [Completion(due: Self.day("2026-03-02"), completedAt: nil)])
        #expect(try await store.reminder(id: 2).completions == [
            Completion(due: Self.day("2026-02-23"), completedAt: nil), Completion(due: Self.day("2026-03-02"), completedAt: nil),
        ])
        #expect(try await store.reminder(id: 3).title == "Stray")
        #expect(summary.warnings.contains { $0.contains("1 occurrence(s) (RECURRENCE-ID) had no repeating to-do") })
        #expect(summary.warnings.contains { $0.contains("1 changed occurrence(s) (RECURRENCE-ID) that are not completed") })
    }
}
