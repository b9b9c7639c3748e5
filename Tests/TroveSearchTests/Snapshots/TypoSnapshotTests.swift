import Testing
import TroveSearch
import TroveTestSupport

/// Typo tolerance: one typo for words of 5 to 8 letters, two from 9, never on the first
/// letter. Typo matches are searched for on the page where the exact ones end, and come after
/// all of them, marked `typo`.
@Suite struct TypoSnapshotTests {
    // Two exact matches of "swelling", then "selling" (one typo) below them.
    @Test func typoMatchesComeAfterTheExactOnes() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("swelling ", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"swelling"')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'swelling'),
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 11 OFFSET 0

            -- typo hits, after the exact ones:
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"swelling" OR "selling"')
              AND (NOT ("reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH '"swelling"'))))
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'swelling'),
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 9 OFFSET 0
            """
        } results: {
            """
            #  id   title                                     snippet                                                                  list    tags     due         flags  rank
            -  ---  ----------------------------------------  -----------------------------------------------------------------------  ------  -------  ----------  -----  -----
            1  101  Chase IT for a callback about the laptop  Battery is [swelling] and the trackpad lifts. Ticket ref:IT-4821. They…  Work    call     2026-02-26  !!     -3.25
            2  45   Physio exercises for the knee             …If the [swelling] comes back, stop the wall sits and ring the…          Health                              -1.50
            3  39   Sort out the loft                         …Take photos of anything worth [selling]. Leo wants to keep the train…   Home    weekend              typo   -1.90
            3 of 3 (0 completed, 1 with typos)
            lists: Health (1), Home (1), Work (1)
            tags: call (1), weekend (1)
            """
        }
    }

    // The word being typed: prefixes of indexed words within one typo (dentis*), not shorter
    // prefixes of what was typed (dents*).
    @Test func theWordBeingTypedMatchesPrefixesWithATypo() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("dentsi", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"dentsi"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'dentsi', 'dentsi'),
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 11 OFFSET 0

            -- typo hits, after the exact ones:
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"dentsi"* OR "dentis"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'dentsi', 'dentsi'),
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 11 OFFSET 0
            """
        } results: {
            """
            #  id  title                                    snippet                                                           list    tags              due               flags         rank
            -  --  ---------------------------------------  ----------------------------------------------------------------  ------  ----------------  ----------------  ------------  -----
            1  51  [Dentist] appointment                    Check-up and clean with Dr Okafor. Bring the new insurance card.  Health  doctor            2026-03-04 09:20  flagged typo  -8.31
            2  72  Book [dentist] appointment for the kids  Both are overdue for the six-month check-up.                      Health  call,doctor,kids  2026-02-20        !! typo       -7.36
            2 of 2 (0 completed, 2 with typos)
            lists: Health (2)
            tags: doctor (2), call (1), kids (1)
            hint: No reminder contains dentsi. Did you mean: dentist?
            """
        }
    }

    // typos: .off (`--typos off`): exact matches only, and did-you-mean.
    @Test func typosOffFindsNothingAndSuggests() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("dentst", on: database, typos: .off) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"dentst"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'dentst', 'dentst'),
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 11 OFFSET 0
            """
        } results: {
            """
            (no hits)
            0 of 0 (0 completed)
            hint: No reminder contains dentst. Did you mean: dentist?
            """
        }
    }

    // Four letters get no typo: "boks" is not books.
    @Test func aFourLetterWordGetsNoTypo() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("boks ", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"boks"')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'boks'),
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 11 OFFSET 0
            """
        } results: {
            """
            (no hits)
            0 of 0 (0 completed)
            hint: No reminder contains boks. Did you mean: books, book, bags, both, boxes?
            suggestions: books | book | bags | both | boxes
            """
        }
    }

    // Pages run through the exact matches, then the typo matches. The first page is full of
    // exact ones; its cursor leads to a page that finds no more and starts the typo ones.
    @Test func pagesContinueFromTheExactTierIntoTheTypoTier() async throws {
        let database = try await SeededSearch.database()
        let first = await assertSearch("swelling ", on: database, limit: 2) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"swelling"')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'swelling'),
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 3 OFFSET 0
            """
        } results: {
            """
            #  id   title                                     snippet                                                                  list    tags  due         flags  rank
            -  ---  ----------------------------------------  -----------------------------------------------------------------------  ------  ----  ----------  -----  -----
            1  101  Chase IT for a callback about the laptop  Battery is [swelling] and the trackpad lifts. Ticket ref:IT-4821. They…  Work    call  2026-02-26  !!     -3.25
            2  45   Physio exercises for the knee             …If the [swelling] comes back, stop the wall sits and ring the…          Health                           -1.50
            2 of 3 (0 completed, 1 with typos)
            next: cursor
            lists: Health (1), Home (1), Work (1)
            tags: call (1), weekend (1)
            """
        }
        let next = try #require(first?.next)
        await assertSearch("swelling ", on: database, limit: 2, page: next) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"swelling"')
              AND (trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'swelling') > -1.4970948715282644 OR (trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'swelling') = -1.4970948715282644 AND ("reminders"."is_completed" > 0 OR ("reminders"."is_completed" = 0 AND (("reminders"."due_date" IS NULL) > 1 OR (("reminders"."due_date" IS NULL) = 1 AND (ifnull("reminders"."due_date", '') > '' OR (ifnull("reminders"."due_date", '') = '' AND ("reminders"."priority" < 0 OR ("reminders"."priority" = 0 AND ("reminders"."created_at" < '2026-01-19 18:25:00.000' OR ("reminders"."created_at" = '2026-01-19 18:25:00.000' AND ("reminders"."id" > 45)))))))))))))
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'swelling'),
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 3 OFFSET 0

            -- typo hits, after the exact ones:
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"swelling" OR "selling"')
              AND (NOT ("reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH '"swelling"'))))
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'swelling'),
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 3 OFFSET 0
            """
        } results: {
            """
            #  id  title              snippet                                                                 list  tags     due  flags  rank
            -  --  -----------------  ----------------------------------------------------------------------  ----  -------  ---  -----  -----
            1  39  Sort out the loft  …Take photos of anything worth [selling]. Leo wants to keep the train…  Home  weekend       typo   -1.90
            1 of 3 (0 completed, 1 with typos)
            lists: Health (1), Home (1), Work (1)
            tags: call (1), weekend (1)
            """
        }
        await assertSearch("swelling ", on: database, limit: 2, page: .offset(2)) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"swelling"')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'swelling'),
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 3 OFFSET 2

            -- typo hits, after the exact ones:
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"swelling" OR "selling"')
              AND (NOT ("reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH '"swelling"'))))
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'swelling'),
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 3 OFFSET 0
            """
        } results: {
            """
            #  id  title              snippet                                                                 list  tags     due  flags  rank
            -  --  -----------------  ----------------------------------------------------------------------  ----  -------  ---  -----  -----
            1  39  Sort out the loft  …Take photos of anything worth [selling]. Leo wants to keep the train…  Home  weekend       typo   -1.90
            1 of 3 (0 completed, 1 with typos)
            lists: Health (1), Home (1), Work (1)
            tags: call (1), weekend (1)
            """
        }
        await assertSearch("swelling ", on: database, limit: 1, page: .offset(1)) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"swelling"')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'swelling'),
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 2 OFFSET 1
            """
        } results: {
            """
            #  id  title                          snippet                                                          list    tags  due  flags  rank
            -  --  -----------------------------  ---------------------------------------------------------------  ------  ----  ---  -----  -----
            1  45  Physio exercises for the knee  …If the [swelling] comes back, stop the wall sits and ring the…  Health                    -1.50
            1 of 3 (0 completed, 1 with typos)
            next: cursor
            lists: Health (1), Home (1), Work (1)
            tags: call (1), weekend (1)
            """
        }
    }
}
