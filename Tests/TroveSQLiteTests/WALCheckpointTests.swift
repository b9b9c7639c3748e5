import Foundation
import Testing
import TroveQuery
@testable import TroveSQLite

@Suite struct WALCheckpointTests {
    /// Regression: the read-only readers closed after the writer, so no connection could fold
    /// the WAL back into the file; `x.db-wal` outlived the process, and a copy of `x.db` alone
    /// (a naive backup) lacked the latest writes.
    @Test func closingTheLastDatabaseFoldsTheWALIntoTheFile() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.file("notes.db")
        do {
            let database = try SQLiteDatabase(path: path, readers: 2)
            try await database.write { db in
                try db.execute("CREATE TABLE notes(body TEXT)")
                try db.execute("INSERT INTO notes(body) VALUES (\("kept"))")
            }
            // A read leaves every reader connection opened and used.
            let count = try await database.read { db in try db.fetchValue("SELECT count(*) FROM notes", as: Int.self) }
            #expect(count == 1)
            #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        }
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))

        // The main file on its own, as `cp notes.db backup.db` would take it.
        let backup = folder.file("backup.db")
        try FileManager.default.copyItem(atPath: path, toPath: backup)
        let copy = try SQLConnection(path: backup)
        #expect(try copy.fetchValue("SELECT body FROM notes", as: String.self) == "kept")
    }
}
