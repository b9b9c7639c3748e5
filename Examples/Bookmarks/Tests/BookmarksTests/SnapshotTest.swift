// MARK: task snapshot test — the search's SQL and ranked hits, and a builder query's rows, as inline snapshots.
@testable import Bookmarks
import Testing
import Trove
import TroveTestSupport

@Suite struct SnapshotTest {
    @Test func aSearchForFullText() async throws {
        let app = try await seeded()
        await assertSearch("full text", in: app.index, on: app.database) {
            """
            SELECT …
            FROM "trove_bookmarks_fts"
            CROSS JOIN "bookmarks" ON ("bookmarks"."id" = "trove_bookmarks_fts"."rowid")
            WHERE ("trove_bookmarks_fts" MATCH '"full" AND "text"*')
            ORDER BY
              "score" ASC,
              "bookmarks"."id" ASC
            LIMIT 10 OFFSET 0
            """
        } results: {
            """
            #  key  rank   title        notes                                         url                           snippet
            -  ---  -----  -----------  --------------------------------------------  ----------------------------  --------------------------------------------
            1  2    -2.67  SQLite FTS5  [full] [text] search in SQLite; bm25 ranking  https://sqlite.org/fts5.html  [full] [text] search in SQLite; bm25 ranking
            1 of 1
            folder: Reading (1)
            """
        }
    }

    @Test func theReadingFolder() async throws {
        let app = try await seeded()
        await assertQuery(Bookmark.where { $0.folder == "Reading" }.select { ($0.id, $0.title, $0.visitCount) }, on: app.database) {
            """
            SELECT
              "bookmarks"."id",
              "bookmarks"."title",
              "bookmarks"."visits"
            FROM "bookmarks"
            WHERE ("bookmarks"."folder" = 'Reading')
            """
        } results: {
            """
            id  title          visits
            --  -------------  ------
            1   Swift Testing  3
            2   SQLite FTS5    NULL
            """
        }
    }
}
