import Testing
import TroveQuery
@testable import TroveSQLite

@Suite("Statement cache")
struct StatementCacheTests {
    @Test func repeatedSQLReusesOnePreparedStatement() throws {
        let db = try SQLConnection.inMemory()
        let before = db.statementCacheStatistics
        for value in 0..<10 {
            #expect(try db.fetchValue("SELECT \(value) + 1", as: Int.self) == value + 1)
        }
        let after = db.statementCacheStatistics
        #expect(after.misses == before.misses + 1)
        #expect(after.hits == before.hits + 9)
    }

    @Test func cacheIsBoundedAndEvictsTheLeastRecentlyUsed() throws {
        let db = try SQLConnection.inMemory()
        let capacity = db.statementCache.capacity
        for index in 0..<capacity {
            _ = try db.fetchValue(SQLFragment(raw: "SELECT \(index)"), as: Int.self)
        }
        _ = try db.fetchValue("SELECT 0", as: Int.self)  // now the most recently used
        _ = try db.fetchValue("SELECT 'one more'", as: String.self)  // evicts "SELECT 1"
        #expect(db.statementCacheStatistics.count == capacity)
        #expect(db.statementCache.contains("SELECT 0"))
        #expect(!db.statementCache.contains("SELECT 1"))
    }

    @Test func statementIsResetAndReusableAfterAnError() throws {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE tags(name TEXT UNIQUE)")
        let insert = { (name: String) in try db.execute("INSERT INTO tags(name) VALUES (\(name))") }
        try insert("home")
        #expect(throws: SQLiteError.self) { try insert("home") }
        let hits = db.statementCacheStatistics.hits
        try insert("work")
        #expect(db.statementCacheStatistics.hits == hits + 1)
        #expect(try db.fetchValue("SELECT count(*) FROM tags", as: Int.self) == 2)
    }

    @Test func bindingsAreClearedAfterUse() throws {
        let db = try SQLConnection.inMemory()
        _ = try db.fetchOne("SELECT \("secret")")
        let cached = db.statementCache.idleStatement(for: "SELECT ?")
        let statement = try #require(cached)
        #expect(statement.bindings.isEmpty)
        #expect(statement.expandedSQL == "SELECT NULL")
    }
}
