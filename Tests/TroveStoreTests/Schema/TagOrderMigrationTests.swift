import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveStore
import TroveTestSupport

/// Schema 5: tags keep the order given, and tag work per reminder is linear.
@Suite struct TagOrderMigrationTests {
    @Test func schemaThreeLinksGetTheirTextsOrderAndNothingIsReindexed() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("v3.db")
        let v3 = Migrator(migrations: Migration.all.filter { $0.version <= 3 })
        let indexBefore: [SQLiteRow]
        do {
            let old = try await ReminderStore.open(path: path, migrator: v3)
            try await old.addAsOlderTrove("Buy milk", tags: ["errand", "Dairy", "shop"])
            try await old.addAsOlderTrove("Walk")
            indexBefore = try await old.indexSnapshot()
        }
        let store = try await ReminderStore.open(path: path)
        #expect(try await store.int("PRAGMA user_version") == Migration.latestVersion)
        let positions = try await store.rows("""
            SELECT t.name, rt.position FROM reminder_tags rt JOIN tags t ON t.id = rt.tag_id ORDER BY rt.position
            """)
        #expect(try positions.map { "\(try $0[0] as String)=\(try $0[1] as Int)" } == ["Dairy=0", "errand=1", "shop=2"])
        #expect(try await store.reminder(id: 1).tags == ["Dairy", "errand", "shop"])
        #expect(try await store.indexSnapshot() == indexBefore)
        // New tags come after the old ones; a removed one leaves the rest in order.
        try await store.update(id: 1, ReminderChanges(addTags: ["apple"], removeTags: ["errand"]))
        #expect(try await store.reminder(id: 1).tags == ["Dairy", "shop", "apple"])
        #expect(try await store.int("SELECT count(*) FROM tag_text_written") == 0)
        #expect(try await store.indexIsConsistent())
    }

    @Test func tagsKeepTheOrderGivenEverywhere() async throws {
        let store = try await ReminderStore.inMemory()
        let added = try await store.add(ReminderRecord(title: "Pick up", tags: ["school", "run", "Kids"]))
        #expect(added.tags == ["school", "run", "Kids"])
        try await store.update(id: added.id, ReminderChanges(addTags: ["after"]))
        #expect(try await store.reminder(id: added.id).tags == ["school", "run", "Kids", "after"])
        let sink = ByteSink()
        var writer = JSONLinesWriter(sink)
        try await store.export(to: &writer)
        #expect(sink.text.contains(#""tags":["school","run","Kids","after"]"#))
        #expect(try await store.indexIsConsistent())
    }

    /// Another tool's links (no position, no tag_text_written row) still keep the text right:
    /// they come after the positioned ones, in name order.
    @Test func linksWrittenWithoutPositionsComeLastInNameOrder() async throws {
        let store = try await ReminderStore.inMemory()
        let added = try await store.add(ReminderRecord(title: "x", tags: ["b", "a"]))
        try await store.database.write { db in
            try db.execute("INSERT INTO tags (name) VALUES ('zz'), ('mm')")
            try db.execute("INSERT INTO reminder_tags (reminder_id, tag_id) SELECT \(added.id), id FROM tags WHERE name IN ('zz', 'mm')")
        }
        #expect(try await store.reminder(id: added.id).tags == ["b", "a", "mm", "zz"])
        #expect(try await store.indexIsConsistent())
    }

    /// Was O(N^2): the link trigger rebuilt and re-indexed the text once per link. Now adding,
    /// importing or editing a reminder's many tags writes its `tags` text once. A TEMP trigger
    /// counts the writes (it may watch a main table and write a temp one).
    @Test func manyTagsWriteTheTagsTextOnce() async throws {
        let store = try await ReminderStore.inMemory()
        let names = (0..<2_000).map { "t\($0)" }
        try await store.database.write { db in
            try db.execute("CREATE TEMP TABLE tag_writes (n INTEGER)")
            try db.execute("""
                CREATE TEMP TRIGGER count_tag_writes AFTER UPDATE OF tags ON main.reminders
                BEGIN INSERT INTO tag_writes VALUES (1); END
                """)
        }
        let added = try await store.add(ReminderRecord(title: "many", tags: names))
        #expect(added.tags == names)
        #expect(try await store.int("SELECT count(*) FROM temp.tag_writes") == 0)
        var reader = RecordArrayReader([ReminderRecord(title: "imported", tags: names.reversed())])
        _ = try await store.importRecords(&reader, source: "many")
        #expect(try await store.int("SELECT count(*) FROM temp.tag_writes") == 0)
        try await store.update(id: added.id, ReminderChanges(
            addTags: (0..<500).map { "new\($0)" }, removeTags: Array(names.prefix(500))))
        #expect(try await store.int("SELECT count(*) FROM temp.tag_writes") == 1)
        #expect(try await store.reminder(id: added.id).tags == Array(names.dropFirst(500)) + (0..<500).map { "new\($0)" })
        #expect(try await store.int("SELECT count(*) FROM tag_text_written") == 0)
        #expect(try await store.indexIsConsistent())
    }
}
