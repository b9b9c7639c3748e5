import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveStore
import TroveTestSupport

/// Schema 8: the reminders a command changed are kept one row each in `journal_reminders`,
/// read back in batches by undo, and go with their entry.
@Suite struct JournalRemindersTests {
    /// Rows per entry in `journal_reminders`, as "entry:count", entries ascending.
    static func keptPerEntry(_ store: ReminderStore) async throws -> [String] {
        try await store.rows("SELECT entry, count(*) FROM journal_reminders GROUP BY entry ORDER BY entry")
            .map { "\(try $0[0] as Int64):\(try $0[1] as Int)" }
    }

    @Test func anImportUpdatingMoreThanABatchIsUndoneExactly() async throws {
        let count = JournalRestorer.batchSize * 2 + 7
        let store = try await seededStore(records: (1...count).map {
            ReminderRecord(uid: "u\($0)", title: "Title \($0)", notes: "note \($0)", list: $0.isMultiple(of: 3) ? "Work" : "Home",
                           tags: $0.isMultiple(of: 5) ? ["five"] : [])
        })
        let before = try await store.contentsSnapshot()
        var reader = RecordArrayReader((1...count).map {
            ReminderRecord(uid: "u\($0)", title: "Edited \($0)", list: "Elsewhere", tags: ["new"])
        })
        let summary = try await store.importRecords(&reader, source: "edited.jsonl")
        #expect(summary.counts == "0 added, \(count) updated, 0 unchanged")
        let entry = try #require(try await store.log(limit: 1).first)
        #expect(try await Self.keptPerEntry(store) == ["\(entry.id):\(count)"])
        // The entry's JSON stays small: no reminder in it.
        let undoJSON = try await store.rows("SELECT undo FROM journal WHERE id = \(entry.id)").map { try $0[0] as String }[0]
        #expect(undoJSON.utf8.count < 200)

        try await store.undo()
        #expect(try await store.contentsSnapshot() == before)
        #expect(try await store.indexIsConsistent())
        #expect(try await store.matching("edited").isEmpty)
        #expect(try await store.matching("title").count == count)
        #expect(try await Self.keptPerEntry(store).isEmpty)
    }

    @Test func anEntryWrittenBeforeSchemaEightIsStillUndone() async throws {
        let store = try await seededStore(records: [
            ReminderRecord(title: "Buy milk", list: "Groceries", tags: ["dairy"]),
            ReminderRecord(title: "Call mum", list: "Home"),
        ])
        let before = try await store.contentsSnapshot()
        try await store.update(id: 1, ReminderChanges(title: "Buy oat milk", addTags: ["vegan"]))
        try await store.delete([2])
        // Rewrite both entries as schema 7 wrote them: the reminders inside the JSON.
        try await store.database.write { db in
            for row in try db.fetchAll("SELECT id, undo FROM journal WHERE command IN ('edit', 'rm')") {
                let id: Int64 = try row[0]
                var undo = try JournalUndo(json: try row[1] as String)
                undo.before = try db.fetchAll("SELECT record FROM journal_reminders WHERE entry = \(id) ORDER BY id")
                    .map { try $0[0] as String }
                #expect(undo.before.count == 1)
                try db.execute("UPDATE journal SET undo = \(undo.json) WHERE id = \(id)")
                try db.execute("DELETE FROM journal_reminders WHERE entry = \(id)")
            }
        }
        #expect(try await Self.keptPerEntry(store).isEmpty)
        try await store.undo(count: 2)
        #expect(try await store.contentsSnapshot() == before)
        #expect(try await store.indexIsConsistent())
    }

    @Test func prunedAndUndoneEntriesTakeTheirRemindersAlong() async throws {
        let store = try await seededStore(records: [ReminderRecord(title: "Flip")])
        for _ in 0..<(journalLimit + 3) { try await store.setFlagged([1], true); try await store.setFlagged([1], false) }
        let entries = try await store.rows("SELECT id FROM journal ORDER BY id").map { try $0[0] as Int64 }
        #expect(entries.count == journalLimit)
        // One kept reminder per flag or unflag, and none for an entry that is gone.
        #expect(try await Self.keptPerEntry(store) == entries.map { "\($0):1" })
        try await store.undo(count: 10)
        #expect(try await Self.keptPerEntry(store) == entries.dropLast(10).map { "\($0):1" })
    }

    @Test func aNewEntryNeverAdoptsRowsLeftForAnotherId() async throws {
        let store = try await seededStore(records: [ReminderRecord(title: "Mine"), ReminderRecord(title: "Other")])
        let newest = try await store.int("SELECT max(id) FROM journal")
        // A row no entry owns (as a tool outside Trove might leave) under the next free id.
        try await store.database.write { db in
            try db.execute("INSERT INTO journal_reminders (entry, record) VALUES (\(newest + 1), '{\"id\":2,\"uid\":\"x\",\"title\":\"Stray\"}')")
        }
        try await store.delete([1])
        let entry = try #require(try await store.log(limit: 1).first)
        #expect(entry.id == Int64(newest + 2))
        try await store.undo()
        #expect(try await store.reminder(id: 1).title == "Mine")
        #expect(try await store.reminder(id: 2).title == "Other")
    }

    @Test func aSchemaSevenDatabaseGainsTheTableAndKeepsItsJournal() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("v7.db")
        do {
            let old = try await ReminderStore.open(path: path, migrator: Migrator(migrations: Migration.all.filter { $0.version <= 7 }))
            try await old.addAsOlderTrove("Walk")
            // The JSON's keys are the ones schema 7 wrote.
            var undo = JournalUndo()
            undo.added.insert(1)
            let json = undo.json
            try await old.database.write { db in
                try db.execute("INSERT INTO journal (at, command, summary, undo) VALUES ('2026-03-02 09:00:00.000', 'add', 'added 1 \"Walk\"', \(json))")
            }
        }
        let store = try await ReminderStore.open(path: path)
        #expect(try await store.int("PRAGMA user_version") == Migration.latestVersion)
        #expect(try await store.int("SELECT count(*) FROM journal_reminders") == 0)
        #expect(try await store.check().isOK)
        // NB: an entry from before schema 16 has no session, so it counts as another's.
        await #expect(throws: StoreError.self) { try await store.undo() }
        try await store.undo(fromAnySession: true)
        #expect(try await store.int("SELECT count(*) FROM reminders") == 0)
    }
}
