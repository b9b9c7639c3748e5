import Testing
import TroveQuery
@testable import TroveSQLite

@Suite("FTS5 is available")
struct FTS5Tests {
    @Test func linkedSQLiteHasFTS5() throws {
        #expect(SQLiteLibrary.hasFTS5)
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE VIRTUAL TABLE notes USING fts5(body)")
        try db.execute("INSERT INTO notes(body) VALUES (\("buy oat milk")), (\("call the bank"))")
        #expect(try db.fetchValue("SELECT body FROM notes WHERE notes MATCH \("milk")", as: String.self) == "buy oat milk")
    }

    @Test func missingFTS5ErrorSaysWhatToInstall() {
        let error = OpenError(.fts5Unavailable, path: "trove.db")
        #expect(error.description.contains("was built without FTS5"))
        #expect(error.description.contains("install a SQLite with FTS5"))
        #expect(error.description.contains(SQLiteLibrary.version))
    }
}
