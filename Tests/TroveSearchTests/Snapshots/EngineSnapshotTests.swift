import Testing
import TroveSearch
import TroveTestSupport

/// `!like`, `!raw` and engine names.
@Suite struct EngineSnapshotTests {
    // !like 50% finds the literal "50%" (escaped), not "500".
    @Test func likeMatchesLiteralPercent() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("!like 50%", on: database) {
            #"""
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE (("reminders"."title" LIKE '%50\%%' ESCAPE '\') OR ("reminders"."notes" LIKE '%50\%%' ESCAPE '\') OR ("reminders"."tags" LIKE '%50\%%' ESCAPE '\'))
            ORDER BY
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
            #  id   title                      snippet                                                           list       tags    due         flags  rank
            -  ---  -------------------------  ----------------------------------------------------------------  ---------  ------  ----------  -----  ----
            1  155  Plant the dahlia tubers 🌱  …garden centre has [50%] off bulbs until Sunday, so stock up on…  Garden     garden  2026-04-18
            2  154  Coffee beans               …Café Nero blend is [50%] off this week at the big Tesco.         Groceries
            2 of 2 (0 completed)
            lists: Garden (1), Groceries (1)
            tags: garden (1)
            """
        }
    }

    // !like a_c: the underscore is literal, so abc123 and ABC do not match.
    @Test func likeMatchesLiteralUnderscore() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("!like a_c", on: database) {
            #"""
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE (("reminders"."title" LIKE '%a\_c%' ESCAPE '\') OR ("reminders"."notes" LIKE '%a\_c%' ESCAPE '\') OR ("reminders"."tags" LIKE '%a\_c%' ESCAPE '\'))
            ORDER BY
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
            #  id  title                        snippet                                                                              list  tags  due         flags    rank
            -  --  ---------------------------  -----------------------------------------------------------------------------------  ----  ----  ----------  -------  ----
            1  62  Submit expenses for January  …hotel, two client dinners. Upload the scan [a_c]_report.pdf, not the phone photos.  Work        2026-02-10  !! done
            1 of 1 (1 completed)
            lists: Work (1)
            """
        }
    }

    // !like finds substrings FTS5 tokens cannot: "ayPa" inside PayPal.
    @Test func likeFindsSubstringsInsideWords() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("!like aypa", on: database) {
            #"""
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE (("reminders"."title" LIKE '%aypa%' ESCAPE '\') OR ("reminders"."notes" LIKE '%aypa%' ESCAPE '\') OR ("reminders"."tags" LIKE '%aypa%' ESCAPE '\'))
            ORDER BY
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
            #  id  title                                           snippet                                                            list     tags  due         flags  rank
            -  --  ----------------------------------------------  -----------------------------------------------------------------  -------  ----  ----------  -----  ----
            1  88  Check P[ayPa]l for the refund from the airline  They said 7 to 10 working days, on 12 Feb.                         Finance        2026-02-26
            2  81  Settle up with Ava for the Airbnb               Her share is €412. She prefers P[ayPa]l, send her a payment link.  Finance        2026-02-15  done
            2 of 2 (1 completed)
            lists: Finance (2)
            """
        }
    }

    // !like does not rank: hits come in tiebreaker order, open before completed.
    @Test func likeHitsComeInTiebreakerOrder() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("!like walk", on: database) {
            #"""
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE (("reminders"."title" LIKE '%walk%' ESCAPE '\') OR ("reminders"."notes" LIKE '%walk%' ESCAPE '\') OR ("reminders"."tags" LIKE '%walk%' ESCAPE '\'))
            ORDER BY
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
            #   id   title                                                snippet                                                                       list       tags           due               flags  rank
            --  ---  ---------------------------------------------------  ----------------------------------------------------------------------------  ---------  -------------  ----------------  -----  ----
            1   33   [Walk] the dog before work                                                                                                         Home                      2026-03-02 07:00
            2   176  Text the dog [walk]er about Thursday                 Sam can't do Thursday 5 March. Ask if Friday works instead, same…             Home       call           2026-03-04
            3   107  Buy a new [walk]er for Grandad                       The physio said a wheeled one with a seat. Ask the mobility…                  Home       errand         2026-03-12        !!
            4   74   Packing list for Málaga                              …for the plane, [walk]ing sandals, a light jacket for the evenings, printed…  Travel     kids,passport  2026-03-26
            5   59   Buy new [walk]ing boots                              For the Lake District in May. Try them on in the shop,…                       Travel                    2026-04-20        !
            6   55   [Walk]ing holiday in the Lake District               …good waterproofs, a [walk]ing pole for the knee, and someone to mind…        Travel     weekend        2026-05-02
            7   173  Dog food                                             Large bag, the salmon one. The [walk]er says we're nearly out.                Groceries
            8   86   Ask about the [walk]ing group at the leisure centre  Tuesday mornings, they meet at the café by the entrance.                      Health     call
            9   45   Physio exercises for the knee                        …if it aches. [Walk]ing is fine, but no running until the next…               Health
            10  34   Go for a [walk] at lunch                             30 minutes, three times a week.                                               Health
            10 of 11 (1 completed)
            next: cursor
            lists: Home (4), Health (3), Travel (3), Groceries (1)
            tags: call (2), weekend (2), errand (1), kids (1), passport (1)
            """
        }
    }

    // !fts is the default, named explicitly; the completed lesson comes after the open kit.
    @Test func ftsNamedExplicitly() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("!fts swimming", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"swimming"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'swimming', 'swimming'),
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 11 OFFSET 0

            -- word form hits, after the exact ones:
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"swimming"* OR "swim"')
              AND (NOT ("reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH '"swimming"*'))))
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'swimming', 'swimming'),
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 8 OFFSET 0
            """
        } results: {
            """
            #  id   title                             snippet                                                                    list     tags           due         flags  rank
            -  ---  --------------------------------  -------------------------------------------------------------------------  -------  -------------  ----------  -----  ------
            1  174  Mia's [swimming] kit              Goggles snapped. New ones, and a swim hat in a size that…                  Home     errand,kids    2026-03-05         -11.13
            2  30   Pay for Mia's [swimming] lessons  Spring term, 10 weeks.                                                     Finance  kids           2026-01-09  done   -7.51
            3  74   Packing list for Málaga           …travel adaptor, sun cream, hats, [swimming] stuff, Leo's inhaler, Mia's…  Travel   kids,passport  2026-03-26         -1.39
            3 of 3 (1 completed)
            lists: Finance (1), Home (1), Travel (1)
            tags: kids (3), errand (1), passport (1)
            """
        }
    }

    // !raw passes an FTS5 expression: a column filter and a prefix.
    @Test func rawColumnFilterAndPrefix() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("!raw title:walk*", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH 'title:walk*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', ''),
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
            #  id   title                                                snippet                                                            list    tags     due               flags  rank
            -  ---  ---------------------------------------------------  -----------------------------------------------------------------  ------  -------  ----------------  -----  -----
            1  59   Buy new [walking] boots                              For the Lake District in May. Try them on in the shop…             Travel           2026-04-20        !      -5.57
            2  33   [Walk] the dog before work                                                                                              Home             2026-03-02 07:00         -5.41
            3  176  Text the dog [walker] about Thursday                 Sam can't do Thursday 5 March. Ask if Friday works instead…        Home    call     2026-03-04               -5.26
            4  107  Buy a new [walker] for Grandad                       The physio said a wheeled one with a seat. Ask the mobility…       Home    errand   2026-03-12        !!     -5.26
            5  55   [Walking] holiday in the Lake District               Cottage is booked for the May bank holiday. Need: maps, the good…  Travel  weekend  2026-05-02               -5.26
            6  34   Go for a [walk] at lunch                             30 minutes, three times a week.                                    Health                                    -5.26
            7  86   Ask about the [walking] group at the leisure centre  Tuesday mornings, they meet at the café by the entrance.           Health  call                              -4.84
            8  162  [Walk] the dog                                       Long one by the river, he's been cooped up all week.               Home    weekend  2026-02-28        done   -4.02
            8 of 8 (1 completed)
            lists: Home (4), Health (2), Travel (2)
            tags: call (2), weekend (2), errand (1)
            """
        }
    }

    // !raw NEAR() finds words within a distance of each other.
    @Test func rawNearGroup() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("!raw NEAR(dentist kids, 3)", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH 'NEAR(dentist kids, 3)')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', ''),
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
            #  id  title                                      snippet                                       list    tags              due         flags  rank
            -  --  -----------------------------------------  --------------------------------------------  ------  ----------------  ----------  -----  ------
            1  72  Book [dentist] appointment for the [kids]  Both are overdue for the six-month check-up.  Health  call,doctor,kids  2026-02-20  !!     -11.67
            1 of 1 (0 completed)
            lists: Health (1)
            tags: call (1), doctor (1), kids (1)
            """
        }
    }

    // A !raw syntax error becomes a message that says where and what to do.
    @Test func rawSyntaxErrorIsAMessage() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("!raw milk AND", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH 'milk AND')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', ''),
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
            error: the !raw query has an FTS5 syntax error at its end: an operator or bracket there lacks what follows it; check its quotes, parentheses and operators, or leave out !raw to search the words as typed
            """
        }
    }

    // An unknown !engine names the known ones.
    @Test func unknownEngineListsTheKnownOnes() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("!semantic milk", on: database) {
            """
            error: there is no search engine named !semantic; use one of !fts, !like, !raw
            """
        } results: {
            """
            error: there is no search engine named !semantic; use one of !fts, !like, !raw
            """
        }
    }
}
