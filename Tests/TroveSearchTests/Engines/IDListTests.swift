import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveTestSupport

/// Ids read as one JSON value (``IDList``) must be the ids a row-by-row read gives, in order,
/// and a read past its limit must say so instead of returning a cut list.
@Suite("Id lists")
struct IDListTests {
    static func database() throws -> SQLConnection {
        let db = try SQLConnection(path: ":memory:")
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, flag INTEGER NOT NULL)")
        // The int64 extremes, negatives, and 5,000 ordinary ids.
        try db.execute("INSERT INTO t VALUES (-9223372036854775808, 1), (-1, 0), (9223372036854775807, 1)")
        try db.execute("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000) INSERT INTO t SELECT i * 7, i % 3 = 0 FROM n")
        return db
    }

    @Test func theListIsTheRowsReadOneByOne() throws {
        let db = try Self.database()
        let expected = try db.fetchAll("SELECT id FROM t ORDER BY id").map { row -> Int64 in try row[0] }
        let flagged = try db.fetchValue("SELECT sum(flag) FROM t", as: Int.self)
        let read = try #require(try IDList.read("SELECT id, flag FROM t ORDER BY id LIMIT 5004", limit: 5_003, summing: true, on: db))
        #expect(read.ids.count == 5_003 && read.ids.values == expected)
        #expect(read.sum == flagged)
        #expect(read.ids == IDList(expected), "the same JSON as the array's")
        #expect(read.ids.json.hasPrefix("[-9223372036854775808,-1,7,14,"))
    }

    @Test func aReadPastTheLimitIsNil() throws {
        let db = try Self.database()
        #expect(try IDList.read("SELECT id FROM t LIMIT 5003", limit: 5_002, on: db) == nil)
        let exact = try #require(try IDList.read("SELECT id FROM t LIMIT 5004", limit: 5_003, on: db))
        #expect(exact.sum == 0, "nothing summed unless asked")
    }

    @Test func noRowsIsAnEmptyList() throws {
        let db = try Self.database()
        let read = try #require(try IDList.read("SELECT id, flag FROM t WHERE id = 3 LIMIT 11", limit: 10, summing: true, on: db))
        #expect(read.ids == IDList([]) && read.ids.json == "[]" && read.ids.values == [] && read.sum == 0)
    }

    /// The list binds as the condition the statements test the MATCH's rows with.
    @Test func theConditionBindsTheJSON() {
        let rendered = SearchExecutor.amongIndexRows(IDList([3, 7])).render()
        #expect(rendered.sql == #"(+"reminders_fts"."rowid" IN (SELECT "value" FROM json_each(?)))"#)
        #expect(rendered.bindings == [.text("[3,7]")])
    }
}

extension IDList {
    /// The ids, decoded from the JSON a statement binds.
    var values: [Int64] {
        (try? JSONDecoder().decode([Int64].self, from: Data(json.utf8))) ?? []
    }
}
