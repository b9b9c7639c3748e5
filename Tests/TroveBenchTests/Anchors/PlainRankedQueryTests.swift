import Foundation
import Testing
import TroveBenchKit
import TroveSearch

@Suite struct PlainRankedQueryTests {
    @Test func textAloneIsFTS5sOwnRankedQueryAndItsCount() throws {
        let plain = try #require(PlainRankedQuery(.parse("dentist wal")))
        #expect(plain.ranked == BoundStatement(
            sql: "SELECT reminders_fts.rowid FROM reminders_fts WHERE reminders_fts MATCH ? ORDER BY rank LIMIT 20",
            bindings: [.text(#""dentist" AND "wal"*"#)]))
        #expect(plain.count.sql == "SELECT count(*) FROM reminders_fts WHERE reminders_fts MATCH ?")
        #expect(plain.count.bindings == plain.ranked.bindings)
    }

    @Test func filtersJoinRemindersAndBindTheirNamesAfterTheMatch() throws {
        let plain = try #require(PlainRankedQuery(.parse("-is:flagged list:Work tag:errand p:high milk", exact: true)))
        #expect(plain.ranked.sql == """
            SELECT reminders_fts.rowid FROM reminders_fts JOIN reminders ON reminders.id = reminders_fts.rowid \
            WHERE reminders_fts MATCH ? AND (NOT ifnull((reminders.is_flagged = 1), 0)) \
            AND (reminders.list_id = (SELECT id FROM lists WHERE name = ?)) \
            AND (reminders.id IN (SELECT reminder_id FROM reminder_tags WHERE tag_id = (SELECT id FROM tags WHERE name = ?))) \
            AND (reminders.priority = 3) ORDER BY rank LIMIT 20
            """)
        #expect(plain.ranked.bindings == [.text(#""milk""#), .text("Work"), .text("errand")])
    }

    @Test func filtersAloneReadTheNewestWithoutRank() throws {
        let plain = try #require(PlainRankedQuery(.parse("is:open OR is:flagged", exact: true)))
        #expect(plain.ranked.sql == """
            SELECT reminders.id FROM reminders WHERE (reminders.is_completed = 0 OR reminders.is_flagged = 1) \
            ORDER BY reminders.id DESC LIMIT 20
            """)
        #expect(plain.count.sql == "SELECT count(*) FROM reminders WHERE (reminders.is_completed = 0 OR reminders.is_flagged = 1)")
    }

    @Test func nothingToMatchAndDueFiltersHaveNoPlainQuery() {
        #expect(PlainRankedQuery(.parse("")) == nil)
        #expect(PlainRankedQuery(.parse("-milk")) == nil)
        #expect(PlainRankedQuery(.parse("due:today milk")) == nil)
    }

    /// The statements run on a real database and count what FTS5 counts.
    @Test func runsOnASeededDatabase() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plain-ranked-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try await Workload(seed: 1, count: 200, dataDirectory: folder.path).database()
        let db = try DirectConnection(path: path, readOnly: true)
        let all = try #require(PlainRankedQuery(.parse("is:open OR is:completed", exact: true)))
        #expect(try db.integer(all.count.sql, all.count.bindings) == 200)
        #expect(try db.run(all.ranked) == 20)
        let flagged = try #require(try db.integer("SELECT count(*) FROM reminders WHERE is_flagged = 1"))
        let notFlagged = try #require(PlainRankedQuery(.parse("-is:flagged", exact: true)))
        #expect(try db.integer(notFlagged.count.sql, notFlagged.count.bindings) == 200 - flagged)
        let word = try #require(PlainRankedQuery(.parse("a")))   // every word starting with a
        let matches = try #require(try db.integer("SELECT count(*) FROM reminders_fts WHERE reminders_fts MATCH 'a*'"))
        #expect(try db.integer(word.count.sql, word.count.bindings) == matches)
        #expect(try db.run(word.ranked) == min(20, Int(matches)))
    }
}
