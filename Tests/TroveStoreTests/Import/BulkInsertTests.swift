import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveStore
import TroveTestSupport

/// An import prepares its INSERTs once and re-binds them for every row; these pin that the
/// shortcut stores exactly what the query builder's one-at-a-time path stores.
@Suite struct BulkInsertTests {
    static let moment = Date(timeIntervalSince1970: 1_772_443_815.038)  // 2026-03-02 09:30:15.038

    // Every column holds a value no other column holds, so a swap of two would show.
    @Test(arguments: [
        ReminderRecord(title: "Buy milk", notes: "semi", priority: .high, isFlagged: true, isCompleted: false,
                       due: .day(CalendarDay("2026-03-04")!)),
        ReminderRecord(title: "Call mum", notes: "", priority: .low, isFlagged: false, isCompleted: true,
                       completedAt: Date(timeIntervalSince1970: 1_772_323_200), due: .time(Date(timeIntervalSince1970: 1_772_470_800))),
        ReminderRecord(title: "Nothing set"),
    ])
    func reminderRowBindingsAreTheBuildersValuesInColumnOrder(record: ReminderRecord) {
        var withID = ReminderRow(id: nil, uid: "0193-uid", listID: 42, record: record, createdAt: Date(timeIntervalSince1970: 1_771_578_900),
                                 updatedAt: Self.moment, tags: "dairy, errand")
        #expect(withID.bindings == withID.insert.sql.render().bindings)
        #expect(withID.bindings.count == 15)
        withID.id = 7
        withID.record.repeat = RepeatRule(.weekly, byDay: [.init(.monday)])
        withID.record.icalendar = ["CLASS:PRIVATE", "X-A:b"]
        #expect(withID.bindings == withID.insert.sql.render().bindings)
    }

    @Test func reminderInsertAndLinkPrepareAsOneStatementEach() throws {
        let db = try SQLConnection.inMemory()
        try Migrator().migrate(db, path: ":memory:")
        let row = ReminderRow(id: nil, uid: "u", listID: 1, record: ReminderRecord(title: "x"), createdAt: Self.moment, updatedAt: Self.moment, tags: "")
        #expect(try db.prepare(row.insert.sql).sql.hasPrefix(#"INSERT INTO "reminders" ("id", "uid", "list_id", "title""#))
        #expect(try db.prepare(RecordInserter.linkTag(reminderID: 1, tagID: 2, position: 0).sql).sql
            == #"INSERT INTO "reminder_tags" ("reminder_id", "tag_id", "position") VALUES (?, ?, ?)"#)
    }

    // Re-binding one statement per row must still give every row its own values and tags.
    @Test func bulkImportStoresWhatAddingOneByOneStores() async throws {
        var records = Array(ReminderGenerator(seed: 11, count: 300))
        records[7].list = "attic"
        records[8].list = "ATTIC"
        records[9].tags = ["Zoo", "apple", "zoo", "Mango"]
        records[10].isCompleted = true
        // NB: an import keeps a missing completion time unknown, where `add` means "now"; give one.
        records[10].completedAt = Self.moment
        for index in records.indices { records[index].uid = "uid-\(index)" }
        let imported = try await seededStore(records: [])
        var reader = RecordArrayReader(records)
        let summary = try await imported.importRecords(&reader, source: "generated")
        let added = try await seededStore(records: [])
        for record in records { try await added.add(record) }

        #expect(summary.imported == records.count)
        #expect(try await imported.contentsSnapshot() == added.contentsSnapshot())
        #expect(try await imported.int("SELECT count(DISTINCT title || notes) FROM reminders")
            == Set(records.map { $0.title + $0.notes }).count)
        #expect(try await imported.reminder(id: 10).tags == ["Zoo", "apple", "Mango"])
        #expect(try await imported.indexIsConsistent())
    }

    // A record refused after the prepared statements have run for many rows still undoes them all.
    @Test func refusedRecordAfterManyBulkRowsRollsBackEveryRow() async throws {
        let store = try await seededStore()
        let before = try await store.contentsSnapshot()
        var records = Array(ReminderGenerator(seed: 3, count: 120))
        records[100].title = "  "
        var reader = RecordArrayReader(records)
        let error = await thrownError(FormatError.self) { _ = try await store.importRecords(&reader, source: "bad.jsonl") }
        #expect(error?.field == "title" && error?.problem.contains("reminder 101") == true)
        #expect(try await store.contentsSnapshot() == before)
        #expect(try await store.indexIsConsistent())

        records[100].title = "fixed"
        var again = RecordArrayReader(records)
        #expect(try await store.importRecords(&again, source: "good.jsonl").imported == 120)
        #expect(try await store.indexIsConsistent())
    }
}
