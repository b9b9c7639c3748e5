import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveStore

/// Schema 3: indexes in the order a search without text lists reminders.
@Suite struct FilterIndexMigrationTests {
    @Test func schemaTwoDatabaseGainsTheDueOrderIndexesWithItsDataIntact() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("v2.db")
        let v2 = Migrator(migrations: Migration.all.filter { $0.version <= 2 })
        do {
            let old = try await ReminderStore.open(path: path, migrator: v2)
            try await old.addAsOlderTrove("Buy almond milk", tags: ["errand"])
            try await old.addAsOlderTrove("Budget review", list: "Work", flagged: true)
            #expect(try await old.int("PRAGMA user_version") == 2)
        }

        let store = try await ReminderStore.open(path: path)
        #expect(try await store.int("PRAGMA user_version") == Migration.latestVersion)
        let columns = try await store.rows(
            "SELECT s.name, ifnull(i.name, '<expression>') FROM sqlite_schema AS s, pragma_index_info(s.name) AS i "
                + "WHERE s.type = 'index' AND s.tbl_name = 'reminders' ORDER BY s.name, i.seqno")
        let byIndex = Dictionary(grouping: try columns.map { (try $0[0] as String, try $0[1] as String) }, by: \.0)
            .mapValues { $0.map(\.1) }
        #expect(byIndex["reminders_in_due_order"] == [
            "is_completed", "<expression>", "<expression>", "priority", "created_at", "list_id", "is_flagged",
        ])
        #expect(byIndex["reminders_by_list"] == [
            "list_id", "is_completed", "<expression>", "<expression>", "priority", "created_at", "is_flagged",
        ])
        #expect(try await store.int("SELECT count(*) FROM reminders") == 2)
        #expect(try await store.indexIsConsistent())
        // Deleting a list still cascades to its reminders through the replaced index.
        try await store.database.write { db in try db.execute("DELETE FROM lists WHERE name = 'Work'") }
        #expect(try await store.int("SELECT count(*) FROM reminders") == 1)
        #expect(try await store.indexIsConsistent())
    }
}
