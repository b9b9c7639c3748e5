import Testing
import TroveQuery
@testable import TroveSQLite

@Suite("Reading rows")
struct RowTests {
    let db: SQLConnection

    init() throws {
        db = try SQLConnection.inMemory()
        try db.execute("""
            CREATE TABLE reminders(id INTEGER PRIMARY KEY, title TEXT NOT NULL, notes TEXT);
            INSERT INTO reminders(id, title, notes) VALUES (1, 'Buy milk', NULL), (2, 'Call Ann', 'after 5');
            """)
    }

    @Test func columnsReadByIndexAndByName() throws {
        let row = try #require(try db.fetchOne("SELECT id, title, notes FROM reminders WHERE id = \(2)"))
        #expect(row.columnNames == ["id", "title", "notes"])
        #expect(row[1] == .text("Call Ann"))
        let id: Int = try row[0]
        let title: String = try row["title"]
        let notes: String? = try row["notes"]
        #expect(id == 2)
        #expect(title == "Call Ann")
        #expect(notes == "after 5")
    }

    @Test func namedResultColumnsReadByTheirNameAndType() throws {
        let id = ResultColumn<Int64>("id"), title = ResultColumn<String>("title"), notes = ResultColumn<String?>("notes")
        let statement: SQLFragment = "SELECT \(SQLColumn<String?>("notes").named(notes)), \(SQLColumn<Int64>("id").named(id)),"
            + " \(SQLColumn<String>("title").named(title)) FROM reminders WHERE id = \(1)"
        let row = try #require(try db.fetchOne(statement))
        #expect(try row[id] == 1)
        #expect(try row[title] == "Buy milk")
        #expect(try row[notes] == nil)
        #expect(try row.value(named: "title") == .text("Buy milk"))
        #expect(throws: SQLiteRowError.self) { try row[ResultColumn<Int>("priority")] }
    }

    @Test func columnNamesMatchCaseInsensitivelyWhenNoExactMatch() throws {
        let row = try #require(try db.fetchOne("SELECT title AS Title FROM reminders WHERE id = 1"))
        let title: String = try row["TITLE"]
        #expect(title == "Buy milk")
    }

    @Test func nullReadsAsNilForOptionalsAndThrowsForNonOptionals() throws {
        let row = try #require(try db.fetchOne("SELECT notes FROM reminders WHERE id = 1"))
        let notes: String? = try row["notes"]
        #expect(notes == nil)
        #expect(throws: SQLiteRowError.self) { let _: String = try row["notes"] }
    }

    @Test func missingColumnAndIndexThrowClearErrors() throws {
        let row = try #require(try db.fetchOne("SELECT id, title FROM reminders WHERE id = 1"))
        let missing = #expect(throws: SQLiteRowError.self) { let _: String = try row["due"] }
        #expect(missing?.description == "no column named \"due\"; the row has \"id\", \"title\"; check the SELECT list or alias the column")
        let outOfRange = #expect(throws: SQLiteRowError.self) { let _: Int = try row[5] }
        #expect(outOfRange == .indexOutOfRange(5, columnCount: 2))
    }

    @Test func fetchAllReturnsEveryRowInOrder() throws {
        let titles = try db.fetchAll("SELECT title FROM reminders ORDER BY id").map { try $0[0] as String }
        #expect(titles == ["Buy milk", "Call Ann"])
    }

    @Test func fetchValueIsNilWithoutARowOrForNull() throws {
        #expect(try db.fetchValue("SELECT count(*) FROM reminders", as: Int.self) == 2)
        #expect(try db.fetchValue("SELECT id FROM reminders WHERE id = \(99)", as: Int.self) == nil)
        #expect(try db.fetchValue("SELECT max(id) FROM reminders WHERE id > 99", as: Int.self) == nil)
        #expect(throws: SQLiteRowError.self) { try db.fetchValue("SELECT title FROM reminders", as: Int.self) }
    }

    @Test func changesAndLastInsertRowIDTrackWrites() throws {
        try db.execute("INSERT INTO reminders(title) VALUES (\("Water plants"))")
        #expect(db.lastInsertRowID == 3)
        #expect(db.changes == 1)
        let before = db.totalChanges
        try db.execute("UPDATE reminders SET notes = \("x")")
        #expect(db.changes == 3)
        #expect(db.totalChanges == before + 3)
    }
}
