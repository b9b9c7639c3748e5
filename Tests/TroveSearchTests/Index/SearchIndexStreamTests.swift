import Foundation
import Synchronization
import Testing
import TroveQuery
import TroveSQLite
import TroveSearch
import TroveTestSupport

/// A ``SearchIndex`` on a ``SQLiteDatabase``: the async one-shot search, its cancellation, and the
/// latest-wins stream of answers while typing.
@Suite struct SearchIndexStreamTests {
    let index = NotesFixture.index

    /// The fixture's notes in a `SQLiteDatabase`, with the index migrated.
    func database() async throws -> SQLiteDatabase {
        try await NotesFixture.twoSourdoughNotes()
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

    // MARK: Live answers

    /// How long a live answer may take to arrive: generous, as a deadline costs nothing when the
    /// answer comes at once.
    static let deadline: Duration = .seconds(120)

    /// What a consumer task has seen of a stream so far.
    final class Answers: Sendable {
        let seen = Mutex<[IndexResultSet]>([])
        var keys: [[Int64]] { seen.withLock { $0.map { $0.hits.map(\.key) } } }
    }

    /// Consumes `stream` on a task of its own, recording every answer.
    func consume(_ stream: AsyncThrowingStream<IndexResultSet, any Error>) -> (Answers, Task<Void, any Error>) {
        let answers = Answers()
        let task = Task {
            for try await results in stream { answers.seen.withLock { $0.append(results) } }
        }
        return (answers, task)
    }

    /// One text typed, then nothing: the stream answers it, and again after each commit.
    func typedOnce(_ text: String) -> AsyncStream<String> {
        AsyncStream { continuation in
            continuation.yield(text)
            continuation.finish()
        }
    }

    // The texts have ended, yet a live stream answers the last one again once a new note
    // commits; then again once one is deleted. (In memory: the writer's own total changes.)
    // The deadlines are long because this suite runs beside the others: on a loaded 2-core
    // machine an answer took over 10 s to reach the consumer (CI, 2026-11-27).
    @Test func liveStreamAnswersTheLastTextAgainAfterEachCommit() async throws {
        let database = try await database()
        let (answers, task) = consume(index.results(for: typedOnce("sourdough"), in: database, live: true, pollInterval: .milliseconds(5)))
        defer { task.cancel() }
        #expect(await eventually(timeout: Self.deadline) { answers.keys == [[1, 2]] }, "\(answers.keys)")
        try await database.write { db in try db.execute("INSERT INTO notes (id, title, body) VALUES (3, 'Sourdough crackers', '')") }
        #expect(await eventually(timeout: Self.deadline) { answers.keys.last?.sorted() == [1, 2, 3] }, "\(answers.keys)")
        try await database.write { db in try db.execute("DELETE FROM notes WHERE id = 1") }
        #expect(await eventually(timeout: Self.deadline) { answers.keys.last?.contains(1) == false }, "\(answers.keys)")
        #expect(answers.keys.allSatisfy { !$0.isEmpty })
    }

    // A file written by another connection (as another process would): the stream's own
    // watching connection sees data_version change.
    @Test func liveStreamSeesAnotherConnectionsCommit() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trove-live-\(UUID().uuidString).db").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let database = try SQLiteDatabase(path: path)
        try await database.writeWithoutTransaction { db in
            try db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT, folder TEXT, pinned INTEGER NOT NULL DEFAULT 0)")
            try db.execute("INSERT INTO notes (id, title, body) VALUES (1, 'Rye bread', '')")
            try NotesFixture.index.migrate(db)
        }
        let (answers, task) = consume(index.results(for: typedOnce("bread"), in: database, live: true, pollInterval: .milliseconds(5)))
        defer { task.cancel() }
        #expect(await eventually(timeout: Self.deadline) { answers.keys == [[1]] }, "\(answers.keys)")
        let other = try SQLConnection(path: path)
        try other.execute("INSERT INTO notes (id, title, body) VALUES (2, 'Bread knife', '')")
        #expect(await eventually(timeout: Self.deadline) { answers.keys.last?.sorted() == [1, 2] }, "\(answers.keys)")
    }

    // Without `live`, nothing more comes after the texts' answers: the stream finishes.
    @Test func aStreamThatIsNotLiveFinishesAfterTheLastText() async throws {
        let database = try await database()
        var count = 0
        for try await _ in index.results(for: typedOnce("sourdough"), in: database) { count += 1 }
        #expect(count == 1)
    }
}
