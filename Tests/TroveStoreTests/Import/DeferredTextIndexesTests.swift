import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveStore
import TroveTestSupport

/// A large import indexes the text of its later rows in one statement at its end; the index,
/// the substring index and the schema afterwards are what row-by-row triggers would have left.
@Suite struct DeferredTextIndexesTests {
    static func triggerSQL(_ store: ReminderStore) async throws -> [String] {
        try await store.rows("""
            SELECT "name" || ': ' || "sql" FROM "sqlite_schema" WHERE "type" = 'trigger' ORDER BY "name"
            """).map { try $0[0] as String }
    }

    static func tempObjects(_ store: ReminderStore) async throws -> Int {
        try await store.int("SELECT count(*) FROM sqlite_temp_schema WHERE name LIKE 'trove\\_import\\_%' ESCAPE '\\'")
    }

    /// Both FTS5 indexes hold exactly the rows they should: every reminder in the main index,
    /// the rows of the substring view in the trigram index, each checked against its table.
    static func expectIndexesWhole(_ store: ReminderStore) async throws {
        #expect(try await store.int("SELECT count(*) FROM reminders_fts_docsize") == (try await store.int("SELECT count(*) FROM reminders")))
        #expect(try await store.int("SELECT count(*) FROM reminders_substrings_docsize") == (try await store.int("SELECT count(*) FROM reminders_substring_text")))
        try await store.database.writeWithoutTransaction { db in
            try db.execute("INSERT INTO reminders_fts (reminders_fts, rank) VALUES ('integrity-check', 1)")
            try db.execute("INSERT INTO reminders_substrings (reminders_substrings, rank) VALUES ('integrity-check', 1)")
        }
        #expect(try await store.check().isOK)
    }

    static func config(_ store: ReminderStore) async throws -> [String] {
        try await store.rows("SELECT k || '=' || v FROM reminders_fts_config ORDER BY k").map { try $0[0] as String }
    }

    static func records(_ count: Int) -> [ReminderRecord] {
        (0..<count).map { n in
            ReminderRecord(
                title: n % 7 == 0 ? "東京で会議 \(n)" : "row\(n) item",
                notes: n % 5 == 0 ? "ノートの本文 word\(n)" : "plain notes \(n)",
                list: n % 2 == 0 ? "Home" : "Work", tags: n % 3 == 0 ? ["errand", "tag\(n % 4)"] : [])
        }
    }

    @Test func aLargeImportIndexesEveryRowOnceAndPutsTheTriggersBack() async throws {
        let store = try await ReminderStore.inMemory()
        let before = try await Self.triggerSQL(store)
        let config = try await Self.config(store)
        #expect(!config.contains { $0.hasPrefix("hashsize=") })
        var reader = RecordArrayReader(Self.records(60))
        let summary = try await store.importRecords(&reader, source: "many.jsonl", deferIndexesAfter: 10_000, deferTextAfter: 5)
        #expect(summary.imported == 60)
        #expect(try await Self.triggerSQL(store) == before)
        // The catch-up's larger hash size is not left behind (`check` compares `_config` too).
        #expect(try await Self.config(store) == config)
        #expect(try await Self.tempObjects(store) == 0)
        try await Self.expectIndexesWhole(store)
        // Rows before, at and after the threshold are all found, by word and by substring.
        for n in [0, 4, 5, 59] {
            #expect(try await store.matching("row\(n)").count == (n % 7 == 0 ? 0 : 1))
        }
        #expect(try await store.matching("word55").count == 1)
        #expect(try await store.rows("SELECT rowid FROM reminders_substrings WHERE reminders_substrings MATCH '\"京で会\"'").count == 9)
        // The triggers index rows again: a reminder added afterwards is found.
        let added = try await store.add(ReminderRecord(title: "afterwards"))
        #expect(try await store.matching("afterwards") == [added.id])
    }

    /// Rows changed or removed while the triggers are away, whether indexed before (their old
    /// text is kept and removed from the index at the catch-up) or inserted since (indexed
    /// once, as they end up), leave both indexes whole.
    @Test func rowsChangedOrDeletedBeforeTheCatchUpLeaveTheIndexWhole() async throws {
        let store = try await ReminderStore.inMemory()
        let before = try await Self.triggerSQL(store)
        let ids = try await store.database.write { db -> [Int64] in
            var text = DeferredTextIndexes(threshold: 2)
            try db.execute("INSERT INTO lists (name) VALUES ('Home')")
            func add(_ title: String, notes: String = "") throws -> Int64 {
                try db.execute("""
                    INSERT INTO reminders (list_id, title, notes, created_at, updated_at)
                    SELECT id, \(title), \(notes), '2026-03-02 09:00:00.000', '2026-03-02 09:00:00.000' FROM lists LIMIT 1
                    """)
                let id = db.lastInsertRowID
                try text.rowWritten(inserted: id, on: db)
                return id
            }
            let indexed = try add("indexed first")
            #expect(indexed > 0)
            let atThreshold = try add("indexed second")
            #expect(text.isDeferring)
            #expect(try db.fetchValue("SELECT count(*) FROM sqlite_schema WHERE name = 'reminders_index_insert'", as: Int.self) == 0)
            let changed = try add("apple pie 苹果派", notes: "東京で会う")
            let removed = try add("doomed row", notes: "大阪で会う")
            let retagged = try add("retagged row")
            #expect(text.insertedIDs == changed...retagged)
            try db.execute("UPDATE reminders SET title = 'cherry pie' WHERE id = \(changed)")
            try db.execute("DELETE FROM reminders WHERE id = \(removed)")
            // The link trigger rewrites the text it does not find the tag in.
            try db.execute("INSERT INTO tags (name) VALUES ('urgent')")
            try db.execute("INSERT INTO reminder_tags (reminder_id, tag_id, position) VALUES (\(retagged), \(db.lastInsertRowID), 0)")
            try db.execute("UPDATE reminders SET title = 'indexed first, renamed' WHERE id = \(indexed)")
            // An indexed row that changes id: removed under its old one, indexed under its new.
            try db.execute("UPDATE reminders SET id = 900, notes = '名古屋で会う' WHERE id = \(atThreshold)")
            #expect(try db.fetchValue("SELECT count(*) FROM temp.trove_import_old_reminders_fts", as: Int.self) == 2)
            try text.catchUp(on: db)
            #expect(!text.isDeferring)
            return [indexed, atThreshold, changed, removed, retagged]
        }
        #expect(try await Self.triggerSQL(store) == before)
        #expect(try await Self.tempObjects(store) == 0)
        try await Self.expectIndexesWhole(store)
        #expect(try await store.matching("cherry") == [ids[2]])
        #expect(try await store.matching("apple") == [])
        #expect(try await store.matching("doomed") == [])
        #expect(try await store.matching("urgent") == [ids[4]])
        #expect(try await store.matching("renamed") == [ids[0]])
        #expect(try await store.matching("first") == [ids[0]])
        #expect(try await store.matching("second") == [900])
        #expect(try await store.rows("SELECT rowid FROM reminders_substrings WHERE reminders_substrings MATCH '\"名古屋\"'").count == 1)
        #expect(try await store.rows("SELECT rowid FROM reminders_substrings WHERE reminders_substrings MATCH '\"東京で\"'").count == 1)
        #expect(try await store.rows("SELECT rowid FROM reminders_substrings WHERE reminders_substrings MATCH '\"大阪で\"'").count == 0)
    }

    /// Importing an edited copy of the store updates every row after the threshold without its
    /// triggers: the old words leave both indexes and the new ones are found.
    @Test func aLargeReimportThatChangesEveryRowReindexesEachOnce() async throws {
        let store = try await ReminderStore.inMemory()
        var first = RecordArrayReader(Self.records(30).enumerated().map { n, record in
            var record = record
            record.uid = "uid-\(n)"
            return record
        })
        _ = try await store.importRecords(&first, source: "first.jsonl", deferIndexesAfter: 10_000, deferTextAfter: 1_000)
        let before = try await Self.triggerSQL(store)
        var edited = RecordArrayReader(Self.records(30).enumerated().map { n, record in
            var record = record
            record.uid = "uid-\(n)"
            record.title = n % 7 == 0 ? "大阪で会議 \(n)" : "edited\(n) item"
            record.tags = n % 2 == 0 ? ["moved"] : []
            return record
        })
        let summary = try await store.importRecords(&edited, source: "edited.jsonl", deferIndexesAfter: 10_000, deferTextAfter: 5)
        #expect(summary.updated == 30)
        #expect(try await Self.triggerSQL(store) == before)
        #expect(try await Self.tempObjects(store) == 0)
        try await Self.expectIndexesWhole(store)
        #expect(try await store.matching("row1").isEmpty)
        #expect(try await store.matching("edited29").count == 1)
        #expect(try await store.matching("moved").count == 15)
        #expect(try await store.matching("errand").isEmpty)
        #expect(try await store.rows("SELECT rowid FROM reminders_substrings WHERE reminders_substrings MATCH '\"京で会\"'").isEmpty)
        #expect(try await store.rows("SELECT rowid FROM reminders_substrings WHERE reminders_substrings MATCH '\"阪で会\"'").count == 5)
    }

    /// Undo puts many rows back the same way: the rows an edited re-import changed, and rows
    /// a delete removed, each indexed again once, as they were.
    @Test func undoingManyRowsIndexesThemAtTheEnd() async throws {
        let store = try await ReminderStore.inMemory()
        let uids = (0..<30).map { "uid-\($0)" }
        var first = RecordArrayReader(zip(Self.records(30), uids).map { record, uid in
            var record = record
            record.uid = uid
            return record
        })
        _ = try await store.importRecords(&first, source: "first.jsonl")
        let triggers = try await Self.triggerSQL(store)
        let original = try await store.contentsSnapshot()
        var edited = RecordArrayReader(zip(Self.records(30), uids).map { record, uid in
            var record = record
            record.uid = uid
            record.title = "edited " + record.title
            record.notes = "大阪 " + record.notes
            return record
        })
        _ = try await store.importRecords(&edited, source: "edited.jsonl")
        let ids = try await store.rows("SELECT id FROM reminders ORDER BY id LIMIT 20").map { try $0[0] as Int64 }
        // Newest first: the delete's entry, then the re-import's.
        _ = try await store.delete(ids)
        try await store.database.write { db in
            let entries = try db.fetchAll("SELECT id, undo FROM journal ORDER BY id DESC LIMIT 2")
            for entry in entries {
                try JournalRestorer(db: db, now: Pinned.now, textThreshold: 5).revert(try JournalUndo(json: try entry[1] as String), entry: try entry[0] as Int64)
                try db.forgetJournalEntry(try entry[0] as Int64)
            }
        }
        #expect(try await Self.triggerSQL(store) == triggers)
        #expect(try await Self.tempObjects(store) == 0)
        try await Self.expectIndexesWhole(store)
        #expect(try await store.contentsSnapshot() == original)
        #expect(try await store.matching("edited").isEmpty)
        #expect(try await store.matching("row1").count == 1)
        #expect(try await store.rows("SELECT rowid FROM reminders_substrings WHERE reminders_substrings MATCH '\"大阪 \"'").isEmpty)
    }

    @Test func anImportThatFailsAfterTheDropLeavesTheTriggersAndIndexAsTheyWere() async throws {
        let store = try await ReminderStore.inMemory()
        let before = try await Self.triggerSQL(store)
        let index = try await store.indexSnapshot()
        var reader = RecordArrayReader(Self.records(20) + [ReminderRecord(title: "  ")])
        let error = await thrownError(FormatError.self) {
            _ = try await store.importRecords(&reader, source: "bad.jsonl", deferIndexesAfter: 10_000, deferTextAfter: 5)
        }
        #expect(error?.field == "title")
        #expect(try await Self.triggerSQL(store) == before)
        #expect(try await Self.tempObjects(store) == 0)
        #expect(try await store.indexSnapshot() == index)
        try await Self.expectIndexesWhole(store)
    }

    @Test func aSmallImportKeepsTheTriggers() async throws {
        let store = try await ReminderStore.inMemory()
        try await store.database.write { db in
            var text = DeferredTextIndexes(threshold: 3)
            try text.rowWritten(inserted: 1, on: db)
            try text.rowWritten(inserted: nil, on: db)
            #expect(!text.isDeferring)
            try text.catchUp(on: db)
        }
        #expect(DeferredTextIndexes(threshold: 0).threshold == 1)
    }
}
