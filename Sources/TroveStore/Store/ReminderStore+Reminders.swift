import Foundation
import TroveQuery
import TroveSQLite

extension ReminderStore {
    /// Adds a reminder, creating its list and tags when they are new; journalled.
    ///
    /// ```swift
    /// try await store.add(ReminderRecord(title: "Buy milk", tags: ["errand"]))
    /// // INSERT INTO "reminders" ("id", "uid", "list_id", "title", …) VALUES (?, ?, ?, ?, …)
    /// // INSERT INTO "reminder_tags" ("reminder_id", "tag_id") VALUES (?, ?)
    /// // INSERT INTO "journal" ("at", "command", "summary", "undo") VALUES (?, ?, ?, ?)
    /// ```
    ///
    /// - Parameter record: A nil list means "Reminders". A completed record without
    ///   `completedAt` is completed now; one not completed keeps no `completedAt`. Its `id` is
    ///   ignored; its `uid` is kept when given.
    /// - Returns: The stored reminder, with its id and uid.
    /// - Throws: `StoreError.emptyTitle`, `.invalidName` (a blank list name), `.invalidTagName`,
    ///   `.tooManyTags` (more than ``ReminderRecord/maxTags``).
    @discardableResult
    public func add(_ record: ReminderRecord) async throws -> Reminder {
        let now = now()
        var record = record
        record.id = nil
        if record.repeat != nil, record.due == nil { throw StoreError.repeatNeedsDue }
        let valid = try ValidRecord(record, now: now)
        return try await indexedWrite { db in
            var inserter = RecordInserter(db: db, now: now)
            let id = try inserter.insert(valid)
            var undo = JournalUndo()
            undo.added.insert(id)
            undo.listsCreated = inserter.listsCreated
            undo.tagsCreated = inserter.tagNamesCreated
            try db.journal("add", "added " + JournalText.reminders([(id, valid.record.title)]), undo, at: now, session: session)
            return try Reminder.fetch(id: id, on: db)
        }
    }

    /// The reminder with `id`.
    ///
    /// - Throws: `StoreError.reminderNotFound`.
    public func reminder(id: Int64) async throws -> Reminder {
        try await database.read { db in try Reminder.fetch(id: id, on: db) }
    }

    /// The reminders with these ids, in the order given; an id with no reminder is left out.
    ///
    /// ```swift
    /// try await store.reminders(ids: [12, 7]).map(\.id)  // [12, 7]
    /// // SELECT "reminders"."id", "lists"."name", … WHERE ("reminders"."id" IN (?, ?, …))   -- 500 ids at a time
    /// ```
    ///
    /// All in one read transaction, so the reminders are one consistent snapshot.
    public func reminders(ids: [Int64]) async throws -> [Reminder] {
        guard !ids.isEmpty else { return [] }
        let found = try await database.read { db in
            var byID: [Int64: Reminder] = [:]
            try db.transaction {
                var start = 0
                while start < ids.count {
                    let chunk = Array(ids[start..<min(start + 500, ids.count)])
                    for row in try db.all(Reminder.query.where { r, _ in r.id.in(chunk) }) {
                        let reminder = Reminder(row)
                        byID[reminder.id] = reminder
                    }
                    start += 500
                }
            }
            return byID
        }
        return ids.compactMap { found[$0] }
    }

    /// The reminder with `uid`.
    ///
    /// ```swift
    /// try await store.reminder(uid: "0193…")
    /// // SELECT "reminders"."id", "lists"."name", … WHERE ("reminders"."uid" = ?)
    /// ```
    ///
    /// - Throws: `StoreError.reminderUIDNotFound`.
    public func reminder(uid: String) async throws -> Reminder {
        try await database.read { db in
            guard let reminder = try Reminder.fetch(uid: uid, on: db) else { throw StoreError.reminderUIDNotFound(uid: uid) }
            return reminder
        }
    }

    /// Changes the fields `changes` sets, and `updatedAt`; journalled.
    ///
    /// ```swift
    /// try await store.update(id: 7, ReminderChanges(notes: "the big one", removeTags: ["errand"]))
    /// // UPDATE "reminders" SET "notes" = ?, "updated_at" = ? WHERE ("reminders"."id" = ?)
    /// // DELETE FROM "reminder_tags" WHERE ("reminder_tags"."reminder_id" = ?) AND ("reminder_tags"."tag_id" = ?)
    /// ```
    ///
    /// - Returns: The reminder as stored afterwards.
    /// - Throws: `StoreError.reminderNotFound`, `.emptyTitle`, `.invalidName`, `.invalidTagName`,
    ///   `.dateOutOfRange`, `.tooManyTags` (more than ``ReminderRecord/maxTags`` once the tags
    ///   are changed); nothing is changed when it throws.
    @discardableResult
    public func update(id: Int64, _ changes: ReminderChanges) async throws -> Reminder {
        try await updateRecordingEntry(id: id, changes).reminder
    }

    /// ``update(id:_:)``, also returning the journal entry that records it, for
    /// ``undo(entry:ifNotNewest:)``.
    public func updateRecordingEntry(id: Int64, _ changes: ReminderChanges) async throws -> (reminder: Reminder, entry: Int64) {
        let (reminders, entry) = try await updateRecordingEntry(ids: [id], changes)
        return (reminders[0], entry!)
    }

    /// Changes the fields `changes` sets on every reminder of `ids`, in one transaction and one
    /// journal entry, so one `undo` reverts them all (`trove edit tag:family --flag`).
    ///
    /// ```swift
    /// try await store.update(ids: [3, 7], ReminderChanges(isFlagged: true))
    /// // per id: UPDATE "reminders" SET "is_flagged" = ?, "updated_at" = ? WHERE ("reminders"."id" = ?)
    /// // INSERT INTO "journal" …   -- one entry: "edited 3 “Buy milk”, 7 “Call mom”"
    /// ```
    ///
    /// - Returns: The reminders as stored afterwards, in the order given, repeats dropped.
    /// - Throws: as ``update(id:_:)``, for the first id that fails; nothing is changed then.
    @discardableResult
    public func update(ids: [Int64], _ changes: ReminderChanges) async throws -> [Reminder] {
        try await updateRecordingEntry(ids: ids, changes).reminders
    }

    /// ``update(ids:_:)``, also returning the journal entry (nil when `ids` is empty).
    public func updateRecordingEntry(ids: [Int64], _ changes: ReminderChanges) async throws -> (reminders: [Reminder], entry: Int64?) {
        if let title = changes.title, StoreNames.isBlank(title) { throw StoreError.emptyTitle }
        if let title = changes.title, StoreNames.holdsNUL(title) { throw StoreError.nulCharacter(field: "title") }
        if case .some(.some(let due)) = changes.due, !ValidDates.contains(due) { throw StoreError.dateOutOfRange(field: "due") }
        let list = try changes.list.map { name throws(StoreError) in try StoreNames.list(name) }
        let addTags = try StoreNames.tags(changes.addTags)
        let removeTags = try StoreNames.tags(changes.removeTags)
        var seen = Set<Int64>()
        let unique = ids.filter { seen.insert($0).inserted }
        guard !unique.isEmpty else { return ([], nil) }
        let now = now()
        return try await indexedWrite { db in
            var inserter = RecordInserter(db: db, now: now)
            let listID = try list.map { try inserter.listID(named: $0) }
            var undo = JournalUndo()
            var names: [(Int64, String)] = []
            var reminders: [Reminder] = []
            for id in unique {
                let before = try Reminder.fetch(id: id, on: db, withCompletions: false)
                try db.run(ReminderTable.where { $0.id == id }.update {
                    if let title = changes.title { $0.title.set(title) }
                    if let notes = changes.notes { $0.notes.set(notes) }
                    if let listID { $0.listID.set(listID) }
                    if let priority = changes.priority { $0.priority.set(priority) }
                    if let due = changes.due { $0.dueDate.set(due) }
                    if let isFlagged = changes.isFlagged { $0.isFlagged.set(isFlagged) }
                    if let rule = changes.repeat { $0.repeatRule.set(rule?.rrule) }
                    $0.updatedAt.set(now)
                })
                if !removeTags.isEmpty || !addTags.isEmpty {
                    try Self.changeTags(of: id, removing: removeTags, adding: addTags, inserter: &inserter, on: db)
                    // NB: counted once applied, so tags removed and repeats of linked ones are
                    // counted as they end up; throwing rolls the whole edit back.
                    let count = try db.first(ReminderTagTable.where { $0.reminderID == id }.count()) ?? 0
                    if count > ReminderRecord.maxTags { throw StoreError.tooManyTags(count: count, limit: ReminderRecord.maxTags) }
                }
                let after = try Reminder.fetch(id: id, on: db)
                if after.repeat != nil, after.due == nil, changes.repeat != nil || changes.due != nil {
                    throw StoreError.repeatNeedsDue
                }
                try undo.rememberLeavingCompletions(before, on: db)
                names.append((id, before.title))
                reminders.append(after)
            }
            undo.listsCreated = inserter.listsCreated
            undo.tagsCreated = inserter.tagNamesCreated
            let entry = try db.journal("edit", "edited " + JournalText.reminders(names), undo, at: now, session: session)
            return (reminders, entry)
        }
    }

    /// Unlinks and links tags, new ones after the reminder's last, then writes its text once.
    ///
    /// ```swift
    /// // INSERT INTO "tag_text_written" ("reminder_id") VALUES (?)
    /// // DELETE FROM "reminder_tags" WHERE … ; INSERT INTO "reminder_tags" (…, "position") VALUES (…) ON CONFLICT DO NOTHING
    /// // UPDATE "reminders" SET "tags" = ? WHERE ("reminders"."id" = ?)   -- the text reminder_tag_text builds
    /// // DELETE FROM "tag_text_written" WHERE ("tag_text_written"."reminder_id" = ?)
    /// ```
    ///
    /// NB: with the `tag_text_written` row the link triggers leave the text alone, so the
    /// change costs one rewrite (and one re-index) whatever the number of tags, not one per tag.
    private static func changeTags(
        of id: Int64, removing removeTags: [String], adding addTags: [String], inserter: inout RecordInserter,
        on db: SQLConnection
    ) throws {
        try db.run(TagTextWrittenTable.insert { $0.reminderID.set(id) })
        for name in removeTags {
            guard let tagID = try db.first(TagTable.where { $0.name == name }.select { $0.id }) else { continue }
            try db.run(ReminderTagTable.where { $0.reminderID == id && $0.tagID == tagID }.delete())
        }
        let last = try db.first(ReminderTagTable.where { $0.reminderID == id }.select { $0.position.max() })
        var position = last.flatMap { $0 }.flatMap { $0 }.map { $0 + 1 } ?? 0
        for name in addTags {
            let tag = try inserter.tag(named: name)
            try db.run(ReminderTagTable.insert {
                $0.reminderID.set(id); $0.tagID.set(tag.id); $0.position.set(position)
            }.onConflictDoNothing())
            if db.changes > 0 { position += 1 }
        }
        let text = try db.first(ReminderTagTextView.where { $0.reminderID == id }.select { $0.text }) ?? ""
        try db.run(ReminderTable.where { $0.id == id }.update { $0.tags.set(text) })
        try db.run(TagTextWrittenTable.where { $0.reminderID == id }.delete())
    }

    /// Completes reminders (`completedAt` = now) or reopens them (`completedAt` = nil); journalled.
    ///
    /// ```swift
    /// try await store.setCompleted([3, 4], true)  // [3] when 4 was already completed
    /// // UPDATE "reminders" SET "is_completed" = ?, "completed_at" = ?, "updated_at" = ? WHERE ("reminders"."id" IN (?))
    /// ```
    ///
    /// Completing a repeating reminder that has another occurrence records the completion in
    /// `reminder_completions` and moves its due date to the next occurrence instead: it stays
    /// open. Completing re-indexes nothing: the index's update trigger watches only indexed columns.
    ///
    /// - Returns: The ids whose state changed (or that moved on to their next occurrence), in
    ///   the order given.
    /// - Throws: `StoreError.reminderNotFound` for the first unknown id; nothing is changed.
    @discardableResult
    public func setCompleted(_ ids: [Int64], _ completed: Bool) async throws -> [Int64] {
        try await setCompletedRecordingEntry(ids, completed).changed
    }

    /// ``setCompleted(_:_:)``, also returning the journal entry that records it (nil when
    /// nothing changed), for ``undo(entry:ifNotNewest:)``.
    public func setCompletedRecordingEntry(_ ids: [Int64], _ completed: Bool) async throws -> (changed: [Int64], entry: Int64?) {
        let now = now()
        return try await indexedWrite { db in
            let changing = try Self.existing(ids, on: db) { $0.isCompleted != completed }
            guard !changing.isEmpty else { return ([], nil) }
            var undo = JournalUndo()
            var names: [(Int64, String)] = []
            var plain: [Int64] = []
            for id in changing {
                // NB: the completions are neither read nor kept: a done adds one, which undo
                // deletes (JournalUndo.rememberLeavingCompletions); only their count matters here.
                let before = try Reminder.fetch(id: id, on: db, withCompletions: false)
                try undo.rememberLeavingCompletions(before, on: db)
                names.append((id, before.title))
                guard completed, let rule = before.repeat else {
                    plain.append(id)
                    continue
                }
                let due = before.due ?? .day(CalendarDay(now))
                // NB: only a rule that ends after COUNT times reads how many there were: counting
                // walks every completion, which the 10,000th done of a daily rule need not.
                var occurrences = 1
                if case .count? = rule.end {
                    occurrences += try db.first(CompletionTable.where { $0.reminderID == id }.count()) ?? 0
                }
                // NB: the last completion is the occurrence before this one, which keeps the
                // rule's written time when this one's fell in a summer-time gap; one row, by id.
                let previous = try db.first(
                    CompletionTable.where { $0.reminderID == id }.select { ($0.due, $0.completedAt) }.order { $0.id.desc() }.limit(1)
                ).map(Completion.init(storage:))
                guard let next = rule.next(after: due, occurrencesSoFar: occurrences, previous: previous?.due) else {
                    plain.append(id)
                    continue
                }
                try db.run(Completion(due: before.due, completedAt: now).insert(reminderID: id))
                try db.run(ReminderTable.where { $0.id == id }.update {
                    $0.dueDate.set(next)
                    $0.updatedAt.set(now)
                })
            }
            if !plain.isEmpty {
                try db.run(ReminderTable.where { $0.id.in(plain) }.update {
                    $0.isCompleted.set(completed)
                    $0.completedAt.set(completed ? now : nil)
                    $0.updatedAt.set(now)
                })
            }
            let entry = try db.journal(
                completed ? "done" : "undone",
                (completed ? "completed " : "reopened ") + JournalText.reminders(names), undo, at: now, session: session)
            return (changing, entry)
        }
    }

    /// Flags or unflags reminders; like `setCompleted`, it re-indexes nothing; journalled.
    ///
    /// - Returns: The ids whose flag changed, in the order given.
    /// - Throws: `StoreError.reminderNotFound` for the first unknown id; nothing is changed.
    @discardableResult
    public func setFlagged(_ ids: [Int64], _ flagged: Bool) async throws -> [Int64] {
        let now = now()
        return try await indexedWrite { db in
            let changing = try Self.existing(ids, on: db) { $0.isFlagged != flagged }
            guard !changing.isEmpty else { return [] }
            var undo = JournalUndo()
            var names: [(Int64, String)] = []
            for id in changing {
                let before = try Reminder.fetch(id: id, on: db, withCompletions: false)
                try undo.rememberLeavingCompletions(before, on: db)
                names.append((id, before.title))
            }
            try db.run(ReminderTable.where { $0.id.in(changing) }.update {
                $0.isFlagged.set(flagged)
                $0.updatedAt.set(now)
            })
            try db.journal(flagged ? "flag" : "unflag", (flagged ? "flagged " : "unflagged ") + JournalText.reminders(names), undo, at: now, session: session)
            return changing
        }
    }

    /// Deletes reminders; their tag links go with them (the tags stay); journalled, so
    /// `undo` brings them back with the same ids and uids.
    ///
    /// ```swift
    /// try await store.delete([3, 4])  // DELETE FROM "reminders" WHERE ("reminders"."id" IN (?, ?))
    /// ```
    ///
    /// - Returns: The ids deleted, in the order given, repeats dropped.
    /// - Throws: `StoreError.reminderNotFound` for the first unknown id; nothing is deleted.
    @discardableResult
    public func delete(_ ids: [Int64]) async throws -> [Int64] {
        let now = now()
        return try await indexedWrite { db in
            let deleting = try Self.existing(ids, on: db) { _ in TypedExpression<Bool>("1") }
            guard !deleting.isEmpty else { return [] }
            var undo = JournalUndo()
            var names: [(Int64, String)] = []
            for id in deleting {
                let before = try Reminder.fetch(id: id, on: db)
                try undo.remember(before, on: db)
                names.append((id, before.title))
            }
            try db.run(ReminderTable.where { $0.id.in(deleting) }.delete())
            try db.journal("rm", "deleted " + JournalText.reminders(names), undo, at: now, session: session)
            return deleting
        }
    }

    /// The ids among `ids` (repeats dropped, order kept) whose row passes `filter`.
    ///
    /// - Throws: `StoreError.reminderNotFound` for the first id with no row.
    static func existing(
        _ ids: [Int64], on db: SQLConnection,
        where filter: (TableScope<ReminderTable>) -> some SQLTypedExpression<Bool>
    ) throws -> [Int64] {
        var seen = Set<Int64>()
        let unique = ids.filter { seen.insert($0).inserted }
        guard !unique.isEmpty else { return [] }
        let found = try db.all(ReminderTable.where { $0.id.in(unique) }.select { ($0.id, filter($0)) })
        let passes = Dictionary(found.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
        if let missing = unique.first(where: { passes[$0] == nil }) { throw StoreError.reminderNotFound(id: missing) }
        return unique.filter { passes[$0] == true }
    }
}
