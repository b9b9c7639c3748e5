import CSQLite

/// `SQLITE_TRANSIENT`: SQLite copies the bytes before the bind call returns, so Swift's buffers
/// may go away at once. The C macro is a cast of -1, which Swift cannot import.
var sqliteTransient: sqlite3_destructor_type {
    unsafeBitCast(-1 as Int, to: sqlite3_destructor_type.self)
}
