import Foundation
import TroveQuery
import TroveSQLite

/// Inserts validated records inside one write transaction, creating lists and tags on the way.
///
/// Keeps every list and tag it has seen in memory (by `StoreNames.key`), so an import of a
/// million rows looks each name up once. Every statement's SQL text is the same from row to
/// row, so the connection's statement cache prepares each one once.
///
/// The reminder is inserted with `tags` already holding its final text, so linking its tags
/// afterwards finds every name already there and the `reminder_tags_link` trigger's `WHEN`
/// skips re-indexing: each imported row is indexed exactly once.
struct RecordInserter {
    let db: Connection
    let now: Date
    private var listIDs: [String: Int64] = [:]
    private var tagsByKey: [String: (id: Int64, name: String)] = [:]
    private var nextPosition: Int?
    /// Lists this inserter created, in the order it created them.
    private(set) var listsCreated: [String] = []
    private(set) var tagsCreated = 0

    init(db: Connection, now: Date) {
        self.db = db
        self.now = now
    }

    /// Inserts one record and links its tags.
    ///
    /// - Returns: The new reminder's id.
    mutating func insert(_ valid: ValidRecord) throws -> Int64 {
        let listID = try listID(named: valid.list)
        var names: [String] = []
        var tagIDs: [Int64] = []
        names.reserveCapacity(valid.tags.count)
        tagIDs.reserveCapacity(valid.tags.count)
        for name in valid.tags {
            let tag = try tag(named: name)
            names.append(tag.name)
            tagIDs.append(tag.id)
        }
        let record = valid.record
        let tagsText = StoreNames.tagsText(names)
        try db.run(ReminderTable.insert {
            $0.listID.set(listID)
            $0.title.set(record.title)
            $0.notes.set(record.notes)
            $0.priority.set(record.priority.rawValue)
            $0.isFlagged.set(record.isFlagged)
            $0.isCompleted.set(record.isCompleted)
            $0.completedAt.set(record.completedAt)
            $0.dueDate.set(record.due?.storageText)
            $0.createdAt.set(valid.createdAt)
            $0.updatedAt.set(now)
            $0.tags.set(tagsText)
        })
        let id = db.lastInsertRowID
        for tagID in tagIDs {
            try db.run(ReminderTagTable.insert { $0.reminderID.set(id); $0.tagID.set(tagID) })
        }
        return id
    }

    /// The id of the list named `name` (ASCII case ignored), created last when there is none.
    mutating func listID(named name: String) throws -> Int64 {
        let key = StoreNames.key(name)
        if let id = listIDs[key] { return id }
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
        return id
    }

    /// The id and stored spelling of the tag named `name` (ASCII case ignored), created when
    /// there is none.
    mutating func tag(named name: String) throws -> (id: Int64, name: String) {
        let key = StoreNames.key(name)
        if let tag = tagsByKey[key] { return tag }
        let tag: (id: Int64, name: String)
        if let existing = try db.first(TagTable.where { $0.name == name }.select { ($0.id, $0.name) }) {
            tag = existing
        } else {
            try db.run(TagTable.insert { $0.name.set(name) })
            tag = (db.lastInsertRowID, name)
            tagsCreated += 1
        }
        tagsByKey[key] = tag
        return tag
    }
}
