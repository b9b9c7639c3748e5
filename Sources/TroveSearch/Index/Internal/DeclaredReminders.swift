import TroveQuery
package import TroveSQLite

extension SearchIndex {
    /// The reminders as one declaration (issue 18, item 3), for the tests and the benchmark
    /// that compare it with the reminders' engine: the same fields and weights, the tags as
    /// the field of names, `list:`, `tag:`, `due:` (a deadline), `is:` and `p:`, the list and
    /// tag facets, the engine's tiebreakers, completed reminders ranked lower and left out of
    /// a search without words.
    ///
    /// Not yet the store's own: its `tag:` lookup reads ``declaredReminderTags``, a table of
    /// each reminder's tag names that ``declareReminders(_:)`` fills once (a lookup reads one
    /// table, and the reminders' tags take two), and its FTS5 index sits beside the store's.
    package static let declaredReminders: SearchIndex = {
        do {
            return try SearchIndex(
                name: "declared_reminders", table: "reminders", key: "id",
                fields: [.init("title", weight: 5), .init("notes"), .init("tags", weight: 2, holdsNames: true)],
                filters: [
                    "list": .lookup("list_id", table: "lists", key: "id", value: "name"),
                    "tag": .lookup("id", table: declaredReminderTags, key: "reminder_id", value: "name"),
                    "due": .deadline("due_date", done: "is_completed"),
                    "is": .named([
                        "open": .init("is_completed", 0), "completed": .init("is_completed", 1),
                        "flagged": .init("is_flagged", 1), "unflagged": .init("is_flagged", 0),
                    ]),
                    "p": .named([
                        "none": .init("priority", 0), "low": .init("priority", 1),
                        "medium": .init("priority", 2), "high": .init("priority", 3),
                    ]),
                ],
                facets: ["list", "tag"],
                tiebreakers: [
                    .ascending("is_completed"), .ascending("due_date"), .descending("priority"), .descending("created_at"),
                ],
                demoted: "is_completed", hidesDemotedWhenBrowsing: true)
        } catch {
            preconditionFailure("the reminders' declaration is valid: \(error)")
        }
    }()

    /// The table of each reminder's tag names that ``declaredReminders``' `tag:` reads.
    package static let declaredReminderTags = "declared_reminder_tags"

    /// Fills ``declaredReminderTags`` from the store's tags (once: later writes do not reach
    /// it) and migrates ``declaredReminders`` in a reminders database.
    ///
    /// ```swift
    /// // CREATE TABLE "declared_reminder_tags"("reminder_id" INTEGER NOT NULL, "name" TEXT NOT NULL COLLATE NOCASE,
    /// //   PRIMARY KEY ("reminder_id", "name")) WITHOUT ROWID;
    /// // INSERT INTO "declared_reminder_tags" SELECT … FROM reminder_tags JOIN tags …;
    /// // CREATE INDEX … ON "declared_reminder_tags"("name", "reminder_id"); then migrate(db)
    /// ```
    package static func declareReminders(_ db: SQLConnection) throws {
        let tags = SQLFragment(identifier: declaredReminderTags)
        try db.execute("DROP TABLE IF EXISTS \(tags)")
        // NB: keyed by reminder for the facet's join from each match, and indexed by name for
        // the filter, as `reminder_tags` and its `reminder_tags_by_tag` are.
        try db.execute("""
            CREATE TABLE \(tags)("reminder_id" INTEGER NOT NULL, "name" TEXT NOT NULL COLLATE NOCASE,
                PRIMARY KEY ("reminder_id", "name")) WITHOUT ROWID
            """)
        try db.execute("""
            INSERT INTO \(tags)("reminder_id", "name")
            SELECT "reminder_tags"."reminder_id", "tags"."name" FROM "reminder_tags" JOIN "tags" ON "tags"."id" = "reminder_tags"."tag_id"
            """)
        try db.execute("CREATE INDEX \(identifier: declaredReminderTags + "_by_name") ON \(tags)(\"name\", \"reminder_id\")")
        try declaredReminders.migrate(db)
    }
}
