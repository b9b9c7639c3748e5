import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveStore
import TroveTestSupport

@Suite struct ListsAndTagsTests {
    let store: ReminderStore

    init() async throws {
        store = try await seededStore(records: [
            ReminderRecord(title: "milk", list: "Groceries", tags: ["errand", "dairy"]),
            ReminderRecord(title: "bread", list: "Groceries", tags: ["errand"], isCompleted: true),
            ReminderRecord(title: "report", list: "Work", tags: ["Email"]),
            ReminderRecord(title: "cheese", list: "Groceries", tags: ["dairy"]),
        ])
    }

    @Test func listsCountOpenAndCompletedInCreationOrder() async throws {
        #expect(try await store.lists() == [
            ListSummary(name: "Groceries", position: 0, openCount: 2, completedCount: 1),
            ListSummary(name: "Work", position: 1, openCount: 1, completedCount: 0),
        ])
        try await store.add(ReminderRecord(title: "new", list: "Attic"))
        #expect(try await store.lists().last == ListSummary(name: "Attic", position: 2, openCount: 1, completedCount: 0))
    }

    @Test func tagsCountTheirRemindersInNameOrder() async throws {
        #expect(try await store.tags() == [
            TagSummary(name: "dairy", count: 2), TagSummary(name: "Email", count: 1), TagSummary(name: "errand", count: 2),
        ])
    }

    @Test func renameTagReindexesEveryReminderCarryingIt() async throws {
        try await store.renameTag("ERRAND", to: "shopping")
        #expect(try await store.matching("tags : errand").isEmpty)
        #expect(try await store.matching("tags : shopping") == [1, 2])
        #expect(try await store.reminder(id: 1).tags == ["shopping", "dairy"])  // still where errand was
        #expect(try await store.indexIsConsistent())
    }

    /// Regression: the schema's tags_rename trigger compares names with NOCASE and skipped this.
    @Test func renameTagThatOnlyChangesCaseRewritesTheTagsText() async throws {
        try await store.renameTag("email", to: "EMAIL")
        #expect(try await store.tags().map(\.name) == ["dairy", "EMAIL", "errand"])
        #expect(try await store.reminder(id: 3).tags == ["EMAIL"])
        #expect(try await store.indexIsConsistent())
    }

    @Test func renameTagOntoAnExistingTagMergesThem() async throws {
        try await store.renameTag("dairy", to: "Errand")
        #expect(try await store.tags() == [TagSummary(name: "Email", count: 1), TagSummary(name: "errand", count: 3)])
        #expect(try await store.reminder(id: 1).tags == ["errand"])
        #expect(try await store.reminder(id: 4).tags == ["errand"])
        #expect(try await store.matching("tags : dairy").isEmpty)
        #expect(try await store.indexIsConsistent())
    }

    @Test func renameTagRefusesUnknownAndInvalidNames() async throws {
        let before = try await store.contentsSnapshot()
        #expect(await thrownError(StoreError.self) { try await store.renameTag("nope", to: "x") } == .tagNotFound(name: "nope"))
        #expect(await thrownError(StoreError.self) { try await store.renameTag("dairy", to: "a, b") } == .invalidTagName("a, b"))
        #expect(try await store.contentsSnapshot() == before)
    }

    @Test func deleteTagTakesItOffEveryReminder() async throws {
        #expect(try await store.deleteTag("Dairy") == 2)
        #expect(try await store.reminder(id: 1).tags == ["errand"])
        #expect(try await store.reminder(id: 4).tags == [])
        #expect(try await store.matching("tags : dairy").isEmpty)
        #expect(try await store.indexIsConsistent())
    }

    @Test func deleteListRefusesAListWithReminders() async throws {
        let error = await thrownError(StoreError.self) { try await store.deleteList("work") }
        #expect(error == .listNotEmpty(name: "work", count: 1))
        #expect(await thrownError(StoreError.self) { try await store.deleteList("Attic") } == .listNotFound(name: "Attic"))
        #expect(try await store.deleteList("Groceries", deletingReminders: true) == 3)
        #expect(try await store.lists().map(\.name) == ["Work"])
        #expect(try await store.matching("milk OR bread OR cheese").isEmpty)
        #expect(try await store.indexIsConsistent())
    }

    @Test func tagsTextAlwaysMatchesTheLinks() async throws {
        try await store.update(id: 3, ReminderChanges(addTags: ["a_b", "Zed", "apple"]))
        #expect(try await store.reminder(id: 3).tags == ["Email", "a_b", "Zed", "apple"])
        #expect(try await store.int("""
            SELECT count(*) FROM reminders r
            WHERE r.tags IS NOT ifnull((SELECT text FROM reminder_tag_text WHERE reminder_id = r.id), '')
            """) == 0)
    }
}
