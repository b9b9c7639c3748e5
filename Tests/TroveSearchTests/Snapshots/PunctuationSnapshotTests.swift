import Testing
import TroveSearch
import TroveTestSupport

/// Punctuation and FTS5 keywords typed as text stay text.
@Suite struct PunctuationSnapshotTests {
    // e-mail is the phrase "e mail" OR the joined word email, never "e NOT mail": the e-mail
    // reminders and the email ones (title, tags) find each other.
    @Test func hyphenatedWordIsAPhrase() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("e-mail", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"e-mail"* OR "email"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'e-mail', 'e-mail'),
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
            #   id   title                                               snippet                                                             list     tags          due               flags        rank
            --  ---  --------------------------------------------------  ------------------------------------------------------------------  -------  ------------  ----------------  -----------  ------
            1   157  Draft the [e-mail] announcing the new on-call rota  Keep it short. Link the calendar, not a spreadsheet.                Work     email         2026-03-06                     -13.27
            2   149  [Email] Priya the Q1 numbers                        She needs revenue AND churn, split by region, not just the totals.  Work     email         2026-03-02        !!           -6.20
            3   161  Send the slides to the São Paulo team               They are 3 hours behind, so send before lunch and they have…        Work     email         2026-03-03 11:00               -4.39
            4   158  Reply to Marcus about the contract                  He wants the draft by Friday. Tracked as ref:ABC-123 in…            Work     email         2026-03-06                     -4.39
            5   141  Ångström Hotel: ask about late check-out            For the Zürich trip, flight is at 20:10 on the Thursday.            Travel   email         2026-03-16        !            -4.39
            6   66   Renew the team's O'Reilly subscription                                                                                  Work     email                           !            -4.39
            7   103  Follow up with legal on the NDA                     ref:ABC-123 again. They closed the ticket by mistake.               Work     email,urgent  2026-02-24        !!! flagged  -3.44
            8   91   Send the accountant the rental figures                                                                                  Finance  email,tax     2026-03-13                     -3.44
            9   122  Cancel the gym membership                           …Apparently an [e-mail] doesn't count.                              Health                 2026-03-09        !!           -3.38
            10  50   Airport parking                                     Booked, confirmation in [e-mail].                                   Travel                                   done         -3.26
            10 of 13 (2 completed)
            next: cursor
            lists: Work (8), Travel (3), Finance (1), Health (1)
            tags: email (9), call (1), passport (1), tax (1), urgent (1)
            """
        }
    }

    // C++ is the word "c": both C++ reminders match first, then any other lone "c" (a_c_report,
    // 150°C), which the unicode61 tokenizer cannot tell apart. !like "c++" is the precise search.
    @Test func cPlusPlus() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("c++", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"c++"')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'c++'),
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
            #  id   title                                   snippet                                                                        list       tags     due         flags    rank
            -  ---  --------------------------------------  -----------------------------------------------------------------------------  ---------  -------  ----------  -------  -----
            1  160  Look up the [C]++ book Jun recommended  A Tour of [C]++, third edition, not the old one.                               Reading    books                         -6.55
            2  159  Review Jun's [C]++ pull request         The allocator change. Look at the benchmarks before approving; last time the…  Work                2026-03-03  !!       -6.35
            3  62   Submit expenses for January             …Upload the scan a_[c]_report.pdf, not the phone photos.                       Work                2026-02-10  !! done  -2.23
            4  152  Ingredients for crème brûlée            …Bake in a water bath at 150°[C] for 35 to 40…                                 Groceries  weekend  2026-03-07           -1.31
            4 of 4 (1 completed)
            lists: Work (2), Groceries (1), Reading (1)
            tags: books (1), weekend (1)
            """
        }
    }

    // Q&A is the phrase "q a".
    @Test func ampersandInsideAWord() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("Q&A", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"Q&A"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'Q&A', 'Q&A'),
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
            #  id   title                         snippet                                                                             list  tags  due               flags        rank
            -  ---  ----------------------------  ----------------------------------------------------------------------------------  ----  ----  ----------------  -----------  ------
            1  127  Prep [Q&A] for the all-hands  Likely questions: reorg timeline, hiring freeze, the office move. Check with Dana…  Work        2026-03-04 15:00  !!! flagged  -11.44
            2  131  1:1 with Tom                  …Feedback from the [Q&A] session, he was great, tell him. 5…                        Work        2026-03-03 10:00               -1.53
            2 of 2 (0 completed)
            lists: Work (2)
            """
        }
    }

    // AND between two words is the word "and" (only OR is an operator), so all three must appear.
    @Test func capitalANDIsAWord() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("revenue AND churn", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"revenue" AND "AND" AND "churn"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'churn', 'revenue AND churn'),
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
            #  id   title                       snippet                                                                   list  tags   due         flags  rank
            -  ---  --------------------------  ------------------------------------------------------------------------  ----  -----  ----------  -----  ------
            1  149  Email Priya the Q1 numbers  She needs [revenue] [AND] [churn], split by region, not just the totals.  Work  email  2026-03-02  !!     -13.30
            1 of 1 (0 completed)
            lists: Work (1)
            tags: email (1)
            """
        }
    }

    // "NEAR(" is the word near, not an FTS5 NEAR group.
    @Test func nearParenIsAWord() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("NEAR( station", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"NEAR(" AND "station"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'station', 'NEAR( station'),
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
            #  id   title                              snippet                                                                       list  tags  due         flags  rank
            -  ---  ---------------------------------  ----------------------------------------------------------------------------  ----  ----  ----------  -----  -----
            1  165  Team lunch for Jun's leaving do 🍕  …Find somewhere [NEAR] the [station] that does group bookings; the place by…  Work        2026-03-12         -7.09
            1 of 1 (0 completed)
            lists: Work (1)
            """
        }
    }

    // A lone * has no letters: it is searched literally with LIKE and finds nothing.
    @Test func loneStarIsLiteral() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("*", on: database) {
            #"""
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE (("reminders"."title" LIKE '%*%' ESCAPE '\') OR ("reminders"."notes" LIKE '%*%' ESCAPE '\') OR ("reminders"."tags" LIKE '%*%' ESCAPE '\'))
            ORDER BY
              (("reminders"."title" LIKE '%*%' ESCAPE '\')) DESC,
              iif((("reminders"."title" LIKE '%*%' ESCAPE '\')) > 0, length("reminders"."title"), 0),
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 11 OFFSET 0
            """#
        } results: {
            """
            (no hits)
            0 of 0 (0 completed)
            """
        }
    }

    // O'Brien's: the apostrophe splits words but the phrase still matches, as does the joined
    // word obriens.
    @Test func apostropheInAName() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("o'brien's", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"o''brien''s"* OR "obriens"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'o''brien''s', 'o''brien''s'),
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
            #  id   title                                   snippet                                                  list  tags         due         flags  rank
            -  ---  --------------------------------------  -------------------------------------------------------  ----  -----------  ----------  -----  ------
            1  120  Call [O'Brien's] about the fence panel  The panel between us and no. 14 blew down in the storm…  Home  call,garden  2026-03-05  !!     -12.59
            1 of 1 (0 completed)
            lists: Home (1)
            tags: call (1), garden (1)
            """
        }
    }

    // ref:ABC-123: an unknown key and a hyphen, all text.
    @Test func referenceCode() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("ref:ABC-123", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"ref:ABC-123"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'ref:ABC-123', 'ref:ABC-123'),
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
            #  id   title                               snippet                                                     list  tags          due         flags        rank
            -  ---  ----------------------------------  ----------------------------------------------------------  ----  ------------  ----------  -----------  -----
            1  103  Follow up with legal on the NDA     [ref:ABC-123] again. They closed the ticket by mistake.     Work  email,urgent  2026-02-24  !!! flagged  -4.72
            2  158  Reply to Marcus about the contract  …Tracked as [ref:ABC-123] in the legal system. He said it…  Work  email         2026-03-06               -3.04
            2 of 2 (0 completed)
            lists: Work (2)
            tags: email (2), urgent (1)
            """
        }
    }
}
