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

    /// Imports `records` into the (migrated, empty) database at `path`.
    ///
    /// - Returns: How many rows were inserted.
    static func run<Records: Sequence<ReminderRecord>>(_ records: Records, into path: String) throws -> Int {
        let db = try DirectConnection(path: path, readOnly: false)
        try db.execute("PRAGMA recursive_triggers = ON")
        let now = Timestamp.text(Int64(Date().timeIntervalSince1970))
        var lists: [String: Int64] = [:], tags: [String: Int64] = [:]
        var uids = UIDGenerator(now: Date())
        var rows = 0
        try db.execute("BEGIN IMMEDIATE")
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
