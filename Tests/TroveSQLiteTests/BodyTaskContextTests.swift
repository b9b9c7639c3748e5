import Testing
import TroveQuery
import TroveSQLite

/// A `read` or `write` body runs inside its caller's task, so what Swift Testing keeps in the
/// task (the current test, a known-issue scope) and the caller's task-local values reach it.
///
/// NB: regression (issue 52, item 1): bodies ran in `queue.async` blocks, outside any task, so
/// an `#expect` that failed inside `read` was reported against "Test «unknown»" and a snapshot
/// helper inside `read` could not find the test it had to fail.
@Suite struct BodyTaskContextTests {
    enum Caller {
        @TaskLocal static var name = "none"
    }

    @Test(arguments: [0, 2])
    func aTaskLocalValueReachesReadAndWriteBodies(readers: Int) async throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteDatabase(path: directory.file("context.db"), readers: readers)
        let seen = try await Caller.$name.withValue("the test") {
            let read = try await database.read { _ in Caller.name }
            let written = try await database.write { _ in Caller.name }
            let helped = try await database.readWithHelper { _, _ in Caller.name }
            return [read, written, helped]
        }
        #expect(seen == ["the test", "the test", "the test"])
    }

    @Test func aFailedExpectationInsideReadIsTheTestsOwn() async throws {
        let database = try SQLiteDatabase.inMemory()
        // NB: `withKnownIssue` fails the test unless the issue reaches it, and it reaches it only
        // when the body runs inside this test's task.
        await withKnownIssue {
            try await database.read { db in
                let one = try db.fetchValue("SELECT 1", as: Int.self)
                #expect(one == 2)
            }
        }
    }
}
