import TroveQuery
import TroveSQLite

/// An in-memory database with the fixture schema and a small, hand-written set of rows.
///
/// | id | list | title          | notes           | pri | flag | done | due        |
/// |----|------|----------------|-----------------|-----|------|------|------------|
/// | 1  | 1    | Buy milk       | 2 litres        | 1   | 1    | 0    | 2026-03-01 |
/// | 2  | 1    | Take a walk    | around the park | 0   | 0    | 0    | NULL       |
/// | 3  | 2    | Walk the dog   | take treats     | 2   | 1    | 1    | 2026-03-05 |
/// | 4  | 2    | Discount 50%   |                 | 3   | 0    | 0    | 2026-03-02 |
/// | 5  | 2    | Buy 500 nails  |                 | 0   | 0    | 0    | NULL       |
/// | 6  | 2    | a_c file       | C:\path         | 0   | 0    | 0    | NULL       |
/// | 7  | 2    | abc file       | C:path          | 0   | 0    | 0    | NULL       |
///
/// Lists: 1 Groceries, 2 Home, 3 Empty. Tags: 1 home (reminders 2, 3), 2 errand (reminder 1).
/// `reminders_fts` holds every reminder with rowid = id.
enum SeededDatabase {
    static func make() throws -> SQLConnection {
        let db = try SQLConnection.inMemory()
        try db.execute(FixtureSchema.ddl)
        try db.execute(#"""
            INSERT INTO lists (id, name, position) VALUES (1, 'Groceries', 0), (2, 'Home', 1), (3, 'Empty', 2);
            INSERT INTO reminders (id, list_id, title, notes, priority, is_flagged, is_completed, completed_at, due_date) VALUES
                (1, 1, 'Buy milk', '2 litres', 1, 1, 0, NULL, '2026-03-01'),
                (2, 1, 'Take a walk', 'around the park', 0, 0, 0, NULL, NULL),
                (3, 2, 'Walk the dog', 'take treats', 2, 1, 1, '2026-02-01 10:00:00.000', '2026-03-05'),
                (4, 2, 'Discount 50%', '', 3, 0, 0, NULL, '2026-03-02'),
                (5, 2, 'Buy 500 nails', '', 0, 0, 0, NULL, NULL),
                (6, 2, 'a_c file', 'C:\path', 0, 0, 0, NULL, NULL),
                (7, 2, 'abc file', 'C:path', 0, 0, 0, NULL, NULL);
            INSERT INTO tags (id, name) VALUES (1, 'home'), (2, 'errand');
            INSERT INTO reminder_tags (reminder_id, tag_id) VALUES (2, 1), (3, 1), (1, 2);
            INSERT INTO reminders_fts (rowid, title, notes, tags)
                SELECT r.id, r.title, r.notes, coalesce((
                    SELECT group_concat(t.name, ' ') FROM reminder_tags rt JOIN tags t ON t.id = rt.tag_id
                    WHERE rt.reminder_id = r.id), '')
                FROM reminders r;
            """#)
        return db
    }
}

extension SQLConnection {
    /// Runs a typed select and decodes every row with the statement's own decoder.
    func all<Scope, Row>(_ query: SQLSelect<Scope, Row>) throws -> [Row] {
        try fetchAll(query.sql).map { try query.decode($0.values) }
    }

    /// The ids of the reminders a `where` selects, in id order unless the query orders them.
    func ids(_ query: SQLSelect<TableScope<Reminder>, [SQLBinding]>) throws -> [Int64] {
        try all(query.select { $0.id }.order { $0.id })
    }
}
