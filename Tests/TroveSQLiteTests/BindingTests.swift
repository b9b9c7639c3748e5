import Foundation
import Testing
import TroveQuery
@testable import TroveSQLite

@Suite("Bindings round-trip through a table")
struct BindingTests {
    let db: SQLConnection

    init() throws {
        db = try SQLConnection.inMemory()
        // NB: a column with no declared type keeps every value's storage class as bound.
        try db.execute("CREATE TABLE t(v)")
    }

    /// Stores `value`, reads it back as `T`, and returns it with SQLite's `typeof`.
    func roundTrip<T: SQLBindable>(_ value: T) throws -> (value: T, storage: String) {
        try db.execute("DELETE FROM t")
        try db.execute("INSERT INTO t(v) VALUES (\(value))")
        let row = try #require(try db.fetchOne("SELECT v, typeof(v) FROM t"))
        return (try row[0], try row[1])
    }

    @Test(arguments: [0, 1, -1, Int.max, Int.min])
    func int(_ value: Int) throws {
        let result = try roundTrip(value)
        #expect(result.value == value)
        #expect(result.storage == "integer")
    }

    @Test(arguments: [Int64(42), .max, .min])
    func int64(_ value: Int64) throws {
        #expect(try roundTrip(value) == (value, "integer"))
    }

    @Test(arguments: [0.5, -1e308, .pi, .leastNonzeroMagnitude, .infinity])
    func double(_ value: Double) throws {
        #expect(try roundTrip(value) == (value, "real"))
    }

    @Test(arguments: ["plain", "", "emoji 🎉👩‍👩‍👧 and é", "nul\u{0}inside\u{0}", "it's \"quoted\""])
    func string(_ value: String) throws {
        let result = try roundTrip(value)
        #expect(result.value == value)
        #expect(result.value.utf8.count == value.utf8.count)
        #expect(result.storage == "text")
    }

    @Test(arguments: [true, false])
    func bool(_ value: Bool) throws {
        #expect(try roundTrip(value) == (value, "integer"))
    }

    @Test(arguments: [Data(), Data([0, 1, 0, 255]), Data(repeating: 7, count: 10_000)])
    func data(_ value: Data) throws {
        #expect(try roundTrip(value) == (value, "blob"))
    }

    @Test func bytes() throws {
        let value: [UInt8] = [0, 0, 9]
        #expect(try roundTrip(value) == (value, "blob"))
    }

    @Test func date() throws {
        // NB: .5 s is exact in binary, so the millisecond text holds it exactly.
        let value = Date(timeIntervalSince1970: 1_772_443_800.5)
        let result = try roundTrip(value)
        #expect(result.value == value)
        #expect(result.storage == "text")
        #expect(try db.fetchValue("SELECT v FROM t", as: String.self) == "2026-03-02 09:30:00.500")
    }

    @Test func nilBindsNull() throws {
        let result = try roundTrip(String?.none)
        #expect(result.value == nil)
        #expect(result.storage == "null")
        #expect(try db.fetchOne("SELECT v FROM t")?[0] == .null)
    }

    @Test func everyQueryBindingCaseReadsBackAsItself() throws {
        let values: [SQLBinding] = [.null, .integer(-3), .double(2.25), .text("x\u{0}y"), .blob([1, 0, 2])]
        for value in values {
            let row = try #require(try db.fetchOne(SQLFragment(segments: [.sql("SELECT "), .binding(value)])))
            #expect(row[0] == value)
        }
    }
}
