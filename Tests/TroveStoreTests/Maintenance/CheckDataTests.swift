import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveStore
import TroveTestSupport

/// `check` also compares the denormalised `reminders.tags` with the tag links, and the uids;
/// `rebuildIndex` repairs both.
@Suite struct CheckDataTests {
    @Test func checkFindsATagsColumnThatDriftedAndRebuildRepairsIt() async throws {
        let store = try await seededStore(records: [
            ReminderRecord(title: "a", tags: ["x", "y"]), ReminderRecord(title: "b", tags: ["x"]),
        ])
        #expect(try await store.check().isOK)
        try await store.database.write { db in
            // NB: a tool that writes the column by hand; the triggers cannot see it coming.
            try db.execute("UPDATE reminders SET tags = 'stale' WHERE id = 2")
        }
        let report = try await store.check()
        #expect(!report.isOK)
        #expect(report.dataProblems == [
            "1 reminder(s), the first 2, have a tags column that does not match their tag links; call `rebuildIndex()` to rewrite it from the links",
        ])
        try await store.rebuildIndex()
        #expect(try await store.check().isOK)
        #expect(try await store.reminder(id: 2).tags == ["x"])
    }

    /// A reminder whose list is gone (another tool deleted the list with foreign keys off) is
    /// in no search, as searches join the lists, though counts leave the lists out: `check`
    /// says so and `rebuildIndex` moves it to the list Reminders.
    @Test func checkFindsAReminderWithoutAListAndRebuildMovesIt() async throws {
        let store = try await seededStore(records: [
            ReminderRecord(title: "a", list: "Gone"), ReminderRecord(title: "b", list: "Gone"), ReminderRecord(title: "c", list: "Kept"),
        ])
        try await store.database.writeWithoutTransaction { db in
            try db.execute("PRAGMA foreign_keys = OFF")
            try db.execute("DELETE FROM lists WHERE name = 'Gone'")
            try db.execute("PRAGMA foreign_keys = ON")
        }
        #expect(try await store.check().dataProblems == [
            "2 reminder(s), the first 1, belong to a list that does not exist, so no search shows them; call `rebuildIndex()` to move them to the list Reminders",
        ])
        try await store.rebuildIndex()
        #expect(try await store.check().isOK)
        #expect(try await store.reminder(id: 1).list == "Reminders")
        #expect(try await store.reminder(id: 2).list == "Reminders")
        #expect(try await store.reminder(id: 3).list == "Kept")
    }

    @Test func checkFindsAMissingUidAndRebuildGivesOne() async throws {
        let store = try await seededStore(records: [ReminderRecord(title: "a"), ReminderRecord(title: "b")])
        try await store.database.write { db in
            // NB: only dropping the guard lets a uid be cleared, as a damaged file might have it.
            try db.execute("DROP TRIGGER reminders_keep_uid")
            try db.execute("UPDATE reminders SET uid = NULL WHERE id = 1")
        }
        #expect(try await store.check().dataProblems == ["1 reminder(s) have no uid; call `rebuildIndex()` to give each a new one"])
        try await store.rebuildIndex()
        #expect(try await store.check().isOK)
        #expect(try await store.int("SELECT count(DISTINCT uid) FROM reminders") == 2)
    }
}
