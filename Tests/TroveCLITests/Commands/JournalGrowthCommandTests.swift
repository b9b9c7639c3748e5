import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveStore

/// What `done` of a repeating reminder writes to the journal (issue 53, item 5), through the
/// real binary: the change, not the reminder's whole completion history.
@Suite(.serialized) struct JournalGrowthCommandTests {
    /// Before, each entry copied every completion so far: 10,000 dones of one daily reminder
    /// made a 63.2 MB file. Now the 30th `done` journals as many bytes as the first.
    @Test func theThirtiethDoneJournalsNoMoreThanTheFirst() async throws {
        let folder = TemporaryFolder.make()
        let db = folder.path("t.db")
        try #require(try TroveProcess.run(["add", "Water the plants", "--due", "2026-03-02", "--repeat", "daily", "--db", db]).status == 0)
        var sizes: [Int] = []
        for _ in 1...30 {
            let done = try TroveProcess.run(["done", "1", "--db", db])
            try #require(done.status == 0, "\(done.stderr)")
            sizes.append(try await Self.newestEntryBytes(db))
        }
        #expect(sizes.last == sizes.first, "journal bytes per done: \(sizes)")

        // Undo still puts back exactly what was there, completion rows and their ids included.
        let before = try await Self.completions(db)
        let export = try TroveProcess.run(["export", "--db", db]).stdout
        try TroveProcess.run(["done", "1", "--db", db])
        #expect(try await Self.completions(db).count == before.count + 1)
        let undone = try TroveProcess.run(["undo", "--db", db])
        #expect(undone.status == 0, "\(undone.stderr)")
        #expect(try await Self.completions(db) == before)
        #expect(try TroveProcess.run(["export", "--db", db]).stdout == export)
        #expect(try TroveProcess.run(["check", "--db", db]).status == 0)
    }

    /// The bytes the newest journal entry holds: its JSON and the reminders it kept.
    static func newestEntryBytes(_ path: String) async throws -> Int {
        let store = try await ReminderStore.open(path: path, readers: 0)
        return try await store.database.read { db in
            try db.fetchValue("""
                SELECT length(undo) + ifnull((SELECT sum(length(record)) FROM journal_reminders WHERE entry = journal.id), 0)
                FROM journal ORDER BY id DESC LIMIT 1
                """, as: Int.self) ?? 0
        }
    }

    /// Every completion row: id, due, completed_at.
    static func completions(_ path: String) async throws -> [String] {
        let store = try await ReminderStore.open(path: path, readers: 0)
        return try await store.database.read { db in
            try db.fetchAll("SELECT id || ' ' || ifnull(due, '-') || ' ' || ifnull(completed_at, '-') FROM reminder_completions ORDER BY id")
                .map { try $0[0] as String }
        }
    }
}
