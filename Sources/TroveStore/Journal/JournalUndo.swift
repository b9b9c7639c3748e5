import Foundation

/// What reverting one journalled command needs, stored as JSON in `journal.undo`.
///
/// ```swift
/// var undo = JournalUndo()
/// undo.added.insert(12)                 // an add, or each row an import inserts
/// undo.before.append(reminder.record)  // an edit, done, rm, or a row an import updates
/// // {"added":[[12,12]],"before":["{\"id\":7,\"uid\":…}"],"listsCreated":[],…}
/// ```
///
/// Kept small on purpose: an import of a million new rows stores one id range, not a million
/// ids; only rows that existed before the command are copied (as JSON Lines, the canonical
/// form, so the restore reads them with the ordinary reader).
struct JournalUndo: Codable, Equatable {
    /// Ids the command inserted; undo deletes them.
    var added = IDRanges()
    /// The reminders the command changed or deleted, as they were: undo puts them back.
    var before: [String] = []
    /// Lists and tags the command created; undo removes each one nothing uses any more.
    var listsCreated: [String] = []
    var tagsCreated: [String] = []
    /// Lists and tags the command deleted; undo creates them again.
    var listsDeleted: [DeletedList] = []
    var tagsDeleted: [DeletedTag] = []
    /// Tags the command renamed in place; undo names them back.
    var tagRenames: [TagRename] = []

    /// A list as it was, id included, so its reminders go back to the same list.
    struct DeletedList: Codable, Equatable {
        var id: Int64
        var name: String
        var position: Int
    }

    struct DeletedTag: Codable, Equatable {
        var id: Int64
        var name: String
    }

    struct TagRename: Codable, Equatable {
        var from: String
        var to: String
    }

    /// Remembers a reminder as it is now, before the command changes it.
    mutating func remember(_ reminder: Reminder) {
        before.append(JSONLinesWriter.line(for: reminder.record))
    }

    /// The remembered reminders, read back.
    func beforeRecords() throws -> [ReminderRecord] {
        guard !before.isEmpty else { return [] }
        var reader = JSONLinesReader(LineReader(string: before.joined(separator: "\n")))
        var records: [ReminderRecord] = []
        while let record = try reader.next() { records.append(record) }
        return records
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self)
    }

    init() {}

    init(json: String) throws {
        self = try JSONDecoder().decode(JournalUndo.self, from: Data(json.utf8))
    }
}
