import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveStore

/// Schema 2: the index is rebuilt with prefix indexes, and `tags_rename` compares bytes.
@Suite struct PrefixIndexMigrationTests {
    @Test func schemaOneDatabaseMigratesWithItsIndexIntact() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("v1.db")
        let v1 = Migrator(migrations: Migration.all.filter { $0.version == 1 })
        do {
            let old = try await ReminderStore.open(path: path, migrator: v1)
            try await old.addAsOlderTrove("Buy almond milk", notes: "at the Café", tags: ["errand"])
            try await old.addAsOlderTrove("Budget review", list: "Work", tags: ["Email"])
            try await old.addAsOlderTrove("Walk the dog")
            #expect(try await old.int("PRAGMA user_version") == 1)
            #expect(try await old.int("SELECT count(*) FROM sqlite_schema WHERE sql LIKE '%prefix%'") == 0)
        }

        let v2 = Migrator(migrations: Migration.all.filter { $0.version <= 2 })
        let store = try await ReminderStore.open(path: path, migrator: v2)
        #expect(try await store.int("PRAGMA user_version") == 2)
        #expect(try await store.int(
            "SELECT count(*) FROM sqlite_schema WHERE name = 'reminders_fts' AND sql LIKE '%prefix = ''1 2 3''%'") == 1)
        #expect(try await store.indexIsConsistent())
        // 1-, 2-, 3- and 4-letter prefixes (the last has no prefix index of its own), and a
        // folded accent, find the rows indexed before the migration.
        #expect(try await store.matching("a*") == [1])
        #expect(try await store.matching("bu*") == [1, 2])
        #expect(try await store.matching("caf*") == [1])
        #expect(try await store.matching("budg*") == [2])
        #expect(try await store.matching("tags : email") == [2])
        // bm25 weights survive the rebuild: a title match outranks a notes match.
        let ranked = try await store.rows("SELECT rowid FROM reminders_fts WHERE reminders_fts MATCH 'the' ORDER BY rank")
        #expect(try ranked.map { try $0[0] as Int64 } == [3, 1])
        // And it keeps indexing new rows through the version 1 triggers.
        let added = try await store.addAsOlderTrove("Apply for a visa")
        #expect(try await store.matching("ap*") == [added])
        #expect(try await store.indexIsConsistent())
    }

    /// Regression: schema 1's `tags_rename` trigger compared the names with NOCASE, so an
    /// UPDATE that only changed a tag's case left reminders.tags and the index on the old text.
    @Test func caseOnlyTagRenameReindexes() async throws {
        let store = try await ReminderStore.inMemory()
        let reminder = try await store.add(ReminderRecord(title: "Send report", tags: ["email"]))
        try await store.database.write { db in
            try db.execute("UPDATE tags SET name = 'EMAIL' WHERE name = 'email'")
        }
        #expect(try await store.reminder(id: reminder.id).tags == ["EMAIL"])
        let indexed = try await store.rows("SELECT tags FROM reminders WHERE id = \(reminder.id)")
        #expect(try indexed.map { try $0[0] as String } == ["EMAIL"])
        #expect(try await store.indexIsConsistent())
    }
}
