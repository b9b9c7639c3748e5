import Synchronization
import TroveSQLite

/// Notices commits to a database, for answers that follow the data: a token that differs
/// after any commit.
///
/// ```swift
/// let watcher = try ChangeWatcher(database: database)
/// let before = try await watcher.token()
/// try await database.write { try $0.execute("INSERT INTO notes(title) VALUES ('x')") }
/// try await watcher.token() != before   // true
/// ```
///
/// A file database gets a read-only connection of the watcher's own, whose
/// `PRAGMA data_version` changes whenever any other connection commits: this process's writer
/// or another process. An in-memory database has only one connection, whose own commits do
/// not change its data version, so there the token also holds `sqlite3_total_changes`.
/// See https://www.sqlite.org/pragma.html#pragma_data_version.
final class ChangeWatcher: Sendable {
    private let database: SQLiteDatabase
    /// The watcher's own connection, nil for an in-memory database.
    private let connection: Mutex<SQLConnection?>

    /// - Throws: `OpenError` when the watching connection cannot open the file.
    init(database: SQLiteDatabase) throws {
        self.database = database
        let isFile = database.path != ":memory:" && !database.path.isEmpty
        connection = Mutex(isFile ? try SQLConnection(path: database.path, options: .init(readOnly: true)) : nil)
    }

    /// Something that differs after any commit to the database.
    struct Token: Hashable, Sendable {
        var dataVersion: Int64
        var totalChanges: Int
    }

    /// The token now.
    func token() async throws -> Token {
        let own = try connection.withLock { connection -> Token? in
            guard let connection else { return nil }
            return Token(dataVersion: try connection.dataVersion, totalChanges: 0)
        }
        if let own { return own }
        return try await database.read { db in Token(dataVersion: try db.dataVersion, totalChanges: db.totalChanges) }
    }

    /// Returns once the token differs from `seen`, looking every `interval`.
    ///
    /// - Returns: The new token.
    /// - Throws: `CancellationError` when the task is cancelled while waiting.
    func change(
        from seen: Token, every interval: Duration, clock: any Clock<Duration>
    ) async throws -> Token {
        while true {
            try await clock.sleep(for: interval, tolerance: nil)
            let now = try await token()
            if now != seen { return now }
        }
    }
}
