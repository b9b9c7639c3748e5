import TroveQuery
import TroveSQLite
import TroveStore

/// Every reminder's list, completion, flag, priority and tags, in memory, as of one version of
/// the database: what a search's counts and facets need of each match, without looking the
/// match up in `reminders` (``tally(matches:openOnly:facets:)``), and what its `list:`, `tag:`,
/// `is:` and `p:` filters test (``filteredIDs(_:limit:on:)``).
///
/// Read with these statements in one transaction:
///
/// ```swift
/// let facts = try ReminderFacts.read(on: db)
/// // SELECT "block" FROM "reminders_fts_data" WHERE "id" = 10
/// // SELECT "changes" FROM "list_and_completion_changes" WHERE "id" = 1
/// // SELECT trove_ids("reminders"."id") FROM "reminders"
/// // PRAGMA user_version   -- 14 or later: flags and priorities are read too
/// // SELECT "reminders"."list_id", trove_ids("reminders"."id"), trove_ids(CASE WHEN "reminders"."is_completed" THEN "reminders"."id" END),
/// //   trove_ids(CASE WHEN "reminders"."is_flagged" THEN "reminders"."id" END),
/// //   trove_ids(CASE WHEN "reminders"."priority" = 1 THEN "reminders"."id" END), … = 2 …, … = 3 …
/// //   FROM "reminders" GROUP BY "reminders"."list_id"
/// // SELECT "reminder_tags"."tag_id", trove_ids("reminder_tags"."reminder_id") FROM "reminder_tags" GROUP BY "reminder_tags"."tag_id"
/// ```
///
/// NB: why. Counting a search's matches and grouping them by list and tag looked every match
/// up in `reminders` by id (~1 µs each: `milk appointment` at 1,000,000 reminders, 61,682
/// matches, 65 ms), as long as ranking them. Here a match is found by galloping through the
/// sorted ids, a few nanoseconds each. The lists and tags are read from their indexes
/// (`reminders_by_list`, `reminder_tags_by_tag`), never from the rows: ~21 MB and a fraction
/// of a second at 1,000,000 reminders. Tags come from `reminder_tags`, which the schema's
/// triggers keep equal to the `tags` text the SQL facets count (`trove check` compares them).
struct ReminderFacts: Sendable {
    /// What must not have changed for these facts to hold: see ``version(on:)``.
    struct Version: Hashable, Sendable {
        /// The index's structure record: it changes with every reminder added, deleted or
        /// renumbered and every change to its tags.
        var index: [UInt8]
        /// Schema 13's count of changes to a reminder's list or completion (from schema 14 on,
        /// to its flag or priority too).
        var listAndCompletionChanges: Int64
    }

    let version: Version
    /// Every reminder's id, ascending; the other arrays are indexed by position in it.
    let ids: [Int64]
    /// Each reminder's list, as a position in ``listIDs``.
    let listSlots: [Int32]
    /// Each reminder's completion, 1 when completed.
    let completed: [UInt8]
    /// Each reminder's flag, 1 when flagged; nil when the schema does not count flag changes
    /// (before 14), so that a change could go unseen.
    let flagged: [UInt8]?
    /// Each reminder's priority (0–3); nil as ``flagged``.
    let priority: [UInt8]?
    /// Reminder `i`'s tags are `tagSlots[tagStarts[i]..<tagStarts[i + 1]]`, positions in ``tagIDs``.
    let tagStarts: [Int32]
    let tagSlots: [Int32]
    let listIDs: [Int64]
    let tagIDs: [Int64]

    /// The version a transaction reads, or nil when the database has no count of list and
    /// completion changes (a schema before 13, or its row deleted): such facts are never used.
    static func version(on db: SQLConnection) throws -> Version? {
        guard let changes = try db.fetchValue(
            "SELECT \"changes\" FROM \"list_and_completion_changes\" WHERE \"id\" = 1", as: Int64.self)
        else { return nil }
        return Version(index: try VocabularyCache.version(on: db), listAndCompletionChanges: changes)
    }

    /// The facts as `db`'s transaction sees them, or nil when ``version(on:)`` is nil. Call it
    /// inside a transaction, so that the version and the facts are one snapshot's.
    static func read(on db: SQLConnection) throws -> ReminderFacts? {
        guard let version = try version(on: db) else { return nil }
        let r = SearchTables.reminders
        let ids = IDBlob(try db.fetchOne("SELECT trove_ids(\(r.id)) FROM \(identifier: ReminderTable.tableName)")?[0] ?? []).values
        var listSlots = [Int32](repeating: -1, count: ids.count)
        var completed = [UInt8](repeating: 0, count: ids.count)
        var listIDs: [Int64] = []
        // NB: before schema 14 a flag or priority could change with no version telling.
        let flagsAndPriorities = try db.fetchValue("PRAGMA user_version", as: Int.self) ?? 0 >= 14
        var flagged = [UInt8](repeating: 0, count: flagsAndPriorities ? ids.count : 0)
        var priority = flagged
        var columns: [SQLFragment] = ["\(r.listID)", "trove_ids(\(r.id))", "trove_ids(CASE WHEN \(r.isCompleted) THEN \(r.id) END)"]
        if flagsAndPriorities {
            columns.append("trove_ids(CASE WHEN \(r.isFlagged) THEN \(r.id) END)")
            columns += (1...3).map { "trove_ids(CASE WHEN \(r.priority) = \(raw: "\($0)") THEN \(r.id) END)" }
        }
        let lists: SQLFragment = "SELECT " + columns.joined(separator: ", ")
            + " FROM \(identifier: ReminderTable.tableName) GROUP BY \(r.listID)"
        for row in try db.fetchAll(lists) {
            let slot = Int32(listIDs.count)
            listIDs.append(try row[0])
            IDBlob(try row[1]).forEachPosition(in: ids) { listSlots[$0] = slot }
            IDBlob(try row[2]).forEachPosition(in: ids) { completed[$0] = 1 }
            guard flagsAndPriorities else { continue }
            IDBlob(try row[3]).forEachPosition(in: ids) { flagged[$0] = 1 }
            for level in 1...3 { IDBlob(try row[3 + level]).forEachPosition(in: ids) { priority[$0] = UInt8(level) } }
        }
        var tagIDs: [Int64] = []
        var tagSets: [IDBlob] = []
        for row in try db.fetchAll(
            "SELECT \"tag_id\", trove_ids(\"reminder_id\") FROM \"reminder_tags\" GROUP BY \"tag_id\"")
        {
            tagIDs.append(try row[0])
            tagSets.append(IDBlob(try row[1]))
        }
        // NB: two passes, as a compressed sparse row: how many tags each reminder has, then which.
        var tagStarts = [Int32](repeating: 0, count: ids.count + 1)
        for set in tagSets { set.forEachPosition(in: ids) { tagStarts[$0 + 1] += 1 } }
        for index in ids.indices { tagStarts[index + 1] += tagStarts[index] }
        var tagSlots = [Int32](repeating: 0, count: Int(tagStarts[ids.count]))
        var filled = tagStarts
        for (slot, set) in tagSets.enumerated() {
            set.forEachPosition(in: ids) { position in
                tagSlots[Int(filled[position])] = Int32(slot)
                filled[position] += 1
            }
        }
        return ReminderFacts(
            version: version, ids: ids, listSlots: listSlots, completed: completed,
            flagged: flagsAndPriorities ? flagged : nil, priority: flagsAndPriorities ? priority : nil, tagStarts: tagStarts,
            tagSlots: tagSlots, listIDs: listIDs, tagIDs: tagIDs)
    }

    /// How many reminders the facts hold.
    var count: Int { ids.count }

    /// Whether reminder `id` is completed; nil when the facts do not hold it.
    func isCompleted(_ id: Int64) -> Bool? {
        ids.withUnsafeBufferPointer { all in
            let position = IDBlob.firstPosition(notBelow: id, in: all, from: 0)
            return position < all.count && all[position] == id ? completed[position] == 1 : nil
        }
    }
}

/// The ids of a `trove_ids` BLOB (sorted, without repeats, 64-bit in this machine's byte order).
struct IDBlob: Sendable {
    let values: [Int64]

    init(_ bytes: [UInt8]) {
        let count = bytes.count / MemoryLayout<Int64>.size
        values = bytes.withUnsafeBytes { raw in
            (0..<count).map { raw.loadUnaligned(fromByteOffset: $0 * MemoryLayout<Int64>.size, as: Int64.self) }
        }
    }

    var count: Int { values.count }

    /// Calls `body` with the position in `ids` (sorted) of each of these ids found there, in
    /// order; both lists are walked once, galloping through `ids` past the ids not asked for.
    func forEachPosition(in ids: [Int64], _ body: (Int) -> Void) {
        ids.withUnsafeBufferPointer { all in
            values.withUnsafeBufferPointer { wanted in
                var position = 0
                for id in wanted {
                    position = Self.firstPosition(notBelow: id, in: all, from: position)
                    guard position < all.count else { return }
                    if all[position] == id { body(position) }
                }
            }
        }
    }

    /// Whether `id` is one of these ids (sorted), by halving.
    func contains(_ id: Int64) -> Bool {
        values.withUnsafeBufferPointer { ids in
            let position = Self.firstPosition(notBelow: id, in: ids, from: 0)
            return position < ids.count && ids[position] == id
        }
    }

    /// The first position at or after `start` whose id is at least `id` (`ids.count` if none),
    /// found by doubling steps, then halving them.
    static func firstPosition<ID: Comparable>(notBelow id: ID, in ids: UnsafeBufferPointer<ID>, from start: Int) -> Int {
        guard start < ids.count, ids[start] < id else { return start }
        var low = start, step = 1
        while low + step < ids.count, ids[low + step] < id {
            low += step
            step *= 2
        }
        // NB: ids[low] < id, and ids[high] >= id when high < count.
        var high = min(low + step, ids.count)
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if ids[middle] < id { low = middle } else { high = middle }
        }
        return high
    }
}
