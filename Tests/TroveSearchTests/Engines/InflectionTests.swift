import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveStore
import TroveTestSupport

/// A word's English forms find each other (`libraries` finds "Library card renewal"), in the
/// tier after the exact matches, so the form as typed always ranks first (issue 19, item 3).
@Suite struct InflectionTests {
    static let store = Task {
        try await seededStore(records: [
            ReminderRecord(title: "Library card renewal"),           // 1
            ReminderRecord(title: "Visit two libraries downtown"),   // 2
            ReminderRecord(title: "Pay the invoice from Acme"),      // 3
            ReminderRecord(title: "File invoices for March"),        // 4
            ReminderRecord(title: "Weekly meeting notes"),           // 5
            ReminderRecord(title: "Book meetings with the team"),    // 6
            ReminderRecord(title: "Go running on Sunday"),           // 7
            ReminderRecord(title: "Run the backup"),                 // 8
            ReminderRecord(title: "Two runs this week"),             // 9
            ReminderRecord(title: "Watch the news tonight"),         // 10
            ReminderRecord(title: "Buy a new kettle"),               // 11
        ])
    }

    /// The final answer to `text`, as the typing stream settles on it.
    static func answer(_ text: String, typos: TypoTolerance = .off, wordForms: WordFormMatching = .on) async throws -> ResultSet {
        var request = SearchRequest(text: text, limit: 50, typos: typos)
        request.wordForms = wordForms
        var last: ResultSet?
        for try await resultSet in EngineRegistry().results(for: request, in: try await store.value.database)
        where !resultSet.isProvisional {
            last = resultSet
        }
        return try #require(last)
    }

    // The issue's pairs, each way, whole words: the exact form first, then the other forms.
    @Test(arguments: [
        ("libraries ", [2, 1]), ("library ", [1, 2]),
        ("invoices ", [4, 3]), ("invoice ", [3, 4]),
        ("meetings ", [6, 5]), ("meeting ", [5, 6]),
        ("running ", [7, 8, 9]), ("run ", [8, 7, 9]), ("runs ", [9, 8, 7]),
    ] as [(String, [Int64])])
    func eachFormFindsTheOthersBelowItself(text: String, ids: [Int64]) async throws {
        let answer = try await Self.answer(text)
        #expect(answer.hits.first?.id == ids.first, "\(text)")
        #expect(Set(answer.hits.map(\.id)) == Set(ids), "\(text)")
        #expect(answer.hits.filter(\.isWordForm).map(\.id).sorted() == ids.dropFirst().sorted(), "\(text)")
        #expect(answer.hits.allSatisfy { !$0.isTypo })
        #expect(answer.wordFormCount == ids.count - 1 && answer.typoCount == 0)
    }

    // The exact form ranks above another form however the ranking would score them: here the
    // other form is in the title and the typed one only in the notes.
    @Test func theFormAsTypedRanksAboveAFormInTheTitle() async throws {
        let store = try await seededStore(records: [
            ReminderRecord(title: "Invoice", notes: ""),                            // 1
            ReminderRecord(title: "Paperwork", notes: "two invoices are overdue"),  // 2
        ])
        let request = SearchRequest(text: "invoices ", typos: .off)
        let answer = try await EngineRegistry().search(request, in: store.database)
        #expect(answer.hits.map(\.id) == [2, 1])
        #expect(answer.hits.map(\.isWordForm) == [false, true])
    }

    // Lookalikes that are not forms of each other stay apart.
    @Test(arguments: [("news ", [10]), ("new ", [11])] as [(String, [Int64])])
    func lookalikesDoNotFindEachOther(text: String, ids: [Int64]) async throws {
        #expect(try await Self.answer(text).hits.map(\.id) == ids)
    }

    // The last word being typed is a prefix and also its forms: `libraries` while typing
    // finds "Library card renewal" as well.
    @Test func theWordBeingTypedMatchesItsPrefixAndItsForms() async throws {
        let answer = try await Self.answer("libraries")
        #expect(answer.hits.map(\.id) == [2, 1])
        #expect(try await Self.answer("meet").hits.map(\.id).sorted() == [5, 6])
    }

    @Test func wordFormsOffMatchesWordsAsTyped() async throws {
        let answer = try await Self.answer("libraries ", wordForms: .off)
        #expect(answer.hits.map(\.id) == [2])
        #expect(answer.wordFormCount == 0)
    }

    // With typos on, a hit is marked by what it needed: a form, or a typo.
    @Test func typoAndWordFormHitsAreToldApart() async throws {
        let answer = try await Self.answer("meetngs ", typos: .on)
        #expect(answer.hits.contains { $0.id == 6 && $0.isTypo && !$0.isWordForm }, "\(answer.hits.map(\.id))")
        let forms = try await Self.answer("meetings ", typos: .on)
        #expect(forms.hits.first { $0.id == 5 }?.isWordForm == true)
        #expect(forms.hits.first { $0.id == 5 }?.isTypo == false)
    }

    // --explain shows the forms ORed in, in the tier after the exact one.
    @Test func theExplanationShowsTheForms() async throws {
        let request = SearchRequest(text: "libraries ", typos: .off)
        let explanation = try #require(try await EngineRegistry().explanation(for: request, in: try await Self.store.value.database))
        let purposes = explanation.statements.map(\.purpose)
        #expect(purposes.contains("word form hits"), "\(purposes)")
        let tier = try #require(explanation.statements.first { $0.purpose == "word form hits" })
        #expect(tier.inlinedSQL.contains(#""libraries" OR "library""#), "\(tier.inlinedSQL)")
    }

    // An app's SearchIndex gets the same forms, and can turn them off.
    @Test func aSearchIndexFindsFormsAndCanTurnThemOff() throws {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE docs (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT)")
        for (id, title) in [(1, "Library card renewal"), (2, "Visit two libraries downtown"), (3, "Buy a new kettle")] {
            try db.execute("INSERT INTO docs (id, title, body) VALUES (\(id), \(title), '')")
        }
        let index = try SearchIndex(table: "docs", key: "id", fields: [.init("title", weight: 10), .init("body")])
        try index.migrate(db)
        let answer = try index.search("libraries ", on: db, typos: .off)
        #expect(answer.hits.map(\.key) == [2, 1])
        #expect(answer.hits.map(\.isWordForm) == [false, true])
        #expect(answer.wordFormCount == 1 && answer.typoCount == 0)
        #expect(try index.search("library", on: db).hits.map(\.key) == [1, 2])

        let off = try SearchIndex(
            table: "docs", key: "id", fields: [.init("title", weight: 10), .init("body")], wordForms: .off)
        #expect(try off.search("libraries ", on: db).hits.map(\.key) == [2])
    }
}
