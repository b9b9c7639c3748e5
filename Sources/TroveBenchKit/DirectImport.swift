import Foundation
import TroveStore

/// The import baseline: the same records into the same schema through prepared INSERTs on
/// libsqlite3, in one `BEGIN IMMEDIATE` transaction, creating lists and tags on the way.
///
/// Writes what Trove's importer writes: a uid from the same generator (increasing, so the uid
/// index is appended to), `reminders.tags` already holding the names in the order given (so the
/// link trigger indexes nothing twice), then one `reminder_tags` row per tag with its position.
/// The schema's triggers keep the FTS index as they do for Trove. The journal is Trove's own:
/// one row per import, which the baseline does not write.
public enum DirectImport {
    static let insertReminder = """
        INSERT INTO reminders (uid, list_id, title, notes, priority, is_flagged, is_completed, completed_at, \
        due_date, created_at, updated_at, tags) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    /// The text index's insert triggers, which ``run(_:into:textAtTheEnd:)`` can set aside.
    static let textTriggers = ["reminders_index_insert", "reminders_substrings_insert"]

    /// Imports `records` into the (migrated, empty) database at `path`.
    ///
    /// With `textAtTheEnd`, it does what Trove's importer does for a large import: the text
    /// index's insert triggers are dropped, and both FTS5 indexes are written by one
    /// `INSERT … SELECT` each (with an 8 MiB FTS5 hash) before the triggers are made again.
    ///
    /// - Returns: How many rows were inserted.
    static func run<Records: Sequence<ReminderRecord>>(
        _ records: Records, into path: String, textAtTheEnd: Bool = false
    ) throws -> Int {
        let db = try DirectConnection(path: path, readOnly: false)
        try db.execute("PRAGMA recursive_triggers = ON")
        let now = Timestamp.text(Int64(Date().timeIntervalSince1970))
        var lists: [String: Int64] = [:], tags: [String: Int64] = [:]
        var uids = UIDGenerator(now: Date())
        var rows = 0
        try db.execute("BEGIN IMMEDIATE")
        var triggers: [String] = []
        if textAtTheEnd {
            for name in textTriggers {
                // NB: the names are the constants above.
                triggers += try db.texts("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = '\(name)'")
                    .compactMap { $0.first ?? nil }
                try db.execute("DROP TRIGGER \(name)")
            }
        }
        for record in records {
            let listName = record.list ?? "Reminders"
            let listID: Int64
            if let id = lists[listName.lowercased()] { listID = id } else {
                try db.step("INSERT INTO lists (name, position) VALUES (?, ?)", [.text(listName), .integer(Int64(lists.count))])
                listID = db.lastInsertRowID
                lists[listName.lowercased()] = listID
            }
            var tagIDs: [Int64] = []
            for name in record.tags {
                if let id = tags[name.lowercased()] { tagIDs.append(id); continue }
                try db.step("INSERT INTO tags (name) VALUES (?)", [.text(name)])
                tags[name.lowercased()] = db.lastInsertRowID
                tagIDs.append(db.lastInsertRowID)
            }
            let tagText = record.tags.joined(separator: ", ")
            let created = record.createdAt.map { Int64($0.timeIntervalSince1970) }
            try db.step(insertReminder, [
                .text(uids.next()), .integer(listID), .text(record.title), .text(record.notes), .integer(Int64(record.priority.rawValue)),
                .integer(record.isFlagged ? 1 : 0), .integer(record.isCompleted ? 1 : 0),
                record.completedAt.map { .text(Timestamp.text(Int64($0.timeIntervalSince1970))) } ?? .null,
                record.due.map { .text($0.storageText) } ?? .null,
                .text(created.map(Timestamp.text) ?? now), .text(now), .text(tagText),
            ])
            let id = db.lastInsertRowID
            for (position, tagID) in tagIDs.enumerated() {
                try db.step(
                    "INSERT INTO reminder_tags (reminder_id, tag_id, position) VALUES (?, ?, ?)",
                    [.integer(id), .integer(tagID), .integer(Int64(position))])
            }
            rows += 1
        }
        if textAtTheEnd {
            try db.execute("INSERT INTO reminders_fts (reminders_fts, rank) VALUES ('hashsize', 8388608)")
            try db.execute("INSERT INTO reminders_fts (rowid, title, notes, tags) SELECT id, title, notes, tags FROM reminders")
            try db.execute("INSERT INTO reminders_substrings (rowid, title, notes) SELECT id, title, notes FROM reminders_substring_text")
            try db.execute("INSERT INTO reminders_fts (reminders_fts, rank) VALUES ('hashsize', 1048576)")
            try db.execute("DELETE FROM reminders_fts_config WHERE k = 'hashsize'")
            for sql in triggers { try db.execute(sql) }
        }
        try db.execute("COMMIT")
        return rows
    }
}

/// UTC `YYYY-MM-DD HH:MM:SS.SSS` from whole seconds since 1970, without Foundation's formatters.
enum Timestamp {
    static func text(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        // Howard Hinnant's days-to-civil algorithm.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day)) \(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60)).000"
    }
}
