import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveStore

@Suite struct MigrationTests {
    @Test func freshFileMigratesToTheLatestVersion() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("new.db")
        let store = try await ReminderStore.open(path: path)
        #expect(try await store.int("PRAGMA user_version") == Migration.latestVersion)
        #expect(Migration.latestVersion >= 1)
        #expect(try await store.int("PRAGMA application_id") == 0x5452_4F56)
        #expect(try await store.int("SELECT count(*) FROM sqlite_schema WHERE name = 'reminders_fts'") == 1)
    }

    @Test func reopeningIsANoOpAndKeepsTheData() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("trove.db")
        let first = try await ReminderStore.open(path: path)
        let added = try await first.add(ReminderRecord(title: "Buy milk", tags: ["errand"]))
        let schema = try await first.rows("SELECT type, name, sql FROM sqlite_schema ORDER BY name")

        let again = try await ReminderStore.open(path: path)
        #expect(try await again.rows("SELECT type, name, sql FROM sqlite_schema ORDER BY name") == schema)
        #expect(try await again.reminder(id: added.id) == added)
        let readOnly = try await ReminderStore.open(path: path, readOnly: true)
        #expect(try await readOnly.reminder(id: added.id).title == "Buy milk")
    }

    @Test func foreignDatabaseIsRefusedAndLeftUntouched() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("other.db")
        do {
            let other = try SQLConnection(path: path, options: .init(walMode: false))
            try other.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT); PRAGMA application_id = 42;")
            try other.execute("INSERT INTO photos (name) VALUES (\("cat.jpg"))")
        }
        let before = try fileBytes(path)
        for readOnly in [false, true] {
            let error = await thrownError(StoreError.self) { _ = try await ReminderStore.open(path: path, readOnly: readOnly) }
            #expect(error == .foreignDatabase(path: path))
        }
        #expect(try fileBytes(path) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func tablesWithoutAnApplicationIDAreForeignToo() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("plain.db")
        do {
            let other = try SQLConnection(path: path, options: .init(walMode: false))
            try other.execute("CREATE TABLE notes (body TEXT)")
        }
        let before = try fileBytes(path)
        let error = await thrownError(StoreError.self) { _ = try await ReminderStore.open(path: path) }
        #expect(error == .foreignDatabase(path: path))
        #expect(try fileBytes(path) == before)
    }

    @Test func newerSchemaIsRefusedAndLeftUntouched() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("future.db")
        do {
            let store = try await ReminderStore.open(path: path)
            try await store.add(ReminderRecord(title: "From the future"))
            try await store.database.writeWithoutTransaction { db in
                try db.execute("PRAGMA user_version = 99")
                // NB: fold the WAL into the file so its bytes are the whole database.
                try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            }
        }
        let before = try fileBytes(path)
        for readOnly in [false, true] {
            let error = await thrownError(StoreError.self) { _ = try await ReminderStore.open(path: path, readOnly: readOnly) }
            #expect(error == .newerSchema(path: path, version: 99, supported: Migration.latestVersion))
        }
        #expect(try fileBytes(path) == before)
    }

    @Test func readOnlyNeverCreatesOrMigrates() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let missing = folder.path("missing.db")
        await #expect(throws: OpenError.self) { _ = try await ReminderStore.open(path: missing, readOnly: true) }
        #expect(!FileManager.default.fileExists(atPath: missing))

        let empty = folder.path("empty.db")
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        let error = await thrownError(StoreError.self) { _ = try await ReminderStore.open(path: empty, readOnly: true) }
        #expect(error == .needsMigration(path: empty))
        #expect(try fileBytes(empty).isEmpty)
    }

    @Test func failedMigrationOnAFreshFileRollsBackCompletely() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("broken.db")
        let bad = Migration(version: Migration.latestVersion + 1, name: "broken",
                            sql: "CREATE TABLE extra (x); INSERT INTO no_such_table VALUES (1);")
        await #expect(throws: SQLiteError.self) {
            _ = try await ReminderStore.open(path: path, migrator: Migrator(migrations: Migration.all + [bad]))
        }
        let db = try SQLConnection(path: path, options: .init(readOnly: true))
        #expect(try db.fetchValue("SELECT count(*) FROM sqlite_schema", as: Int.self) == 0)
        #expect(try db.fetchValue("PRAGMA user_version", as: Int.self) == 0)
        #expect(try db.fetchValue("PRAGMA application_id", as: Int.self) == 0)
    }

    @Test func failedMigrationOfAnOlderFileKeepsItsVersionAndData() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("older.db")
        let kept = try await ReminderStore.open(path: path).add(ReminderRecord(title: "Keep me"))
        let bad = Migration(version: Migration.latestVersion + 1, name: "broken",
                            sql: "CREATE TABLE extra (x); ALTER TABLE reminders ADD COLUMN colour TEXT; SELECT nope();")
        await #expect(throws: SQLiteError.self) {
            _ = try await ReminderStore.open(path: path, migrator: Migrator(migrations: Migration.all + [bad]))
        }
        let store = try await ReminderStore.open(path: path)
        #expect(try await store.int("PRAGMA user_version") == Migration.latestVersion)
        #expect(try await store.int("SELECT count(*) FROM sqlite_schema WHERE name = 'extra'") == 0)
        #expect(try await store.int("SELECT count(*) FROM pragma_table_info('reminders') WHERE name = 'colour'") == 0)
        #expect(try await store.reminder(id: kept.id) == kept)
    }

    @Test func writerRunsWithRecursiveTriggers() async throws {
        let store = try await ReminderStore.inMemory()
        #expect(try await store.int("PRAGMA recursive_triggers") == 1)
        #expect(try await store.int("PRAGMA foreign_keys") == 1)
    }
}
