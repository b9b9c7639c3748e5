import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveStore

/// Issue 19, item 4: did-you-mean corrects each word on its own and offers only corrections
/// whose words some row holds together, the same for the reminders and for an app's index.
///
/// The rows, as reminders (list in brackets) and as an app's notes:
///
/// | id | title                           | notes                             | list      |
/// |----|---------------------------------|-----------------------------------|-----------|
/// | 1  | Install pyhton on the laptop    | the old one, for the kids         | Python    |
/// | 2  | python requests timeout         | retry with a session              | Python    |
/// | 3  | python packaging guide          | wheels and requests for help      | Python    |
/// | 4  | Renew passport                  | photo booth at the post office    | Travel    |
/// | 5  | Buy milk                        | oat milk from the corner shop     | Groceries |
/// | 6  | Passport photos                 | and milk on the way home          | Travel    |
/// | 7  | Python sprint notes             | agenda for the meetup             | Pythonistas |
///
/// NB: `pyhton` is in one row, as a misspelling is in one of Debian's 64,610 descriptions: the
/// word matches alone, so it used to be kept, and the words ORed.
@Suite struct PerWordDidYouMeanTests {
    static let rows: [(id: Int, title: String, notes: String, list: Int)] = [
        (1, "Install pyhton on the laptop", "the old one, for the kids", 1),
        (2, "python requests timeout", "retry with a session", 1),
        (3, "python packaging guide", "wheels and requests for help", 1),
        (4, "Renew passport", "photo booth at the post office", 2),
        (5, "Buy milk", "oat milk from the corner shop", 3),
        (6, "Passport photos", "and milk on the way home", 2),
        (7, "Python sprint notes", "agenda for the meetup", 4),
    ]

    /// The rows as reminders.
    static func reminders() async throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(path: ":memory:")
        try await database.writeWithoutTransaction { db in try Migrator().migrate(db, path: ":memory:") }
        try await database.write { db in
            try db.execute("""
                INSERT INTO lists (id, name, position) VALUES (1, 'Python', 0), (2, 'Travel', 1), (3, 'Groceries', 2), (4, 'Pythonistas', 3);
                INSERT INTO tags (id, name) VALUES (1, 'errand'), (2, 'erratum');
                """)
            for row in rows {
                try db.execute("""
                    INSERT INTO reminders (id, list_id, title, notes, created_at, updated_at)
                    VALUES (\(row.id), \(row.list), \(row.title), \(row.notes), '2026-01-01 08:00:00.000', '2026-01-01 08:00:00.000')
                    """)
            }
            try db.execute("INSERT INTO reminder_tags (reminder_id, tag_id) VALUES (5, 1), (6, 2)")
        }
        return database
    }

    static let index: SearchIndex = {
        do {
            return try SearchIndex(table: "notes", key: "id", fields: [.init("title", weight: 10), .init("body")])
        } catch {
            preconditionFailure("the declaration is valid: \(error)")
        }
    }()

    /// The rows as an app's notes, ``index`` migrated.
    static func notes() throws -> SQLConnection {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT)")
        for row in rows {
            try db.execute("INSERT INTO notes (id, title, body) VALUES (\(row.id), \(row.title), \(row.notes))")
        }
        try index.migrate(db)
        return db
    }

    static func reminderSuggestions(_ text: String, exact: Bool = true) async throws -> DidYouMean {
        let database = try await reminders()
        var request = SearchRequest(text: text, exact: exact)
        request.typos = .off
        return try await EngineRegistry().search(request, in: database).didYouMean
    }

    // The suggester itself: one misspelled word beside a good one, two misspelled words, one
    // beside a filter (the correction must pass it too); the first suggestion.
    @Test(arguments: [
        ("pyhton requests", ["python requests"], [String]()),
        ("passprot milk", ["passport milk"], ["passprot"]),
        ("pyhton reqests", ["python requests"], ["reqests"]),
        ("pasport mlik", ["passport milk"], ["pasport", "mlik"]),
        ("pyhton requests list:Python", ["python requests list:Python"], []),
        // No row of Travel holds python and requests: nothing to offer.
        ("pyhton requests list:Travel", [], []),
    ] as [(String, [String], [String])])
    func eachWordIsCorrectedOnItsOwn(text: String, queries: [String], unmatched: [String]) async throws {
        let database = try await Self.reminders()
        let filters = SearchRequest(text: text).filterSQL
        let suggestion = try await database.read { db in
            try Suggester.didYouMean(for: .parse(text, exact: true), on: db, filters: filters)
        }
        #expect(Array(suggestion.queries.prefix(1)) == queries, "\(suggestion.queries)")
        #expect(suggestion.unmatchedWords == unmatched)
    }

    // `milk` and `pyhton` are each found, in different rows, and no correction finds them
    // together: only then the words are ORed. A word with no near word at all is named and
    // nothing is made up for it.
    @Test func theWordsAreOredOnlyWhenNoCorrectionFindsThemTogether() async throws {
        let database = try await Self.reminders()
        try await database.read { db in
            let ored = try Suggester.didYouMean(for: .parse("meetup milk", exact: true), on: db)
            #expect(ored.queries == ["meetup OR milk"])
            #expect(ored.unmatchedWords.isEmpty)
            // A word of punctuation alone was left out of the search, so it is not offered back
            // ("meetup OR & OR milk" before).
            let ampersand = try Suggester.didYouMean(for: .parse("meetup & milk", exact: true), on: db)
            #expect(ampersand.queries == ["meetup OR milk"])
            let unknown = try Suggester.didYouMean(for: .parse("zzqxv milk", exact: true), on: db)
            #expect(unknown.unmatchedWords == ["zzqxv"])
            #expect(unknown.queries.isEmpty)
        }
    }

    // The last word while typing, `pyhto`, finds pyhton but not beside requests: it is corrected
    // to a near word it does not start (python), not left to grow.
    @Test func aWordBeingTypedIsCorrectedToAWordItDoesNotStart() async throws {
        let database = try await Self.reminders()
        let suggestion = try await database.read { db in try Suggester.didYouMean(for: .parse("requests pyhto"), on: db) }
        #expect(suggestion.queries.first == "requests python", "\(suggestion.queries)")
    }

    // Every offered query finds something when searched as offered.
    @Test(arguments: ["pyhton requests", "passprot milk", "pyhton reqests", "pasport mlik", "pyhton packagng"])
    func everySuggestionFindsSomething(text: String) async throws {
        let database = try await Self.reminders()
        let queries = try await Self.reminderSuggestions(text).queries
        #expect(!queries.isEmpty)
        for query in queries {
            var request = SearchRequest(text: query, exact: true)
            request.typos = .off
            #expect(try await EngineRegistry().search(request, in: database).total > 0, "\(query)")
        }
    }

    // The same text gets the same suggestion from the reminders' engine and from an app's
    // index, typo matches or not.
    @Test(arguments: ["pyhton requests", "passprot milk", "pyhton reqests", "pasport mlik", "meetup milk", "zzqxv milk"])
    func theRemindersAndAnIndexSuggestTheSame(text: String) async throws {
        let fromReminders = try await Self.reminderSuggestions(text)
        let db = try Self.notes()
        let fromIndex = try Self.index.search(text, on: db, exact: true, typos: .off).didYouMean
        #expect(fromIndex == fromReminders)
        let typosOn = try Self.index.search(text, on: db, exact: true).didYouMean
        let database = try await Self.reminders()
        let remindersTyposOn = try await EngineRegistry().search(SearchRequest(text: text, exact: true), in: database).didYouMean
        #expect(typosOn == remindersTyposOn)
        #expect(typosOn == fromReminders)
    }
}
