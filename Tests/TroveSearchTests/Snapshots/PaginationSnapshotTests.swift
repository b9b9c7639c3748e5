import Testing
import TroveSearch
import TroveTestSupport

/// Offset and cursor pages.
@Suite struct PaginationSnapshotTests {
    // An offset page: hits 4–6 of the "walk" prefix search, with a next page.
    @Test func offsetPage() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("walk", on: database, limit: 3, page: .offset(3)) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"walk"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'walk', 'walk'),
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 4 OFFSET 3
            """
        } results: {
            """
            #  id   title                                   snippet                                                                   list    tags     due         flags  rank
            -  ---  --------------------------------------  ------------------------------------------------------------------------  ------  -------  ----------  -----  -----
            1  59   Buy new [walking] boots                 For the Lake District in May. Try them on in the shop…                    Travel           2026-04-20  !      -5.02
            2  55   [Walking] holiday in the Lake District  …maps, the good waterproofs, a [walking] pole for the knee, and someone…  Travel  weekend  2026-05-02         -4.86
            3  176  Text the dog [walker] about Thursday    Sam can't do Thursday 5 March. Ask if Friday works instead…               Home    call     2026-03-04         -4.74
            3 of 11 (1 completed)
            next: cursor
            lists: Home (4), Health (3), Travel (3), Groceries (1)
            tags: call (2), weekend (2), errand (1), kids (1), passport (1)
            """
        }
    }

    // A cursor page continues exactly after the first page's last hit: no gap, no repeat.
    @Test func cursorPageContinuesAfterTheFirst() async throws {
        let database = try await SeededSearch.database()
        let first = await assertSearch("walk", on: database, limit: 3) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"walk"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'walk', 'walk'),
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 4 OFFSET 0
            """
        } results: {
            """
            #  id   title                       snippet                                               list    tags     due               flags  rank
            -  ---  --------------------------  ----------------------------------------------------  ------  -------  ----------------  -----  -----
            1  33   [Walk] the dog before work                                                        Home             2026-03-02 07:00         -7.63
            2  34   Go for a [walk] at lunch    30 minutes, three times a week.                       Health                                    -7.49
            3  162  [Walk] the dog              Long one by the river, he's been cooped up all week.  Home    weekend  2026-02-28        done   -5.55
            3 of 11 (1 completed)
            next: cursor
            lists: Home (4), Health (3), Travel (3), Groceries (1)
            tags: call (2), weekend (2), errand (1), kids (1), passport (1)
            """
        }
        let next = try #require(first?.next)
        await assertSearch("walk", on: database, limit: 3, page: next) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"walk"*')
              AND (trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'walk', 'walk') > -5.549445537571148 OR (trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'walk', 'walk') = -5.549445537571148 AND ("reminders"."is_completed" > 1 OR ("reminders"."is_completed" = 1 AND (("reminders"."due_date" IS NULL) > 0 OR (("reminders"."due_date" IS NULL) = 0 AND (ifnull("reminders"."due_date", '') > '2026-02-28' OR (ifnull("reminders"."due_date", '') = '2026-02-28' AND ("reminders"."priority" < 0 OR ("reminders"."priority" = 0 AND ("reminders"."created_at" < '2026-02-27 19:30:00.000' OR ("reminders"."created_at" = '2026-02-27 19:30:00.000' AND ("reminders"."id" > 162)))))))))))))
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'walk', 'walk'),
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 4 OFFSET 0
            """
        } results: {
            """
            #  id   title                                   snippet                                                                   list    tags     due         flags  rank
            -  ---  --------------------------------------  ------------------------------------------------------------------------  ------  -------  ----------  -----  -----
            1  59   Buy new [walking] boots                 For the Lake District in May. Try them on in the shop…                    Travel           2026-04-20  !      -5.02
            2  55   [Walking] holiday in the Lake District  …maps, the good waterproofs, a [walking] pole for the knee, and someone…  Travel  weekend  2026-05-02         -4.86
            3  176  Text the dog [walker] about Thursday    Sam can't do Thursday 5 March. Ask if Friday works instead…               Home    call     2026-03-04         -4.74
            3 of 11 (1 completed)
            next: cursor
            lists: Home (4), Health (3), Travel (3), Groceries (1)
            tags: call (2), weekend (2), errand (1), kids (1), passport (1)
            """
        }
    }
}
