import Foundation
import Testing
import TroveQuery
@testable import TroveStore
import TroveTestSupport

/// Issue 15: at most `ReminderRecord.maxTags` tags on one reminder, the same through add,
/// update and import; over it, `StoreError.tooManyTags` and nothing changes.
@Suite struct TagLimitTests {
    static let limit = ReminderRecord.maxTags
    static func names(_ count: Int, prefix: String = "t") -> [String] { (0..<count).map { "\(prefix)\($0)" } }

    @Test func theLimitIsKeptOnEveryPathAndCountsTagsOnceRepeatsAreDropped() async throws {
        let store = try await ReminderStore.inMemory()
        #expect(await thrownError(StoreError.self) {
            try await store.add(ReminderRecord(title: "over", tags: Self.names(Self.limit + 1)))
        } == .tooManyTags(count: Self.limit + 1, limit: Self.limit))
        // Repeats (ignoring ASCII case) are dropped before counting.
        let atLimit = try await store.add(ReminderRecord(title: "at", tags: Self.names(Self.limit) + ["T0", "t1"]))
        #expect(atLimit.tags.count == Self.limit)

        let before = try await store.reminder(id: atLimit.id)
        #expect(await thrownError(StoreError.self) {
            try await store.update(id: atLimit.id, ReminderChanges(addTags: ["one-more"]))
        } == .tooManyTags(count: Self.limit + 1, limit: Self.limit))
        #expect(try await store.reminder(id: atLimit.id) == before)
        // One out, one in: still at the limit.
        let swapped = try await store.update(id: atLimit.id, ReminderChanges(addTags: ["one-more"], removeTags: ["t0"]))
        #expect(swapped.tags.count == Self.limit)

        var reader = RecordArrayReader([ReminderRecord(title: "fine"), ReminderRecord(title: "over", tags: Self.names(Self.limit + 1))])
        let error = await thrownError(FormatError.self) { _ = try await store.importRecords(&reader, source: "many.jsonl") }
        #expect(error?.field == "tags")
        #expect(error?.description.contains("at most 10,000 tags, and this one would have 10,001") == true, "\(String(describing: error))")
        #expect(try await store.int("SELECT count(*) FROM reminders") == 1)
        #expect(try await store.int("SELECT count(*) FROM tag_text_written") == 0)
    }
}
