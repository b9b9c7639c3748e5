import Testing
import TroveQuery
@testable import TroveSQLite

@Suite("Lazy cursors")
struct CursorTests {
    @Test func cursorOverABillionRowsReadsTwentyAtOnce() throws {
        let db = try SQLConnection.inMemory()
        let clock = ContinuousClock()
        let start = clock.now
        // NB: no LIMIT; stepping to the end would take minutes, materialising would run out of memory.
        let cursor = try db.cursor("""
            WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(1_000_000_000))
            SELECT x FROM c
            """)
        var seen: [Int] = []
        while seen.count < 20, let row = try cursor.next() {
            seen.append(try row[0])
        }
        cursor.finish()
        let elapsed = clock.now - start
        #expect(seen == Array(1...20))
        #expect(elapsed < .milliseconds(500), "took \(elapsed)")
        #expect(try cursor.next() == nil)
    }

    @Test func cursorEndsWithNilAndKeepsColumnNames() throws {
        let db = try SQLConnection.inMemory()
        let cursor = try db.cursor("SELECT 1 AS one, 'two' AS two")
        #expect(cursor.columnNames == ["one", "two"])
        #expect(try cursor.next()?.values == [.integer(1), .text("two")])
        #expect(try cursor.next() == nil)
        #expect(try cursor.next() == nil)
    }

    @Test func sameSQLWhileACursorIsOpenDoesNotDisturbIt() throws {
        let db = try SQLConnection.inMemory()
        let sql: SQLFragment = "SELECT value FROM json_each(\("[1,2,3]"))"
        let cursor = try db.cursor(sql)
        #expect(try cursor.next()?[0] == .integer(1))
        // The cached statement is busy with the cursor, so this prepares a second one.
        #expect(try db.fetchAll(sql).count == 3)
        #expect(try cursor.next()?[0] == .integer(2))
        #expect(try cursor.next()?[0] == .integer(3))
        #expect(try cursor.next() == nil)
    }

    @Test func droppingACursorResetsItsStatementForReuse() throws {
        let db = try SQLConnection.inMemory()
        let sql: SQLFragment = "SELECT value FROM json_each('[1,2,3]')"
        do {
            let cursor = try db.cursor(sql)
            _ = try cursor.next()
        }
        let before = db.statementCacheStatistics
        #expect(try db.fetchAll(sql).count == 3)
        #expect(db.statementCacheStatistics.hits == before.hits + 1)
    }
}
