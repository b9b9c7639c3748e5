import Testing
import TroveQuery
import TroveSQLite
import TroveStore
import TroveTestSupport

/// A new store gives the pages its writes free back to the disk after an import (`PRAGMA
/// auto_vacuum = INCREMENTAL`, then `PRAGMA incremental_vacuum` once the import commits), and
/// `optimize()` moves an older file to that mode.
@Suite struct FreePagesTests {
    /// Frees about 300 pages: a table of 300 blobs of 3,000 bytes, dropped.
    func freeSomePages(_ store: ReminderStore) async throws {
        try await store.database.writeWithoutTransaction { db in
            try db.execute("""
                CREATE TABLE scratch AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
                SELECT randomblob(3000) AS b FROM n;
                DROP TABLE scratch;
                """)
        }
    }

    /// Back to a file made before Trove chose the mode: free pages stay until a `VACUUM`.
    func makeOld(_ store: ReminderStore) async throws {
        try await store.database.writeWithoutTransaction { db in try db.execute("PRAGMA auto_vacuum = NONE; VACUUM") }
    }

    func importSome(_ store: ReminderStore) async throws {
        var reader = RecordArrayReader((1...10).map { ReminderRecord(title: "Imported \($0)", notes: "notes \($0)") })
        _ = try await store.importRecords(&reader, source: "some.jsonl")
    }

    @Test func anImportGivesFreePagesBack() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try await ReminderStore.open(path: folder.path("new.db"))
        #expect(try await store.int("PRAGMA auto_vacuum") == 2)
        try await freeSomePages(store)
        #expect(try await store.int("PRAGMA freelist_count") >= 290)
        let pages = try await store.int("PRAGMA page_count")
        try await importSome(store)
        #expect(try await store.int("PRAGMA freelist_count") == 0)
        #expect(try await store.int("PRAGMA page_count") < pages - 250)
        #expect(try await store.check().isOK)
        #expect(try await store.stats().reminders == 10)

        // NB: the same steps in a file of the old mode keep the pages: what the above would
        // show if the import did not give them back.
        let old = try await ReminderStore.open(path: folder.path("old.db"))
        try await makeOld(old)
        #expect(try await old.int("PRAGMA auto_vacuum") == 0)
        try await freeSomePages(old)
        try await importSome(old)
        #expect(try await old.int("PRAGMA freelist_count") >= 290)
        #expect(try await old.stats().reminders == 10)
    }

    @Test func aRebuildGivesFreePagesBack() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try await ReminderStore.open(path: folder.path("new.db"))
        try await importSome(store)
        try await freeSomePages(store)
        #expect(try await store.int("PRAGMA freelist_count") >= 290)
        try await store.rebuildIndex()
        #expect(try await store.int("PRAGMA freelist_count") == 0)
        #expect(try await store.check().isOK)
        #expect(try await store.matching("imported") == Array(1...10))
    }

    @Test func optimizeMovesAnOlderFileToTheMode() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try await ReminderStore.open(path: folder.path("old.db"))
        try await store.add(ReminderRecord(title: "Kept"))
        try await makeOld(store)
        #expect(try await store.int("PRAGMA auto_vacuum") == 0)
        try await store.optimize()
        #expect(try await store.int("PRAGMA auto_vacuum") == 2)
        #expect(try await store.check().isOK)
        #expect(try await store.stats().reminders == 1)
    }
}
