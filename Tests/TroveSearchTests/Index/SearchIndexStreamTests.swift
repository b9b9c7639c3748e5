import Testing
import TroveQuery
import TroveSQLite
import TroveSearch

/// A ``SearchIndex`` on a ``SQLiteDatabase``: the async one-shot search, its cancellation, and the
/// latest-wins stream of answers while typing.
@Suite struct SearchIndexStreamTests {
    let index = NotesFixture.index

    /// The fixture's notes in a `SQLiteDatabase`, with the index migrated.
    func database() async throws -> SQLiteDatabase {
        let database = try SQLiteDatabase.inMemory()
        try await database.writeWithoutTransaction { db in
            try db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT, folder TEXT, pinned INTEGER NOT NULL DEFAULT 0)")
            try db.execute("""
                INSERT INTO notes (id, title, body, folder) VALUES
                  (1, 'Sourdough loaf', 'Feed the starter', 'Baking'),
                  (2, 'Groceries', 'a jar for the sourdough starter', 'Shopping')
                """)
            try NotesFixture.index.migrate(db)
        }
        return database
    }

    @Test func oneShotSearchOnADatabase() async throws {
        let results = try await index.search("sourdough", in: try await database())
        #expect(results.hits.map(\.key) == [1, 2])
    }

    @Test func cancelledSearchThrowsCancellationError() async throws {
        let database = try await database()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await index.search("sourdough", in: database)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    // Whatever earlier texts were answered before being superseded, the stream ends with the
    // answer to the last text, and every answer is to one of the texts typed, in order.
    @Test func streamEndsWithTheLatestTextsAnswer() async throws {
        let database = try await database()
        let typed = ["s", "sou", "sourd", "sourdough", "sourdough folder:shopping"]
        let texts = AsyncStream<String> { continuation in
            for text in typed { continuation.yield(text) }
            continuation.finish()
        }
        var answers: [IndexResultSet] = []
        for try await results in index.results(for: texts, in: database) { answers.append(results) }
        let last = try #require(answers.last)
        #expect(last.query.text == "sourdough folder:shopping")
        #expect(last.hits.map(\.key) == [2])
        let order = answers.compactMap { typed.firstIndex(of: $0.query.text) }
        #expect(order.count == answers.count)
        #expect(order == order.sorted())
    }

    @Test func streamEndsWithTheErrorOfAnIndexNeverMigrated() async throws {
        let database = try SQLiteDatabase.inMemory()
        try await database.write { db in try db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT, body TEXT, folder TEXT, pinned INTEGER)") }
        let texts = AsyncStream<String> { continuation in
            continuation.yield("bread")
            continuation.finish()
        }
        await #expect(throws: SearchIndexError.notMigrated(index: "notes")) {
            for try await _ in index.results(for: texts, in: database) {}
        }
    }
}
