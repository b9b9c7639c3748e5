import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveStore
import TroveTestSupport

/// A text search's page by offset ranked in the FTS5 table alone, then read for its rows
/// (`IndexStatements.rankedKeys`), must be the page statement's, hit for hit.
@Suite("SearchIndex pages ranked in the index")
struct SearchIndexRankedKeysTests {
    /// 4,000 generated reminders as an app's notes (their words repeat, so many scores tie).
    static func database() throws -> (SQLConnection, SearchIndex) {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT, folder TEXT)")
        try db.transaction {
            for (number, record) in ReminderGenerator(seed: 11, count: 4_000).enumerated() {
                try db.execute("""
                    INSERT INTO notes (id, title, body, folder) VALUES (\(number * 3 + 1), \(record.title), \(record.notes), \(SQLFragment(binding: record.list)))
                    """)
            }
        }
        let index = try SearchIndex(
            table: "notes", key: "id", fields: [.init("title", weight: 10), .init("body")],
            filters: ["folder": .text("folder")], facets: ["folder"])
        try index.migrate(db)
        return (db, index)
    }

    @Test func pagesAreThePageStatements() throws {
        let (db, index) = try Self.database()
        var used = 0
        for text in ["a", "t", "bu", "the", "call d", "\"the a\"", "a -b", "a OR b", "in:body c", "folder:Work c", "zzzzqx", "dentist"] {
            for (limit, offset) in [(20, 0), (7, 0), (50, 100), (1, 3), (200, 0)] {
                let ranked = try index.search(text, on: db, limit: limit, offset: offset, typos: .off)
                let plain = try SearchIndex.$ranksPagesInIndexAlone.withValue(false) {
                    try index.search(text, on: db, limit: limit, offset: offset, typos: .off)
                }
                #expect(ranked == plain, "\(text), limit \(limit), offset \(offset)")
                if ["a", "t", "the"].contains(text) {
                    #expect(ranked.total > SearchIndex.rankedInIndexMinimum, "enough matches to be ranked in the index")
                }
                let statements = IndexStatements(index: index, query: index.parse(text), style: .brackets)
                if statements.rankedKeys(limit: limit, offset: offset) != nil { used += 1 }
            }
        }
        // Every text but the one with a filter is ranked in the index (`zzzzqx` finds nothing there).
        #expect(used == 11 * 5)
    }

    @Test func aRowTheAppsTableLacksLeavesItToThePageStatement() throws {
        let (db, index) = try Self.database()
        // The index keeps a row the table no longer has (its triggers dropped by hand).
        try db.execute("DROP TRIGGER \(identifier: "trove_notes_delete")")
        let best = try #require(try index.search("a", on: db, limit: 1).hits.first)
        try db.execute("DELETE FROM notes WHERE id = \(best.key)")
        let ranked = try index.search("a", on: db, limit: 20, typos: .off)
        let plain = try SearchIndex.$ranksPagesInIndexAlone.withValue(false) { try index.search("a", on: db, limit: 20, typos: .off) }
        #expect(ranked == plain && ranked.hits.count == 20 && !ranked.hits.contains { $0.key == best.key })
        #expect(ranked.total > SearchIndex.rankedInIndexMinimum)
    }
}
