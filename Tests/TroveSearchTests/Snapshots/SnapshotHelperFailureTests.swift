import InlineSnapshotTesting
import Testing
import TroveQuery
import TroveSQLite
import TroveSearch
import TroveTestSupport

/// The snapshot helpers fail on a wrong or missing snapshot wherever they are called: on a
/// connection of the test's own, or inside `SQLiteDatabase.read`.
///
/// NB: regression (issue 52, item 1): inside `read` the helpers lost the running test, so a
/// changed score (`-0.53` recorded as `-9.99`) and a missing snapshot both passed. Each test
/// here gives a helper a wrong snapshot inside `withKnownIssue`, which fails the test unless
/// the helper reports it.
///
/// NB: serialized: InlineSnapshotTesting reads and caches the test's source file on each failure
/// without a lock, and two of these failing at once crashed the test process (SIGSEGV in
/// `testSource(file:)`, seen in a full `scripts/test`).
@Suite(.serialized) struct SnapshotHelperFailureTests {
    let index = NotesFixture.index

    static let sourdoughSQL = """
        SELECT …
        FROM "trove_notes_fts"
        CROSS JOIN "notes" ON ("notes"."id" = "trove_notes_fts"."rowid")
        WHERE ("trove_notes_fts" MATCH '"sourdough"*')
        ORDER BY
          "score" ASC,
          "notes"."id" ASC
        LIMIT 10 OFFSET 0
        """

    /// The recorded hits of "sourdough", with the first score changed from -0.53 to -9.99.
    static let changedScore = """
        #  key  rank   title             body                               snippet
        -  ---  -----  ----------------  ---------------------------------  ---------------------------------
        1  1    -9.99  [Sourdough] loaf  Feed the starter                   Feed the starter
        2  2    -0.16  Groceries         a jar for the [sourdough] starter  a jar for the [sourdough] starter
        2 of 2
        folder: Baking (1), Shopping (1)
        """

    @Test func aChangedScoreFailsInsideRead() async throws {
        let database = try await NotesFixture.twoSourdoughNotes()
        try await database.read { db in
            withKnownIssue {
                assertSearch("sourdough", in: index, on: db) {
                    Self.sourdoughSQL
                } results: {
                    Self.changedScore
                }
            } matching: { issue in
                "\(issue)".contains("The results did not match")
            }
        }
    }

    @Test func aChangedScoreFailsOnTheDatabase() async throws {
        let database = try await NotesFixture.twoSourdoughNotes()
        await withKnownIssue {
            await assertSearch("sourdough", in: index, on: database) {
                Self.sourdoughSQL
            } results: {
                Self.changedScore
            }
        } matching: { issue in
            "\(issue)".contains("The results did not match")
        }
    }

    @Test func aMissingSnapshotFailsInsideRead() async throws {
        let database = try await NotesFixture.twoSourdoughNotes()
        // NB: `.never` so the missing snapshot is reported without being written into this file;
        // the mode is a task-local value too, so it reaches the body only inside the test's task.
        try await withSnapshotTesting(record: .never) {
            try await database.read { db in
                withKnownIssue {
                    assertSearch("sourdough", in: index, on: db)
                } matching: { issue in
                    "\(issue)".contains("No expected value to assert against")
                }
            }
        }
    }

    @Test func aChangedRowFailsAssertQueryInsideRead() async throws {
        let database = try await NotesFixture.twoSourdoughNotes()
        let statement = NoteRow.all.select { ($0.id, $0.title) }.order { $0.id.asc() }
        try await database.read { db in
            withKnownIssue {
                assertQuery(statement, on: db) {
                    """
                    SELECT
                      "notes"."id",
                      "notes"."title"
                    FROM "notes"
                    ORDER BY
                      "notes"."id" ASC
                    """
                } results: {
                    """
                    id  title
                    --  --------------
                    1   Sourdough loaf
                    2   Shopping
                    """
                }
            } matching: { issue in
                "\(issue)".contains("The results did not match")
            }
        }
    }
}

/// The fixture's `notes` table, for `assertQuery`.
private struct NoteRow: SQLTable {
    static let tableName = "notes"
    struct Columns: TableColumns {
        let id = SQLColumn<Int64>("id")
        let title = SQLColumn<String>("title")
    }
    static let columns = Columns()
}
