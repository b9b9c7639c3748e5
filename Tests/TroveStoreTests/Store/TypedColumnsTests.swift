import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveStore
import TroveTestSupport

/// `ReminderTable`'s columns are typed by meaning (`Priority`, `DueDate?`), with the storage
/// conversion in their `SQLBindable` conformances: the SQL is what it was with `Int` and
/// `String?` columns, and the values read back are the domain's.
@Suite struct TypedColumnsTests {
    private static let store = Task { try await seededStore() }

    @Test func prioritiesAndDueDatesBindTheirStoredForm() {
        let query = ReminderTable.where { $0.priority >= .medium && $0.dueDate < .day(CalendarDay("2026-03-03")!) }
        #expect(query.debugDescription == #"""
            SELECT "reminders".* FROM "reminders" WHERE (("reminders"."priority" >= 2) AND ("reminders"."due_date" < '2026-03-03'))
            """#)
        let moment = DueDate.time(SQLDateText.parse("2026-03-04 09:20:00.000")!)
        #expect(ReminderTable.where { $0.dueDate == moment }.debugDescription.hasSuffix(
            #"WHERE ("reminders"."due_date" = '2026-03-04 09:20:00.000')"#))
        #expect(ReminderTable.where { $0.dueDate == nil }.debugDescription.hasSuffix(#"WHERE ("reminders"."due_date" IS NULL)"#))
    }

    @Test func typedFetchesReadPrioritiesAndDueDates() async throws {
        let store = try await Self.store.value
        let query = ReminderTable.where { $0.isFlagged && !$0.isCompleted && $0.dueDate != nil }
            .select { ($0.id, $0.priority, $0.dueDate) }.order { $0.dueDate; $0.id }
        let rows = try await store.database.fetchAll(query)
        #expect(rows.count == 10)
        // The same reminders, read whole by the store: the typed columns agree with its model.
        let reminders = try await store.reminders(ids: rows.map(\.0))
        let byID = Dictionary(uniqueKeysWithValues: reminders.map { ($0.id, $0) })
        for (id, priority, due) in rows {
            #expect(byID[id]?.priority == priority)
            #expect(byID[id]?.due == due)
        }
        #expect(rows.first?.2 == .day(CalendarDay("2026-02-24")!), "ordered by due date, as the stored text sorts")
        let dues = rows.compactMap(\.2)
        #expect(dues.count == rows.count && dues == dues.sorted(), "SQL's order of the text is DueDate's <")
    }

    // An app's own model type, read by column name, with the domain types as properties.
    @Test func decodableModelsReadTheDomainTypes() async throws {
        struct Item: Decodable, Sendable {
            var id: Int64
            var title: String
            var priority: Priority
            var due: DueDate?
            enum CodingKeys: String, CodingKey { case id, title, priority, due = "due_date" }
        }
        let store = try await Self.store.value
        let items = try await store.database.fetchAll(
            ReminderTable.where { $0.priority == .high && !$0.isCompleted }.order { $0.id }, as: Item.self)
        #expect(!items.isEmpty)
        #expect(items.allSatisfy { $0.priority == .high })
        let count = try await store.database.fetchCount(ReminderTable.where { $0.priority == .high && !$0.isCompleted })
        #expect(items.count == count)
        let first = try await store.reminder(id: items[0].id)
        #expect(first.title == items[0].title && first.due == items[0].due)
    }

    @Test func writesThroughTypedColumnsStoreWhatTheStoreReads() async throws {
        let store = try await seededStore()
        let id = try #require(try await store.database.fetchOne(ReminderTable.all.select { $0.id }.order { $0.id }))
        let due = DueDate.time(SQLDateText.parse("2026-05-01 07:45:00.000")!)
        let changed = try await store.database.execute(ReminderTable.where { $0.id == id }.update {
            $0.priority.set(.low)
            $0.dueDate.set(due)
        })
        #expect(changed == 1)
        let reminder = try await store.reminder(id: id)
        #expect(reminder.priority == .low && reminder.due == due)
        let stored = try await store.database.fetchOne(ReminderTable.where { $0.id == id }.select { $0.dueDate.stored(as: String?.self) })
        #expect(stored == .some("2026-05-01 07:45:00.000"))
    }
}
