import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch

/// ``IDSet``: `trove_ids` collects ids into a sorted BLOB and `trove_has` tests rows against it,
/// against Swift's `Set` on the same ids.
@Suite("IDSet")
struct IDSetTests {
    static func table(_ ids: [Int64?]) throws -> SQLConnection {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE t(id INTEGER)")
        try db.execute("CREATE TABLE probe(n INTEGER PRIMARY KEY, id INTEGER)")
        try db.transaction {
            for id in ids { try db.execute("INSERT INTO t VALUES (\(id))") }
        }
        return db
    }

    /// Which of `probes` the set holds, asked in the order given, one statement.
    static func members(_ set: IDSet, _ probes: [Int64?], on db: SQLConnection) throws -> [Bool] {
        try db.execute("DELETE FROM probe")
        try db.transaction {
            for (n, id) in probes.enumerated() { try db.execute("INSERT INTO probe VALUES (\(n), \(id))") }
        }
        let probe = SQLColumn<Int64>("id")
        return try db.fetchAll("SELECT \(set.contains(probe)) FROM probe ORDER BY n").map { try $0[0] as Bool }
    }

    /// With the extremes among them the ids are sparse and kept as sorted ids; without, they
    /// are dense (a range of 23,000 for ~4,000 ids) and kept as a bitmap.
    @Test(arguments: [true, false])
    func holdsExactlyTheIdsReadAskedInAnyOrder(withExtremes: Bool) throws {
        var generator = SystemRandomNumberGenerator()
        // Repeats, negative ids, NULLs that are left out; in no order.
        let ids: [Int64?] = (0..<5_000).map { i in
            switch i % 50 {
            case 0: nil
            case 1: withExtremes ? .min : -3_000
            case 2: withExtremes ? .max : 19_999
            default: Int64.random(in: -3_000..<20_000, using: &generator)
            }
        }
        let db = try Self.table(ids)
        let set = try #require(try IDSet.read("SELECT id FROM t", limit: 10_000, on: db))
        let expected = Set(ids.compactMap { $0 })
        #expect(set.count == expected.count)
        let probes: [Int64] = Array(-3_005...20_005) + [.min, .max, .min + 1, .max - 1]
        // Ascending (as a MATCH gives rows), descending, and shuffled: the same answers.
        for order in [probes, probes.reversed(), probes.shuffled(using: &generator)] {
            let found = try Self.members(set, order, on: db)
            #expect(found == order.map(expected.contains))
        }
        #expect(try Self.members(set, [nil, 5], on: db)[0] == false, "a NULL id is not a member")
    }

    @Test func theLimitAndTheEmptySet() throws {
        let db = try Self.table([3, 1, 2, 2])
        #expect(try IDSet.read("SELECT id FROM t", limit: 3, on: db) == nil, "four rows read, over the limit")
        let set = try #require(try IDSet.read("SELECT id FROM t", limit: 4, on: db))
        #expect(set.count == 3 && set.bytes.count == 24)
        let empty = try #require(try IDSet.read("SELECT id FROM t WHERE id > 10", limit: 4, on: db))
        #expect(empty.count == 0)
        #expect(try Self.members(empty, [1, 2, 3], on: db) == [false, false, false])
    }

    @Test func aSetThatIsNotTroveIdssIsAnError() throws {
        let db = try Self.table([1])
        #expect(throws: SQLiteError.self) { try db.fetchAll("SELECT trove_has('[1,2]', 1)") }
        #expect(throws: SQLiteError.self) { try db.fetchAll("SELECT trove_has(x'010203', 1)") }
    }
}
