public import Trove

/// The notes app's database: its own `notes` table, made by its own numbered migrations
/// (`PRAGMA user_version`), and a Trove search index over it.
public struct Notes: Sendable {
    /// The database: one writer and readers that search beside it.
    public let database: SQLiteDatabase
    /// What to search: the title counts ten times the body; `folder:` and `pinned:` filter.
    public let index: SearchIndex

    /// Opens the database at `path` (in memory by default) and brings it up to date.
    public init(path: String = ":memory:") async throws {
        database = try SQLiteDatabase(path: path)
        index = try SearchIndex(
            table: "notes", key: "id",
            fields: [.init("title", weight: 10), .init("body")],
            filters: ["folder": .text("folder"), "pinned": .bool("pinned")],
            facets: ["folder"])
        try await database.write { [index] db in
            try Notes.migrate(db)
            try index.migrate(db)
        }
    }

    /// The app's own migrations, numbered by `PRAGMA user_version`, which Trove's index never touches.
    private static func migrate(_ db: SQLiteConnection) throws {
        let version = try db.fetchValue("PRAGMA user_version", as: Int.self) ?? 0
        if version < 1 {
            try db.execute("""
                CREATE TABLE notes (
                    id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL DEFAULT '',
                    folder TEXT, pinned INTEGER NOT NULL DEFAULT 0
                )
                """)
        }
        if version < 2 { try db.execute("CREATE INDEX notes_folder ON notes(folder)") }
        try db.execute("PRAGMA user_version = 2")
    }

    /// Adds a note; returns its id.
    @discardableResult
    public func add(_ title: String, body: String = "", folder: String? = nil, pinned: Bool = false) async throws -> Int64 {
        try await database.write { db in
            try db.execute("""
                INSERT INTO notes (title, body, folder, pinned) VALUES (\(title), \(body), \(SQLFragment(binding: folder)), \(pinned))
                """)
            return db.lastInsertRowID
        }
    }

    /// Changes a note's body.
    public func edit(_ id: Int64, body: String) async throws {
        try await database.write { db in try db.execute("UPDATE notes SET body = \(body) WHERE id = \(id)") }
    }

    /// Deletes a note.
    public func delete(_ id: Int64) async throws {
        try await database.write { db in try db.execute("DELETE FROM notes WHERE id = \(id)") }
    }

    /// Searches the notes: `sourdough folder:Baking`, `"pack the camera"`, `lisbon -pinned:yes`.
    public func search(_ text: String, limit: Int = 20) async throws -> IndexResultSet {
        try await index.search(text, in: database, limit: limit)
    }

    /// Search as you type: answers for the latest text, the search of an older one cancelled. A
    /// text with many matches is answered provisionally first (`isProvisional`, its total a
    /// lower bound); its last answer is the final one.
    public func results<Texts: AsyncSequence & Sendable>(
        for texts: Texts
    ) -> AsyncThrowingStream<IndexResultSet, any Error> where Texts.Element == String {
        index.results(for: texts, in: database)
    }
}
