import CSQLite
import Testing
import TroveQuery
import TroveSQLite

/// The process-wide settings ``SQLiteLibrary/configure()`` applies before SQLite starts.
@Suite("SQLite's process-wide settings")
struct LibraryConfigurationTests {
    /// Opening a connection applies them first, so SQLite keeps no memory statistics (a search's
    /// two readers would otherwise take one mutex for every allocation).
    @Test func aConnectionStartsSQLiteWithoutMemoryStatistics() throws {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE VIRTUAL TABLE notes USING fts5(body)")
        try db.execute(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500) INSERT INTO notes (body) SELECT 'note number ' || i FROM n")
        #expect(try db.fetchValue("SELECT count(*) FROM notes WHERE notes MATCH 'number'", as: Int.self) == 500)
        // NB: with the statistics on, SQLite counts every byte it holds: a connection, a schema
        // and an FTS5 table are far more than nothing.
        #expect(sqlite3_memory_used() == 0)
        #expect(sqlite3_memory_highwater(0) == 0)
        // Applied already (by the first connection of this process), so they still apply.
        #expect(SQLiteLibrary.configure())
    }
}
