import Testing
import TroveQuery
@testable import TroveSQLite

@Suite("SQLite errors carry codes, message and SQL, and hide bindings")
struct SQLiteErrorTests {
    let db: SQLConnection

    init() throws {
        db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE tags(name TEXT UNIQUE)")
        try db.execute("INSERT INTO tags(name) VALUES (\("secret"))")
    }

    @Test func stepErrorCarriesCodesMessageSQLAndBindings() throws {
        let error = try #require(#expect(throws: SQLiteError.self) {
            try db.execute("INSERT INTO tags(name) VALUES (\("secret"))")
        })
        #expect(error.code == .constraint)
        #expect(error.extendedCode == .constraintUnique)
        #expect(error.extendedCode.name == "SQLITE_CONSTRAINT_UNIQUE")
        #expect(error.message == "UNIQUE constraint failed: tags.name")
        #expect(error.sql == "INSERT INTO tags(name) VALUES (?)")
        #expect(error.bindings == [.text("secret")])
    }

    @Test func descriptionHidesBindingsUnlessAsked() throws {
        let error = try #require(#expect(throws: SQLiteError.self) {
            try db.execute("INSERT INTO tags(name) VALUES (\("secret"))")
        })
        #expect(error.description == "SQLITE_CONSTRAINT_UNIQUE (2067): UNIQUE constraint failed: tags.name, "
            + "in `INSERT INTO tags(name) VALUES (?)` (1 binding hidden); "
            + "the values break a constraint of the schema; change them")
        #expect(!String(reflecting: error).contains("secret"))
        var dumped = ""
        dump(error, to: &dumped)
        #expect(!dumped.contains("secret"))
        #expect(error.debugDescription(showingBindings: true).contains("(bindings: 'secret')"))
    }

    @Test func prepareErrorCarriesTheSQL() throws {
        let error = try #require(#expect(throws: SQLiteError.self) { try db.fetchAll("SELEC name FROM tags") })
        #expect(error.code == .error)
        #expect(error.message.contains("syntax error"))
        #expect(error.sql == "SELEC name FROM tags")
    }

    @Test func wrongNumberOfBindingsIsARangeError() throws {
        let error = try #require(#expect(throws: SQLiteError.self) {
            try db.fetchAll(SQLFragment(segments: [.sql("SELECT "), .binding(.integer(1)), .sql(", ?")]))
        })
        #expect(error.code == .range)
        #expect(error.message == "the SQL has 2 placeholders but 1 value was bound")
    }

    @Test func scriptErrorNamesTheStatementThatFailed() throws {
        let script = "CREATE TABLE a(x);\nINSERT INTO nowhere VALUES (1);\nCREATE TABLE b(x);"
        let error = try #require(#expect(throws: SQLiteError.self) { try db.execute(script) })
        #expect(error.sql == "INSERT INTO nowhere VALUES (1);")
        #expect(error.message == "no such table: nowhere")
        #expect(try db.fetchValue("SELECT count(*) FROM sqlite_schema WHERE name IN ('a', 'b')", as: Int.self) == 1)
    }

    @Test func literalScriptsRunButBoundValuesNeverSpliceIntoSQL() throws {
        try db.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1)")
        let hostile = "x'); DROP TABLE t; --"
        try db.execute("INSERT INTO t VALUES (\(hostile))")
        #expect(try db.fetchAll("SELECT x FROM t ORDER BY rowid").map(\.values) == [[.integer(1)], [.text(hostile)]])
        let error = #expect(throws: SQLiteError.self) { try db.execute("SELECT \(1); SELECT 2") }
        #expect(error?.code == .misuse)
    }

    @Test(arguments: [
        (SQLiteResultCode.busy, "SQLITE_BUSY"), (.constraintForeignKey, "SQLITE_CONSTRAINT_FOREIGNKEY"),
        (.readOnly, "SQLITE_READONLY"), (.notADatabase, "SQLITE_NOTADB"),
        (SQLiteResultCode(rawValue: 10 | 99 << 8), "SQLITE_IOERR (extended 25354)"),
    ])
    func resultCodesHaveSymbolicNames(_ code: SQLiteResultCode, name: String) {
        #expect(code.name == name)
    }
}
