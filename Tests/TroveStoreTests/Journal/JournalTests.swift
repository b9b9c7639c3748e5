import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveStore
import TroveTestSupport

/// Every write is one journal entry, written in its own transaction; undo reverts whole entries.
@Suite struct JournalTests {
    @Test func undoRevertsEachKindOfWriteExactly() async throws {
        let store = try await seededStore(records: [
            ReminderRecord(title: "Buy milk", list: "Groceries", tags: ["dairy"]),
            ReminderRecord(title: "Call mum", list: "Home", due: .day(CalendarDay("2026-03-02")!)),
        ])
        let start = try await store.contentsSnapshot()
        let added = try await store.add(ReminderRecord(title: "New", list: "Brand new list", tags: ["fresh"]))
        let afterAdd = try await store.contentsSnapshot()
        try await store.update(id: 1, ReminderChanges(title: "Buy oat milk", list: "Shops", addTags: ["vegan"], removeTags: ["dairy"]))
        let afterEdit = try await store.contentsSnapshot()
        try await store.setCompleted([1, 2], true)
        let afterDone = try await store.contentsSnapshot()
        try await store.setFlagged([2], true)
        let afterFlag = try await store.contentsSnapshot()
        try await store.delete([1, added.id])
        let afterDelete = try await store.contentsSnapshot()
        try await store.renameTag("fresh", to: "vegan")
        let afterMerge = try await store.contentsSnapshot()
        try await store.deleteList("Home", deletingReminders: true)

        #expect(try await store.log().map(\.command) == ["list rm", "tag rename", "rm", "flag", "done", "edit", "add", "import"])
        for expected in [afterMerge, afterDelete, afterFlag, afterDone, afterEdit, afterAdd, start] {
            try await store.undo()
            #expect(try await store.contentsSnapshot() == expected)
            #expect(try await store.indexIsConsistent())
        }
    }

    @Test func undoOfAnImportRemovesWhatItAddedAndRestoresWhatItUpdated() async throws {
        let store = try await seededStore(records: [ReminderRecord(uid: "keep-1", title: "Old title", list: "Work")])
        let before = try await store.contentsSnapshot()
        var reader = ReminderFormat.jsonl.makeReader(LineReader(string: """
            {"uid":"keep-1","title":"New title","list":"Work"}
            {"uid":"new-1","title":"Added","list":"Attic","tags":["dusty"]}
            {"title":"Also added"}
            """))
        let summary = try await store.importRecords(&reader, source: "f.jsonl")
        #expect(summary.counts == "2 added, 1 updated, 0 unchanged")
        #expect(try await store.reminder(id: 1).title == "New title")
        let entry = try #require(try await store.log(limit: 1).first)
        #expect(entry.command == "import" && entry.summary == "imported f.jsonl: 2 added, 1 updated, 0 unchanged")
        // Compact: one id range for the rows it added, and one prior row.
        let undo = try await store.rows("SELECT undo FROM journal ORDER BY id DESC LIMIT 1").map { try $0[0] as String }[0]
        #expect(undo.contains(#""added":[[2,3]]"#))
        // The reminder it updated, as it was, is one row of journal_reminders (schema 8), not JSON.
        #expect(try JournalUndo(json: undo).before.isEmpty)
        #expect(try await store.int("SELECT count(*) FROM journal_reminders WHERE entry = (SELECT max(id) FROM journal)") == 1)
        try await store.undo()
        #expect(try await store.contentsSnapshot() == before)
        #expect(try await store.lists().map(\.name) == ["Work"])
        #expect(try await store.tags().isEmpty)
    }

    @Test func undoOfSeveralIsAllOrNothingAndAnEmptyJournalSaysSo() async throws {
        let store = try await ReminderStore.inMemory()
        await #expect(throws: StoreError.nothingToUndo) { try await store.undo() }
        try await store.add(ReminderRecord(title: "one"))
        try await store.add(ReminderRecord(title: "two"))
        await #expect(throws: StoreError.notEnoughToUndo(requested: 3, available: 2)) { try await store.undo(count: 3) }
        #expect(try await store.int("SELECT count(*) FROM reminders") == 2)
        let undone = try await store.undo(count: 2)
        #expect(undone.map(\.summary) == [#"added 2 "two""#, #"added 1 "one""#])
        #expect(try await store.int("SELECT count(*) FROM reminders") == 0)
        #expect(try await store.log().isEmpty)
    }

    @Test func aWriteThatFailsLeavesNoJournalEntry() async throws {
        let store = try await ReminderStore.inMemory()
        try await store.add(ReminderRecord(title: "one"))
        await #expect(throws: StoreError.self) { try await store.update(id: 1, ReminderChanges(title: " ")) }
        await #expect(throws: StoreError.self) { try await store.delete([1, 99]) }
        #expect(try await store.log().map(\.command) == ["add"])
    }

    @Test func theJournalKeepsTheNewestHundred() async throws {
        let store = try await ReminderStore.inMemory()
        for index in 0..<(journalLimit + 5) { try await store.add(ReminderRecord(title: "r\(index)")) }
        #expect(try await store.int("SELECT count(*) FROM journal") == journalLimit)
        #expect(try await store.log(limit: 1).first?.summary == #"added \#(journalLimit + 5) "r\#(journalLimit + 4)""#)
    }

    @Test func completingARepeatingReminderRecordsItAndMovesItOnAndUndoPutsItBack() async throws {
        let store = try await ReminderStore.inMemory(now: { Date(timeIntervalSince1970: 1_772_443_800) })
        let rule = try RepeatRule(phrase: "every week on mon,thu")
        let water = try await store.add(ReminderRecord(title: "Water", due: .day(CalendarDay("2026-03-02")!), repeat: rule))
        #expect(try await store.setCompleted([water.id], true) == [water.id])
        let moved = try await store.reminder(id: water.id)
        #expect(!moved.isCompleted && moved.due == .day(CalendarDay("2026-03-05")!))
        #expect(moved.completions == [Completion(due: .day(CalendarDay("2026-03-02")!), completedAt: Date(timeIntervalSince1970: 1_772_443_800))])
        try await store.undo()
        #expect(try await store.reminder(id: water.id) == water)
        await #expect(throws: StoreError.repeatNeedsDue) { try await store.add(ReminderRecord(title: "No due", repeat: rule)) }
    }
}
