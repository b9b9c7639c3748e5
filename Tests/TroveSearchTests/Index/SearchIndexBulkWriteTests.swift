import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveSearch

/// An app writes many rows of its table with the index's triggers away; the index afterwards
/// is the one the triggers would have left, and a failed write leaves everything as it was.
@Suite struct SearchIndexBulkWriteTests {
    static func triggers(_ db: SQLConnection) throws -> [String] {
        try db.fetchAll("SELECT name || ': ' || sql FROM sqlite_schema WHERE type = 'trigger' ORDER BY name")
            .map { try $0[0] as String }
    }

    static func tempObjects(_ db: SQLConnection) throws -> Int {
        try db.fetchValue("SELECT count(*) FROM sqlite_temp_schema", as: Int.self) ?? -1
    }

    /// Both FTS5 tables pass their check against the table, and hold one row per row they index.
    static func expectWhole(_ db: SQLConnection) throws {
        let index = NotesFixture.index
        for table in [index.ftsTable, index.substringTable] {
            try db.execute("INSERT INTO \(identifier: table)(\(identifier: table), rank) VALUES ('integrity-check', 1)")
        }
        #expect(try db.fetchValue("SELECT count(*) FROM trove_notes_fts_docsize", as: Int.self)
            == (try db.fetchValue("SELECT count(*) FROM notes", as: Int.self)))
        #expect(try db.fetchValue("SELECT count(*) FROM trove_notes_substrings_docsize", as: Int.self)
            == (try db.fetchValue("SELECT count(*) FROM trove_notes_substringtext", as: Int.self)))
    }

    static func keys(_ text: String, _ db: SQLConnection) throws -> [Int64] {
        try NotesFixture.index.search(text, on: db, typos: .off).hits.map(\.key).sorted()
    }

    @Test func insertsUpdatesAndDeletesInOneBulkWriteLeaveTheIndexWhole() throws {
        let db = try NotesFixture.database()
        let before = try Self.triggers(db)
        let written = try NotesFixture.index.bulkWrite(on: db) { () throws -> Int in
            for n in 0..<40 {
                try db.execute("""
                    INSERT INTO notes (id, title, body, folder) VALUES (\(100 + n), \("bulk\(n) note"), \(n % 4 == 0 ? "東京で会議" : "plain"), 'Bulk')
                    """)
            }
            // An indexed row changed twice, one changed and its key moved, one removed, and a
            // row inserted here changed and another removed.
            try db.execute("UPDATE notes SET title = 'Rye loaf' WHERE id = 1")
            try db.execute("UPDATE notes SET body = 'Feed the starter; 大阪で焼く' WHERE id = 1")
            try db.execute("UPDATE notes SET id = 60, title = 'Lisbon by train' WHERE id = 4")
            try db.execute("DELETE FROM notes WHERE id = 6")
            try db.execute("UPDATE notes SET title = 'renamed bulk' WHERE id = 100")
            try db.execute("DELETE FROM notes WHERE id = 104")
            return 40
        }
        #expect(written == 40)
        #expect(try Self.triggers(db) == before)
        #expect(try Self.tempObjects(db) == 0)
        try Self.expectWhole(db)
        #expect(try Self.keys("bulk7", db) == [107])
        #expect(try Self.keys("bulk0", db) == [])
        #expect(try Self.keys("renamed", db) == [100])
        #expect(try Self.keys("sourdough loaf", db) == [])
        #expect(try Self.keys("rye", db) == [1])
        #expect(try Self.keys("trip", db) == [])
        #expect(try Self.keys("lisbon train", db) == [60])
        #expect(try Self.keys("aperture", db) == [])
        #expect(try Self.keys("東京で会", db).count == 9)
        #expect(try Self.keys("大阪で焼", db) == [1])
        // The triggers are back: a later insert is found.
        try db.execute("INSERT INTO notes (id, title) VALUES (500, 'afterwards')")
        #expect(try Self.keys("afterwards", db) == [500])
    }

    @Test func aBulkWriteThatThrowsLeavesTheTableIndexAndTriggersAsTheyWere() throws {
        struct Stop: Error {}
        let db = try NotesFixture.database()
        let before = try Self.triggers(db)
        let rows = try db.fetchAll("SELECT * FROM notes ORDER BY id").map(\.description)
        let index = try db.fetchAll("SELECT id, block FROM trove_notes_fts_data ORDER BY id").map(\.description)
        #expect(throws: Stop.self) {
            try NotesFixture.index.bulkWrite(on: db) {
                try db.execute("INSERT INTO notes (id, title) VALUES (200, 'never kept')")
                try db.execute("UPDATE notes SET title = 'changed' WHERE id = 1")
                throw Stop()
            }
        }
        #expect(try Self.triggers(db) == before)
        #expect(try Self.tempObjects(db) == 0)
        #expect(try db.fetchAll("SELECT * FROM notes ORDER BY id").map(\.description) == rows)
        #expect(try db.fetchAll("SELECT id, block FROM trove_notes_fts_data ORDER BY id").map(\.description) == index)
        try Self.expectWhole(db)
    }

    @Test func anIndexNotMigratedIsNamed() throws {
        let db = try NotesFixture.appDatabase()
        #expect(throws: SearchIndexError.notMigrated(index: "notes")) {
            try NotesFixture.index.bulkWrite(on: db) {}
        }
    }
}
