import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveStore
import TroveTestSupport

/// `trove_rank_fields`, the ranking over N fields that a ``SearchIndex`` uses, is the
/// reminders' `trove_rank` generalised: given reminders_fts's own weights it scores every open
/// reminder exactly as `trove_rank` does, with the tag boost off (no names field) or on (the
/// tags column, 2, as the names field).
@Suite struct TroveRankingFieldsTests {
    // The texts with the exact words (prefix words of 3+ letters) the engines pass for them.
    static let texts = [
        ("milk", "milk"), ("passport", "passport"), ("dentist appointment", "appointment"), ("walk dog", "dog"),
        ("call OR email", "email"), ("\"renew passport\"", ""), ("buy mi", ""), ("home office ", ""), ("errand", "errand"),
        ("home", "home"), ("call", "call"),
    ]

    // NB: the tag boost and the names field (the tags column, or none).
    @Test(arguments: texts, [(0.0, -1), (0.25, 2)])
    func fieldsRankEqualsTheRemindersRank(text: (String, String), tags: (boost: Double, field: Int)) async throws {
        let (text, words) = text
        let database = try await SeededSearch.database()
        let match = try #require(FTS5Expression(query: .parse(text))?.positive)
        // NB: with the query's leading words, so that the exactness tiers are compared too.
        let leading = TroveRanking.leadingWords(of: .parse(text)).joined(separator: " ").replacingOccurrences(of: "'", with: "''")
        let rows = try await database.read { db in
            try db.fetchAll("""
                SELECT trove_rank("reminders_fts", 0, 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, \(raw: "\(tags.boost)"), 0.5, 0.7, 1.0, \(raw: "'" + words + "'"), \(raw: "'" + leading + "'")) AS "reminders",
                       trove_rank_fields("reminders_fts", 1.2, 0.5, 0.5, 1.0, \(raw: "\(tags.boost)"), \(raw: "\(tags.field)"), \(raw: "'" + words + "'"), \(raw: "'" + leading + "'"), 5.0, 0.75, 1.0, 0.75, 2.0, 0.75) AS "fields"
                FROM "reminders_fts" WHERE "reminders_fts" MATCH \(match) ORDER BY "reminders_fts"."rowid"
                """)
        }
        #expect(!rows.isEmpty)
        // NB: the boost changes some rows' scores (a tag equal to the word), so the comparison
        // with it on tests the names field. (A second call of one function in the same statement
        // would share the first's state, FTS5's auxiliary data: hence a statement of its own.)
        if tags.boost > 0, ["errand", "call"].contains(text) {
            let untagged = try await database.read { db in
                try db.fetchAll("""
                    SELECT trove_rank_fields("reminders_fts", 1.2, 0.5, 0.5, 1.0, 0.0, -1, \(raw: "'" + words + "'"), \(raw: "'" + leading + "'"), 5.0, 0.75, 1.0, 0.75, 2.0, 0.75)
                    FROM "reminders_fts" WHERE "reminders_fts" MATCH \(match) ORDER BY "reminders_fts"."rowid"
                    """).map { try $0[0] as Double }
            }
            #expect(try rows.map { try $0["fields"] as Double } != untagged, "\(text): no tag boost")
        }
        for row in rows {
            let reminders: Double = try row["reminders"]
            let fields: Double = try row["fields"]
            #expect(reminders == fields, "\(text): \(reminders) vs \(fields)")
            #expect(reminders < 0)
        }
    }

    /// A ``SearchIndex/demoted`` row scores as `trove_rank` scores a completed reminder: one
    /// tier lower, the rest times the factor; with the sizes walked or looked up. (Every odd
    /// rowid counts as completed, so that both kinds of row are compared for every text.)
    @Test(arguments: ["milk", "passport", "dentist appointment", "call OR email", "call"], ["", ", 'reminders_fts_docsize'"])
    func aDemotedRowRanksAsACompletedReminder(text: String, docsize: String) async throws {
        let database = try await SeededSearch.database()
        let match = try #require(FTS5Expression(query: .parse(text))?.positive)
        let words = TroveRanking.exactWords(of: .parse(text)).joined(separator: " ")
        let leading = TroveRanking.leadingWords(of: .parse(text)).joined(separator: " ").replacingOccurrences(of: "'", with: "''")
        let rows = try await database.read { db in
            try db.fetchAll("""
                SELECT ("reminders_fts"."rowid" % 2) AS "completed",
                       trove_rank("reminders_fts", ("reminders_fts"."rowid" % 2), 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.0, 0.5, 0.7, 1.0, \(raw: "'" + words + "'"), \(raw: "'" + leading + "'")) AS "reminders",
                       trove_rank_fields("reminders_fts", 1.2, 0.5, 0.5, 1.0, 0.0, -1, \(raw: "'" + words + "'"), \(raw: "'" + leading + "'"), 5.0, 0.75, 1.0, 0.75, 2.0, 0.75\(raw: docsize), 0.7, ("reminders_fts"."rowid" % 2)) AS "fields"
                FROM "reminders_fts" WHERE "reminders_fts" MATCH \(match) ORDER BY "reminders_fts"."rowid"
                """)
        }
        let completed = try rows.filter { try $0["completed"] as Int64 != 0 }
        #expect(!completed.isEmpty, "\(text): no completed reminder matches, so nothing is compared")
        for row in rows {
            let reminders: Double = try row["reminders"]
            let fields: Double = try row["fields"]
            #expect(reminders == fields, "\(text): \(reminders) vs \(fields)")
        }
    }

    @Test func wrongArgumentCountIsAnErrorNotACrash() async throws {
        let database = try await SeededSearch.database()
        await #expect(throws: SQLiteError.self) {
            try await database.read { db in
                try db.fetchAll(#"SELECT trove_rank_fields("reminders_fts", 1.2) FROM "reminders_fts" WHERE "reminders_fts" MATCH 'milk'"#)
            }
        }
        // NB: a names field past the table's three columns.
        await #expect(throws: SQLiteError.self) {
            try await database.read { db in
                try db.fetchAll(#"""
                    SELECT trove_rank_fields("reminders_fts", 1.2, 0.5, 0.5, 1.0, 0.25, 3, '', '', 5.0, 0.75, 1.0, 0.75, 2.0, 0.75)
                    FROM "reminders_fts" WHERE "reminders_fts" MATCH 'milk'
                    """#)
            }
        }
    }
}
