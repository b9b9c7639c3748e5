import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveStore
import TroveTestSupport

/// Issue 15: one source of truth for the schema's current DDL, read back from the migrations,
/// used when a store opens, by `check` and by `rebuild`.
@Suite struct SchemaDefinitionTests {
    @Test func theReferenceIsWhatTheMigrationsMakeWithTheIndexOptions() async throws {
        let reference = try SchemaDefinition.current()
        let index = try #require(reference.objects.first { $0.name == "reminders_fts" })
        #expect(index.kind == .virtualTable)
        #expect(index.sql.contains("prefix = '1 2 3'"))
        #expect(reference.configuration["reminders_fts"]?["rank"] == "bm25(10.0, 1.0, 5.0)")
        #expect(reference.objects.first { $0.name == "reminders_fts_data" }?.owner == "reminders_fts")
        #expect(reference.objects.first { $0.name == "reminders" }?.isDerived == false)
        let store = try await ReminderStore.inMemory()
        #expect(try await store.database.read { db in try reference.problems(in: db) } == [])
        #expect(store.missingIndexObjects.isEmpty)
    }

    /// Opening a store checks the file against a written-out list instead of replaying the
    /// migrations (~11 ms of every command); it must be exactly what the replay gives.
    @Test func theWrittenOutDerivedObjectsAreTheMigrations() throws {
        let replayed = try SchemaDefinition.current().derivedObjects
        #expect(SchemaDefinition.written == replayed, """
            SchemaDefinition.written (SchemaDefinition+DerivedObjects.swift) must list, in order:
            \(replayed.map(\.description).joined(separator: "\n"))
            """)
        #expect(SchemaDefinition.written.count == 38)  // schema 13 added the count of list and completion changes' trigger
        #expect(SchemaDefinition.written.contains(.init(.shadowTable, "reminders_fts_idx", owner: "reminders_fts")))
    }

    /// A missing FTS5 table stands for its shadow tables; a missing trigger is named itself.
    @Test func aMissingIndexTableIsNamedOnceForItsShadowTables() async throws {
        let store = try await ReminderStore.inMemory()
        let missing = try await store.database.write { db in
            try db.execute("DROP TABLE reminders_substrings")
            try db.execute("DROP TRIGGER reminders_substrings_insert")
            return try SchemaDefinition.missing(SchemaDefinition.written, in: db)
        }
        #expect(missing == ["reminders_substrings", "reminders_substrings_insert"])
    }

    /// Was: `rebuild` recreated a dropped index from migration 001's DDL, without
    /// `prefix = '1 2 3'`, and `check` said ok.
    @Test func anIndexMadeWithOtherOptionsIsReportedAndRebuildRestoresThem() async throws {
        let store = try await seededStore()
        try await store.database.write { db in
            try db.execute("DROP TABLE reminders_fts")
            try db.execute("""
                CREATE VIRTUAL TABLE reminders_fts USING fts5(title, notes, tags, content = 'reminders',
                    content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2')
                """)
            try db.execute("INSERT INTO reminders_fts (reminders_fts) VALUES ('rebuild')")
        }
        let report = try await store.check()
        #expect(!report.isOK && !report.isFileDamaged)
        #expect(report.schemaProblems.contains { if case .differs(let object, _) = $0 { object.name == "reminders_fts" } else { false } })
        #expect(report.schemaProblems.contains(.configuration(table: "reminders_fts", key: "rank", expected: "bm25(10.0, 1.0, 5.0)", found: nil)))
        #expect(report.advice?.contains("Call `rebuildIndex()`") == true)

        #expect(try await store.rebuildIndex().recreated == ["reminders_fts"])
        #expect(try await store.check().isOK)
        let sql = try await store.rows("SELECT sql FROM sqlite_schema WHERE name = 'reminders_fts'")
        #expect(try sql.map { try $0[0] as String }.first?.contains("prefix = '1 2 3'") == true)
        #expect(try await store.matching("passport").count == 5)
    }

    /// A dropped trigger let writes leave the index behind without a word; now the open sees it,
    /// writes are refused with what to do, and rebuild recreates it.
    @Test func aMissingTriggerRefusesWritesUntilRebuildRecreatesIt() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("t.db")
        do {
            let store = try await ReminderStore.open(path: path)
            try await store.add(ReminderRecord(title: "Buy milk"))
            try await store.database.write { db in try db.execute("DROP TRIGGER reminders_index_insert") }
        }
        let store = try await ReminderStore.open(path: path)
        #expect(store.missingIndexObjects == ["reminders_index_insert"])
        await #expect(throws: StoreError.indexMissing(objects: ["reminders_index_insert"])) {
            try await store.add(ReminderRecord(title: "Lost from the index"))
        }
        #expect(try await store.check().schemaProblems.count == 1)
        #expect(try await store.rebuildIndex().recreated == ["reminders_index_insert"])
        let reopened = try await ReminderStore.open(path: path)
        let added = try await reopened.add(ReminderRecord(title: "Found again"))
        #expect(try await reopened.matching("found") == [added.id])
        #expect(try await reopened.check().isOK)
    }

    @Test func damagedTablesOfDataAreNotRecreatedAndNothingChanges() async throws {
        let store = try await seededStore()
        try await store.database.writeWithoutTransaction { db in
            try db.execute("PRAGMA foreign_keys = OFF")
            try db.execute("DROP TABLE tags")
        }
        let report = try await store.check()
        #expect(report.isFileDamaged)
        #expect(report.advice?.contains("exportSalvaging(to:)") == true)
        await #expect(throws: StoreError.self) { try await store.rebuildIndex() }
        #expect(try await store.int("SELECT count(*) FROM sqlite_schema WHERE name = 'tags'") == 0)
    }

    @Test func tagTextThatDriftedFromItsLinksIsReportedAndRebuilt() async throws {
        let store = try await seededStore()
        try await store.database.write { db in
            try db.execute("UPDATE reminders SET tags = 'not, these' WHERE id = 1")
            try db.execute("INSERT INTO tag_text_written (reminder_id) VALUES (2)")
        }
        let report = try await store.check()
        #expect(report.dataProblems == [
            "1 reminder(s), the first 1, have a tags column that does not match their tag links; call `rebuildIndex()` to rewrite it from the links",
            "1 reminder(s) are still marked in tag_text_written; call `rebuildIndex()` to clear them",
        ])
        try await store.rebuildIndex()
        #expect(try await store.check().isOK)
    }

    @Test(arguments: [
        ("CREATE  TABLE x(\n  a INT -- a comment\n)", "CREATE TABLE x( a INT )"),
        ("CREATE /* note */ INDEX i ON t(a)", "CREATE INDEX i ON t(a)"),
        ("SELECT '--  not a   comment'", "SELECT '--  not a   comment'"),
        ("  x\t\ty  ", "x y"),
    ])
    func definitionsCompareWithoutLayoutOrComments(sql: String, normalized: String) {
        #expect(SchemaDefinition.normalized(sql) == normalized)
    }

    /// Was: `check` waited 120 s for another writer, then called a healthy index broken.
    @Test func checkSaysTheIndexWasNotCheckedWhenAnotherWriterHoldsTheLock() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("t.db")
        let store = try await ReminderStore.open(path: path)
        try await store.add(ReminderRecord(title: "Buy milk"))
        let other = try SQLConnection(path: path)
        try other.execute("BEGIN IMMEDIATE")
        let report = try await store.check(lockWait: .milliseconds(200))
        try other.execute("ROLLBACK")
        #expect(report.isOK && report.indexLocked && report.indexProblems.isEmpty)
        let unlocked = try await store.check(lockWait: .milliseconds(200))
        #expect(unlocked.isOK && !unlocked.indexLocked && unlocked.indexChecked)
    }

    @Test func optimizeCompactsTheFile() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("t.db")
        let store = try await ReminderStore.open(path: path)
        var reader = RecordArrayReader(Array(ReminderGenerator(seed: 3, count: 3_000)))
        _ = try await store.importRecords(&reader, source: "generated")
        try await store.delete(Array(1...2_000))
        try await store.optimize(vacuum: false)
        // NB: the undo journal keeps the deleted rows, so the file cannot halve; what compacting
        // must do is give back every free page the merge leaves.
        let before = try await store.stats().databaseBytes
        let free = try await store.int("PRAGMA freelist_count") * store.int("PRAGMA page_size")
        #expect(free > 0)
        try await store.optimize()
        #expect(try await store.int("PRAGMA freelist_count") == 0)
        let after = try await store.stats().databaseBytes
        #expect(after <= before - free, "\(before) → \(after), \(free) bytes free")
        let onDisk = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        #expect(onDisk == after)
        #expect(try await store.check().isOK)
    }

    @Test(arguments: [
        // size, wal, free here, free in temp, same disk → refused (needed) or nil
        (100, 0, 199, 1_000, true, 200 as Int?),
        (100, 0, 200, 1_000, true, nil),
        (100, 50, 149, 1_000, false, 150),
        (100, 50, 150, 99, false, 100),
        (100, 50, 150, 100, false, nil),
    ])
    func compactingNeedsTwiceTheFileFree(size: Int, wal: Int, here: Int, temporary: Int, sameDisk: Bool, needed: Int?) {
        let problem = ReminderStore.spaceProblem(size: size, wal: wal, freeHere: here, freeInTemporary: temporary, sameDisk: sameDisk)
        #expect(problem?.needed == needed)
    }
}
