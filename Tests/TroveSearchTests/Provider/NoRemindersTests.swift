import Foundation
import Synchronization
import Testing
import TroveQuery
import TroveSQLite
import TroveSearch
import TroveStore
import TroveTestSupport

/// Issue 16: the reminders' engines and `SearchProvider` pointed at an app's own database (a
/// notes table and its `SearchIndex`, no reminders) say so and name what to use, instead of
/// SQLite's "no such table: reminders_fts".
@Suite struct NoRemindersTests {
    /// The fixture's notes in a `SQLiteDatabase`, with its index: no Trove reminders.
    func appDatabase() async throws -> SQLiteDatabase {
        try await NotesFixture.sqliteDatabase(inserting: "INSERT INTO notes (title, body) VALUES ('Sourdough loaf', 'Feed the starter')")
    }

    /// How long a stream may take to end: generous, as a deadline costs nothing when the
    /// stream ends at once (this suite runs beside the others).
    static let deadline: Duration = .seconds(120)

    /// How a stream ended, once it has.
    final class Ending: Sendable {
        let error = Mutex<(any Error)?>(nil)
        let answers = Mutex(0)
        var searchError: SearchError? { error.withLock { $0 as? SearchError } }
    }

    /// Consumes `stream` on a task of its own and waits (up to ``deadline``) for it to end
    /// with an error; the task is cancelled either way.
    func ending(of stream: AsyncThrowingStream<ResultSet, any Error>) async -> Ending {
        let ending = Ending()
        let task = Task {
            do {
                for try await _ in stream { ending.answers.withLock { $0 += 1 } }
            } catch {
                ending.error.withLock { $0 = error }
            }
        }
        defer { task.cancel() }
        #expect(await eventually(timeout: Self.deadline) { ending.error.withLock { $0 != nil } }, "the stream did not end with an error")
        return ending
    }

    /// The error `body` throws as a ``SearchError``; nil (and an issue) otherwise.
    func searchError(_ body: () async throws -> Void) async -> SearchError? {
        do {
            try await body()
            Issue.record("expected a SearchError")
        } catch let error as SearchError {
            return error
        } catch {
            Issue.record("expected a SearchError, got \(error)")
        }
        return nil
    }

    @Test func theMessageNamesWhatToUseAndNoSQLite() {
        let message = SearchError.noReminders.description
        #expect(message.contains("no Trove reminders"))
        #expect(message.contains("SearchIndex"))
        #expect(message.contains("ReminderStore"))
        #expect(!message.contains("SQLITE") && !message.contains("no such table"))
    }

    // Every built-in engine, one-shot, as `SearchProvider.search` and `assertSearch` run them.
    @Test(arguments: ["sourdough", "!like sourdough", "!raw sourdough", "is:open", "zzqxv"])
    func oneShotSearchThrowsNoReminders(_ text: String) async throws {
        let database = try await appDatabase()
        let provider = try SearchProvider(database: database)
        #expect(await searchError { _ = try await provider.search(text) } == .noReminders, "\(text)")
        #expect(await searchError {
            _ = try await EngineRegistry().search(SearchRequest(text: text), in: database)
        } == .noReminders, "\(text)")
        // The app's own index answers on the same database.
        #expect(try await NotesFixture.index.search("sourdough", in: database).total == 1)
    }

    @Test func liveStreamEndsWithNoReminders() async throws {
        let provider = try SearchProvider(database: try await appDatabase())
        let ending = await ending(of: provider.results(for: SearchRequest(text: "sourdough")))
        #expect(ending.searchError == .noReminders)
    }

    // While typing, a query's own error arrives as a problem and the stream goes on; this one
    // would be the answer to every text, so it ends the stream.
    @Test func typingStreamEndsWithNoRemindersRatherThanAProblem() async throws {
        let provider = try SearchProvider(database: try await appDatabase())
        let texts = AsyncStream<String> { continuation in
            continuation.yield("sou")
            continuation.yield("sourdough")
        }
        let ending = await ending(of: provider.results(for: texts, request: SearchRequest(text: "")))
        #expect(ending.searchError == .noReminders)
        #expect(ending.answers.withLock { $0 } == 0)
    }

    // An app's own engine may search other tables: its SQLite errors stay its own.
    @Test func anAppEnginesErrorIsPassedOnAsItIs() async throws {
        struct NotesEngine: SearchEngine {
            var name: String { "notes" }
            func results(for request: SearchRequest, in database: SQLiteDatabase) -> AsyncThrowingStream<ResultSet, any Error> {
                Self.single { try await database.read { db in _ = try db.fetchAll("SELECT * FROM missing_table"); return ResultSet(query: request.query, engine: name) } }
            }
        }
        var registry = EngineRegistry()
        registry.register(NotesEngine())
        let database = try await appDatabase()
        await #expect(throws: SQLiteError.self) { _ = try await registry.search(SearchRequest(text: "!notes bread"), in: database) }
    }

    // A store's database is searched as before (the check reads nothing unless a search failed).
    @Test func aRemindersDatabaseIsSearchedAsBefore() async throws {
        let store = try await ReminderStore.inMemory()
        _ = try await store.add(ReminderRecord(title: "Sourdough starter"))
        let provider = try SearchProvider(database: store.database)
        #expect(try await provider.search("sourdough").hits.map(\.title) == ["Sourdough starter"])
    }
}
