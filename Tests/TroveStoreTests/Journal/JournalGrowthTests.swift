import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveStore
import TroveTestSupport

/// Schema 16: a `done` of a repeating reminder journals what it changed, not the reminder's
/// whole completion history (issue 53, item 5), and undo still puts back exactly what was there.
@Suite struct JournalGrowthTests {
    static func daily(_ store: ReminderStore) async throws -> Reminder {
        try await store.add(ReminderRecord(
            title: "Water the plants", tags: ["garden"], due: .day(CalendarDay("2026-03-02")!), repeat: try RepeatRule(rrule: "FREQ=DAILY")))
    }

    /// The newest entry's bytes: its JSON and the reminders it kept.
    static func newestEntryBytes(_ store: ReminderStore) async throws -> Int {
        try await store.int("""
            SELECT length(undo) + ifnull((SELECT sum(length(record)) FROM journal_reminders WHERE entry = journal.id), 0)
            FROM journal ORDER BY id DESC LIMIT 1
            """)
    }

    /// Every completion row, ids included, and the reminders' rows.
    static func everything(_ store: ReminderStore) async throws -> String {
        let completions = try await store.rows("SELECT * FROM reminder_completions ORDER BY id").map(\.description)
        return try await store.contentsSnapshot() + "\n" + completions.joined(separator: "\n")
    }

    @Test func theFiveHundredthDoneJournalsAsManyBytesAsTheFirst() async throws {
        let store = try await seededStore(records: [])
        let reminder = try await Self.daily(store)
        var sizes: [Int] = []
        for _ in 1...500 {
            try await store.setCompleted([reminder.id], true)
            sizes.append(try await Self.newestEntryBytes(store))
        }
        #expect(Set(sizes).count == 1, "journal bytes per done: first \(sizes[0]), last \(sizes[499])")
        #expect(try await store.int("SELECT count(*) FROM reminder_completions") == 500)
    }

    @Test func undoingDonesEditsAndAnRmPutsBackEveryCompletionWithItsID() async throws {
        let store = try await seededStore(records: [])
        let reminder = try await Self.daily(store)
        for _ in 1...5 { try await store.setCompleted([reminder.id], true) }
        let afterFive = try await Self.everything(store)
        try await store.setCompleted([reminder.id], true)
        try await store.update(id: reminder.id, ReminderChanges(title: "Water the ferns"))
        try await store.setCompleted([reminder.id], true)
        try await store.delete([reminder.id])
        #expect(try await store.int("SELECT count(*) FROM reminder_completions") == 0)
        try await store.undo(count: 4)
        #expect(try await Self.everything(store) == afterFive)
        #expect(try await store.indexIsConsistent())
        #expect(try await store.check().isOK)
    }

    /// Without the completions read, a rule that ends after COUNT times still counts them.
    @Test func aCountedRuleStillEndsAtItsLastTime() async throws {
        let store = try await seededStore(records: [])
        let reminder = try await store.add(ReminderRecord(
            title: "Three times", due: .day(CalendarDay("2026-03-02")!), repeat: try RepeatRule(rrule: "FREQ=DAILY;COUNT=3")))
        for _ in 1...2 { try await store.setCompleted([reminder.id], true) }
        #expect(try await store.reminder(id: reminder.id).isCompleted == false)
        try await store.setCompleted([reminder.id], true)
        let done = try await store.reminder(id: reminder.id)
        #expect(done.isCompleted && done.completions.count == 2)
        try await store.undo()
        let reopened = try await store.reminder(id: reminder.id)
        #expect(!reopened.isCompleted && reopened.completions.count == 2 && reopened.due == .day(CalendarDay("2026-03-04")!))
    }

    /// Entries written before schema 16 hold the whole history (`completions_through` NULL),
    /// and undo still replaces the history with theirs.
    @Test func anEntryWithTheWholeHistoryStillRestoresIt() async throws {
        let store = try await seededStore(records: [])
        let reminder = try await Self.daily(store)
        for _ in 1...3 { try await store.setCompleted([reminder.id], true) }
        let afterThree = try await Self.everything(store)
        try await store.delete([reminder.id])
        let kept = try await store.int("SELECT count(*) FROM journal_reminders WHERE completions_through IS NULL")
        #expect(kept == 1)
        try await store.undo()
        #expect(try await Self.everything(store) == afterThree)
    }
}
