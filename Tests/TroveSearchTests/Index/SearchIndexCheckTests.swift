import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveSearch

/// ``SearchIndex/check(_:)`` and ``SearchIndex/rebuild(_:)``: an app's index is checked against
/// its table row for row, as `trove check` checks the reminders', and rebuilt when it drifted.
@Suite struct SearchIndexCheckTests {
    let index = NotesFixture.index

    @Test func aMigratedIndexPassesAndSaysNothingToDo() throws {
        let db = try NotesFixture.database()
        let report = try index.check(db)
        #expect(report.isOK)
        #expect(report.indexChecked)
        #expect(report.advice == nil)
    }

    @Test func anIndexNeverMadeAsksForMigrate() throws {
        let db = try NotesFixture.appDatabase()
        let report = try index.check(db)
        #expect(report.problems == ["The index notes has not been made in this database."])
        #expect(report.needsMigration)
        #expect(report.advice?.hasPrefix("Call migrate(_:) on the index notes") == true)
    }

    @Test func anotherDeclarationAsksForMigrate() throws {
        let db = try NotesFixture.database()
        let other = try SearchIndex(table: "notes", key: "id", fields: [.init("title")])
        let report = try other.check(db)
        #expect(report.problems == ["The index notes was made from another declaration, or by an older Trove."])
        #expect(report.needsMigration)
    }

    /// Rows written while a trigger was away: FTS5's row-for-row comparison catches the drift,
    /// the missing trigger is named, and `rebuild` mends both.
    @Test func aDroppedTriggerAndTheRowsItMissedAreFoundAndRebuilt() throws {
        let db = try NotesFixture.database()
        try db.execute("DROP TRIGGER trove_notes_update")
        try db.execute("UPDATE notes SET title = 'Rye loaf' WHERE id = 1")
        let report = try index.check(db)
        #expect(report.problems == [
            "The index notes has no trigger trove_notes_update: edits to notes are not found.",
            "The index notes (trove_notes_fts) does not match the rows of notes, or part of it is damaged.",
        ])
        #expect(!report.needsMigration)
        #expect(report.advice?.hasPrefix("Call rebuild(_:) on the index notes") == true)
        #expect(try index.search("rye", on: db).hits.isEmpty)

        try index.rebuild(db)
        #expect(try index.check(db).isOK)
        #expect(try index.search("rye", on: db).hits.map(\.key) == [1])
        #expect(try index.search("sourdough loaf", on: db).hits.isEmpty)
    }

    @Test func aMissingSubstringIndexIsNamed() throws {
        let db = try NotesFixture.database()
        try db.execute("DROP TABLE trove_notes_substrings")
        let report = try index.check(db)
        #expect(report.problems == [
            "The index notes has no table trove_notes_substrings: words inside Chinese, Japanese or Thai text are not found."
        ])
        try index.rebuild(db)
        #expect(try index.check(db).isOK)
    }

    /// A read-only connection checks everything but FTS5's comparison, which SQLite runs as a write.
    @Test func aReadOnlyConnectionChecksAllButTheRowComparison() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trove-index-check-\(UUID().uuidString).db").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let writer = try SQLConnection(path: path)
        try writer.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT, folder TEXT, pinned INTEGER NOT NULL DEFAULT 0)")
        try writer.execute("INSERT INTO notes (title, body) VALUES ('Sourdough', 'starter')")
        try index.migrate(writer)
        try writer.execute("DROP TRIGGER trove_notes_delete")
        let reader = try SQLConnection(path: path, options: .init(readOnly: true))
        let report = try index.check(reader)
        #expect(!report.indexChecked)
        #expect(report.problems == ["The index notes has no trigger trove_notes_delete: deleted rows of notes are still found."])
    }

    /// A rebuild inside the caller's transaction is undone with it.
    @Test func aRebuildInsideATransactionRollsBackWithIt() throws {
        let db = try NotesFixture.database()
        try db.execute("DROP TRIGGER trove_notes_insert")
        try db.execute("BEGIN")
        try index.rebuild(db)
        #expect(try index.check(db).isOK)
        try db.execute("ROLLBACK")
        #expect(try index.check(db).problems.first == "The index notes has no trigger trove_notes_insert: new rows of notes are not found.")
    }
}
