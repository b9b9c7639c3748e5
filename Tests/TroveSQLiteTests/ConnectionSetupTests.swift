import CSQLite
import CTroveSQLiteSupport
import Testing
import TroveQuery
import TroveSQLite

/// TroveSQLite registers no function of its own: the functions a connection has come from the
/// setup hooks other modules add (`trove_connection_setup_add`), which every connection runs
/// as it opens (issue 18, item 4).
@Suite struct ConnectionSetupTests {
    /// A hook added here, as a module's C side adds its own, gives the next connection its
    /// function; adding it twice runs it once.
    @Test func aConnectionRunsTheHooksAddedBeforeItOpened() throws {
        let hook: trove_connection_setup_fn = { db in
            sqlite3_create_function(db, "setup_hook_probe", 0, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, { context, _, _ in
                sqlite3_result_int(context, 42)
            }, nil, nil)
        }
        #expect(trove_connection_setup_add(hook) == SQLITE_OK)
        let count = trove_connection_setup_count()
        #expect(trove_connection_setup_add(hook) == SQLITE_OK)
        #expect(trove_connection_setup_count() == count)

        let db = try SQLConnection.inMemory()
        #expect(try db.fetchValue("SELECT setup_hook_probe()", as: Int64.self) == 42)
    }

    /// The ranking and counting functions are on a connection because CTroveRanking, linked
    /// into this test program through TroveSearch, added them as the program loaded; nothing in
    /// TroveSQLite names them.
    @Test func theRankingFunctionsArriveThroughAHook() throws {
        #expect(trove_connection_setup_count() >= 1)
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE t(k INTEGER)")
        try db.execute("INSERT INTO t VALUES (1), (1), (2)")
        #expect(try db.fetchValue("SELECT trove_tally(k) FROM t", as: String.self) != nil)
    }
}
