import TroveQuery
import TroveSQLite

extension ReminderStore {
    /// Writes reminders to `writer` in id order, and finishes it:
    /// the caller must not call `finish()` again.
    ///
    /// ```swift
    /// var writer = ReminderFormat.jsonl.makeWriter(ByteSink(fileHandle: .standardOutput))
    /// try await store.export(to: &writer, includeCompleted: false)
    /// // SELECT "reminders"."id", "lists"."name", … FROM "reminders" JOIN "lists" ON (…)
    /// //   WHERE ("reminders"."is_completed" = ?) ORDER BY "reminders"."id"
    /// // SELECT count(*) FROM "reminders" WHERE ("reminders"."is_completed" = ?)
    /// ```
    ///
    /// Rows stream from a cursor into the writer one at a time, in one read transaction, so
    /// the export is a consistent snapshot and memory stays flat. Tags come out in the order given.
    ///
    /// - Parameters:
    ///   - writer: Any format's writer; `finish()` is called on it.
    ///   - includeCompleted: Whether completed reminders are written.
    /// - Returns: How many reminders were written.
    /// - Throws: `FormatError` when the sink cannot be written; `StoreError.unreadableRows` when a
    ///   damaged database gives fewer rows than it counts; or a SQLite error.
    @discardableResult
    public func export<Writer: ReminderWriter>(to writer: inout Writer, includeCompleted: Bool = true) async throws -> Int {
        // NB: boxed as an existential so the body captures no generic (non-Sendable) metatype.
        let box = UncheckedTransfer<any ReminderWriter>(writer)
        defer { writer = box.value as! Writer }
        return try await database.read { db in
            let query = Reminder.query
                .where { r, _ in if !includeCompleted { r.isCompleted == false } }
                // NB: id order, not creation order: an import into an empty database keeps ids (or
                // gives them in file order), so a format that cannot carry a creation time
                // still exports in the same order after a round trip.
                .order { r, _ in r.id }
            // NB: completions are few (repeating reminders only); one read beats one per row.
            let completions = try Reminder.allCompletions(on: db)
            let cursor = try db.cursor(query.sql)
            defer { cursor.finish() }
            var count = 0
            while let row = try cursor.next() {
                let decoded = try query.decode(row.values)
                try box.value.write(Reminder(decoded, completions: completions[decoded.0] ?? []).record)
                count += 1
            }
            // NB: a damaged row can vanish from the join instead of failing (a list id that
            // reads as garbage matches no list); a count of the table itself catches it.
            let stored = try db.first(ReminderTable.where { if !includeCompleted { $0.isCompleted == false } }.count()) ?? 0
            guard count == stored else { throw StoreError.unreadableRows(written: count, stored: stored) }
            try box.value.finish()
            return count
        }
    }

    /// Writes the reminders with these ids (say, a query's hits) to `writer` in id order, and
    /// finishes it: what ``export(to:includeCompleted:)`` writes, for these reminders only.
    ///
    /// ```swift
    /// try await store.export(ids: [7, 3], to: &writer)
    /// // SELECT "reminders"."id", "lists"."name", … WHERE ("reminders"."id" IN (?, ?)) ORDER BY "reminders"."id"
    /// //   -- 500 ids at a time, in one read transaction
    /// ```
    ///
    /// - Returns: How many reminders were written; an id with no reminder is left out.
    /// - Throws: `FormatError` when the sink cannot be written, or a SQLite error.
    @discardableResult
    public func export<Writer: ReminderWriter>(ids: [Int64], to writer: inout Writer, includeCompleted: Bool = true) async throws -> Int {
        let box = UncheckedTransfer<any ReminderWriter>(writer)
        defer { writer = box.value as! Writer }
        let sorted = Array(Set(ids)).sorted()
        return try await database.read { db in
            let completions = try Reminder.allCompletions(on: db)
            var count = 0
            try db.transaction {
                var start = 0
                while start < sorted.count {
                    let chunk = Array(sorted[start..<min(start + 500, sorted.count)])
                    let query = Reminder.query
                        .where { r, _ in
                            r.id.in(chunk)
                            if !includeCompleted { r.isCompleted == false }
                        }
                        .order { r, _ in r.id }
                    for row in try db.all(query) {
                        try box.value.write(Reminder(row, completions: completions[row.0] ?? []).record)
                        count += 1
                    }
                    start += 500
                }
            }
            try box.value.finish()
            return count
        }
    }
}
