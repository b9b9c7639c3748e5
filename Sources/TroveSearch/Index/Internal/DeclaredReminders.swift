import TroveQuery
package import TroveSQLite

extension SearchIndex {
    /// The reminders as one declaration (issue 18, item 3), for the tests and the benchmark
    /// that compare it with the reminders' engine: the same fields and weights, the tags as
    /// the field of names, `list:`, `tag:`, `due:` (a deadline), `is:` and `p:`, the list and
    /// tag facets, the engine's tiebreakers, completed reminders ranked lower and left out of
    /// a search without words.
    ///
    /// Not yet the store's own: its FTS5 index sits beside the store's. Its `tag:` reads the
    /// store's own tables, through the links of `reminder_tags` to the names of `tags`.
    package static let declaredReminders: SearchIndex = {
        do {
            return try SearchIndex(
                name: "declared_reminders", table: "reminders", key: "id",
                fields: [.init("title", weight: 5), .init("notes"), .init("tags", weight: 2, holdsNames: true)],
                filters: [
                    "list": .lookup("list_id", table: "lists", key: "id", value: "name"),
                    "tag": .linked("id", links: "reminder_tags", from: "reminder_id", to: "tag_id", table: "tags", key: "id", value: "name"),
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

    /// Migrates ``declaredReminders`` in a reminders database, and drops the table of each
    /// reminder's tag names an earlier build's declaration read (`declared_reminder_tags`).
    ///
    /// ```swift
    /// // DROP TABLE IF EXISTS "declared_reminder_tags"; then migrate(db)
    /// ```
    package static func declareReminders(_ db: SQLConnection) throws {
        try db.execute("DROP TABLE IF EXISTS \"declared_reminder_tags\"")
        try declaredReminders.migrate(db)
    }
}
