import Foundation
import TroveQuery
import TroveSQLite

/// What reverting one journalled command needs, stored as JSON in `journal.undo`.
///
/// ```swift
/// var undo = JournalUndo()
/// undo.added.insert(12)                 // an add, or each row an import inserts
/// try undo.remember(reminder, on: db)   // an edit, done, rm, or a row an import updates
/// // INSERT INTO "journal_reminders" ("entry", "record") VALUES (?, ?)   -- ?2 = {"id":7,"uid":…}
/// try db.journal("edit", "edited 7 \"Call mum\"", undo, at: now)
/// // journal.undo = {"added":[[12,12]],"before":[],"listsCreated":[],…}
/// ```
///
/// Kept small on purpose: an import of a million new rows stores one id range, not a million
/// ids; only rows that existed before the command are copied (as JSON Lines, the canonical
/// form, so the restore reads them with the ordinary reader), one `journal_reminders` row each,
/// never held in memory all at once (schema 8).
struct JournalUndo: Codable, Equatable {
    /// Ids the command inserted; undo deletes them.
    var added = IDRanges()
    /// The reminders the command changed or deleted, as they were, in entries written before
    /// schema 8; newer entries keep them in `journal_reminders` (``remember(_:on:)``), and
    /// undo reads both.
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

    /// The `journal.id` this command's entry will have, fixed by the first reminder it
    /// remembers (its `journal_reminders` rows carry it); ``SQLConnection/journal(_:_:_:at:session:)``
    /// gives the entry that id. Not part of the JSON.
    private(set) var entry: Int64?

    private enum CodingKeys: String, CodingKey {
        case added, before, listsCreated, tagsCreated, listsDeleted, tagsDeleted, tagRenames
    }

    /// Remembers a reminder as it is now, before the command changes it: one row of
    /// `journal_reminders`, in the command's transaction.
    ///
    /// ```swift
    /// try undo.remember(reminder, on: db)
    /// // first time only: SELECT max("journal"."id") FROM "journal"; SELECT max("journal_reminders"."entry") FROM "journal_reminders"
    /// // INSERT INTO "journal_reminders" ("entry", "record") VALUES (?, ?)
    /// ```
    ///
    /// For a command that deletes the reminder or replaces its completion history (`rm`,
    /// `list rm`, an import's update): the record holds that whole history.
    mutating func remember(_ reminder: Reminder, on db: SQLConnection) throws {
        try keep(reminder.record, id: reminder.id, completionsThrough: nil, on: db)
    }

    /// Remembers a reminder as it is now, but not its completion history, for a command that
    /// leaves the history alone or only adds to it (`done` of a repeating reminder, `undone`,
    /// `edit`, a flag, a tag's rename or removal): undo deletes the completions added since.
    ///
    /// ```swift
    /// try undo.rememberLeavingCompletions(reminder, on: db)
    /// // SELECT max("reminder_completions"."id") FROM "reminder_completions" WHERE ("reminder_completions"."reminder_id" = ?)
    /// // INSERT INTO "journal_reminders" ("entry", "record", "reminder_id", "completions_through") VALUES (?, ?, ?, ?)
    /// ```
    ///
    /// NB: the whole history in every entry made each `done` of a reminder completed 10,000
    /// times journal ~600 KB, and the file grow ~6.3 KB per `done` (issue 53); this row is the
    /// same size at the 10,000th `done` as at the first.
    mutating func rememberLeavingCompletions(_ reminder: Reminder, on db: SQLConnection) throws {
        let id = reminder.id
        let through: Int64? = try db.first(CompletionTable.where { $0.reminderID == id }.select { $0.id.max() }) ?? nil
        var record = reminder.record
        record.completions = []
        try keep(record, id: id, completionsThrough: through ?? 0, on: db)
    }

    private mutating func keep(_ record: ReminderRecord, id: Int64, completionsThrough: Int64?, on db: SQLConnection) throws {
        let entry = try entry ?? Self.nextEntry(on: db)
        self.entry = entry
        try db.run(JournalReminderTable.insert {
            $0.entry.set(entry)
            $0.record.set(JSONLinesWriter.line(for: record))
            $0.reminderID.set(id)
            $0.completionsThrough.set(completionsThrough)
        })
    }

    /// The id the next journal entry takes: past the newest entry and past any reminders kept
    /// for an entry, so that an entry never finds reminders it did not remember.
    static func nextEntry(on db: SQLConnection) throws -> Int64 {
        let newest: Int64? = try db.first(JournalTable.select { $0.id.max() }) ?? nil
        let kept: Int64? = try db.first(JournalReminderTable.select { $0.entry.max() }) ?? nil
        return max(newest ?? 0, kept ?? 0) + 1
    }

    /// Reads `lines` (JSON Lines, as ``remember(_:on:)`` wrote them) back into records.
    static func records(_ lines: [String]) throws -> [ReminderRecord] {
        guard !lines.isEmpty else { return [] }
        var reader = JSONLinesReader(LineReader(string: lines.joined(separator: "\n")))
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
