import Testing
import TroveQuery
@testable import TroveSQLite

/// `trove_tally(key [, flag])`, the C aggregate the facets count with, against `GROUP BY` on
/// the same rows.
@Suite("trove_tally")
struct TallyFunctionTests {
    /// The groups as `GROUP BY` counts them: key, rows, rows whose flag is true; by key.
    static func grouped(_ db: SQLConnection) throws -> [[Int64]] {
        try db.fetchAll("SELECT k, count(*), ifnull(sum(f != 0), 0) FROM t WHERE k IS NOT NULL GROUP BY k ORDER BY k").map {
            [try $0[0] as Int64, try $0[1] as Int64, try $0[2] as Int64]
        }
    }

    /// The groups as `trove_tally` counts them, read back through `json_each` in its order.
    static func tallied(_ db: SQLConnection, flag: Bool = true) throws -> [[Int64]] {
        let call: SQLFragment = flag ? "trove_tally(k, f)" : "trove_tally(k)"
        return try db.fetchAll(
            "SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each((SELECT \(call) FROM t))"
        ).map { [try $0[0] as Int64, try $0[1] as Int64, try $0[2] as Int64] }
    }

    @Test func countsEveryGroupAsGroupByDoes() throws {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE t(k INTEGER, f INTEGER)")
        // 3,000 distinct keys (the table grows from 64 slots through 8,192), negative ones,
        // the int64 extremes, NULL keys that are not counted, and flags that are not just 0/1.
        var generator = SystemRandomNumberGenerator()
        try db.transaction {
            for i in 0..<20_000 {
                let key: Int64? =
                    switch i % 10 {
                    case 0: nil
                    case 1: .min
                    case 2: .max
                    default: Int64.random(in: -1_500..<1_500, using: &generator)
                    }
                let flag = [0, 1, 7, -1][Int.random(in: 0..<4, using: &generator)]
                try db.execute("INSERT INTO t VALUES (\(key), \(flag))")
            }
        }
        let expected = try Self.grouped(db)
        #expect(expected.count > 2_900)
        #expect(try Self.tallied(db) == expected)
        // Without a flag, the third number is 0.
        #expect(try Self.tallied(db, flag: false) == expected.map { [$0[0], $0[1], 0] })
    }

    @Test func noRowsAndOnlyNullKeysGiveAnEmptyArray() throws {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE t(k INTEGER, f INTEGER)")
        #expect(try db.fetchValue("SELECT trove_tally(k, f) FROM t", as: String.self) == "[]")
        try db.execute("INSERT INTO t VALUES (NULL, 1), (NULL, 0)")
        #expect(try db.fetchValue("SELECT trove_tally(k) FROM t", as: String.self) == "[]")
        try db.execute("INSERT INTO t VALUES (3, 1), (-2, 0), (3, 0)")
        #expect(try db.fetchValue("SELECT trove_tally(k, f) FROM t", as: String.self) == "[[-2,1,0],[3,2,1]]")
    }

    @Test func namesAreCountedOncePerRowTheyAreIn() throws {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE t(names TEXT)")
        // 200 distinct names (the table grows past 64 slots), JSON's special characters,
        // accents and a CJK name, spaces around names, empty names, NULL and ''.
        let special = ["say \"hi\"", "back\\slash", "tab\there", "é-café", "东京", "line\u{1}x"]
        var expected: [String: Int] = [:]
        var generator = SystemRandomNumberGenerator()
        try db.transaction {
            for _ in 0..<2_000 {
                let count = Int.random(in: 0..<4, using: &generator)
                let names = (0..<count).map { _ -> String in
                    Int.random(in: 0..<10, using: &generator) == 0
                        ? special.randomElement(using: &generator)! : "tag\(Int.random(in: 0..<200, using: &generator))"
                }
                let distinct = Array(Set(names))
                for name in distinct { expected[name, default: 0] += 1 }
                try db.execute("INSERT INTO t VALUES (\(distinct.map { "  " + $0 + " " }.joined(separator: ",")))")
            }
            try db.execute("INSERT INTO t VALUES (NULL), (''), (' , ,')")
        }
        let rows = try db.fetchAll(
            "SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each((SELECT trove_tally_names(names) FROM t))")
        let tallied = Dictionary(uniqueKeysWithValues: try rows.map { (try $0[0] as String, try $0[1] as Int) })
        #expect(tallied == expected)
        #expect(tallied.count > 200)
        // In byte order of the names.
        let names = try rows.map { try $0[0] as String }
        #expect(names == names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        #expect(try db.fetchValue("SELECT trove_tally_names(names) FROM t WHERE names IS NULL OR trim(names, ' ,') = ''", as: String.self) == "[]")
    }

    @Test func eachGroupOfAnOuterGroupByHasItsOwnTally() throws {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE t(g TEXT, k INTEGER, f INTEGER)")
        try db.execute("INSERT INTO t VALUES ('a', 1, 1), ('b', 1, 0), ('a', 2, 0), ('a', 1, 0), ('b', 5, 1)")
        let rows = try db.fetchAll("SELECT g, trove_tally(k, f) FROM t GROUP BY g ORDER BY g").map {
            "\(try $0[0] as String) \(try $0[1] as String)"
        }
        #expect(rows == ["a [[1,2,1],[2,1,0]]", "b [[1,1,0],[5,1,1]]"])
    }
}
