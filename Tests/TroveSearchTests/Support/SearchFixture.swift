import TroveQuery
import Testing
import Foundation
import TroveSQLite
import TroveSearch
import TroveStore

/// A small in-memory database for engine tests, with "today" pinned to 2026-03-02 (UTC).
///
/// | id | list      | title             | notes (short)              | pri | flag | done | due                     | tags        |
/// |----|-----------|-------------------|----------------------------|-----|------|------|-------------------------|-------------|
/// | 1  | Groceries | Buy milk          | 2 litres of oat milk …     | 1   | 1    | 0    | 2026-03-01              | errand      |
/// | 2  | Home      | Take a walk       | around the park with the dog | 0 | 0    | 0    |                         | home        |
/// | 3  | Home      | Walk the dog      | take treats                | 2   | 1    | 1    | 2026-03-05              | home        |
/// | 4  | Work      | Call the dentist  |                            | 3   | 0    | 0    | 2026-03-02 20:00 UTC    | urgent      |
/// | 5  | Work      | Quarterly report  | 30 words, dentist mid-way  | 2   | 0    | 0    | 2026-03-08              |             |
/// | 6  | Home      | Party 🎉 planning | balloons and cake          | 0   | 0    | 0    | 2026-03-03              | errand, home|
/// | 7  | Groceries | Bread             | sourdough                  | 0   | 0    | 1    |                         |             |
/// | 8  | Groceries | Cheese            | and some milk for the …    | 0   | 0    | 0    |                         |             |
/// | 9  | Home      | Water plants      |                            | 1   | 0    | 0    |                         |             |
/// | 10 | Home      | Water plants      |                            | 3   | 0    | 0    |                         |             |
/// | 11 | Home      | Water plants      |                            | 3   | 0    | 1    | 2026-03-01              |             |
/// | 12 | Work      | Water plants      |                            | 0   | 0    | 0    | 2026-03-04              |             |
///
/// Reminder n was created on 2026-01-n.
enum SearchFixture {
    static let today = CalendarDay("2026-03-02")!
    static let utc = TimeZone(identifier: "UTC")!

    static let quarterlyNotes = "Gather the numbers from finance, check them twice, then write the summary for "
        + "the board and mention the dentist appointment that moved the review to next week before sending it out"

    static func database(path: String = ":memory:") async throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(path: path)
        try await database.writeWithoutTransaction { db in try Migrator().migrate(db, path: path) }
        try await database.write { db in
            try db.execute("""
                INSERT INTO lists (id, name, position) VALUES (1, 'Groceries', 0), (2, 'Home', 1), (3, 'Work', 2);
                INSERT INTO tags (id, name) VALUES (1, 'errand'), (2, 'home'), (3, 'urgent');
                """)
            let rows: [(Int, Int, String, String, Int, Int, Int, String?)] = [
                (1, 1, "Buy milk", "2 litres of oat milk from the corner shop", 1, 1, 0, "2026-03-01"),
                (2, 2, "Take a walk", "around the park with the dog", 0, 0, 0, nil),
                (3, 2, "Walk the dog", "take treats", 2, 1, 1, "2026-03-05"),
                (4, 3, "Call the dentist", "", 3, 0, 0, "2026-03-02 20:00:00.000"),
                (5, 3, "Quarterly report", quarterlyNotes, 2, 0, 0, "2026-03-08"),
                (6, 2, "Party 🎉 planning", "balloons and cake", 0, 0, 0, "2026-03-03"),
                (7, 1, "Bread", "sourdough", 0, 0, 1, nil),
                (8, 1, "Cheese", "and some milk for the cheese sauce", 0, 0, 0, nil),
                (9, 2, "Water plants", "", 1, 0, 0, nil),
                (10, 2, "Water plants", "", 3, 0, 0, nil),
                (11, 2, "Water plants", "", 3, 0, 1, "2026-03-01"),
                (12, 3, "Water plants", "", 0, 0, 0, "2026-03-04"),
            ]
            for (id, list, title, notes, priority, flagged, completed, due) in rows {
                let created = "2026-01-" + (id < 10 ? "0" : "") + String(id) + " 08:00:00.000"
                try db.execute("""
                    INSERT INTO reminders (id, list_id, title, notes, priority, is_flagged, is_completed, due_date,
                                           created_at, updated_at)
                    VALUES (\(id), \(list), \(title), \(notes), \(priority), \(flagged), \(completed), \(SQLFragment(binding: due)),
                            \(created), \(created))
                    """)
            }
            try db.execute("INSERT INTO reminder_tags (reminder_id, tag_id) VALUES (1, 1), (2, 2), (3, 2), (4, 3), (6, 1), (6, 2)")
        }
        return database
    }

    static func request(
        _ text: String, exact: Bool = false, limit: Int = 50, page: SearchPage = .first, sort: SearchSort = .rank,
        typos: TypoTolerance = .on, highlight: HighlightStyle = .brackets, includeCompleted: Bool? = nil,
        timeZone: TimeZone = utc
    ) -> SearchRequest {
        SearchRequest(
            text: text, exact: exact, limit: limit, page: page, includeCompleted: includeCompleted, sort: sort,
            typos: typos, highlight: highlight, today: today, timeZone: timeZone)
    }

    /// The final result set for `request`, from the engine its query names.
    static func search(
        _ request: SearchRequest, in database: SQLiteDatabase, registry: EngineRegistry = EngineRegistry()
    ) async throws -> ResultSet {
        var last: ResultSet?
        for try await resultSet in registry.results(for: request, in: database) { last = resultSet }
        return try #require(last)
    }

    static func ids(_ text: String, in database: SQLiteDatabase, exact: Bool = false, timeZone: TimeZone = utc) async throws -> [Int64] {
        try await search(request(text, exact: exact, timeZone: timeZone), in: database).hits.map(\.id)
    }
}
