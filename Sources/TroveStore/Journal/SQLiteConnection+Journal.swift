import Foundation
import TroveQuery
import TroveSQLite

/// How many commands the journal keeps; older ones can no longer be undone.
public let journalLimit = 100

extension SQLConnection {
    /// Records a command in the journal, inside the caller's write transaction, and drops the
    /// entries past the newest `journalLimit`, with the reminders they kept.
    ///
    /// ```swift
    /// try db.journal("done", "completed 3 \"Buy milk\"", undo, at: now, session: 5468)
    /// // INSERT INTO "journal" ("id", "at", "command", "summary", "undo", "session") VALUES (?, ?, ?, ?, ?, ?)
    /// // DELETE FROM "journal" WHERE ("journal"."id" <= ?)
    /// // DELETE FROM "journal_reminders" WHERE ("journal_reminders"."entry" <= ?)
    /// ```
    ///
    /// The id is the one the reminders `undo` remembered were kept under (`JournalUndo.entry`),
    /// or the next free one.
    ///
    /// NB: the same transaction as the change itself, so a crash (even kill -9) keeps both or
    /// neither: undo can never meet a change it has no entry for, or an entry for nothing.
    /// - Returns: The new entry's id, which ``ReminderStore/undo(entry:ifNotNewest:)`` takes.
    @discardableResult
    func journal(_ command: String, _ summary: String, _ undo: JournalUndo, at: Date, session: Int64?) throws -> Int64 {
        let newest = try undo.entry ?? JournalUndo.nextEntry(on: self)
        try run(JournalTable.insert {
            $0.id.set(newest)
            $0.at.set(at)
            $0.command.set(command)
            $0.summary.set(summary)
            $0.undo.set(undo.json)
            $0.session.set(session)
        })
        if newest > Int64(journalLimit) {
            let oldest = newest - Int64(journalLimit)
            try run(JournalTable.where { $0.id <= oldest }.delete())
            try run(JournalReminderTable.where { $0.entry <= oldest }.delete())
        }
        return newest
    }

    /// Deletes journal entry `id` and the reminders it kept: once it is undone.
    ///
    /// ```swift
    /// try db.forgetJournalEntry(12)
    /// // DELETE FROM "journal" WHERE ("journal"."id" = ?)
    /// // DELETE FROM "journal_reminders" WHERE ("journal_reminders"."entry" = ?)
    /// ```
    func forgetJournalEntry(_ id: Int64) throws {
        try run(JournalTable.where { $0.id == id }.delete())
        try run(JournalReminderTable.where { $0.entry == id }.delete())
    }
}

/// How a summary names reminders: `3 "Buy milk"`, or a count past a few.
enum JournalText {
    static func reminders(_ items: [(id: Int64, title: String)]) -> String {
        guard items.count <= 3 else { return "\(items.count) reminders" }
        return items.map { "\($0.id) \"\(short($0.title))\"" }.joined(separator: ", ")
    }

    static func short(_ title: String) -> String {
        let line = title.split(whereSeparator: \.isNewline).first.map(String.init) ?? title
        return line.count > 40 ? String(line.prefix(39)) + "…" : line
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
