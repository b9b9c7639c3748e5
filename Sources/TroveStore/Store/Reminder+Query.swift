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
    static var query: SQLSelect<(TableScope<ReminderTable>, TableScope<ListTable>), Row> {
        ReminderTable.join(ListTable.self) { r, l in r.listID == l.id }
            .select { r, l in
                // NB: the due date's text, not `DueDate?`: a damaged value reads as no due date
                // rather than failing a whole export, as it always has.
                (r.id, l.name, r.title, r.notes, r.priority, r.isFlagged, r.isCompleted, r.completedAt,
                 r.dueDate.stored(as: String?.self), r.createdAt, r.updatedAt, r.tags, r.uid, r.repeatRule, r.icalendar)
            }
    }

    typealias Row = (
        Int64, String, String, String, Priority, Bool, Bool, Date?, String?, Date, Date, String, String, String?, String
    )

    /// Builds a reminder from a row of `query`; its completions are read separately.
    init(_ row: Row, completions: [Completion] = []) {
        self.init(
            id: row.0, uid: row.12, list: row.1, title: row.2, notes: row.3, priority: row.4,
            isFlagged: row.5, isCompleted: row.6, completedAt: row.7, due: row.8.flatMap(DueDate.init(storageText:)),
            repeat: row.13.flatMap { try? RepeatRule(rrule: $0) },
            createdAt: row.9, updatedAt: row.10, tags: StoreNames.splitTagsText(row.11),
            completions: completions, icalendar: ReminderRow.icalendarLines(row.14))
    }

    /// The reminder with `id`, read on `db`, completions included.
    ///
    /// - Throws: `StoreError.reminderNotFound`.
    static func fetch(id: Int64, on db: SQLConnection) throws -> Reminder {
        try fetch(id: id, on: db, withCompletions: true)
    }

    /// The reminder with `id`, its completions left empty unless `withCompletions`: a command
    /// that only adds to them reads none, so it costs the same at the 10,000th `done` as at the first.
    ///
    /// - Throws: `StoreError.reminderNotFound`.
    static func fetch(id: Int64, on db: SQLConnection, withCompletions: Bool) throws -> Reminder {
        guard let row = try db.first(query.where { r, _ in r.id == id }) else { throw StoreError.reminderNotFound(id: id) }
        return Reminder(row, completions: withCompletions ? try completions(of: id, on: db) : [])
    }

    /// The reminder whose uid is `uid`, or nil.
    static func fetch(uid: String, on db: SQLConnection) throws -> Reminder? {
        guard let row = try db.first(query.where { r, _ in r.uid == uid }) else { return nil }
        return Reminder(row, completions: try completions(of: row.0, on: db))
    }

    /// A reminder's completed occurrences, oldest first.
    ///
    /// ```swift
    /// // SELECT "reminder_completions"."due", "reminder_completions"."completed_at" FROM "reminder_completions"
    /// //   WHERE ("reminder_completions"."reminder_id" = ?) ORDER BY "reminder_completions"."id"
    /// ```
    static func completions(of id: Int64, on db: SQLConnection) throws -> [Completion] {
        try db.all(completionsQuery(of: id)).map(Completion.init(storage:))
    }

    /// What ``completions(of:on:)`` runs; an import prepares it once with `id` 0.
    static func completionsQuery(of id: Int64) -> SQLSelect<TableScope<CompletionTable>, (String?, String?)> {
        CompletionTable.where { $0.reminderID == id }.select { ($0.due, $0.completedAt) }.order { $0.id }
    }

    /// Every reminder's completions, for an export: one read instead of one per row.
    static func allCompletions(on db: SQLConnection) throws -> [Int64: [Completion]] {
        var result: [Int64: [Completion]] = [:]
        let rows = try db.all(CompletionTable.select { ($0.reminderID, $0.due, $0.completedAt) }.order { $0.id })
        for (id, due, completedAt) in rows { result[id, default: []].append(Completion(storage: (due, completedAt))) }
        return result
    }
}

extension Completion {
    /// From the text `reminder_completions` stores.
    init(storage: (String?, String?)) {
        self.init(due: storage.0.flatMap(DueDate.init(storageText:)), completedAt: storage.1.flatMap(SQLDateText.parse))
    }

    /// `INSERT INTO "reminder_completions" ("reminder_id", "due", "completed_at") VALUES (?, ?, ?)`.
    func insert(reminderID: Int64) -> SQLInsert<CompletionTable, Void> {
        CompletionTable.insert {
            $0.reminderID.set(reminderID)
            $0.due.set(due?.storageText)
            $0.completedAt.set(completedAt.map(SQLDateText.format))
        }
    }
}
