public import Foundation
public import Trove

/// The notes app's database: its own `notes` table, made by its own numbered migrations
/// (`PRAGMA user_version`), and a Trove search index over it.
public struct Notes: Sendable {
    /// The database: one writer and readers that search beside it.
    public let database: SQLiteDatabase
    /// What to search: the title counts ten times the body; `folder:`, `pinned:`, `tag:` (or
    /// `#tag`) and `updated:` filter; folders and tags are counted.
    public let index: SearchIndex

    /// Opens the database at `path` (in memory by default) and brings it up to date.
    public init(path: String = ":memory:") async throws {
        database = try SQLiteDatabase(path: path)
        index = try SearchIndex(
            table: "notes", key: "id",
            fields: [.init("title", weight: 10), .init("body")],
            filters: [
                "folder": .text("folder"), "pinned": .bool("pinned"), "updated": .date("updated_at"),
                "tag": .lookup("id", table: "note_tags", key: "note_id", value: "tag"),
            ],
            facets: ["folder", "tag"])
        try await database.write { [index] db in
            try Notes.migrate(db)
            try index.migrate(db)
        }
    }

    /// The app's own migrations, numbered by `PRAGMA user_version`, which Trove's index never touches.
    private static func migrate(_ db: SQLConnection) throws {
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
        if version < 3 {
            try db.execute("ALTER TABLE notes ADD COLUMN updated_at TEXT")
            try db.execute("""
                CREATE TABLE note_tags (
                    note_id INTEGER NOT NULL REFERENCES notes ON DELETE CASCADE, tag TEXT NOT NULL COLLATE NOCASE,
                    PRIMARY KEY (note_id, tag)
                )
                """)
            try db.execute("CREATE INDEX note_tags_by_tag ON note_tags(tag)")
        }
        try db.execute("PRAGMA user_version = 3")
    }

    /// Adds a note; returns its id.
    @discardableResult
    public func add(
        _ title: String, body: String = "", folder: String? = nil, pinned: Bool = false, tags: [String] = [],
        updated: Date = Date()
    ) async throws -> Int64 {
        try await database.write { db in
            try db.execute("""
                INSERT INTO notes (title, body, folder, pinned, updated_at)
                VALUES (\(title), \(body), \(SQLFragment(binding: folder)), \(pinned), \(updated))
                """)
            let id = db.lastInsertRowID
            for tag in tags { try db.execute("INSERT OR IGNORE INTO note_tags (note_id, tag) VALUES (\(id), \(tag))") }
            return id
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

    /// Searches the notes: `sourdough folder:Baking`, `"pack the camera"`, `lisbon -pinned:yes`,
    /// `#weekend updated:week`.
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
