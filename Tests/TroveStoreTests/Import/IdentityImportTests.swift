import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveStore
import TroveTestSupport

/// Import matches on uid: the same file twice changes nothing, a changed file updates in place,
/// and a restore into an empty database keeps every id.
@Suite struct IdentityImportTests {
    func importText(_ text: String, _ format: ReminderFormat = .jsonl, into store: ReminderStore,
                    onConflict: ImportConflictPolicy = .update) async throws -> ImportSummary {
        var reader = format.makeReader(LineReader(string: text))
        return try await store.importRecords(&reader, source: "f", onConflict: onConflict)
    }

    @Test func everyReminderGetsAUniqueUUIDAndKeepsIt() async throws {
        let store = try await ReminderStore.inMemory()
        let a = try await store.add(ReminderRecord(title: "a"))
        let b = try await store.add(ReminderRecord(title: "b"))
        #expect(a.uid != b.uid && a.uid.count == 36 && a.uid.split(separator: "-")[2].hasPrefix("7"))
        try await store.update(id: a.id, ReminderChanges(title: "a2"))
        #expect(try await store.reminder(id: a.id).uid == a.uid)
        #expect(try await store.reminder(uid: b.uid).id == b.id)
        // A row another tool inserts without one gets one too.
        try await store.database.write { db in
            try db.execute("INSERT INTO reminders (list_id, title, created_at, updated_at) VALUES (1, 'raw', '2026-03-02', '2026-03-02')")
        }
        #expect(try await store.int("SELECT count(*) FROM reminders WHERE uid IS NULL") == 0)
        #expect(try await store.check().isOK)
    }

    @Test func theSameFileTwiceChangesNothingAndAChangedOneUpdatesInPlace() async throws {
        let store = try await ReminderStore.inMemory()
        let file = """
            {"uid":"u1","title":"One","tags":["a","b"],"due":"2026-03-02"}
            {"uid":"u2","title":"Two","completed":true}
            """
        #expect(try await importText(file, into: store).counts == "2 added, 0 updated, 0 unchanged")
        let first = try await store.contentsSnapshot()
        #expect(try await importText(file, into: store).counts == "0 added, 0 updated, 2 unchanged")
        #expect(try await store.contentsSnapshot() == first)
        let changed = file.replacingOccurrences(of: "\"One\"", with: "\"One, renamed\"")
        #expect(try await importText(changed, into: store, onConflict: .skip).counts == "0 added, 0 updated, 1 unchanged, 1 skipped")
        #expect(try await importText(changed, into: store).counts == "0 added, 1 updated, 1 unchanged")
        #expect(try await store.reminder(id: 1).title == "One, renamed")
        #expect(try await store.reminder(id: 1).uid == "u1")
        let dup = changed.replacingOccurrences(of: "renamed", with: "again")
        #expect(try await importText(dup, into: store, onConflict: .duplicate).counts == "1 added, 0 updated, 1 unchanged")
        #expect(try await store.int("SELECT count(*) FROM reminders") == 3)
        #expect(try await store.indexIsConsistent())
    }

    @Test func aRestoreIntoAnEmptyDatabaseKeepsIdsAndATakenIdGetsANewOne() async throws {
        let store = try await ReminderStore.inMemory()
        _ = try await importText("""
            {"id":7,"uid":"a","title":"Seven"}
            {"id":3,"uid":"b","title":"Three"}
            {"title":"Next"}
            """, into: store)
        #expect(try await store.rows("SELECT id, title FROM reminders ORDER BY id").map { "\(try $0[0] as Int64) \(try $0[1] as String)" }
            == ["3 Three", "7 Seven", "8 Next"])
        _ = try await importText(#"{"id":3,"uid":"c","title":"Clash"}"#, into: store)
        #expect(try await store.reminder(uid: "c").id == 9)
    }

    @Test func aUIDUsedTwiceInOneFileNamesBothLines() async throws {
        let store = try await ReminderStore.inMemory()
        let error = await #expect(throws: FormatError.self) {
            _ = try await importText("""
                {"uid":"same","title":"A"}
                {"title":"B"}

                {"uid":"same","title":"C"}
                """, into: store)
        }
        #expect(error?.description.contains("lines 1 and 4 have the same uid \"same\"") == true, "\(String(describing: error))")
        #expect(try await store.int("SELECT count(*) FROM reminders") == 0)
    }

    @Test func aCompletedTaskWithoutATimeKeepsItUnknown() async throws {
        let store = try await ReminderStore.inMemory()
        _ = try await importText("x Call the bank\n", .todotxt, into: store)
        let reminder = try await store.reminder(id: 1)
        #expect(reminder.isCompleted && reminder.completedAt == nil)
    }
}
