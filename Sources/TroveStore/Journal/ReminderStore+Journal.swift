import Foundation
import TroveQuery
import TroveSQLite

extension ReminderStore {
    /// The newest journal entries, newest first: what `trove undo` would revert, in order.
    ///
    /// ```swift
    /// try await store.log(limit: 10).first?.summary  // "completed 3 \"Buy milk\""
    /// // SELECT "journal"."id", "journal"."at", "journal"."command", "journal"."summary" FROM "journal"
    /// //   ORDER BY "journal"."id" DESC LIMIT ?
    /// ```
    public func log(limit: Int = journalLimit) async throws -> [JournalEntry] {
        try await database.read { db in
            try db.all(JournalTable.select { ($0.id, $0.at, $0.command, $0.summary) }.order { $0.id.desc() }.limit(limit))
                .map { JournalEntry(id: $0.0, at: $0.1, command: $0.2, summary: $0.3) }
        }
    }

    /// Reverts the newest `count` journalled commands, newest first, all in one transaction:
    /// every one of them or none, and never part of one.
    ///
    /// ```swift
    /// try await store.undo(count: 2)  // the entries reverted, newest first
    /// // BEGIN IMMEDIATE; SELECT … FROM "journal" ORDER BY "journal"."id" DESC LIMIT ?;
    /// // per entry: the restore (see JournalRestorer); DELETE FROM "journal" WHERE ("journal"."id" = ?);
    /// //   DELETE FROM "journal_reminders" WHERE ("journal_reminders"."entry" = ?); COMMIT
    /// ```
    ///
    /// - Parameter count: How many commands to revert; at least 1.
    /// - Returns: The entries reverted, newest first.
    /// - Throws: `StoreError.nothingToUndo` when the journal is empty; `.notEnoughToUndo` when it
    ///   holds fewer than `count` (nothing is reverted); or the SQLite error of a restore that
    ///   clashes with a change made outside Trove (nothing is reverted).
    @discardableResult
    public func undo(count: Int = 1) async throws -> [JournalEntry] {
        let now = now()
        return try await indexedWrite { db in
            let rows = try db.all(JournalTable.select { ($0.id, $0.at, $0.command, $0.summary, $0.undo) }
                .order { $0.id.desc() }.limit(max(1, count)))
            guard !rows.isEmpty else { throw StoreError.nothingToUndo }
            guard rows.count >= count else { throw StoreError.notEnoughToUndo(requested: count, available: rows.count) }
            let restorer = JournalRestorer(db: db, now: now)
            for row in rows {
                try restorer.revert(try JournalUndo(json: row.4), entry: row.0)
                try db.forgetJournalEntry(row.0)
            }
            return rows.map { JournalEntry(id: $0.0, at: $0.1, command: $0.2, summary: $0.3) }
        }
    }

    /// Reverts one journal entry, the one a write of the caller's recorded, but only while it is
    /// still the newest: an app (the interactive search) undoes exactly its own change, and
    /// never one that another process made after it.
    ///
    /// ```swift
    /// let (_, entry) = try await store.setCompletedRecordingEntry([3], true)
    /// try await store.undo(entry: entry!)   // reopens 3, unless another command wrote since
    /// // BEGIN IMMEDIATE; SELECT … FROM "journal" ORDER BY "journal"."id" DESC LIMIT 1;
    /// // the restore (see JournalRestorer); DELETE FROM "journal" WHERE ("journal"."id" = ?);
    /// //   DELETE FROM "journal_reminders" WHERE ("journal_reminders"."entry" = ?); COMMIT
    /// ```
    ///
    /// - Parameter entry: The id a `…RecordingEntry` write returned.
    /// - Returns: The entry reverted.
    /// - Throws: `StoreError.undoSuperseded` (naming the newer entry) when another command
    ///   wrote after it, `.journalEntryGone` when it was undone already or pruned; nothing is
    ///   reverted then.
    @discardableResult
    public func undo(entry: Int64) async throws -> JournalEntry {
        let now = now()
        return try await countedWrite { db in
            let newest = try db.first(JournalTable.select { ($0.id, $0.at, $0.command, $0.summary, $0.undo) }
                .order { $0.id.desc() }.limit(1))
            guard let newest, newest.0 >= entry else { throw StoreError.journalEntryGone(entry: entry) }
            guard newest.0 == entry else {
                let exists = try db.first(JournalTable.where { $0.id == entry }.select { $0.id }) != nil
                guard exists else { throw StoreError.journalEntryGone(entry: entry) }
                throw StoreError.undoSuperseded(
                    entry: entry, newest: JournalEntry(id: newest.0, at: newest.1, command: newest.2, summary: newest.3))
            }
            try JournalRestorer(db: db, now: now).revert(try JournalUndo(json: newest.4), entry: entry)
            try db.forgetJournalEntry(entry)
            return JournalEntry(id: newest.0, at: newest.1, command: newest.2, summary: newest.3)
        }
    }
}
