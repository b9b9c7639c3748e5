import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveStore
import TroveTestSupport

/// A large import drops the filter indexes once it has written enough rows, and builds them
/// again before it commits; the schema afterwards is the one before, whatever happens.
@Suite struct DeferredIndexesTests {
    static func indexSQL(_ store: ReminderStore) async throws -> [String] {
        try await store.database.read { db in
            try db.fetchAll("""
                SELECT "sql" FROM "sqlite_schema" WHERE "type" = 'index'
                  AND "name" IN ('reminders_in_due_order', 'reminders_by_list', 'reminders_by_due', 'reminders_by_uid')
                ORDER BY "name"
                """).map { try $0[0] as String }
        }
    }

    static func records(_ count: Int) -> [ReminderRecord] {
        (0..<count).map { ReminderRecord(title: "row \($0)", list: $0 % 2 == 0 ? "Home" : "Work", due: $0 % 3 == 0 ? nil : .day(CalendarDay(year: 2026, month: 12, day: 1 + $0 % 28)!)) }
    }

    @Test func theIndexesGoAtTheThresholdAndComeBackAsTheyWere() async throws {
        let store = try await ReminderStore.inMemory()
        let before = try await Self.indexSQL(store)
        #expect(before.count == 4)
        let during = try await store.database.write { db -> [String] in
            var deferred = DeferredIndexes(existingRows: 0, threshold: 3)
            try deferred.rowInserted(on: db)
            try deferred.rowInserted(on: db)
            #expect(try db.fetchValue("SELECT count(*) FROM sqlite_schema WHERE name = 'reminders_by_list'", as: Int.self) == 1)
            try deferred.rowInserted(on: db)
            let names = try db.fetchAll("""
                SELECT name FROM sqlite_schema WHERE name IN ('reminders_in_due_order', 'reminders_by_list', 'reminders_by_due', 'reminders_by_uid')
                """)
                .map { try $0[0] as String }
            try deferred.restore(on: db)
            return names
        }
        #expect(during == [])
        #expect(try await Self.indexSQL(store) == before)
    }

    /// A table that held more rows than the threshold keeps its indexes until the import has
    /// written as many again.
    /// The uid index goes only when the store was empty: otherwise every record's uid is
    /// looked up in it.
    @Test func aSmallImportIntoALargeTableKeepsTheIndexes() {
        #expect(DeferredIndexes(existingRows: 0).dropAfter == DeferredIndexes.threshold)
        #expect(DeferredIndexes(existingRows: 0).names.contains("reminders_by_uid"))
        #expect(DeferredIndexes(existingRows: 250_000).dropAfter == 250_000)
        #expect(DeferredIndexes(existingRows: 10, threshold: 3).dropAfter == 10)
        #expect(DeferredIndexes(existingRows: 10, threshold: 3).names == DeferredIndexes.filterIndexes)
    }

    @Test func aLargeImportCommitsWithEveryIndexBuiltAndFilled() async throws {
        let store = try await ReminderStore.inMemory()
        let before = try await Self.indexSQL(store)
        let existing = try await store.int("SELECT count(*) FROM reminders")
        var reader = RecordArrayReader(Self.records(40))
        let summary = try await store.importRecords(&reader, source: "many.jsonl", deferIndexesAfter: 5)
        #expect(summary.imported == 40)
        #expect(try await Self.indexSQL(store) == before)
        #expect(try await store.check().isOK)
        // Every row is in each index: counted through it.
        let total = existing + 40
        #expect(try await store.int("SELECT count(*) FROM reminders INDEXED BY reminders_by_list WHERE list_id > 0") == total)
        #expect(try await store.int("SELECT count(*) FROM reminders INDEXED BY reminders_by_due WHERE is_completed IN (0, 1)") == total)
        #expect(try await store.int("SELECT count(*) FROM reminders INDEXED BY reminders_in_due_order WHERE is_completed IN (0, 1)") == total)
        #expect(try await store.database.read { db in try db.fetchValue("PRAGMA integrity_check", as: String.self) } == "ok")
        // The uid index is back and unique again: a second reminder with a taken uid is refused.
        let uid = try #require(try await store.database.read { db in try db.fetchValue("SELECT uid FROM reminders LIMIT 1", as: String.self) })
        #expect(try await store.int("SELECT count(*) FROM reminders INDEXED BY reminders_by_uid WHERE uid = \(uid)") == 1)
        await #expect(throws: (any Error).self) {
            try await store.database.write { db in
                try db.execute("INSERT INTO reminders (list_id, title, uid, created_at, updated_at) SELECT list_id, 'copy', uid, created_at, updated_at FROM reminders WHERE uid = \(uid)")
            }
        }
    }

    /// A store that held reminders keeps its uid index: the import matches records to them by uid.
    @Test func anImportIntoAStoreWithRemindersMatchesUIDsThroughTheIndex() async throws {
        let store = try await ReminderStore.inMemory()
        let first = try await store.add(ReminderRecord(uid: "ABC-1", title: "kept"))
        var reader = RecordArrayReader(Self.records(12) + [ReminderRecord(uid: "ABC-1", title: "kept, renamed")])
        let summary = try await store.importRecords(&reader, source: "more.jsonl", deferIndexesAfter: 5)
        #expect(summary.imported == 12 && summary.updated == 1)
        #expect(try await store.reminder(id: first.id).title == "kept, renamed")
        #expect(try await store.check().isOK)
    }

    @Test func anImportThatFailsAfterTheDropLeavesTheStoreAsItWas() async throws {
        let store = try await ReminderStore.inMemory()
        let before = try await Self.indexSQL(store)
        let count = try await store.int("SELECT count(*) FROM reminders")
        var reader = RecordArrayReader(Self.records(20) + [ReminderRecord(title: "  ")])
        let error = await thrownError(FormatError.self) {
            _ = try await store.importRecords(&reader, source: "bad.jsonl", deferIndexesAfter: 5)
        }
        #expect(error?.field == "title")
        #expect(try await Self.indexSQL(store) == before)
        #expect(try await store.int("SELECT count(*) FROM reminders") == count)
        #expect(try await store.check().isOK)
    }

    /// Should a uid given in the file equal one Trove made for another record (the file's
    /// own uids are compared as they are read), the uid index cannot be made again: the import
    /// fails with the uid named, not with SQLite's constraint message.
    @Test func aUIDClashFoundWhenTheIndexComesBackIsNamed() async throws {
        let store = try await ReminderStore.inMemory()
        let before = try await Self.indexSQL(store)
        let error = await thrownError(FormatError.self) {
            try await store.database.write { db in
                var deferred = DeferredIndexes(existingRows: 0, threshold: 1)
                try db.execute("INSERT INTO lists (name) VALUES ('Home')")
                func add() throws {
                    try db.execute("""
                        INSERT INTO reminders (list_id, uid, title, created_at, updated_at)
                        SELECT id, 'SAME-UID', 'twin', '2026-03-02 09:00:00.000', '2026-03-02 09:00:00.000' FROM lists
                        """)
                }
                try add()
                try deferred.rowInserted(on: db)
                try add()
                try deferred.restore(on: db)
            }
        }
        #expect(error?.field == "uid")
        #expect(error?.problem.contains(#""SAME-UID""#) == true)
        #expect(error?.description.contains("SQLITE") == false)
        #expect(try await Self.indexSQL(store) == before)
        #expect(try await store.int("SELECT count(*) FROM reminders") == 0)
    }
}
