import Testing
import TroveQuery
@testable import TroveSQLite

@Suite("Prepared statement")
struct PreparedStatementTests {
    @Test func eachRunBindsItsOwnValues() throws {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE tags(id INTEGER PRIMARY KEY, name TEXT UNIQUE, weight REAL)")
        let insert = try db.prepare("INSERT INTO tags(name, weight) VALUES (\("template"), \(0.0))")
        #expect(insert.sql == "INSERT INTO tags(name, weight) VALUES (?, ?)")
        var ids: [Int64] = []
        for (name, weight) in [("home", 1.5), ("work", 2.5), ("", 0.0)] {
            try insert.execute([.text(name), .double(weight)])
            ids.append(db.lastInsertRowID)
        }
        #expect(ids == [1, 2, 3])
        let rows = try db.fetchAll("SELECT name, weight FROM tags ORDER BY id")
        #expect(try rows.map { try $0[0] as String } == ["home", "work", ""])
        #expect(try rows.map { try $0[1] as Double } == [1.5, 2.5, 0.0])
        // The template's value was only a placeholder; it never reached the table.
        #expect(try db.fetchValue("SELECT count(*) FROM tags WHERE name = \("template")", as: Int.self) == 0)
    }

    @Test func statementIsResetAndReusableAfterAnError() throws {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE tags(name TEXT UNIQUE)")
        let insert = try db.prepare("INSERT INTO tags(name) VALUES (\("x"))")
        try insert.execute([.text("home")])
        let error = #expect(throws: SQLiteError.self) { try insert.execute([.text("home")]) }
        #expect(error?.code == .constraint)
        try insert.execute([.text("work")])
        #expect(try db.fetchValue("SELECT count(*) FROM tags", as: Int.self) == 2)
    }

    @Test func fetchOneReturnsTheFirstRowOrNilAndResets() throws {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE tags(id INTEGER PRIMARY KEY, name TEXT UNIQUE COLLATE NOCASE)")
        try db.execute("INSERT INTO tags(name) VALUES ('errand'), ('Home')")
        let find = try db.prepare("SELECT id, name FROM tags WHERE name = \("x")")
        let home = try #require(try find.fetchOne([.text("HOME")]))
        #expect(home.columnNames == ["id", "name"])
        #expect(home.values == [.integer(2), .text("Home")])
        #expect(try find.fetchOne([.text("work")]) == nil)
        // Reset after each run: the next binds afresh and finds its own row.
        #expect(try find.fetchOne([.text("Errand")])?.values == [.integer(1), .text("errand")])
    }

    @Test func fetchAllReturnsEveryRowInOrderAndResets() throws {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE links(reminder INTEGER, tag INTEGER)")
        try db.execute("INSERT INTO links VALUES (1, 9), (2, 4), (1, 3), (1, 7)")
        let tags = try db.prepare("SELECT tag FROM links WHERE reminder = \(0) ORDER BY rowid")
        #expect(try tags.fetchAll([.integer(1)]).map(\.values) == [[.integer(9)], [.integer(3)], [.integer(7)]])
        #expect(try tags.fetchAll([.integer(5)]).isEmpty)
        // Reset after each run, an empty one included.
        #expect(try tags.fetchAll([.integer(2)]).map(\.values) == [[.integer(4)]])
    }

    @Test func wrongNumberOfValuesIsRefusedAndNothingRuns() throws {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE tags(name TEXT)")
        let insert = try db.prepare("INSERT INTO tags(name) VALUES (\("x"))")
        #expect(throws: SQLiteError.self) { try insert.execute([.text("a"), .text("b")]) }
        #expect(try db.fetchValue("SELECT count(*) FROM tags", as: Int.self) == 0)
    }

    @Test func moreThanOneStatementIsRefused() throws {
        let db = try SQLConnection.inMemory()
        #expect(throws: SQLiteError.self) { _ = try db.prepare("SELECT 1; SELECT 2") }
    }
}
