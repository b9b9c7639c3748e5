import TroveQuery
import TroveSQLite
import TroveSearch

/// An app's own notes table, made by the app's own migration (which sets `user_version` 3 and
/// an `application_id` of its own), and an index over it.
///
/// | id | title            | body                                                        | folder   | pinned |
/// |----|------------------|-------------------------------------------------------------|----------|--------|
/// | 1  | Sourdough loaf   | Feed the starter the night before; bake hot with steam      | Baking   | 1      |
/// | 2  | Weekly groceries | flour, butter, eggs and a jar for the sourdough starter     | Shopping | 0      |
/// | 3  | Pancakes         | Whisk flour, milk and eggs; rest the batter                 | Baking   | 0      |
/// | 4  | Trip to Lisbon   | Book the train; pack the camera                             | Travel   | 1      |
/// | 5  | Bread notes      | (a long body: crumb, crust, hydration, sourdough, patience) | baking   | 0      |
/// | 6  | Camera settings  | Aperture priority for street photography in Lisbon          | NULL     | 0      |
enum NotesFixture {
    static let userVersion = 3
    static let applicationID = 0x4E4F_5445  // "NOTE"

    static let breadBody = "A long note on bread: the crumb, the crust, hydration and the flour, and why a "
        + "sourdough needs patience, time and a warm kitchen more than any recipe says"

    static let index: SearchIndex = {
        do {
            return try SearchIndex(
                table: "notes", key: "id",
                fields: [.init("title", weight: 10), .init("body")],
                filters: ["folder": .text("folder"), "pinned": .bool("pinned")],
                facets: ["folder"])
        } catch {
            preconditionFailure("the fixture's declaration is valid: \(error)")
        }
    }()

    /// The app's schema and rows, before any index.
    static func appDatabase() throws -> SQLConnection {
        let db = try SQLConnection.inMemory()
        try db.execute("""
            CREATE TABLE notes (
                id INTEGER PRIMARY KEY,
                title TEXT NOT NULL,
                body TEXT,
                folder TEXT,
                pinned INTEGER NOT NULL DEFAULT 0
            )
            """)
        try db.execute("PRAGMA user_version = \(raw: String(userVersion))")
        try db.execute("PRAGMA application_id = \(raw: String(applicationID))")
        let rows: [(Int, String, String?, String?, Int)] = [
            (1, "Sourdough loaf", "Feed the starter the night before; bake hot with steam", "Baking", 1),
            (2, "Weekly groceries", "flour, butter, eggs and a jar for the sourdough starter", "Shopping", 0),
            (3, "Pancakes", "Whisk flour, milk and eggs; rest the batter", "Baking", 0),
            (4, "Trip to Lisbon", "Book the train; pack the camera", "Travel", 1),
            (5, "Bread notes", breadBody, "baking", 0),
            (6, "Camera settings", "Aperture priority for street photography in Lisbon", nil, 0),
        ]
        for (id, title, body, folder, pinned) in rows {
            try db.execute("""
                INSERT INTO notes (id, title, body, folder, pinned)
                VALUES (\(id), \(title), \(SQLFragment(binding: body)), \(SQLFragment(binding: folder)), \(pinned))
                """)
        }
        return db
    }

    /// The app's `notes` table in a `SQLiteDatabase` in memory (readers and a writer, as an app
    /// holds it), the rows of `insert` (an `INSERT INTO notes …`) in it, and ``index`` migrated.
    static func sqliteDatabase(inserting insert: SQLFragment) async throws -> SQLiteDatabase {
        let database = try SQLiteDatabase.inMemory()
        try await database.writeWithoutTransaction { db in
            try db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT, folder TEXT, pinned INTEGER NOT NULL DEFAULT 0)")
            try db.execute(insert)
            try index.migrate(db)
        }
        return database
    }

    /// Two sourdough notes (1 in Baking, 2 in Shopping) in a `SQLiteDatabase`, ``index``
    /// migrated: what the stream and provider suites search.
    static func twoSourdoughNotes() async throws -> SQLiteDatabase {
        try await sqliteDatabase(inserting: """
            INSERT INTO notes (id, title, body, folder) VALUES
              (1, 'Sourdough loaf', 'Feed the starter', 'Baking'),
              (2, 'Groceries', 'a jar for the sourdough starter', 'Shopping')
            """)
    }

    /// The app's database with ``index`` migrated.
    static func database() throws -> SQLConnection {
        let db = try appDatabase()
        try index.migrate(db)
        return db
    }

    /// Every answer a typing stream (not live) gives to `text` typed alone, in order.
    static func streamAnswers(to text: String, in database: SQLiteDatabase, of index: SearchIndex = index) async throws -> [IndexResultSet] {
        let texts = AsyncStream<String> { continuation in
            continuation.yield(text)
            continuation.finish()
        }
        var answers: [IndexResultSet] = []
        for try await results in index.results(for: texts, in: database) { answers.append(results) }
        return answers
    }
}

extension SearchIndex {
    /// Every hit's key for `text`, page after page by cursor, `limit` at a time.
    func keysByCursor(_ text: String, on db: SQLConnection, limit: Int) throws -> [Int64] {
        var page = try search(text, on: db, limit: limit)
        var keys = page.hits.map(\.key)
        while let next = page.next {
            page = try search(text, on: db, limit: limit, after: next)
            keys += page.hits.map(\.key)
        }
        return keys
    }
}
