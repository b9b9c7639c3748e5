import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveStore
import TroveTestSupport

/// An import's update and an undo's restore set only the columns whose value changes: an
/// UPDATE rewrites the index entries of every column it sets, changed or not.
@Suite struct OverwriteTests {
    static let record = ReminderRecord(
        uid: "u1", title: "Buy milk", notes: "two", list: "Groceries", tags: ["dairy"], priority: .high, isFlagged: true,
        due: .time(Date(timeIntervalSince1970: 1_772_470_800)), repeat: try! RepeatRule(phrase: "every week"))

    /// The columns `changed` keeps when reminder 1 is overwritten with `edit` applied to it as stored.
    func changedColumns(_ edit: @Sendable (inout ReminderRecord) -> Void) async throws -> [String] {
        let store = try await seededStore(records: [Self.record, ReminderRecord(title: "Other", list: "Shops")])
        let stored = try await store.reminder(id: 1)
        return try await store.database.write { db in
            var record = stored.record
            edit(&record)
            let valid = try ValidRecord(record, now: Pinned.now, completedNow: false)
            let listID = try #require(try db.fetchValue("SELECT id FROM lists WHERE name = \(valid.list)", as: Int64.self))
            let wanted = ReminderRow.contents(
                TableScope(), uid: stored.uid, listID: listID, record: valid.record, createdAt: valid.createdAt,
                updatedAt: record.updatedAt ?? Pinned.now)
            var inserter = RecordInserter(db: db, now: Pinned.now)
            return try inserter.changed(wanted, ofReminder: 1).map(\.column)
        }
    }

    @Test func aStoredReminderWrittenBackChangesNoColumn() async throws {
        // Every kind of value (text, integers, booleans, dates, the due time, the repeat rule)
        // compares equal to what the row holds.
        #expect(try await changedColumns { _ in }.isEmpty)
    }

    @Test func onlyTheColumnsThatDifferAreSet() async throws {
        #expect(try await changedColumns { $0.title = "Buy oat milk" } == ["title"])
        #expect(try await changedColumns { $0.due = nil; $0.repeat = nil } == ["due_date", "repeat_rule"])
        #expect(try await changedColumns { $0.list = "Shops"; $0.isFlagged = false } == ["list_id", "is_flagged"])
        #expect(try await changedColumns { $0.updatedAt = Date(timeIntervalSince1970: 1_800_000_000) } == ["updated_at"])
    }

    @Test func aMissingReminderGetsEveryColumn() async throws {
        let store = try await seededStore(records: [])
        let columns = try await store.database.write { db in
            let wanted = ReminderRow.contents(
                TableScope(), uid: "x", listID: 1, record: ReminderRecord(title: "x"), createdAt: Pinned.now, updatedAt: Pinned.now)
            var inserter = RecordInserter(db: db, now: Pinned.now)
            return try inserter.changed(wanted, ofReminder: 42).count
        }
        #expect(columns == 13)
    }
}
