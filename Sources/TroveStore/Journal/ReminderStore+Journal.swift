import Foundation
import TroveQuery
import TroveSQLite

extension ReminderStore {
    /// The newest journal entries, newest first: what `trove undo` would revert, in order.
    ///
    /// ```swift
    /// try await store.log(limit: 10).first?.summary  // "completed 3 \"Buy milk\""
    /// // SELECT "journal"."id", "journal"."at", "journal"."command", "journal"."summary", "journal"."session" FROM "journal"
    /// //   ORDER BY "journal"."id" DESC LIMIT ?
    /// ```
    public func log(limit: Int = journalLimit) async throws -> [JournalEntry] {
        try await database.read { db in
            try db.all(JournalTable.select { ($0.id, $0.at, $0.command, $0.summary, $0.session) }.order { $0.id.desc() }.limit(limit))
                .map { JournalEntry(id: $0.0, at: $0.1, command: $0.2, summary: $0.3, session: $0.4) }
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
    /// Only entries this store's terminal session wrote (``session``) are reverted, unless
    /// `fromAnySession`: a script's `undo` never reverts what another terminal, or an app, wrote
    /// in between. An entry older than schema 16 has no session and counts as another's.
    ///
    /// - Parameters:
    ///   - count: How many commands to revert; at least 1.
    ///   - fromAnySession: Revert them whichever session wrote them.
    /// - Returns: The entries reverted, newest first.
    /// - Throws: `StoreError.nothingToUndo` when the journal is empty; `.notEnoughToUndo` when it
    ///   holds fewer than `count`; `.undoFromAnotherSession` naming the first of them another
    ///   session wrote; or the SQLite error of a restore that clashes with a change made outside
    ///   Trove. Nothing is reverted then.
    @discardableResult
    public func undo(count: Int = 1, fromAnySession: Bool = false) async throws -> [JournalEntry] {
        let now = now()
        let session = session
        return try await indexedWrite { db in
            let rows = try db.all(JournalTable.select { ($0.id, $0.at, $0.command, $0.summary, $0.undo, $0.session) }
                .order { $0.id.desc() }.limit(max(1, count)))
            guard !rows.isEmpty else { throw StoreError.nothingToUndo }
            guard rows.count >= count else { throw StoreError.notEnoughToUndo(requested: count, available: rows.count) }
            let entries = rows.map { JournalEntry(id: $0.0, at: $0.1, command: $0.2, summary: $0.3, session: $0.5) }
            if !fromAnySession, let foreign = entries.firstIndex(where: { $0.session != session }) {
                throw StoreError.undoFromAnotherSession(entry: entries[foreign], position: foreign + 1)
            }
            let restorer = JournalRestorer(db: db, now: now)
            for row in rows {
                try restorer.revert(try JournalUndo(json: row.4), entry: row.0)
                try db.forgetJournalEntry(row.0)
            }
            return entries
        }
    }

    /// What ``undo(entry:ifNotNewest:)`` does when a later entry exists.
    public enum IfNotNewest: Sendable, Hashable {
        /// Refuse (`StoreError.undoSuperseded`): an app undoes exactly its own change, and never
        /// one that another process made after it.
        case refuse
        /// Revert it anyway, unless a later entry changed the same reminders, or tags and lists
        /// by name (`StoreError.undoConflicts`): `trove undo --entry N`.
        case revertIfIndependent
    }

    /// Reverts one journal entry, by default only while it is still the newest: an app (the
    /// interactive search) undoes exactly its own change, and never one that another process
    /// made after it. Whichever session wrote it.
    ///
    /// ```swift
    /// let (_, entry) = try await store.setCompletedRecordingEntry([3], true)
    /// try await store.undo(entry: entry!)   // reopens 3, unless another command wrote since
    /// // BEGIN IMMEDIATE; SELECT … FROM "journal" ORDER BY "journal"."id" DESC LIMIT 1;
    /// // the restore (see JournalRestorer); DELETE FROM "journal" WHERE ("journal"."id" = ?);
    /// //   DELETE FROM "journal_reminders" WHERE ("journal_reminders"."entry" = ?); COMMIT
    /// try await store.undo(entry: 12, ifNotNewest: .revertIfIndependent)   // `trove undo --entry 12`
    /// // … and, when entry 12 is not the newest, what JournalConflicts reads
    /// ```
    ///
    /// - Parameters:
    ///   - entry: The id a `…RecordingEntry` write returned, or one ``log(limit:)`` listed.
    ///   - ifNotNewest: Whether an older entry is refused, or reverted when nothing later
    ///     touched what it changed.
    /// - Returns: The entry reverted.
    /// - Throws: `StoreError.undoSuperseded` (naming the newer entry) when another command
    ///   wrote after it, or `.undoConflicts` when one changed the same reminders; `.journalEntryGone`
    ///   when it was undone already or pruned; nothing is reverted then.
    @discardableResult
    public func undo(entry: Int64, ifNotNewest: IfNotNewest = .refuse) async throws -> JournalEntry {
        let now = now()
        return try await countedWrite { db in
            let newest = try db.first(JournalTable.select { ($0.id, $0.at, $0.command, $0.summary, $0.undo, $0.session) }
                .order { $0.id.desc() }.limit(1))
            guard let newest, newest.0 >= entry else { throw StoreError.journalEntryGone(entry: entry) }
            let newestEntry = JournalEntry(id: newest.0, at: newest.1, command: newest.2, summary: newest.3, session: newest.5)
            var target = newest
            if newest.0 != entry {
                guard let row = try db.first(JournalTable.where { $0.id == entry }
                    .select { ($0.id, $0.at, $0.command, $0.summary, $0.undo, $0.session) })
                else { throw StoreError.journalEntryGone(entry: entry) }
                guard ifNotNewest == .revertIfIndependent else {
                    throw StoreError.undoSuperseded(entry: entry, newest: newestEntry)
                }
                target = row
            }
            let undo = try JournalUndo(json: target.4)
            let reverted = JournalEntry(id: target.0, at: target.1, command: target.2, summary: target.3, session: target.5)
            if newest.0 != entry, let later = try JournalConflicts(db: db).firstLater(than: entry, undo: undo) {
                let row = try db.first(JournalTable.where { $0.id == later }.select { ($0.id, $0.at, $0.command, $0.summary, $0.session) })
                let laterEntry = row.map { JournalEntry(id: $0.0, at: $0.1, command: $0.2, summary: $0.3, session: $0.4) } ?? newestEntry
                throw StoreError.undoConflicts(entry: reverted, later: laterEntry)
            }
            try JournalRestorer(db: db, now: now).revert(undo, entry: entry)
            try db.forgetJournalEntry(entry)
            return reverted
        }
    }
}
