import Foundation
import TroveQuery
import TroveSQLite

/// Inserts validated records inside one write transaction, creating lists and tags on the way.
///
/// Keeps every list and tag it has seen in memory (by `StoreNames.key`), so an import of a
/// million rows looks each name up once.
///
/// One record at a time (`add`) inserts its reminder through the query builder and the
/// connection's statement cache. A bulk inserter (an import) prepares that INSERT once and only
/// binds and steps it for each row: rendering the SQL text, hashing it for the cache and
/// building the statement's segments cost more than SQLite's own work for a row. The per-tag
/// statements (find a tag, create it, link it) are prepared once by every inserter, as one
/// reminder may have many tags: 100,000 new tags on one reminder ran 200,000 rendered
/// statements in an import, 300,000 in an `add`.
///
/// The reminder is inserted with `tags` already holding its final text, so linking its tags
/// afterwards finds every name already there and the `reminder_tags_link` trigger's `WHEN`
/// skips re-indexing: each imported row is indexed exactly once. For a reminder with more than
/// ``markedTextThreshold`` tags, a `tag_text_written` row tells the triggers so up front, as
/// their own check reads the whole text per link (O(N^2) for N tags; schema 5).
struct RecordInserter {
    let db: SQLConnection
    let now: Date
    /// Whether to prepare the per-row statements once for many rows.
    let isBulk: Bool
    private var listIDs: [String: Int64] = [:]
    private var tagsByKey: [String: (id: Int64, name: String)] = [:]
    // NB: the same spellings recur row after row; looking them up as given first saves
    // folding each name to its key (a copy when it has capitals) on every row.
    private var listIDsBySpelling: [String: Int64] = [:]
    private var tagsBySpelling: [String: (id: Int64, name: String)] = [:]
    private var nextPosition: Int?
    private var insertReminder: PreparedStatement?
    private var linkTag: PreparedStatement?
    private var findTag: PreparedStatement?
    private var insertTag: PreparedStatement?
    /// For ``overwrite(id:with:uid:updatedAt:)``, prepared on its first use: the stored values of
    /// the columns it writes (with their names), a reminder's linked tags, the delete of its
    /// completions. Internal for the extension that uses them.
    var readStoredValues: (columns: [String], statement: PreparedStatement)?
    var linkedTags: PreparedStatement?
    var deleteCompletions: PreparedStatement?
    /// Lists this inserter created, in the order it created them.
    private(set) var listsCreated: [String] = []
    /// Tags this inserter created, in the order it created them.
    private(set) var tagNamesCreated: [String] = []
    var tagsCreated: Int { tagNamesCreated.count }
    /// UIDs for records that bring none.
    private var uids: UIDGenerator

    /// - Parameters:
    ///   - bulk: Prepare the per-row INSERTs once, for an import of many records.
    init(db: SQLConnection, now: Date, bulk: Bool = false) {
        self.db = db
        self.now = now
        self.isBulk = bulk
        self.uids = UIDGenerator(now: now)
    }

    /// Inserts one record, links its tags and stores its completions.
    ///
    /// ```swift
    /// let id = try inserter.insert(valid, keepingID: 12)
    /// // INSERT INTO "reminders" ("id", "uid", "list_id", "title", …, "icalendar", "tags") VALUES (?, ?, ?, ?, …, ?)
    /// // INSERT INTO "reminder_tags" ("reminder_id", "tag_id", "position") VALUES (?, ?, ?)   -- one per tag
    /// ```
    ///
    /// - Parameter id: The id to give it (the caller has checked it is free), or nil for the next.
    /// - Returns: The new reminder's id.
    /// - Throws: `SQLiteError` from any of the INSERTs (a uid that is taken fails the unique index).
    mutating func insert(_ valid: ValidRecord, keepingID id: Int64? = nil) throws -> Int64 {
        let listID = try listID(named: valid.list)
        let tagsText: String
        var tagIDs: [Int64] = []
        if valid.tags.count == 1 {
            // NB: the common case; one tag needs no array of names.
            let tag = try tag(named: valid.tags[0])
            tagIDs.append(tag.id)
            tagsText = tag.name
        } else {
            var names: [String] = []
            names.reserveCapacity(valid.tags.count)
            tagIDs.reserveCapacity(valid.tags.count)
            for name in valid.tags {
                let tag = try tag(named: name)
                names.append(tag.name)
                tagIDs.append(tag.id)
            }
            tagsText = StoreNames.tagsText(names)
        }
        let row = ReminderRow(
            id: id, uid: valid.record.uid ?? uids.next(), listID: listID, record: valid.record,
            createdAt: valid.createdAt, updatedAt: valid.record.updatedAt ?? now, tags: tagsText)
        if isBulk {
            try preparedInsertReminder().execute(row.bindings)
        } else {
            try db.run(row.insert)
        }
        let id = db.lastInsertRowID
        let marked = tagIDs.count > Self.markedTextThreshold
        if marked { try db.run(TagTextWrittenTable.insert { $0.reminderID.set(id) }) }
        try link(tagIDs, to: id)
        if marked { try db.run(TagTextWrittenTable.where { $0.reminderID == id }.delete()) }
        for completion in valid.record.completions { try db.run(completion.insert(reminderID: id)) }
        return id
    }

    /// More tags than this on one reminder take a `tag_text_written` row: two statements, which
    /// cost more than the link trigger's scan of a short text.
    static let markedTextThreshold = 16

    /// `INSERT INTO "reminder_tags" ("reminder_id", "tag_id", "position") VALUES (?, ?, ?)`,
    /// bound in that order.
    static func linkTag(reminderID: Int64, tagID: Int64, position: Int64) -> SQLInsert<ReminderTagTable, Void> {
        ReminderTagTable.insert { $0.reminderID.set(reminderID); $0.tagID.set(tagID); $0.position.set(position) }
    }

    private mutating func preparedInsertReminder() throws -> PreparedStatement {
        if let insertReminder { return insertReminder }
        let template = ReminderRow(
            id: nil, uid: "", listID: 0, record: ReminderRecord(title: ""), createdAt: now, updatedAt: now, tags: "")
        let statement = try db.prepare(template.insert.sql)
        insertReminder = statement
        return statement
    }

    /// Links `tagIDs` to reminder `id` at positions 0, 1, 2… in that order.
    ///
    /// ```swift
    /// try inserter.link([4, 9], to: 12)
    /// // INSERT INTO "reminder_tags" ("reminder_id", "tag_id", "position") VALUES (?, ?, ?)   -- prepared once, run per tag
    /// ```
    mutating func link(_ tagIDs: [Int64], to id: Int64) throws {
        guard !tagIDs.isEmpty else { return }
        if linkTag == nil { linkTag = try db.prepare(Self.linkTag(reminderID: 0, tagID: 0, position: 0).sql) }
        for (position, tagID) in tagIDs.enumerated() {
            try linkTag!.execute([.integer(id), .integer(tagID), .integer(Int64(position))])
        }
    }

    /// The id of the list named `name` (ASCII case ignored), created last when there is none.
    mutating func listID(named name: String) throws -> Int64 {
        if let id = listIDsBySpelling[name] { return id }
        let key = StoreNames.key(name)
        if let id = listIDs[key] {
            listIDsBySpelling[name] = id
            return id
        }
        let id: Int64
        if let existing = try db.first(ListTable.where { $0.name == name }.select { $0.id }) {
            id = existing
        } else {
            var position = nextPosition ?? 0
            if nextPosition == nil {
                let last: Int?? = try db.first(ListTable.select { $0.position.max() })
                if case .some(.some(let last)) = last { position = last + 1 }
            }
            nextPosition = position + 1
            try db.run(ListTable.insert { $0.name.set(name); $0.position.set(position) })
            id = db.lastInsertRowID
            listsCreated.append(name)
        }
        listIDs[key] = id
        listIDsBySpelling[name] = id
        return id
    }

    /// The id and stored spelling of the tag named `name` (ASCII case ignored), created when
    /// there is none.
    ///
    /// ```swift
    /// try inserter.tag(named: "Errand")  // (4, "errand")
    /// // SELECT "tags"."id", "tags"."name" FROM "tags" WHERE ("tags"."name" = ?)   -- once per name; then, if none:
    /// // INSERT INTO "tags" ("name") VALUES (?)                                     -- both prepared once
    /// ```
    mutating func tag(named name: String) throws -> (id: Int64, name: String) {
        if let tag = tagsBySpelling[name] { return tag }
        let key = StoreNames.key(name)
        if let tag = tagsByKey[key] {
            tagsBySpelling[name] = tag
            return tag
        }
        if findTag == nil {
            findTag = try db.prepare(TagTable.where { $0.name == "" }.select { ($0.id, $0.name) }.sql)
            insertTag = try db.prepare(TagTable.insert { $0.name.set("") }.sql)
        }
        let tag: (id: Int64, name: String)
        if let row = try findTag!.fetchOne([.text(name)]) {
            tag = (id: try row[0] as Int64, name: try row[1] as String)
        } else {
            try insertTag!.execute([.text(name)])
            tag = (db.lastInsertRowID, name)
            tagNamesCreated.append(name)
        }
        tagsByKey[key] = tag
        tagsBySpelling[name] = tag
        return tag
    }
}
