import Foundation
import Synchronization
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveTestSupport

/// `SearchProvider` answering an app's own table through its `SearchIndex`: one-shot and as you
/// type, live, with one cache of each index's words shared by its searches.
@Suite struct IndexProviderTests {
    let index = NotesFixture.index

    func database() async throws -> SQLiteDatabase {
        try await NotesFixture.twoSourdoughNotes()
    }

    /// How long a live answer may take: generous, as this suite runs beside the others.
    static let deadline: Duration = .seconds(120)

    @Test func searchIsTheIndexsOwnAnswer() async throws {
        let database = try await database()
        let provider = try SearchProvider(database: database)
        for text in ["sourdough", "sourdouhg", "zzqxv", "folder:baking"] {
            #expect(try await provider.search(text, in: index) == (try await index.search(text, in: database)), "\(text)")
        }
        #expect(provider.words(of: index) === provider.words(of: index), "one cache per index")
        let other = try SearchIndex(name: "notes_titles", table: "notes", key: "id", fields: [.init("title")])
        #expect(provider.words(of: other) !== provider.words(of: index))
    }

    /// Keyset pages through the provider: each page after the last one's cursor, the same rows
    /// as the index's own pages, and a page by offset the same as well.
    @Test func pagesGoByCursorAndOffsetAsOnTheIndex() async throws {
        let database = try await database()
        let provider = try SearchProvider(database: database)
        let first = try await provider.search("sourdough", in: index, limit: 1)
        #expect(first.hits.count == 1)
        let next = try #require(first.next)
        let second = try await provider.search("sourdough", in: index, limit: 1, after: next)
        #expect(second == (try await index.search("sourdough", in: database, limit: 1, after: next)))
        #expect(second.hits.count == 1 && second.hits[0].key != first.hits[0].key)
        #expect(try await provider.search("sourdough", in: index, limit: 1, offset: 1).hits.map(\.key) == second.hits.map(\.key))
    }

    // Typed once, then a commit: the provider answers the text again, as it does for requests.
    @Test func typingStreamIsLiveAndLatestWins() async throws {
        let database = try await database()
        let provider = try SearchProvider(database: database, pollInterval: .milliseconds(5))
        let texts = AsyncStream<String> { continuation in
            continuation.yield("zzz")
            continuation.yield("sourdough")
            continuation.finish()
        }
        let seen = Mutex<[[Int64]]>([])
        let task = Task {
            for try await results in provider.results(for: texts, in: index) {
                seen.withLock { $0.append(results.hits.map(\.key)) }
            }
        }
        defer { task.cancel() }
        #expect(await eventually(timeout: Self.deadline) { seen.withLock { $0.last == [1, 2] } }, "\(seen.withLock { $0 })")
        try await database.write { db in try db.execute("INSERT INTO notes (id, title, body) VALUES (3, 'Sourdough crackers', '')") }
        #expect(await eventually(timeout: Self.deadline) { seen.withLock { $0.last?.sorted() == [1, 2, 3] } }, "\(seen.withLock { $0 })")
        // Latest wins: whatever "zzz" answered came before every answer of "sourdough".
        let answers = seen.withLock { $0 }
        #expect(answers.drop { $0.isEmpty }.allSatisfy { !$0.isEmpty }, "\(answers)")
    }

    // An index never migrated: the stream ends with the index's own error.
    @Test func anIndexNeverMigratedEndsTheStream() async throws {
        let provider = try SearchProvider(database: try await database())
        let missing = try SearchIndex(name: "elsewhere", table: "notes", key: "id", fields: [.init("title")])
        await #expect(throws: SearchIndexError.notMigrated(index: "elsewhere")) {
            for try await _ in provider.results(for: AsyncStream { $0.yield("bread"); $0.finish() }, in: missing) {}
        }
    }
}
