import Foundation
import TroveQuery
import TroveSQLite

/// Reverts one journal entry inside the undo's write transaction.
///
/// ```swift
/// try JournalRestorer(db: db, now: now).revert(undo, entry: 12)
/// // DELETE FROM "reminders" WHERE ("reminders"."id" BETWEEN ? AND ?)          -- what it added
/// // UPDATE "reminders" SET … WHERE ("reminders"."id" = ?)                      -- what it changed
/// // DELETE FROM "reminder_completions" WHERE … "id" > ?                           -- the occurrences a done completed
/// // INSERT INTO "reminders" ("id", "uid", …) VALUES (…)                        -- what it deleted
/// //   (read 1,000 at a time: SELECT "journal_reminders"."id", "journal_reminders"."record" FROM "journal_reminders"
/// //    WHERE (("journal_reminders"."entry" = ?) AND ("journal_reminders"."id" > ?)) ORDER BY "journal_reminders"."id" LIMIT ?)
/// // (from the 1,000th row put back, their text is indexed at the end: DeferredTextIndexes)
/// // DELETE FROM "lists" WHERE …; DELETE FROM "tags" WHERE …                    -- what it created, if unused
/// ```
struct JournalRestorer {
    let db: SQLConnection
    let now: Date
    /// Rows put back before their text is left to one statement at the end; tests make it small.
    var textThreshold = DeferredTextIndexes.threshold

    /// How many kept reminders are read and put back at a time.
    static let batchSize = 1_000

    /// Reverts `undo`, the JSON of journal entry `entry`, whose kept reminders are in
    /// `journal_reminders` (or, for an entry older than schema 8, in `undo.before`).
    func revert(_ undo: JournalUndo, entry: Int64) throws {
        for range in undo.added.ranges {
            try db.run(ReminderTable.where { $0.id.between(range.lowerBound, and: range.upperBound) }.delete())
        }
        var inserter = RecordInserter(db: db, now: now)
        // NB: lists and tags come back with their own ids when those are free, so the database
        // is as it was, not merely equivalent.
        for list in undo.listsDeleted
        where try db.first(ListTable.where { $0.name == list.name }.select { $0.id }) == nil {
            let free = try db.first(ListTable.where { $0.id == list.id }.select { $0.id }) == nil
            try db.run(ListTable.insert {
                if free { $0.id.set(list.id) }
                $0.name.set(list.name)
                $0.position.set(list.position)
            })
        }
        for tag in undo.tagsDeleted where try db.first(TagTable.where { $0.name == tag.name }.select { $0.id }) == nil {
            let free = try db.first(TagTable.where { $0.id == tag.id }.select { $0.id }) == nil
            try db.run(TagTable.insert {
                if free { $0.id.set(tag.id) }
                $0.name.set(tag.name)
            })
        }
        for rename in undo.tagRenames {
            try db.run(TagTable.where { $0.name == rename.to }.update { $0.name.set(rename.from) })
        }
        // NB: undoing a large import puts back as many rows as it changed; their text is
        // indexed at the end, as the import does (DeferredTextIndexes).
        var text = DeferredTextIndexes(threshold: textThreshold)
        for record in try JournalUndo.records(undo.before) {
            try putBack(record, inserter: &inserter, text: &text)
        }
        var after: Int64 = 0
        while true {
            let batch = try db.all(JournalReminderTable.where { $0.entry == entry && $0.id > after }
                .order { $0.id }.limit(Self.batchSize).select { ($0.id, $0.record, $0.completionsThrough) })
            guard let last = batch.last else { break }
            after = last.0
            for (record, through) in zip(try JournalUndo.records(batch.map(\.1)), batch.map(\.2)) {
                try putBack(record, completionsThrough: through, inserter: &inserter, text: &text)
            }
        }
        try text.catchUp(on: db)
        for name in undo.listsCreated {
            guard let id = try db.first(ListTable.where { $0.name == name }.select { $0.id }),
                try db.first(ReminderTable.where { $0.listID == id }.count()) == 0
            else { continue }
            try db.run(ListTable.where { $0.id == id }.delete())
        }
        for name in undo.tagsCreated {
            guard let id = try db.first(TagTable.where { $0.name == name }.select { $0.id }),
                try db.first(ReminderTagTable.where { $0.tagID == id }.count()) == 0
            else { continue }
            try db.run(TagTable.where { $0.id == id }.delete())
        }
    }

    /// Writes a kept reminder back over its row, or inserts it again with its id.
    ///
    /// - Parameter completionsThrough: nil when `record` holds the whole completion history;
    ///   otherwise the highest completion id it had (its history was left out): those above go.
    private func putBack(
        _ record: ReminderRecord, completionsThrough: Int64? = nil, inserter: inout RecordInserter, text: inout DeferredTextIndexes
    ) throws {
        guard let id = record.id, let uid = record.uid else { return }
        let valid = try ValidRecord(record, now: now, completedNow: false)
        if try inserter.overwrite(id: id, with: valid, uid: uid, updatedAt: record.updatedAt ?? now, completionsThrough: completionsThrough) {
            try text.rowWritten(inserted: nil, on: db)
        } else {
            let inserted = try inserter.insert(valid, keepingID: id)
            try text.rowWritten(inserted: inserted, on: db)
        }
    }
}
