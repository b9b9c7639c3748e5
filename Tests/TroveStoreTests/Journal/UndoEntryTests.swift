import Foundation
import Testing
@testable import TroveStore
import TroveTestSupport

/// `undo(entry:)`: an app reverts exactly the change it made, and never one made after it by
/// another command (the interactive search's undo key).
@Suite struct UndoEntryTests {
    @Test func undoingTheNewestEntryRevertsItAndRemovesIt() async throws {
        let store = try await seededStore(records: [ReminderRecord(title: "Buy milk", list: "Groceries")])
        let before = try await store.contentsSnapshot()
        let (changed, entry) = try await store.setCompletedRecordingEntry([1], true)
        #expect(changed == [1])
        let id = try #require(entry)
        #expect(try await store.log(limit: 1).first?.id == id)
        let undone = try await store.undo(entry: id)
        #expect(undone.command == "done")
        #expect(try await store.contentsSnapshot() == before)
        await #expect(throws: StoreError.journalEntryGone(entry: id)) { try await store.undo(entry: id) }
    }

    @Test func anEntryWithANewerOneAfterItIsNotUndone() async throws {
        let store = try await seededStore(records: [ReminderRecord(title: "Buy milk", list: "Groceries")])
        let (_, entry) = try await store.updateRecordingEntry(id: 1, ReminderChanges(title: "Buy oat milk"))
        try await store.setCompleted([1], true)
        let after = try await store.contentsSnapshot()
        await #expect {
            try await store.undo(entry: entry)
        } throws: { error in
            guard case StoreError.undoSuperseded(entry, let newest) = error else { return false }
            return newest.command == "done"
        }
        #expect(try await store.contentsSnapshot() == after)
    }

    @Test func completingWhatIsCompletedRecordsNoEntry() async throws {
        let store = try await seededStore(records: [ReminderRecord(title: "Buy milk", list: "Groceries")])
        try await store.setCompleted([1], true)
        let (changed, entry) = try await store.setCompletedRecordingEntry([1], true)
        #expect(changed.isEmpty && entry == nil)
    }
}
