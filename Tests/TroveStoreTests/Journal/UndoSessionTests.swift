import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveStore
import TroveTestSupport

/// Schema 16: each journal entry notes its terminal session; `undo(count:)` reverts only the
/// store's own, and `undo(entry:ifNotNewest: .revertIfIndependent)` one entry out of order
/// unless a later one touched the same reminders (issue 53, item 1).
@Suite struct UndoSessionTests {
    /// Two stores on one file, as two terminals: sessions 101 and 202.
    static func twoTerminals(_ folder: TemporaryFolder) async throws -> (mine: ReminderStore, theirs: ReminderStore) {
        let path = folder.path("t.db")
        return (try await ReminderStore.open(path: path, session: 101), try await ReminderStore.open(path: path, session: 202))
    }

    @Test func undoRefusesAnEntryAnotherSessionWroteAndRevertsNothing() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (mine, theirs) = try await Self.twoTerminals(folder)
        try await mine.add(ReminderRecord(title: "Mine"))
        try await theirs.add(ReminderRecord(title: "Theirs"))
        #expect(try await mine.log().map(\.session) == [202, 101])
        let before = try await mine.contentsSnapshot()
        await #expect {
            try await mine.undo()
        } throws: { error in
            guard case StoreError.undoFromAnotherSession(let entry, 1) = error else { return false }
            return entry.id == 2 && entry.session == 202 && entry.summary == "added 2 \"Theirs\""
        }
        // Several at once: refused at the first foreign one, none reverted.
        await #expect {
            try await theirs.undo(count: 2)
        } throws: { error in
            guard case StoreError.undoFromAnotherSession(let entry, 2) = error else { return false }
            return entry.id == 1
        }
        #expect(try await mine.contentsSnapshot() == before)
        #expect(try await mine.undo(fromAnySession: true).map(\.id) == [2])
        #expect(try await mine.undo().map(\.id) == [1])
    }

    @Test func anEntryFromBeforeSessionsCountsAsAnotherSessions() async throws {
        let store = try await seededStore(records: [ReminderRecord(title: "Buy milk")])
        try await store.setCompleted([1], true)
        // NB: what schema 16's migration leaves on the entries written before it.
        _ = try await store.rows("UPDATE journal SET session = NULL")
        await #expect {
            try await store.undo()
        } throws: { error in
            guard case StoreError.undoFromAnotherSession(let entry, 1) = error else { return false }
            return entry.session == nil && entry.command == "done"
        }
        #expect(try await store.undo(entry: 2).command == "done")
    }

    /// The interactive search's Ctrl-Z undoes its own write by entry, whichever session the
    /// store has, and still refuses once another command wrote after it.
    @Test func undoByEntryIgnoresSessionsButNotLaterEntries() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (mine, theirs) = try await Self.twoTerminals(folder)
        try await mine.add(ReminderRecord(title: "Milk"))
        let (_, entry) = try await theirs.setCompletedRecordingEntry([1], true)
        #expect(try await theirs.undo(entry: try #require(entry)).command == "done")
        let (_, again) = try await theirs.setCompletedRecordingEntry([1], true)
        try await mine.add(ReminderRecord(title: "Bread"))
        await #expect {
            try await theirs.undo(entry: try #require(again))
        } throws: { error in
            guard case StoreError.undoSuperseded = error else { return false }
            return true
        }
    }

    @Test func undoingAnOlderEntryIsRefusedWhenALaterOneChangedItsReminders() async throws {
        let store = try await seededStore(records: [ReminderRecord(title: "Milk"), ReminderRecord(title: "Bread")])
        let added = try await store.add(ReminderRecord(title: "Eggs"))                     // entry 2
        try await store.update(id: added.id, ReminderChanges(title: "Free-range eggs"))    // entry 3
        try await store.setCompleted([1], true)                                            // entry 4
        try await store.setCompleted([2], true)                                            // entry 5
        await #expect {
            try await store.undo(entry: 2, ifNotNewest: .revertIfIndependent)
        } throws: { error in
            guard case StoreError.undoConflicts(let entry, let later) = error else { return false }
            return entry.id == 2 && later.id == 3 && later.command == "edit"
        }
        // Entry 4 touched reminder 1 only: it goes, and 5 stays.
        #expect(try await store.undo(entry: 4, ifNotNewest: .revertIfIndependent).command == "done")
        let reminders = try await store.reminders(ids: [1, 2, added.id])
        #expect(reminders.map(\.isCompleted) == [false, true, false])
        #expect(reminders[2].title == "Free-range eggs")
        #expect(try await store.log().map(\.id) == [5, 3, 2, 1])
        #expect(try await store.undo(entry: 3, ifNotNewest: .revertIfIndependent).command == "edit")
        #expect(try await store.undo(entry: 2, ifNotNewest: .revertIfIndependent).command == "add")
        #expect(try await store.reminders(ids: [added.id]).isEmpty)
        #expect(try await store.indexIsConsistent())
        // Without the option, an older entry is refused as before.
        await #expect(throws: StoreError.self) { try await store.undo(entry: 1) }
    }

    @Test func aTagRenameOnlyUndoesAsTheNewest() async throws {
        let store = try await seededStore(records: [ReminderRecord(title: "Milk", tags: ["errand"]), ReminderRecord(title: "Bread")])
        try await store.renameTag("errand", to: "errands")   // entry 2
        try await store.setCompleted([2], true)                // entry 3
        await #expect {
            try await store.undo(entry: 2, ifNotNewest: .revertIfIndependent)
        } throws: { error in
            guard case StoreError.undoConflicts(_, let later) = error else { return false }
            return later.id == 3
        }
    }
}
