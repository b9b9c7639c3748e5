import Foundation
import TroveQuery
import TroveSQLite

/// How many commands the journal keeps; older ones can no longer be undone.
public let journalLimit = 100

extension SQLiteConnection {
    /// Records a command in the journal, inside the caller's write transaction, and drops the
    /// entries past the newest `journalLimit`.
    ///
    /// ```swift
    /// try db.journal("done", "completed 3 \"Buy milk\"", undo, at: now)
    /// // INSERT INTO "journal" ("at", "command", "summary", "undo") VALUES (?, ?, ?, ?)
    /// // DELETE FROM "journal" WHERE ("journal"."id" <= ?)
    /// ```
    ///
    /// NB: the same transaction as the change itself, so a crash (even kill -9) keeps both or
    /// neither: undo can never meet a change it has no entry for, or an entry for nothing.
    /// - Returns: The new entry's id, which ``ReminderStore/undo(entry:)`` takes.
    @discardableResult
    func journal(_ command: String, _ summary: String, _ undo: JournalUndo, at: Date) throws -> Int64 {
        try run(JournalTable.insert {
            $0.at.set(at)
            $0.command.set(command)
            $0.summary.set(summary)
            $0.undo.set(undo.json)
        })
        let newest = lastInsertRowID
        if newest > Int64(journalLimit) {
            try run(JournalTable.where { $0.id <= newest - Int64(journalLimit) }.delete())
        }
        return newest
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
