import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveStore
import TroveTestSupport

/// `trove_rank` and `trove_rank_fields` given the FTS5 table's `_docsize` read the rows' column
/// sizes by walking it forward instead of through FTS5's look-up per row (`trove_ranking.c`,
/// SizeWalk). The scores must be the same to the last bit, whatever the order the rows come in,
/// the gaps between them and the sizes' varint lengths; a table that is not the index's costs
/// the walk, never the scores.
@Suite struct SizeWalkTests {
    /// Reminders whose notes hold 0 to 20,000 words (sizes of one, two and three varint bytes),
    /// every other one of the first 600 deleted (gaps the walk steps over) and a run of 100 in
    /// the middle deleted (a gap it seeks over).
    static let store = Task { () throws -> ReminderStore in
        let store = try await ReminderStore.inMemory()
        let lengths = [0, 1, 2, 126, 127, 128, 129, 300, 16_383, 16_384, 16_385, 20_000]
        var records: [ReminderRecord] = []
        for i in 0..<1_200 {
            let words = lengths[i % lengths.count]
            let notes = (0..<words).map { $0 % 5 == 0 ? "milk" : "word\($0 % 7)" }.joined(separator: " ")
            let title = i % 3 == 0 ? "Buy milk and bread" : "Call about the milk \(i)"
            records.append(ReminderRecord(title: title, notes: notes, tags: i % 4 == 0 ? ["milk run"] : []))
        }
        var reader = RecordArrayReader(records)
        _ = try await store.importRecords(&reader, source: "sizes")
        try await store.database.write { db in
            try db.execute("DELETE FROM reminders WHERE id <= 600 AND id % 2 = 0")
            try db.execute("DELETE FROM reminders WHERE id BETWEEN 800 AND 899")
        }
        return store
    }

    static let arguments = "0, 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'milk', 'milk'"

    /// The `value` column of every row of `sql(last)` with `last` empty and as given: the call
    /// without and with its `_docsize` argument.
    ///
    /// NB: two statements, not two calls in one: FTS5 keeps one state per function and cursor,
    /// so a second call in the same statement would share the first one's (and its lack of a
    /// walk).
    static func bothWays<Value: SQLBindable & Sendable>(
        _ sql: (SQLFragment) -> SQLFragment, last: SQLFragment, as type: Value.Type
    ) async throws -> (looked: [Value], walked: [Value]) {
        let database = try await store.value.database
        let (looked, walked) = (sql(""), sql(last))
        return try await database.read { db in
            (try db.fetchAll(looked).map { row -> Value in try row["value"] },
             try db.fetchAll(walked).map { row -> Value in try row["value"] })
        }
    }

    /// Every matching row's score without and with the walk (over `table`), in `order`.
    static func scores(_ match: String, order: String, table: String) async throws -> [(Double, Double)] {
        let (looked, walked) = try await bothWays({ last in
            """
            SELECT trove_rank("reminders_fts", \(raw: arguments)\(last)) AS "value"
            FROM "reminders_fts" WHERE "reminders_fts" MATCH \(match) ORDER BY "reminders_fts"."rowid" \(raw: order)
            """
        }, last: ", \(table)", as: Double.self)
        #expect(looked.count == walked.count)
        return Array(zip(looked, walked))
    }

    /// The sizes take one, two and three bytes each (varints: 7 bits a byte).
    @Test func theSizesTakeSeveralVarintLengths() async throws {
        let database = try await Self.store.value.database
        let longest = try await database.read { db in
            try db.fetchValue("SELECT max(length(sz)) FROM reminders_fts_docsize", as: Int.self)
        }
        #expect(longest == 1 + 3 + 1)
    }

    @Test(arguments: ["ASC", "DESC"], ["milk", "bread", "call", "m*", "word3"])
    func theWalkScoresAsTheLookUpDoes(order: String, match: String) async throws {
        let rows = try await Self.scores(match, order: order, table: "reminders_fts_docsize")
        #expect(rows.count > 100)
        for (looked, walked) in rows { #expect(looked == walked) }
        // NB: the sizes matter where the notes match: notes of each length score apart
        // (the titles that alone hold `bread` or `call` are all of one length).
        if !["bread", "call"].contains(match) { #expect(Set(rows.map(\.0)).count >= 5) }
    }

    @Test(arguments: ["no_such_table", "reminders_substrings_docsize", "reminders", "lists"])
    func aTableThatIsNotTheIndexsLeavesTheScoresAsTheyWere(table: String) async throws {
        let rows = try await Self.scores("milk", order: "ASC", table: table)
        #expect(rows.count > 100)
        for (looked, walked) in rows { #expect(looked == walked) }
    }

    @Test func theExplanationReadsTheSameSizes() async throws {
        let (looked, walked) = try await Self.bothWays({ last in
            """
            SELECT trove_rank_explain("reminders_fts", \(raw: Self.arguments)\(last)) AS "value"
            FROM "reminders_fts" WHERE "reminders_fts" MATCH 'milk' ORDER BY rowid
            """
        }, last: ", 'reminders_fts_docsize'", as: String.self)
        #expect(looked.count > 100)
        #expect(looked == walked)
    }

    /// An app's index: `trove_rank_fields` takes the same optional last argument.
    @Test func theFieldsRankWalksTheAppsIndex() async throws {
        let database = try await Self.store.value.database
        let index = try SearchIndex(
            name: "notes_walk", table: "reminders", key: "id", fields: [.init("title", weight: 10), .init("notes")])
        try await database.write { db in try index.migrate(db) }
        let fields = "1.2, 0.5, 0.5, 1.0, 0.25, -1, 'milk', 'milk', 10.0, 0.75, 1.0, 0.75"
        for order in ["ASC", "DESC"] {
            let (looked, walked) = try await Self.bothWays({ last in
                """
                SELECT trove_rank_fields("trove_notes_walk_fts", \(raw: fields)\(last)) AS "value"
                FROM "trove_notes_walk_fts" WHERE "trove_notes_walk_fts" MATCH 'milk' ORDER BY rowid \(raw: order)
                """
            }, last: ", 'trove_notes_walk_fts_docsize'", as: Double.self)
            #expect(looked.count > 100)
            #expect(looked == walked)
        }
    }

    /// The SQL the engines write for it.
    @Test func theExpressionNamesTheDocsizeTable() {
        #expect(TroveRanking.standard.expression(isCompleted: "0", walksSizes: true).debugDescription.hasSuffix(
            ", 1.0, '', '', 'reminders_fts_docsize')"))
        #expect(!TroveRanking.standard.expression().debugDescription.contains("_docsize"))
        #expect(TroveRanking.standard.fieldsExpression(
            table: "trove_notes_fts", fields: [(10, 0.75), (1, 0.75)], exactWords: [], walksSizes: true
        ).debugDescription == "trove_rank_fields(\"trove_notes_fts\", 1.2, 0.5, 0.5, 1.0, 0.25, -1, '', '', 10.0, 0.75, 1.0, 0.75, 'trove_notes_fts_docsize')")
    }
}
