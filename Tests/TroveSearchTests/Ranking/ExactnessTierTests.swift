import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveStore
import TroveTestSupport

/// Exactness as a ranking rule (issue 50, item 1): a title equal to the query, then one whose
/// leading segment is the query, then one that starts with the query's words, then the rest by
/// score, the same in the reminders' engine, in an app's ``SearchIndex`` and under the bound.
@Suite("Exactness tiers")
struct ExactnessTierTests {
    /// Twenty reminders whose notes mention the dentist three times, then the four tiers.
    static let dentistTitles = [
        "Call the dentist about the bill",  // tier 0, the title mentions it
        "Dentist appointment Tuesday",      // tier 0 for `dentist`, tier 1 for `dentist appointment`
        "Dentist: book the cleaning",       // tier 2: its leading segment is the query
        "Dentist",                          // tier 3: equal to the query
        "Dentist (Dr Ruiz) - check-up",     // tier 2, `(`
        "Dentist - the new one",            // tier 2, ` - `
        "Dentists-and-doctors list",        // tier 0: another word
    ]

    static func dentistStore() async throws -> ReminderStore {
        let store = try await ReminderStore.inMemory()
        var records: [ReminderRecord] = (0..<20).map { i in
            ReminderRecord(
                title: "Errand \(i)",
                notes: "The dentist said: floss. Ask the dentist about the dentist's bill. Also dentist.")
        }
        records += dentistTitles.map { ReminderRecord(title: $0) }
        var reader = RecordArrayReader(records)
        _ = try await store.importRecords(&reader, source: "dentist")
        return store
    }

    static func request(_ text: String, limit: Int = 30) -> SearchRequest {
        SearchRequest(
            text: text, limit: limit, typos: .off, highlight: .none,
            today: ReminderGenerator.pinnedToday, timeZone: TimeZone(identifier: "UTC")!)
    }

    static func titles(_ text: String, in database: SQLiteDatabase) async throws -> [String] {
        var last: ResultSet?
        for try await resultSet in EngineRegistry().results(for: request(text), in: database) { last = resultSet }
        return try #require(last).hits.map(\.title)
    }

    @Test func aTitleEqualToTheQueryBeatsNotesThatMentionItThrice() async throws {
        let store = try await Self.dentistStore()
        let titles = try await Self.titles("dentist", in: store.database)
        try #require(titles.count > 5, "\(titles)")
        #expect(titles.first == "Dentist", "\(titles)")
        // NB: tier 2, ordered among themselves by score.
        #expect(Set(titles[1...3]) == ["Dentist - the new one", "Dentist: book the cleaning", "Dentist (Dr Ruiz) - check-up"])
        #expect(titles.firstIndex(of: "Call the dentist about the bill")! > 4)
        #expect(titles.firstIndex(of: "Errand 0")! > 4)
    }

    @Test func severalWordsArePhraseFirstOnlyInOrder() async throws {
        let store = try await Self.dentistStore()
        let titles = try await Self.titles("dentist appointment", in: store.database)
        #expect(titles.first == "Dentist appointment Tuesday", "\(titles)")
        let reversed = try await Self.titles("appointment dentist", in: store.database)
        // NB: the same one match, in no tier: the words are not in the title's order.
        #expect(reversed == ["Dentist appointment Tuesday"])
    }

    @Test func theTierIsInTheExplanation() async throws {
        let store = try await Self.dentistStore()
        let text = try await store.database.read { db in
            try db.fetchOne(
                """
                SELECT \(TroveRanking.standard.expression(.explain, exactWords: ["dentist"], leadingWords: ["dentist"]))
                FROM "reminders_fts" JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
                WHERE "reminders_fts" MATCH '"dentist"*' AND "reminders"."title" = 'Dentist: book the cleaning'
                """
            ).map { try $0[0] as String }
        }
        #expect(text?.hasPrefix("title ") == true)
        #expect(text?.contains("exactness leading segment +") == true, "\(text ?? "nil")")
    }

    @Test func anAppIndexRanksByTheSameTiers() async throws {
        let database = try await NotesFixture.sqliteDatabase(inserting: """
            INSERT INTO notes (id, title, body) VALUES
              (1, 'Errand', 'The dentist said: floss. Ask the dentist about the dentist''s bill.'),
              (2, 'Dentist appointment Tuesday', NULL),
              (3, 'Dentist: book the cleaning', NULL),
              (4, 'Call the dentist', NULL),
              (5, 'Dentist', NULL)
            """)
        let answer = try await NotesFixture.index.search("dentist", in: database, limit: 10)
        #expect(answer.hits.map(\.key) == [5, 3, 2, 4, 1])
    }

    /// A `demoted` row ranks as the reminders rank a completed one: one tier lower, so it loses
    /// the close call to an open twin but not to rows that only mention the word; `rankedLast`
    /// puts it after them all. (`pinned` plays the part of a done column here.)
    @Test func aDemotedRowRanksLowerAndARankedLastOneLast() async throws {
        let database = try await NotesFixture.sqliteDatabase(inserting: """
            INSERT INTO notes (id, title, body, pinned) VALUES
              (1, 'Errand', 'The dentist said: floss. Ask the dentist about the dentist''s bill.', 0),
              (2, 'Call the dentist', NULL, 0),
              (3, 'Dentist', NULL, 1),
              (5, 'Dentist', NULL, 0)
            """)
        let fields: [SearchIndex.Field] = [.init("title", weight: 10), .init("body")]
        let demoted = try SearchIndex(name: "notes_demoted", table: "notes", key: "id", fields: fields, demoted: "pinned")
        let last = try SearchIndex(name: "notes_last", table: "notes", key: "id", fields: fields, rankedLast: "pinned")
        try await database.write { db in
            try demoted.migrate(db)
            try last.migrate(db)
        }
        #expect(try await demoted.search("dentist", in: database, limit: 10).hits.map(\.key) == [5, 3, 2, 1])
        #expect(try await last.search("dentist", in: database, limit: 10).hits.map(\.key) == [5, 2, 1, 3])
        // The keyset pages walk the same order.
        let first = try await demoted.search("dentist", in: database, limit: 2)
        let rest = try await demoted.search("dentist", in: database, limit: 10, after: try #require(first.next))
        #expect(first.hits.map(\.key) + rest.hits.map(\.key) == [5, 3, 2, 1])
    }

    @Test func anIndexIsNotBothRankedLastAndDemoted() {
        #expect(throws: SearchIndexError.rankedLastAndDemoted(index: "notes", rankedLast: "done", demoted: "archived")) {
            try SearchIndex(table: "notes", key: "id", fields: [.init("title")], rankedLast: "done", demoted: "archived")
        }
    }
}
