// MARK: task migrate — the app's own schema (PRAGMA user_version), then the search index's.
import Trove

extension Bookmarks {
    static func migrate(_ db: SQLConnection, _ index: SearchIndex) throws {
        if try db.fetchValue("PRAGMA user_version", as: Int.self) ?? 0 < 1 {
            try db.execute("""
                CREATE TABLE bookmarks (
                    id INTEGER PRIMARY KEY, url TEXT NOT NULL, title TEXT NOT NULL, notes TEXT NOT NULL DEFAULT '',
                    folder TEXT, created_at TEXT NOT NULL, visits INTEGER
                )
                """)
            try db.execute("PRAGMA user_version = 1")
        }
        try index.migrate(db)
    }
}
