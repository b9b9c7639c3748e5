import Foundation
import TroveQuery
import TroveSQLite

/// One file's import inside its write transaction: matching on uid (or, for a record without
/// one, on content), keeping ids, the counts, and the journal entry that undoes it.
struct ImportRun {
    let db: SQLConnection
    let now: Date
    let source: String
    /// What the file's format cannot hold: stored values it could only give back cut are kept.
    let limits: FormatLimits
    let onConflict: ImportConflictPolicy
    /// The terminal session the journal entry records (``ReminderStore/session``).
    let session: Int64?
    private var inserter: RecordInserter
    private(set) var summary = ImportSummary(imported: 0, listsCreated: [], tagsCreated: 0, warnings: [], elapsed: .zero)
    private(set) var warnings: [String] = []
    private var undo = JournalUndo()
    /// Whether the database held reminders when the import began: if not, no uid can match
    /// and no kept id can clash with a stored one, so neither is looked up.
    private var hadReminders = false
    /// Ids above this are free: the highest stored before the import or inserted since.
    private var highestID: Int64 = 0
    /// Line (or position) of each uid in the file, to name both lines of a clash, by the uid's
    /// hash (``uidKey``): a hit is that uid seen again or, rarely, another uid with the same
    /// hash, told apart by where the uid is stored (``isRepeated(_:)``).
    /// NB: not by the uid itself: a million 36-character uids as Strings held ~150 MB while a
    /// file exported from Trove was imported.
    private var uidLines: [Int: Int] = [:]
    /// Lines of uids whose hash an earlier, other uid of the file had taken (a rare collision),
    /// by the uid itself, so that a clash names the right first line.
    private var collidedLines: [String: Int] = [:]
    /// Stored reminders a line of the file matched by uid, whatever came of it (updated,
    /// unchanged, skipped, copied or held back).
    private var matched = Set<Int64>()
    /// How a uid is keyed in ``uidLines``; tests make every uid collide.
    private let uidKey: (String) -> Int
    private var remembered = Set<Int64>()
    private var occurrences: [(record: ReminderRecord, place: Int)] = []
    /// Records that match a stored reminder with completions while saying none themselves: in
    /// iCalendar the completions follow as occurrences (RECURRENCE-ID), so they are compared
    /// once the whole file is read.
    private var pendingMasters: [(record: ReminderRecord, id: Int64, place: Int, line: Int?)] = []
    private var orphanOccurrences = 0
    private var openOccurrences = 0
    /// Stored reminders by ``contentKey(title:notes:priority:isCompleted:)``, sorted by key:
    /// what a record without uid is matched on, read in one pass when the first such record
    /// comes. Nil until then.
    /// NB: pairs of integers, not Strings, so a store of a million reminders costs 16 MB here.
    private var contentKeys: [(key: Int, id: Int64)]?
    private var findUID: PreparedStatement?
    private var findID: PreparedStatement?
    private var findReminder: PreparedStatement?
    private var findCompletions: PreparedStatement?
    /// The filter indexes (and, into an empty store, the uid index), dropped while a large
    /// import runs and built again at its end; made in ``begin()``, once the table's size is known.
    private var deferred: DeferredIndexes
    private let deferralThreshold: Int
    /// The text of the rows written after the first thousand, indexed in a few statements at the end.
    private var text: DeferredTextIndexes

    init(
        db: SQLConnection, now: Date, source: String, limits: FormatLimits = .none,
        onConflict: ImportConflictPolicy, session: Int64? = nil,
        deferIndexesAfter deferralThreshold: Int = DeferredIndexes.threshold,
        deferTextAfter textThreshold: Int = DeferredTextIndexes.threshold,
        uidKey: @escaping (String) -> Int = { $0.hashValue }
    ) {
        self.uidKey = uidKey
        text = DeferredTextIndexes(threshold: textThreshold)
        self.db = db
        self.deferralThreshold = deferralThreshold
        deferred = DeferredIndexes(existingRows: 0, threshold: deferralThreshold)
        self.now = now
        self.source = source
        self.limits = limits
        self.onConflict = onConflict
        self.session = session
        self.inserter = RecordInserter(db: db, now: now, bulk: true)
    }

    mutating func begin() throws {
        highestID = try db.fetchValue("SELECT ifnull(max(id), 0) FROM reminders", as: Int64.self) ?? 0
        hadReminders = highestID > 0
        deferred = DeferredIndexes(existingRows: highestID, threshold: deferralThreshold)
    }

    /// Stores one record, or holds it back when it is an occurrence of a repeating to-do.
    mutating func take(_ incoming: ReminderRecord, line: Int?, position: Int) throws {
        let place = line ?? position
        if incoming.recurrenceID != nil, incoming.uid != nil {
            occurrences.append((incoming, place))
            return
        }
        var record = incoming
        if let uid = record.uid, !StoreNames.isBlank(uid) {
            let key = uidKey(uid)
            let hashSeen = uidLines[key] != nil
            // NB: into an empty store only a uid seen before can be stored already.
            let existingID = hadReminders || hashSeen ? try lookUp(uid: uid) : nil
            if hashSeen, let existingID, isRepeated(existingID) {
                let first = collidedLines[uid] ?? uidLines[key] ?? place
                let what = line == nil ? "reminders \(first) and \(place)" : "lines \(first) and \(place)"
                throw FormatError(
                    file: source, line: line, field: "uid",
                    problem: "\(what) have the same uid \(FormatError.quote(uid)); a uid names one reminder",
                    remedy: "Give one of them another uid (or none, for a new one), or remove the copy.")
            }
            if hashSeen { collidedLines[uid] = place } else { uidLines[key] = place }
            if let existingID {
                matched.insert(existingID)
                let existing = try stored(existingID)
                if limits.holdsOccurrencesAndProperties, record.completions.isEmpty, !existing.completions.isEmpty {
                    pendingMasters.append((record, existingID, place, line))
                } else {
                    try merge(record, into: existing, place: place, line: line)
                }
                return
            }
        } else {
            record.uid = nil
            if hadReminders, onConflict != .duplicate, try matchesStoredContent(record) {
                summary.unchanged += 1
                summary.matchedOnContent += 1
                return
            }
        }
        try insert(record, place: place, line: line)
    }

    /// Whether a record without uid says the same as a stored reminder no earlier line matched:
    /// then it is that reminder, read back from a file that carries no uid (todo.txt, JSON
    /// Lines or CSV written by other tools), and importing it again adds nothing.
    ///
    /// Each stored value is compared as ``merge(_:into:place:line:)`` compares a uid's match:
    /// title, notes, list, tags, priority, flag, completion and its time, due date, repeat,
    /// creation time (when the file gives one), completed occurrences and kept properties, each
    /// as the file's format gives it back; ids, uids and `updatedAt` aside.
    private mutating func matchesStoredContent(_ record: ReminderRecord) throws -> Bool {
        if contentKeys == nil { contentKeys = try readContentKeys() }
        let key = Self.contentKey(title: record.title, notes: record.notes, priority: record.priority, isCompleted: record.isCompleted)
        guard let keys = contentKeys else { return false }
        var index = Self.firstIndex(of: key, in: keys)
        var compared = 0
        // NB: at most 16 candidates per line, so a store of thousands of reminders with one
        // title, notes and priority cannot make an import quadratic; past them the line is new.
        while index < keys.count, keys[index].key == key, compared < 16 {
            let id = keys[index].id
            index += 1
            guard !matched.contains(id), !undo.added.contains(id) else { continue }
            compared += 1
            let existing = try stored(id)
            var candidate = record.keepingStoredDetail(of: existing, limits: limits)
            candidate.createdAt = candidate.createdAt ?? existing.createdAt
            if Self.sameFields(candidate, existing) {
                matched.insert(id)
                return true
            }
        }
        return false
    }

    /// Every stored reminder's content key, sorted, in one read of the table.
    ///
    /// ```swift
    /// // SELECT "reminders"."id", "reminders"."title", "reminders"."notes", "reminders"."priority",
    /// //   "reminders"."is_completed" FROM "reminders"
    /// ```
    private func readContentKeys() throws -> [(key: Int, id: Int64)] {
        let query = ReminderTable.select { ($0.id, $0.title, $0.notes, $0.priority, $0.isCompleted) }
        let cursor = try db.cursor(query.sql)
        defer { cursor.finish() }
        var keys: [(key: Int, id: Int64)] = []
        while let row = try cursor.next() {
            let (id, title, notes, priority, isCompleted) = try query.decode(row.values)
            let key = Self.contentKey(
                title: limits.title(title), notes: limits.text(notes), priority: priority, isCompleted: isCompleted)
            keys.append((key, id))
        }
        keys.sort { $0.key < $1.key || ($0.key == $1.key && $0.id < $1.id) }
        return keys
    }

    /// What a record's content is looked up by: a hash of the title and notes (as the file's
    /// format gives them back), priority and completion.
    static func contentKey(title: String, notes: String, priority: Priority, isCompleted: Bool) -> Int {
        var hasher = Hasher()
        hasher.combine(title)
        hasher.combine(notes)
        hasher.combine(priority.rawValue)
        hasher.combine(isCompleted)
        return hasher.finalize()
    }

    /// The first position whose key is not below `key` (binary search).
    private static func firstIndex(of key: Int, in keys: [(key: Int, id: Int64)]) -> Int {
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle].key < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Applies the held-back occurrences, records the journal entry and fills in the summary.
    mutating func finish() throws {
        // NB: before the occurrences, which look their repeating reminder up by uid (and may
        // insert reminders of their own, indexed by the triggers once they are back).
        do {
            try deferred.restore(on: db)
        } catch var error as FormatError {
            error.file = source
            throw error
        }
        try text.catchUp(on: db)
        // NB: the held-back reminders' completed occurrences, sorted out in one pass: a filter
        // of every occurrence per held-back reminder took 23.9 s for 20,000 of each (a
        // re-import of Trove's own iCalendar export of repeating reminders with completions).
        let heldBack = Set(pendingMasters.compactMap(\.record.uid))
        var completedOf: [String: [ReminderRecord]] = [:]
        var others: [(record: ReminderRecord, place: Int)] = []
        for occurrence in occurrences {
            if occurrence.record.isCompleted, let uid = occurrence.record.uid, heldBack.contains(uid) {
                completedOf[uid, default: []].append(occurrence.record)
            } else {
                others.append(occurrence)
            }
        }
        occurrences = others
        for (master, id, place, line) in pendingMasters {
            var record = master
            let mine = record.uid.flatMap { completedOf[$0] } ?? []
            record.completions = mine.map { Completion(due: $0.recurrenceID, completedAt: $0.completedAt) }
            let unchangedBefore = summary.unchanged
            try merge(record, into: try stored(id), place: place, line: line)
            // NB: an unchanged reminder's occurrences are unchanged records of the file too; a
            // changed one's are part of its update.
            if summary.unchanged > unchangedBefore { summary.unchanged += mine.count }
        }
        for (record, place) in occurrences { try applyOccurrence(record, place: place) }
        if orphanOccurrences > 0 {
            warnings.append("\(orphanOccurrences) occurrence(s) (RECURRENCE-ID) had no repeating to-do with their UID; each was imported as a reminder of its own")
        }
        if openOccurrences > 0 {
            warnings.append("\(openOccurrences) changed occurrence(s) (RECURRENCE-ID) that are not completed were not imported; Trove keeps one due date per repeating reminder")
        }
        summary.listsCreated = inserter.listsCreated
        summary.tagsCreated = inserter.tagsCreated
        guard summary.imported + summary.updated + summary.occurrences > 0 else { return }
        undo.listsCreated = inserter.listsCreated
        undo.tagsCreated = inserter.tagNamesCreated
        try db.journal("import", "imported \(source): " + summary.counts, undo, at: now, session: session)
    }

    // MARK: Rows

    private mutating func insert(_ record: ReminderRecord, place: Int, line: Int?) throws {
        let valid = try validate(record, place: place, line: line)
        var keep: Int64?
        if let id = record.id, id > 0 {
            if id > highestID {
                keep = id
            } else if hadReminders || !undo.added.isEmpty, try !isTaken(id) {
                keep = id
            }
        }
        let id = try inserter.insert(valid, keepingID: keep)
        highestID = max(highestID, id)
        undo.added.insert(id)
        summary.imported += 1
        try deferred.rowInserted(on: db)
        try text.rowWritten(inserted: id, on: db)
    }

    private mutating func merge(_ incoming: ReminderRecord, into existing: Reminder, place: Int, line: Int?) throws {
        let id = existing.id
        var record = incoming.keepingStoredDetail(of: existing, limits: limits)
        record.createdAt = record.createdAt ?? existing.createdAt
        if Self.sameFields(record, existing) {
            summary.unchanged += 1
            return
        }
        switch onConflict {
        case .skip:
            summary.skipped += 1
        case .duplicate:
            record.uid = nil
            record.id = nil
            try insert(record, place: place, line: line)
        case .update:
            let valid = try validate(record, place: place, line: line)
            try rememberOnce(existing)
            try inserter.overwrite(id: id, with: valid, uid: existing.uid, updatedAt: record.updatedAt ?? now)
            try text.rowWritten(inserted: nil, on: db)
            summary.updated += 1
        }
    }

    /// A completed occurrence becomes a completion of its reminder, not a second reminder.
    private mutating func applyOccurrence(_ record: ReminderRecord, place: Int) throws {
        guard let uid = record.uid else { return }
        guard let master = try Reminder.fetch(uid: uid, on: db) else {
            orphanOccurrences += 1
            var standalone = record
            standalone.recurrenceID = nil
            try insert(standalone, place: place, line: nil)
            return
        }
        guard record.isCompleted else {
            openOccurrences += 1
            return
        }
        let completion = Completion(due: record.recurrenceID, completedAt: record.completedAt)
        guard !master.completions.contains(where: { limits.timePrecision.same(written: completion, stored: $0) }) else {
            summary.unchanged += 1
            return
        }
        if !undo.added.contains(master.id) { try rememberOnce(master) }
        try db.run(completion.insert(reminderID: master.id))
        summary.occurrences += 1
    }

    private mutating func rememberOnce(_ reminder: Reminder) throws {
        if remembered.insert(reminder.id).inserted { try undo.remember(reminder, on: db) }
    }

    private func validate(_ record: ReminderRecord, place: Int, line: Int?) throws -> ValidRecord {
        do {
            return try ValidRecord(record, now: now, completedNow: false)
        } catch {
            throw ReminderStore.formatError(error, record: place, line: line, source: source)
        }
    }

    // MARK: Look-ups

    private mutating func lookUp(uid: String) throws -> Int64? {
        if findUID == nil { findUID = try db.prepare(ReminderTable.where { $0.uid == "" }.select { $0.id }.sql) }
        return try findUID!.fetchValue([.text(uid)], as: Int64.self)
    }

    /// The stored reminder `id`, completions included, as `Reminder.fetch(id:on:)` reads it,
    /// through statements prepared once: a re-import reads one per line of the file.
    ///
    /// ```swift
    /// try run.stored(7)
    /// // SELECT "reminders"."id", "lists"."name", … FROM "reminders" JOIN "lists" … WHERE ("reminders"."id" = ?)
    /// // SELECT "reminder_completions"."due", "reminder_completions"."completed_at" FROM "reminder_completions"
    /// //   WHERE ("reminder_completions"."reminder_id" = ?) ORDER BY "reminder_completions"."id"
    /// ```
    private mutating func stored(_ id: Int64) throws -> Reminder {
        if findReminder == nil {
            findReminder = try db.prepare(Self.reminderByID.sql)
            findCompletions = try db.prepare(Self.completionsOf.sql)
        }
        guard let row = try findReminder!.fetchOne([.integer(id)]) else { throw StoreError.reminderNotFound(id: id) }
        let completions = try findCompletions!.fetchAll([.integer(id)])
            .map { Completion(storage: try Self.completionsOf.decode($0.values)) }
        return Reminder(try Self.reminderByID.decode(row.values), completions: completions)
    }

    /// What ``stored(_:)`` runs, with 0 where each run binds the id.
    private static let reminderByID = Reminder.query.where { r, _ in r.id == 0 }
    private static let completionsOf = Reminder.completionsQuery(of: 0)

    /// Whether an earlier line of the file wrote or matched the reminder `id`: then a line
    /// whose uid finds it repeats that line's uid.
    private func isRepeated(_ id: Int64) -> Bool {
        matched.contains(id) || undo.added.contains(id)
    }

    private mutating func isTaken(_ id: Int64) throws -> Bool {
        if findID == nil { findID = try db.prepare(ReminderTable.where { $0.id == 0 }.select { $0.id }.sql) }
        return try findID!.fetchValue([.integer(id)], as: Int64.self) != nil
    }

    /// Whether an incoming record says the same as a stored reminder (ids, uids and
    /// `updatedAt` aside; list and tag names compared as the database compares them).
    static func sameFields(_ record: ReminderRecord, _ stored: Reminder) -> Bool {
        let list = (try? StoreNames.list(record.list)) ?? ""
        let tags = ((try? StoreNames.tags(record.tags)) ?? []).map(StoreNames.key).sorted()
        return record.title == stored.title && record.notes == stored.notes
            && StoreNames.key(list) == StoreNames.key(stored.list)
            && tags == stored.tags.map(StoreNames.key).sorted()
            && record.priority == stored.priority && record.isFlagged == stored.isFlagged
            && record.isCompleted == stored.isCompleted
            && (record.isCompleted ? record.completedAt.map(Timestamp.millis) == stored.completedAt.map(Timestamp.millis) : true)
            && record.due == stored.due && record.repeat == stored.repeat
            && record.createdAt.map(Timestamp.millis) == Timestamp.millis(stored.createdAt)
            && record.completions == stored.completions && record.icalendar == stored.icalendar
    }
}
