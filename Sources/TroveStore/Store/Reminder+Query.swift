import Foundation
import TroveQuery
import TroveSQLite

extension Reminder {
    /// A reminder's columns joined with its list's name.
    ///
    /// ```swift
    /// Reminder.select { r, _ in r.id == 7 }
    /// // SELECT "reminders"."id", "lists"."name", "reminders"."title", … FROM "reminders"
    /// //   JOIN "lists" ON ("reminders"."list_id" = "lists"."id") WHERE ("reminders"."id" = ?)
    /// ```
    static var query: Select<(TableScope<ReminderTable>, TableScope<ListTable>), Row> {
        ReminderTable.join(ListTable.self) { r, l in r.listID == l.id }
            .select { r, l in
                (r.id, l.name, r.title, r.notes, r.priority, r.isFlagged, r.isCompleted, r.completedAt, r.dueDate,
                 r.createdAt, r.updatedAt, r.tags)
            }
    }

    typealias Row = (Int64, String, String, String, Int, Bool, Bool, Date?, String?, Date, Date, String)

    /// Builds a reminder from a row of `query`.
    init(_ row: Row) {
        self.init(
            id: row.0, list: row.1, title: row.2, notes: row.3, priority: Priority(rawValue: row.4) ?? .none,
            isFlagged: row.5, isCompleted: row.6, completedAt: row.7, due: row.8.flatMap(DueDate.init(storageText:)),
            createdAt: row.9, updatedAt: row.10, tags: StoreNames.splitTagsText(row.11))
    }

    /// The reminder with `id`, read on `db`.
    ///
    /// - Throws: `StoreError.reminderNotFound`.
    static func fetch(id: Int64, on db: Connection) throws -> Reminder {
        guard let row = try db.first(query.where { r, _ in r.id == id }) else { throw StoreError.reminderNotFound(id: id) }
        return Reminder(row)
    }
}
