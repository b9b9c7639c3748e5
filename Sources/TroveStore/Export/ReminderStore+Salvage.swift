import TroveQuery
import TroveSQLite

extension ReminderStore {
    /// Writes every reminder that can still be read from a damaged database, one row at a
    /// time, and says which could not be: `trove export --salvage`.
    ///
    /// ```swift
    /// let report = try await store.exportSalvaging(to: &writer)
    /// report.skipped   // [32]: that row's record is damaged; every other reminder was written
    /// // SELECT id FROM reminders NOT INDEXED WHERE id > ? ORDER BY id LIMIT 1   -- walked, jumping damaged pages
    /// // SELECT id FROM reminders INDEXED BY reminders_in_due_order               -- and every other source of ids
    /// // then per id: SELECT "reminders"."id", "lists"."name", … WHERE ("reminders"."id" = ?)
    /// ```
    ///
    /// Ids come from every place that holds them, each read until it fails: the table walked by
    /// id (a damaged page is jumped over by probing further ids), its two indexes, the search
    /// index's per-row table and the tag links. So a reminder on a damaged page that an index
    /// still names is reported by id, not lost in silence. Reminders are written in id order.
    ///
    /// - Parameters:
    ///   - writer: Any format's writer; `finish()` is called on it.
    ///   - includeCompleted: Whether completed reminders are written.
    /// - Returns: What was written and what was skipped.
    /// - Throws: `FormatError` when the sink cannot be written; a SQLite error only when the
    ///   database cannot be read at all.
    public func exportSalvaging<Writer: ReminderWriter>(to writer: inout Writer, includeCompleted: Bool = true) async throws
        -> SalvageReport
    {
        // NB: boxed as an existential so the body captures no generic (non-Sendable) metatype.
        let box = UncheckedTransfer<any ReminderWriter>(writer)
        defer { writer = box.value as! Writer }
        return try await database.read { db in
            // NB: one read transaction, so every source sees one snapshot; rolled back at the
            // end rather than committed, since a COMMIT after a damaged read reports the damage.
            try db.execute("BEGIN")
            defer { try? db.execute("ROLLBACK") }
            do {
                let (walked, gaps) = Self.walkIDs(on: db)
                var named = Set<Int64>()
                for source in Self.idSources { named.formUnion(Self.ids(source, on: db)) }
                let ids = walked.union(named)
                var written = 0
                var skipped: [Int64] = []
                for id in ids.sorted() {
                    let reminder: Reminder
                    do {
                        reminder = try Reminder.fetch(id: id, on: db)
                    } catch {
                        // NB: "not found" may be a damaged row that no longer joins its list, or
                        // one on a page so damaged the table cannot find it while an index still
                        // names it: both are lost rows. Only an id the walk alone turned up (a
                        // rowid read from garbage) that the table cannot give is no reminder.
                        let exists = try? db.fetchValue("SELECT count(*) FROM reminders NOT INDEXED WHERE id = \(id)", as: Int.self)
                        if exists != 0 || named.contains(id) { skipped.append(id) }
                        continue
                    }
                    guard includeCompleted || !reminder.isCompleted else { continue }
                    try box.value.write(reminder.record)
                    written += 1
                }
                try box.value.finish()
                return SalvageReport(written: written, skipped: skipped, unreadableRanges: gaps)
            }
        }
    }

    /// Queries that list reminder ids without reading the table's own pages.
    private static let idSources: [SQLFragment] = [
        "SELECT id FROM reminders INDEXED BY reminders_in_due_order",
        "SELECT id FROM reminders INDEXED BY reminders_by_list",
        "SELECT id FROM reminders INDEXED BY reminders_by_uid",
        "SELECT id FROM reminders_fts_docsize",
        "SELECT reminder_id FROM reminder_tags",
    ]

    /// The ids a query yields until it fails, or none when it cannot run (a dropped index).
    private static func ids(_ sql: SQLFragment, on db: SQLConnection) -> Set<Int64> {
        var ids = Set<Int64>()
        guard let cursor = try? db.cursor(sql) else { return ids }
        defer { cursor.finish() }
        while let row = try? cursor.next() {
            if let id = try? row[0] as Int64 { ids.insert(id) }
        }
        return ids
    }

    /// Walks the table by id. Where a page cannot be read, probes ever further ids (1, 2, 4, …
    /// past the last good one) until a readable page answers, and records the stretch jumped.
    private static func walkIDs(on db: SQLConnection) -> (Set<Int64>, [ClosedRange<Int64>]) {
        var ids = Set<Int64>()
        var gaps: [ClosedRange<Int64>] = []
        var last = Int64.min
        func next(after id: Int64) throws -> Int64? {
            let found = try db.fetchValue("SELECT id FROM reminders NOT INDEXED WHERE id > \(id) ORDER BY id LIMIT 1", as: Int64.self)
            // NB: a page of garbage cells can answer a rowid at or below `id`; following it walked
            // in a circle for ever, so it counts as an unreadable page.
            if let found, found <= id { throw WalkStalled() }
            return found
        }
        while true {
            do {
                guard let id = try next(after: last) else { break }
                ids.insert(id)
                last = id
            } catch {
                var step: Int64 = 1
                var resumed: Int64?
                var reachedEnd = false
                while resumed == nil && !reachedEnd {
                    let (probe, overflow) = last.addingReportingOverflow(step)
                    if overflow { break }
                    do {
                        if let id = try next(after: probe) { resumed = id } else { reachedEnd = true }
                    } catch {
                        let (doubled, tooFar) = step.multipliedReportingOverflow(by: 2)
                        if tooFar { break }
                        step = doubled
                    }
                }
                let start = last == .min ? .min : last + 1
                guard let resumed else {
                    gaps.append(start...Int64.max)
                    break
                }
                if resumed > start { gaps.append(start...(resumed - 1)) }
                ids.insert(resumed)
                last = resumed
            }
        }
        return (ids, gaps)
    }
}

/// ``ReminderStore`` salvage's walk by id met a rowid that does not advance: a damaged page.
private struct WalkStalled: Error {}
