import CSQLite
import CTroveSQLiteSupport

/// The linked SQLite library.
public enum SQLiteLibrary {
    /// `3.40.1`. See https://www.sqlite.org/c3ref/libversion.html
    public static var version: String { String(cString: sqlite3_libversion()) }

    /// Applies the process-wide settings Trove wants before SQLite starts, once per process:
    /// memory statistics off (`sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0)`). Every connection
    /// Trove opens calls it first; a process that opens other SQLite connections before Trove's
    /// (GRDB, Core Data, …) calls it before them for the setting to apply.
    ///
    /// ```swift
    /// SQLiteLibrary.configure()  // true: set before SQLite started; false: SQLite had started
    /// ```
    ///
    /// - Returns: Whether the settings apply (false when SQLite had started before the first call:
    ///   then nothing changes, and everything still works).
    ///
    /// NB: why. With memory statistics on (SQLite's default), every allocation SQLite makes
    /// takes one process-wide mutex, and FTS5 allocates for every page it reads: a search's two
    /// readers (``SQLiteSharedRead``) spent much of their time waiting on each other. Each half
    /// of `doctor for*`'s matches at 1,000,000 reminders took 35 ms alone and 60 ms with the
    /// other half running on a second thread (35 ms in a second process); with the statistics
    /// off, 36 ms (BENCHMARKS-HISTORY.md). Trove reads none of them (`sqlite3_memory_used`, heap limits).
    /// See https://www.sqlite.org/c3ref/c_config_covering_index_scan.html#sqliteconfigmemstatus
    @discardableResult
    public static func configure() -> Bool { configured }

    // NB: a global `let` runs its initialiser once, thread-safely, before any caller goes on.
    private static let configured: Bool = trove_library_configure() == SQLITE_OK

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
        configure()
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
        configure()
        if sqlite3_compileoption_used("ENABLE_DBSTAT_VTAB") == 1 { return true }
        var db: OpaquePointer?
        defer { sqlite3_close_v2(db) }
        guard sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else { return false }
        return sqlite3_exec(db, "SELECT count(*) FROM dbstat", nil, nil, nil) == SQLITE_OK
    }()
}
