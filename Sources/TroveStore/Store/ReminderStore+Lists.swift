import Foundation
import TroveQuery
import TroveSQLite

extension ReminderStore {
    /// Every list with its open and completed counts, by position then name.
    ///
    /// ```swift
    /// try await store.lists().first  // ListSummary(name: "Home", position: 0, openCount: 25, completedCount: 12)
    /// // SELECT "lists"."id", "lists"."name", "lists"."position" FROM "lists" ORDER BY "lists"."position", "lists"."name"
    /// // SELECT "reminders"."list_id", "reminders"."is_completed", count(*) FROM "reminders" GROUP BY …
    /// ```
    public func lists() async throws -> [ListSummary] {
        try await database.read { db in
            let lists = try db.all(ListTable.select { ($0.id, $0.name, $0.position) }.order { $0.position; $0.name })
            let counts = try db.all(ReminderTable.group { $0.listID; $0.isCompleted }
                .select { ($0.listID, $0.isCompleted, countAll()) })
            var open: [Int64: Int] = [:]
            var completed: [Int64: Int] = [:]
            for (listID, isCompleted, count) in counts {
                if isCompleted { completed[listID] = count } else { open[listID] = count }
            }
            return lists.map { id, name, position in
                ListSummary(name: name, position: position, openCount: open[id] ?? 0, completedCount: completed[id] ?? 0)
            }
        }
    }

    /// Deletes a list.
    ///
    /// - Parameters:
    ///   - name: The list (ASCII case ignored).
    ///   - deletingReminders: Also delete the reminders in it; otherwise a list that holds any
    ///     is refused.
    /// - Returns: How many reminders went with it.
    /// - Throws: `StoreError.listNotFound`, `.listNotEmpty`.
    @discardableResult
    public func deleteList(_ name: String, deletingReminders: Bool = false) async throws -> Int {
        let now = now()
        return try await indexedWrite { db in
            guard let (id, stored, position) = try db.first(ListTable.where { $0.name == name }.select { ($0.id, $0.name, $0.position) }) else {
                throw StoreError.listNotFound(name: name)
            }
            let count = try db.first(ReminderTable.where { $0.listID == id }.count()) ?? 0
            if count > 0, !deletingReminders { throw StoreError.listNotEmpty(name: name, count: count) }
            var undo = JournalUndo()
            undo.listsDeleted = [.init(id: id, name: stored, position: position)]
            for reminderID in try db.all(ReminderTable.where { $0.listID == id }.select { $0.id }) {
                try undo.remember(try Reminder.fetch(id: reminderID, on: db), on: db)
            }
            // NB: ON DELETE CASCADE removes the reminders, whose delete trigger unindexes each.
            try db.run(ListTable.where { $0.id == id }.delete())
            try db.journal("list rm", "deleted the list \"\(stored)\" and " + JournalText.count(count, "reminder"), undo, at: now, session: session)
            return count
        }
    }

    /// Every tag with how many reminders carry it, by name (ASCII case ignored).
    ///
    /// ```swift
    /// try await store.tags().first  // TagSummary(name: "books", count: 6)
    /// // SELECT "tags"."name", count("reminder_tags"."reminder_id") FROM "tags"
    /// //   LEFT JOIN "reminder_tags" ON ("tags"."id" = "reminder_tags"."tag_id") GROUP BY "tags"."id" ORDER BY "tags"."name"
    /// ```
    public func tags() async throws -> [TagSummary] {
        try await database.read { db in
            try db.all(TagTable.leftJoin(ReminderTagTable.self) { t, rt in t.id == rt.tagID }
                .group { t, _ in t.id }
                .select { t, rt in (t.name, rt.reminderID.count()) }
                .order { t, _ in t.name })
                .map { TagSummary(name: $0.0, count: $0.1) }
        }
    }

    /// Renames a tag everywhere; renaming onto another existing tag merges the two.
    ///
    /// ```swift
    /// try await store.renameTag("errand", to: "errands")
    /// // UPDATE "tags" SET "name" = ? WHERE ("tags"."id" = ?)  -- the tags_rename trigger re-indexes
    /// ```
    ///
    /// - Throws: `StoreError.tagNotFound`, `.invalidTagName`.
    public func renameTag(_ from: String, to: String) async throws {
        let newName = try StoreNames.tag(to)
        let now = now()
        try await indexedWrite { db in
            guard let (old, oldName) = try db.first(TagTable.where { $0.name == from }.select { ($0.id, $0.name) }) else {
                throw StoreError.tagNotFound(name: from)
            }
            let target = try db.first(TagTable.where { $0.name == newName }.select { $0.id })
            var undo = JournalUndo()
            if let target, target != old {
                undo.tagsDeleted = [.init(id: old, name: oldName)]
                for reminderID in try db.all(ReminderTagTable.where { $0.tagID == old }.select { $0.reminderID }) {
                    try undo.rememberLeavingCompletions(try Reminder.fetch(id: reminderID, on: db, withCompletions: false), on: db)
                }
                // NB: link the old tag's reminders to the existing tag in the old one's place (the
                // link trigger adds the name), then drop the old tag (the cascade's unlink
                // trigger removes its name).
                try db.execute("""
                    INSERT INTO reminder_tags (reminder_id, tag_id, position)
                    SELECT reminder_id, \(target), position FROM reminder_tags WHERE tag_id = \(old)
                    ON CONFLICT DO NOTHING
                    """)
                try db.run(TagTable.where { $0.id == old }.delete())
            } else {
                // NB: the tags_rename trigger rewrites reminders.tags (so the index) even for a
                // rename that only changes case: schema 2 compares the names as bytes.
                try db.run(TagTable.where { $0.id == old }.update { $0.name.set(newName) })
                undo.tagRenames = [.init(from: oldName, to: newName)]
            }
            try db.journal("tag rename", "renamed the tag \"\(oldName)\" to \"\(newName)\"", undo, at: now, session: session)
        }
    }

    /// Deletes a tag and takes it off every reminder (which re-indexes them).
    ///
    /// - Returns: How many reminders carried it.
    /// - Throws: `StoreError.tagNotFound`.
    @discardableResult
    public func deleteTag(_ name: String) async throws -> Int {
        let now = now()
        return try await indexedWrite { db in
            guard let (id, stored) = try db.first(TagTable.where { $0.name == name }.select { ($0.id, $0.name) }) else {
                throw StoreError.tagNotFound(name: name)
            }
            var undo = JournalUndo()
            undo.tagsDeleted = [.init(id: id, name: stored)]
            let tagged = try db.all(ReminderTagTable.where { $0.tagID == id }.select { $0.reminderID })
            for reminderID in tagged {
                try undo.rememberLeavingCompletions(try Reminder.fetch(id: reminderID, on: db, withCompletions: false), on: db)
            }
            try db.run(TagTable.where { $0.id == id }.delete())
            try db.journal("tag rm", "deleted the tag \"\(stored)\" from " + JournalText.count(tagged.count, "reminder"), undo, at: now, session: session)
            return tagged.count
        }
    }
}
