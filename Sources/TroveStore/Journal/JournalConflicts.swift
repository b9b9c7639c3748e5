import TroveQuery
import TroveSQLite

/// Whether one journal entry can be reverted on its own, out of order: no later entry changed
/// what it changed.
///
/// ```swift
/// try JournalConflicts(db: db).firstLater(than: 12, undo: undo)  // the id of entry 14, which edited a reminder 12 added
/// // SELECT "journal"."id", "journal"."undo" FROM "journal" WHERE ("journal"."id" > ?) ORDER BY "journal"."id"
/// // SELECT "journal_reminders"."reminder_id" FROM "journal_reminders" WHERE ("journal_reminders"."entry" = ?)
/// // SELECT "journal_reminders"."entry", "journal_reminders"."reminder_id" FROM "journal_reminders" WHERE ("journal_reminders"."entry" > ?)
/// ```
///
/// Two entries touch the same reminder when one kept it (changed or deleted it) or added it and
/// the other did either. A tag renamed in place changes reminders no entry keeps, and undoing a
/// tag's or list's removal or rename puts names back that later commands may have used, so such
/// an entry conflicts with every entry on its other side: it can only be undone as the newest.
struct JournalConflicts {
    let db: SQLConnection

    /// The first entry after `entry` (whose JSON is `undo`) that touched what it touched, or nil.
    func firstLater(than entry: Int64, undo: JournalUndo) throws -> Int64? {
        let later = try db.all(JournalTable.where { $0.id > entry }.order { $0.id }.select { ($0.id, $0.undo) })
        guard let first = later.first else { return nil }
        if Self.renamesOrDeletesNames(undo) { return first.0 }
        let keptIDs = try db.all(JournalReminderTable.where { $0.entry == entry }.select { $0.reminderID })
        // NB: a row without its reminder's id (not written by Trove) could be any reminder.
        guard !keptIDs.contains(nil) else { return first.0 }
        var mine = Set(keptIDs.compactMap { $0 })
        mine.formUnion(try JournalUndo.records(undo.before).compactMap(\.id))
        var keptLater: [Int64: [Int64?]] = [:]
        for (laterEntry, id) in try db.all(JournalReminderTable.where { $0.entry > entry }.select { ($0.entry, $0.reminderID) }) {
            keptLater[laterEntry, default: []].append(id)
        }
        for (id, json) in later {
            let laterUndo = try JournalUndo(json: json)
            // NB: a later tag rm, list rm or merging rename kept the reminders it changed; a
            // rename in place kept none, yet rewrote the tags of every reminder with the tag.
            if !laterUndo.tagRenames.isEmpty { return id }
            var kept = keptLater[id] ?? []
            kept += try JournalUndo.records(laterUndo.before).map(\.id)
            for reminder in kept {
                guard let reminder else { return id }
                if mine.contains(reminder) || undo.added.contains(reminder) { return id }
            }
            if mine.contains(where: { laterUndo.added.contains($0) }) { return id }
        }
        return nil
    }

    /// Whether an entry renamed a tag or deleted a tag or list.
    private static func renamesOrDeletesNames(_ undo: JournalUndo) -> Bool {
        !undo.tagRenames.isEmpty || !undo.tagsDeleted.isEmpty || !undo.listsDeleted.isEmpty
    }
}
