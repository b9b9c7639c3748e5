import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveStore
import TroveTestSupport

@Suite struct ReminderCRUDTests {
    @Test func addStoresEveryFieldAndCreatesListAndTags() async throws {
        let store = try await seededStore(records: [])
        let due = DueDate.time(Date(timeIntervalSince1970: 1_772_470_800))
        let added = try await store.add(ReminderRecord(
            title: "Call the dentist", notes: "Ask about Tuesday", list: "Health", tags: ["phone", "Doctor"],
            priority: .high, isFlagged: true, due: due))
        #expect(added.list == "Health")
        #expect(added.tags == ["phone", "Doctor"])  // the order given
        #expect(added.priority == .high && added.isFlagged && !added.isCompleted && added.completedAt == nil)
        #expect(added.due == due)
        #expect(added.createdAt == Pinned.now && added.updatedAt == Pinned.now)
        #expect(try await store.reminder(id: added.id) == added)
        #expect(try await store.lists().map(\.name) == ["Health"])
        #expect(try await store.tags() == [TagSummary(name: "Doctor", count: 1), TagSummary(name: "phone", count: 1)])
        #expect(try await store.matching("dentist") == [added.id])
        #expect(try await store.matching("tags : doctor") == [added.id])
    }

    @Test func addWithoutAListUsesReminders() async throws {
        let store = try await seededStore(records: [])
        #expect(try await store.add(ReminderRecord(title: "Anything")).list == "Reminders")
    }

    @Test func addReusesListsAndTagsIgnoringASCIICaseAndKeepsTheirSpelling() async throws {
        let store = try await seededStore(records: [ReminderRecord(title: "first", list: "Groceries", tags: ["Errand"])])
        let second = try await store.add(ReminderRecord(title: "second", list: "GROCERIES", tags: ["errand", "ERRAND"]))
        #expect(second.list == "Groceries")
        #expect(second.tags == ["Errand"])
        #expect(try await store.lists().count == 1)
        #expect(try await store.tags() == [TagSummary(name: "Errand", count: 2)])
    }

    @Test func nonASCIICaseMakesDifferentTagsAsSQLiteNocaseDoes() async throws {
        let store = try await seededStore(records: [])
        let added = try await store.add(ReminderRecord(title: "t", tags: ["Café", "CAFÉ", "café"]))
        // NB: NOCASE folds only A–Z: "Café" and "café" are one tag, "CAFÉ" (É) another.
        #expect(added.tags == ["Café", "CAFÉ"])
        #expect(try await store.int("SELECT count(*) FROM reminders r WHERE r.tags = (SELECT text FROM reminder_tag_text WHERE reminder_id = r.id)") == 1)
    }

    @Test func completedRecordWithoutCompletedAtIsCompletedNow() async throws {
        let store = try await seededStore(records: [])
        let done = try await store.add(ReminderRecord(title: "done", isCompleted: true))
        #expect(done.isCompleted && done.completedAt == Pinned.now)
        let open = try await store.add(ReminderRecord(title: "open", isCompleted: false, completedAt: Pinned.now))
        #expect(!open.isCompleted && open.completedAt == nil)
        let earlier = Date(timeIntervalSince1970: 1_772_000_000)
        #expect(try await store.add(ReminderRecord(title: "d", isCompleted: true, completedAt: earlier)).completedAt == earlier)
    }

    @Test(arguments: [
        (ReminderRecord(title: ""), StoreError.emptyTitle),
        (ReminderRecord(title: " \t\n "), StoreError.emptyTitle),
        (ReminderRecord(title: "t", tags: ["a,b"]), StoreError.invalidTagName("a,b")),
        (ReminderRecord(title: "t", tags: ["ok", "  "]), StoreError.invalidTagName("  ")),
        (ReminderRecord(title: "t", list: "   "), StoreError.invalidName(kind: "list", name: "   ")),
    ])
    func addRejectsInvalidRecordsAndStoresNothing(record: ReminderRecord, expected: StoreError) async throws {
        let store = try await seededStore(records: [ReminderRecord(title: "existing", tags: ["ok"])])
        let before = try await store.contentsSnapshot()
        let error = await thrownError(StoreError.self) { try await store.add(record) }
        #expect(error == expected)
        #expect(try await store.contentsSnapshot() == before)
    }

    @Test func namesAreTrimmed() async throws {
        let store = try await seededStore(records: [])
        let added = try await store.add(ReminderRecord(title: "t", list: "  Work ", tags: [" call "]))
        #expect(added.list == "Work" && added.tags == ["call"])
    }

    @Test func unknownIDIsNotFound() async throws {
        let store = try await seededStore(records: [])
        let error = await thrownError(StoreError.self) { _ = try await store.reminder(id: 42) }
        #expect(error == .reminderNotFound(id: 42))
    }

    @Test func updateChangesOnlyWhatItSets() async throws {
        let store = try await seededStore(records: [
            ReminderRecord(title: "Buy milk", notes: "semi", list: "Groceries", tags: ["errand", "milk"],
                           due: .day(CalendarDay("2026-03-03")!), createdAt: Date(timeIntervalSince1970: 1_772_000_000)),
        ])
        let id = try #require(try await store.matching("milk").first)
        let renamed = try await store.update(id: id, ReminderChanges(title: "Buy oat milk", priority: .low))
        #expect(renamed.title == "Buy oat milk" && renamed.priority == .low)
        #expect(renamed.notes == "semi" && renamed.list == "Groceries" && renamed.tags == ["errand", "milk"])
        #expect(renamed.due == .day(CalendarDay("2026-03-03")!))
        #expect(renamed.updatedAt == Pinned.now && renamed.createdAt == Date(timeIntervalSince1970: 1_772_000_000))

        let moved = try await store.update(id: id, ReminderChanges(
            notes: "", list: "Shop", due: .some(nil), isFlagged: true, addTags: ["Urgent", "ERRAND"], removeTags: ["milk", "nope"]))
        #expect(moved.list == "Shop" && moved.notes == "" && moved.due == nil && moved.isFlagged)
        #expect(moved.tags == ["errand", "Urgent"])
        #expect(try await store.matching("tags : milk").isEmpty)
        #expect(try await store.matching("tags : urgent") == [id])
        #expect(try await store.matching("oat") == [id])
        #expect(try await store.lists().map(\.name) == ["Groceries", "Shop"])
        #expect(try await store.indexIsConsistent())
    }

    @Test func updateRejectsABlankTitleAndChangesNothing() async throws {
        let store = try await seededStore(records: [ReminderRecord(title: "Keep")])
        let before = try await store.contentsSnapshot()
        let error = await thrownError(StoreError.self) { try await store.update(id: 1, ReminderChanges(title: "  ", addTags: ["x"])) }
        #expect(error == .emptyTitle)
        let missing = await thrownError(StoreError.self) { try await store.update(id: 9, ReminderChanges(notes: "x")) }
        #expect(missing == .reminderNotFound(id: 9))
        #expect(try await store.contentsSnapshot() == before)
    }

    @Test func setCompletedReturnsOnlyTheIDsItChanged() async throws {
        let store = try await seededStore(records: [
            ReminderRecord(title: "a"), ReminderRecord(title: "b", isCompleted: true, completedAt: Date(timeIntervalSince1970: 0)),
        ])
        #expect(try await store.setCompleted([2, 1, 1], true) == [1])
        let a = try await store.reminder(id: 1)
        #expect(a.isCompleted && a.completedAt == Pinned.now)
        #expect(try await store.reminder(id: 2).completedAt == Date(timeIntervalSince1970: 0))
        #expect(try await store.setCompleted([1, 2], false) == [1, 2])
        #expect(try await store.reminder(id: 1).completedAt == nil)
    }

    @Test func setCompletedWithAnUnknownIDChangesNothing() async throws {
        let store = try await seededStore(records: [ReminderRecord(title: "a")])
        let error = await thrownError(StoreError.self) { try await store.setCompleted([1, 7], true) }
        #expect(error == .reminderNotFound(id: 7))
        #expect(try await store.reminder(id: 1).isCompleted == false)
    }

    @Test func deleteRemovesRemindersFromTheIndexAndKeepsTags() async throws {
        let store = try await seededStore(records: [ReminderRecord(title: "walk the dog", tags: ["home"]), ReminderRecord(title: "walk")])
        let error = await thrownError(StoreError.self) { try await store.delete([1, 3]) }
        #expect(error == .reminderNotFound(id: 3))
        #expect(try await store.matching("walk") == [1, 2])
        #expect(try await store.delete([1, 1]) == [1])
        #expect(try await store.matching("walk") == [2])
        #expect(try await store.tags() == [TagSummary(name: "home", count: 0)])
        #expect(try await store.indexIsConsistent())
    }

    @Test func completingAndFlaggingDoNotReindex() async throws {
        let store = try await seededStore()
        let before = try await store.indexSnapshot()
        #expect(try await store.setCompleted([1, 2, 3], true) == [1])  // lines 2 and 3 are completed already
        #expect(try await store.setFlagged([4, 5], true).count >= 1)
        try await store.update(id: 6, ReminderChanges(priority: .high, due: .some(nil), isFlagged: false))
        #expect(try await store.indexSnapshot() == before)
        // The observable can fail: an indexed change does rewrite the index.
        try await store.update(id: 6, ReminderChanges(title: "Something new"))
        #expect(try await store.indexSnapshot() != before)
    }
}
