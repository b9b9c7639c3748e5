import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveStore
import TroveTestSupport

/// Opening a current Trove file reads its header instead of opening a probe connection; every
/// other file is still asked of SQLite, so only "Trove's, current" may come from the header.
@Suite struct DatabaseHeaderTests {
    @Test func aTroveFileSaysItsVersionAndOnlyTheLatestIsCurrent() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let current = folder.path("current.db"), older = folder.path("older.db")
        _ = try await ReminderStore.open(path: current)
        _ = try await ReminderStore.open(path: older, migrator: Migrator(migrations: Migration.all.filter { $0.version <= 2 }))
        let header = try #require(DatabaseHeader(path: current))
        #expect(header.applicationID == Migrator.applicationID)
        #expect(Int(header.userVersion) == Migrator().latestVersion)
        #expect(header.isCurrent(for: Migrator()))
        #expect(DatabaseHeader(path: older)?.userVersion == 2)
        #expect(DatabaseHeader(path: older)?.isCurrent(for: Migrator()) == false)
        // NB: and the older file still opens through the probe and is migrated.
        _ = try await ReminderStore.open(path: older)
        #expect(DatabaseHeader(path: older)?.isCurrent(for: Migrator()) == true)
    }

    @Test func otherFilesHaveNoCurrentHeaderAndReadingNeverBlocks() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let foreign = folder.path("foreign.db"), text = folder.path("notes.txt"), fifo = folder.path("pipe")
        do {
            let db = try SQLConnection(path: foreign)
            try db.execute("CREATE TABLE t (x)")
        }
        #expect(DatabaseHeader(path: foreign)?.applicationID == 0)
        #expect(DatabaseHeader(path: foreign)?.isCurrent(for: Migrator()) == false)
        try String(repeating: "not a database ", count: 20).write(toFile: text, atomically: true, encoding: .utf8)
        #expect(DatabaseHeader(path: text) == nil)
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(DatabaseHeader(path: fifo) == nil)  // returns at once: a FIFO is never read
        #expect(DatabaseHeader(path: folder.path("missing.db")) == nil)
        #expect(DatabaseHeader(path: folder.path("")) == nil)
    }

    /// A foreign SQLite file is still refused, and still left byte for byte as it was.
    @Test func aForeignFileIsStillRefusedUnchanged() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let foreign = folder.path("foreign.db")
        do {
            let db = try SQLConnection(path: foreign)
            try db.execute("CREATE TABLE t (x)")
            try db.execute("PRAGMA application_id = 42")
        }
        let before = try fileBytes(foreign)
        await #expect(throws: StoreError.foreignDatabase(path: foreign)) { try await ReminderStore.open(path: foreign) }
        #expect(try fileBytes(foreign) == before)
    }
}
