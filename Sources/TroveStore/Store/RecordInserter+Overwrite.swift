import Foundation
import TroveQuery
import TroveSQLite

extension RecordInserter {
    /// Rewrites reminder `id` so that it holds exactly `valid`: every column, its tags and its
    /// completions. What an import's `--on-conflict update` and an undo's restore do.
    ///
    /// ```swift
    /// try inserter.overwrite(id: 7, with: valid, uid: "0193…", updatedAt: now)
    /// // SELECT "uid", "list_id", "title", … FROM "reminders" WHERE ("reminders"."id" = ?)
    /// // UPDATE "reminders" SET "title" = ?, "updated_at" = ? WHERE ("reminders"."id" = ?)   -- only the columns that differ
    /// // DELETE FROM "reminder_tags" WHERE … ; INSERT INTO "reminder_tags" …   -- only the tags that differ
    /// // DELETE FROM "reminder_completions" WHERE ("reminder_completions"."reminder_id" = ?); INSERT …
    /// ```
    ///
    /// - Parameter completionsThrough: nil to replace the completions with the record's; an
    ///   undo of a journal row that left them out (``JournalUndo/rememberLeavingCompletions(_:on:)``)
    ///   passes the highest completion id the reminder had then, and only those above it are
    ///   deleted: `DELETE FROM "reminder_completions" WHERE … AND ("reminder_completions"."id" > ?)`.
    /// - Returns: False, having written nothing, when there is no reminder `id` (an undo then
    ///   inserts it again).
    @discardableResult
    mutating func overwrite(id: Int64, with valid: ValidRecord, uid: String, updatedAt: Date, completionsThrough: Int64? = nil) throws -> Bool {
        let listID = try listID(named: valid.list)
        let record = valid.record
        let wanted = ReminderRow.contents(
            TableScope(), uid: uid, listID: listID, record: record, createdAt: valid.createdAt, updatedAt: updatedAt)
        guard let stored = try storedValues(of: wanted, reminder: id) else { return false }
        let changed = Self.changed(wanted, from: stored)
        if !changed.isEmpty {
            try db.run(ReminderTable.where { $0.id == id }.update { _ in
                for assignment in changed { assignment }
            })
        }
        try setTags(valid.tags, of: id)
        if let completionsThrough {
            try db.run(CompletionTable.where { $0.reminderID == id && $0.id > completionsThrough }.delete())
            return true
        }
        if deleteCompletions == nil { deleteCompletions = try db.prepare(CompletionTable.where { $0.reminderID == 0 }.delete().sql) }
        try deleteCompletions!.execute([.integer(id)])
        for completion in record.completions { try db.run(completion.insert(reminderID: id)) }
        return true
    }

    /// Those of `assignments` (each of one bound value) whose value is not the one reminder `id`
    /// stores; all of them when there is no such reminder.
    ///
    /// ```swift
    /// try inserter.changed(ReminderRow.contents(…), ofReminder: 7)
    /// // SELECT "uid", "list_id", "title", … FROM "reminders" WHERE ("reminders"."id" = ?)   -- prepared once
    /// ```
    ///
    /// NB: an UPDATE rewrites the entries of every index that holds a column it sets, and runs
    /// every `UPDATE OF` trigger of one, even when the value is the one stored. Setting every
    /// column, a re-import that changed only titles rewrote the uid, list and due-date index
    /// entries of each row: 100,000 such UPDATEs with the text triggers away (as an import has
    /// them) took 3.5 s setting every column and 0.76 s setting the title and `updated_at`
    /// (Python's `sqlite3` on Trove's schema).
    mutating func changed(_ assignments: [Assignment], ofReminder id: Int64) throws -> [Assignment] {
        guard let stored = try storedValues(of: assignments, reminder: id) else { return assignments }
        return Self.changed(assignments, from: stored)
    }

    /// Those of `assignments` whose bound value is not the one in `stored`, a row of their columns.
    static func changed(_ assignments: [Assignment], from stored: SQLiteRow) -> [Assignment] {
        zip(assignments, stored.values).filter { assignment, value in assignment.value.render().bindings != [value] }.map(\.0)
    }

    /// The values reminder `id` stores in the columns `assignments` write, in their order; nil
    /// when there is no such reminder.
    private mutating func storedValues(of assignments: [Assignment], reminder id: Int64) throws -> SQLiteRow? {
        let names = assignments.map(\.column)
        if readStoredValues?.columns != names {
            let columns = names.map { SQLFragment(identifier: $0) }.joined(separator: ", ")
            let reminders = SQLFragment(identifier: ReminderTable.tableName)
            readStoredValues = (names, try db.prepare("SELECT \(columns) FROM \(reminders) WHERE \(TableScope<ReminderTable>().id == 0)"))
        }
        return try readStoredValues!.statement.fetchOne([.integer(id)])
    }

    /// Links exactly these tags to reminder `id`, in this order, and writes its tags text once.
    ///
    /// ```swift
    /// // SELECT "reminder_tags"."tag_id" FROM "reminder_tags" WHERE … ORDER BY "reminder_tags"."position"
    /// // when they differ: INSERT INTO "tag_text_written" …; DELETE FROM "reminder_tags" WHERE …;
    /// //   INSERT INTO "reminder_tags" ("reminder_id", "tag_id", "position") VALUES (?, ?, ?)   -- one per tag
    /// //   UPDATE "reminders" SET "tags" = ? WHERE …; DELETE FROM "tag_text_written" WHERE …
    /// ```
    ///
    /// NB: tags already linked in this order change nothing, so the reminder is not re-indexed;
    /// otherwise the `tag_text_written` row keeps the link triggers from rewriting the text per
    /// link, and the one UPDATE re-indexes it once.
    mutating func setTags(_ names: [String], of id: Int64) throws {
        if linkedTags == nil {
            linkedTags = try db.prepare(ReminderTagTable.where { $0.reminderID == 0 }.select { $0.tagID }.order { $0.position }.sql)
        }
        let linked: [Int64] = try linkedTags!.fetchAll([.integer(id)]).map { try $0[0] }
        var wanted: [(id: Int64, name: String)] = []
        for name in names { wanted.append(try tag(named: name)) }
        guard linked != wanted.map(\.id) else { return }
        try db.run(TagTextWrittenTable.insert { $0.reminderID.set(id) })
        try db.run(ReminderTagTable.where { $0.reminderID == id }.delete())
        try link(wanted.map(\.id), to: id)
        try db.run(ReminderTable.where { $0.id == id }.update { $0.tags.set(StoreNames.tagsText(wanted.map(\.name))) })
        try db.run(TagTextWrittenTable.where { $0.reminderID == id }.delete())
    }
}
