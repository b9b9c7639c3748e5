import CSQLite

/// The linked SQLite library.
public enum SQLiteLibrary {
    /// `3.40.1`. See https://www.sqlite.org/c3ref/libversion.html
    public static var version: String { String(cString: sqlite3_libversion()) }

    /// Whether the linked SQLite has FTS5, checked once per process.
    ///
    /// Asks `sqlite3_compileoption_used("ENABLE_FTS5")` first, then falls back to creating a
    /// temporary `fts5` table, since a build can also carry FTS5 without that option recorded.
    ///
    /// See https://www.sqlite.org/c3ref/compileoption_get.html and https://www.sqlite.org/fts5.html
    public static var hasFTS5: Bool { fts5Available }

    // NB: a global `let` is initialised once, lazily and thread-safely, so the probe runs at most
    // once per process however many connections open.
    private static let fts5Available: Bool = {
        if sqlite3_compileoption_used("ENABLE_FTS5") == 1 { return true }
        var db: OpaquePointer?
        defer { sqlite3_close_v2(db) }
        guard sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else { return false }
        return sqlite3_exec(db, "CREATE VIRTUAL TABLE temp.fts5_probe USING fts5(x)", nil, nil, nil) == SQLITE_OK
    }()

    /// Whether the linked SQLite has the `dbstat` virtual table (page-level sizes), checked once.
    ///
    /// See https://www.sqlite.org/dbstat.html
    public static var hasDBStat: Bool { dbstatAvailable }

    private static let dbstatAvailable: Bool = {
        if sqlite3_compileoption_used("ENABLE_DBSTAT_VTAB") == 1 { return true }
        var db: OpaquePointer?
        defer { sqlite3_close_v2(db) }
        guard sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else { return false }
        return sqlite3_exec(db, "SELECT count(*) FROM dbstat", nil, nil, nil) == SQLITE_OK
    }()
}
