import Testing
import TroveSearch
import TroveTestSupport

/// `is:`, `list:`, `tag:`/`#`, `priority:` and `in:` filters, with and without text.
@Suite struct FilterSnapshotTests {
    // is:flagged alone is the default view narrowed: open flagged reminders by due date.
    @Test func isFlaggedShowsOpenFlaggedByDueDate() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("is:flagged", on: database, limit: 20) {
            """
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE (("reminders"."is_flagged" = 1))
              AND ("reminders"."is_completed" = 0)
            ORDER BY
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 21 OFFSET 0
            """
        } results: {
            """
            #   id   title                                       snippet                                                                             list     tags          due               flags        rank
            --  ---  ------------------------------------------  ----------------------------------------------------------------------------------  -------  ------------  ----------------  -----------  ----
            1   103  Follow up with legal on the NDA             ref:ABC-123 again. They closed the ticket by mistake.                               Work     email,urgent  2026-02-24        !!! flagged
            2   64   Set up a payment plan for the tax bill      The Self Assessment balance came in higher than expected. HMRC's Time to…           Finance  tax,urgent    2026-02-27        !!! flagged
            3   153  Call the plumber about the boiler pressure  Keeps dropping below 1 bar overnight. Ask if they can come before…                  Home     call,urgent   2026-03-03        !!! flagged
            4   51   Dentist appointment                         Check-up and clean with Dr Okafor. Bring the new insurance card.                    Health   doctor        2026-03-04 09:20  flagged
            5   127  Prep Q&A for the all-hands                  Likely questions: reorg timeline, hiring freeze, the office move. Check with Dana…  Work                   2026-03-04 15:00  !!! flagged
            6   170  Refill Leo's inhaler 💊                      Blue one. The school needs a spare as well.                                         Health   doctor,kids   2026-03-05        !!! flagged
            7   67   Renew passport                              Mine expires in August and Spain wants three months left on arrival,…               Travel   urgent        2026-03-06        !!! flagged
            8   97   Performance reviews                         Four reports. Self-reviews came in last week. Calibration meeting is on the…        Work                   2026-03-13        !!! flagged
            9   80   Leo's birthday party 🎂                      Saturday 14th, 2 to 4pm at the climbing centre. 12 kids confirmed…                  Home     kids          2026-03-14 14:00  !!! flagged
            10  61   Use the ISA allowance before 5 April                                                                                            Finance  tax           2026-04-03        !! flagged
            10 of 10 (0 completed)
            lists: Work (3), Finance (2), Health (2), Home (2), Travel (1)
            tags: urgent (4), doctor (2), kids (2), tax (2), call (1), email (1)
            """
        }
    }

    // is:completed with text keeps only completed matches.
    @Test func isCompletedWithText() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("book is:completed", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"book"')
              AND (("reminders"."is_completed" = 1))
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'book'),
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
            WHERE ("reminders_fts" MATCH '"book" OR "books" OR "booking" OR "booked" OR "bookings"')
              AND (NOT ("reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH '"book"'))))
              AND (("reminders"."is_completed" = 1))
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'book'),
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 6 OFFSET 0
            """
        } results: {
            """
            #  id  title                                      snippet                                                            list     tags   due         flags     rank
            -  --  -----------------------------------------  -----------------------------------------------------------------  -------  -----  ----------  --------  -----
            1  35  [Book] flights to Málaga ✈️                 27 March out, 5 April back. Four seats together, one checked bag.  Travel          2026-01-31  !!! done  -3.13
            2  36  [Book] hotel in Málaga                     Booking ref 7QX2LM. Family room near the old town, with a pool.    Travel          2026-02-01  !! done   -3.13
            3  2   Christmas party: [book] the venue                                                                             Work            2025-11-28  done      -3.04
            4  32  [Book] the ferry for half-term                                                                                Travel          2026-02-10  done      -2.96
            5  82  [Book] meeting room for the design review  Need the big screen. 8 people.                                     Work                        done      -2.87
            6  50  Airport parking                            [Booked], confirmation in e-mail.                                  Travel                      done      -3.69
            7  38  Read Thinking, Fast and Slow chapter 3                                                                        Reading  books              done      -2.56
            8  19  Lend Sophie the Ishiguro                                                                                      Reading  books              done      -2.56
            9  6   Finish "Klara and the Sun"                                                                                    Reading  books              done      -2.56
            9 of 9 (9 completed)
            lists: Travel (4), Reading (3), Work (2)
            tags: books (3)
            """
        }
    }

    // list:"Home Office" takes a quoted name with a space; only that list's open reminders.
    @Test func quotedListNameWithSpace() async throws {
        let database = try await SeededSearch.database()
        await assertSearch(#"list:"Home Office""#, on: database, limit: 20) {
            """
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE (("reminders"."list_id" = (SELECT "id" FROM "lists" WHERE "name" = 'Home Office')))
              AND ("reminders"."is_completed" = 0)
            ORDER BY
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 21 OFFSET 0
            """
        } results: {
            """
            #  id   title                            snippet                                                               list         tags     due         flags  rank
            -  ---  -------------------------------  --------------------------------------------------------------------  -----------  -------  ----------  -----  ----
            1  123  Back up the laptop               Time Machine last ran in January. Also copy the photos folder to…     Home Office           2026-03-08  !!
            2  57   Claim home office expenses                                                                             Home Office  tax      2026-04-30
            3  109  Change the Wi-Fi password        It is still the default one from the sticker (abc123). Write the…     Home Office                       !!
            4  41   Order a monitor arm              The desk is 2.5cm thick, check the clamp range.                       Home Office                       !
            5  144  Replace printer ink              HP 305 colour. The black is fine.                                     Home Office  errand
            6  73   Tidy the cables behind the desk                                                                        Home Office  weekend
            7  44   Update my résumé                 Add the payments platform project and the team lead part. One page,…  Home Office
            8  24   Fix the wobbly desk chair                                                                              Home Office
            8 of 8 (2 completed)
            lists: Home Office (8)
            tags: errand (1), tax (1), weekend (1)
            """
        }
    }

    // #kids is tag:kids; with text both must hold.
    @Test func hashTagFiltersWithText() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("birthday #kids", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"birthday"')
              AND ((EXISTS (SELECT 1 FROM "reminder_tags" JOIN "tags" ON "tags"."id" = "reminder_tags"."tag_id" WHERE "reminder_tags"."reminder_id" = "reminders"."id" AND "tags"."name" = 'kids')))
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'birthday'),
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
            #  id   title                        snippet                                                               list       tags         due               flags        rank
            -  ---  ---------------------------  --------------------------------------------------------------------  ---------  -----------  ----------------  -----------  -----
            1  135  [Birthday] party snacks      Crisps (no nuts), juice boxes x15, fruit platter. Pick up on Friday…  Groceries  errand,kids  2026-03-13        !!           -6.94
            2  80   Leo's [birthday] party 🎂     Saturday 14th, 2 to 4pm at the climbing centre. 12 kids confirmed…    Home       kids         2026-03-14 14:00  !!! flagged  -6.73
            3  133  Order Leo's [birthday] cake  Chocolate, with a climbing wall on it if they can. Serves 20.         Home       errand,kids  2026-03-11        !!           -6.54
            3 of 3 (0 completed)
            lists: Home (2), Groceries (1)
            tags: kids (3), errand (2)
            """
        }
    }

    // The same key twice ORs: tag:urgent tag:email is either tag.
    @Test func sameKeyTwiceORs() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("tag:urgent tag:email", on: database, limit: 20) {
            """
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE (("reminders"."id" IN (SELECT "reminder_id" FROM "reminder_tags" WHERE "tag_id" = (SELECT "id" FROM "tags" WHERE "name" = 'urgent'))) OR ("reminders"."id" IN (SELECT "reminder_id" FROM "reminder_tags" WHERE "tag_id" = (SELECT "id" FROM "tags" WHERE "name" = 'email'))))
              AND ("reminders"."is_completed" = 0)
            ORDER BY
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 21 OFFSET 0
            """
        } results: {
            """
            #   id   title                                             snippet                                                                    list     tags          due               flags        rank
            --  ---  ------------------------------------------------  -------------------------------------------------------------------------  -------  ------------  ----------------  -----------  ----
            1   103  Follow up with legal on the NDA                   ref:ABC-123 again. They closed the ticket by mistake.                      Work     email,urgent  2026-02-24        !!! flagged
            2   64   Set up a payment plan for the tax bill            The Self Assessment balance came in higher than expected. HMRC's Time to…  Finance  tax,urgent    2026-02-27        !!! flagged
            3   149  Email Priya the Q1 numbers                        She needs revenue AND churn, split by region, not just the totals.         Work     email         2026-03-02        !!
            4   153  Call the plumber about the boiler pressure        Keeps dropping below 1 bar overnight. Ask if they can come before…         Home     call,urgent   2026-03-03        !!! flagged
            5   161  Send the slides to the São Paulo team             They are 3 hours behind, so send before lunch and they have…               Work     email         2026-03-03 11:00
            6   67   Renew passport                                    Mine expires in August and Spain wants three months left on arrival,…      Travel   urgent        2026-03-06        !!! flagged
            7   158  Reply to Marcus about the contract                He wants the draft by Friday. Tracked as ref:ABC-123 in the legal…         Work     email         2026-03-06
            8   157  Draft the e-mail announcing the new on-call rota  Keep it short. Link the calendar, not a spreadsheet.                       Work     email         2026-03-06
            9   91   Send the accountant the rental figures                                                                                       Finance  email,tax     2026-03-13
            10  141  Ångström Hotel: ask about late check-out          For the Zürich trip, flight is at 20:10 on the Thursday.                   Travel   email         2026-03-16        !
            11  66   Renew the team's O'Reilly subscription                                                                                       Work     email                           !
            11 of 11 (1 completed)
            lists: Work (6), Finance (2), Travel (2), Home (1)
            tags: email (8), urgent (4), tax (2), call (1)
            """
        }
    }

    // -key:value negates: "call" reminders not tagged call.
    @Test func negatedTagFilter() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("call -tag:call", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"call"')
              AND (NOT ifnull(((EXISTS (SELECT 1 FROM "reminder_tags" JOIN "tags" ON "tags"."id" = "reminder_tags"."tag_id" WHERE "reminder_tags"."reminder_id" = "reminders"."id" AND "tags"."name" = 'call'))), 0))
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'call'),
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
            #  id   title                                               snippet                                                         list  tags   due               flags  rank
            -  ---  --------------------------------------------------  --------------------------------------------------------------  ----  -----  ----------------  -----  -----
            1  157  Draft the e-mail announcing the new on-[call] rota  Keep it short. Link the calendar, not a spreadsheet.            Work  email  2026-03-06               -3.22
            2  99   Thank Dana for covering on-[call]                                                                                   Work                           done   -2.51
            3  89   Set up the payments dashboard alerts                Error rate over 2% for 5 minutes pages the on-[call]; latency…  Work                           !!     -1.85
            4  131  1:1 with Tom                                        …On-[call] rota: he has done three weekends in a row, fix…      Work         2026-03-03 10:00         -0.74
            4 of 4 (1 completed)
            lists: Work (4)
            tags: email (1)
            """
        }
    }

    // priority:high: the open high-priority reminders (the ninth is completed).
    @Test func priorityHigh() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("priority:high", on: database, limit: 20) {
            """
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE (("reminders"."priority" = 3))
              AND ("reminders"."is_completed" = 0)
            ORDER BY
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 21 OFFSET 0
            """
        } results: {
            """
            #  id   title                                       snippet                                                                             list     tags          due               flags        rank
            -  ---  ------------------------------------------  ----------------------------------------------------------------------------------  -------  ------------  ----------------  -----------  ----
            1  103  Follow up with legal on the NDA             ref:ABC-123 again. They closed the ticket by mistake.                               Work     email,urgent  2026-02-24        !!! flagged
            2  64   Set up a payment plan for the tax bill      The Self Assessment balance came in higher than expected. HMRC's Time to…           Finance  tax,urgent    2026-02-27        !!! flagged
            3  153  Call the plumber about the boiler pressure  Keeps dropping below 1 bar overnight. Ask if they can come before…                  Home     call,urgent   2026-03-03        !!! flagged
            4  127  Prep Q&A for the all-hands                  Likely questions: reorg timeline, hiring freeze, the office move. Check with Dana…  Work                   2026-03-04 15:00  !!! flagged
            5  170  Refill Leo's inhaler 💊                      Blue one. The school needs a spare as well.                                         Health   doctor,kids   2026-03-05        !!! flagged
            6  67   Renew passport                              Mine expires in August and Spain wants three months left on arrival,…               Travel   urgent        2026-03-06        !!! flagged
            7  97   Performance reviews                         Four reports. Self-reviews came in last week. Calibration meeting is on the…        Work                   2026-03-13        !!! flagged
            8  80   Leo's birthday party 🎂                      Saturday 14th, 2 to 4pm at the climbing centre. 12 kids confirmed…                  Home     kids          2026-03-14 14:00  !!! flagged
            8 of 8 (1 completed)
            lists: Work (3), Home (2), Finance (1), Health (1), Travel (1)
            tags: urgent (4), kids (2), call (1), doctor (1), email (1), tax (1)
            """
        }
    }

    // in:title searches titles only: "walk" in notes (Dog food's "walker" aside) is ignored.
    @Test func inTitleRestrictsColumns() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("in:title milk", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '{title} : ("milk"*)')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'milk', 'milk'),
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
            #  id   title                                snippet                     list       tags    due         flags  rank
            -  ---  -----------------------------------  --------------------------  ---------  ------  ----------  -----  ------
            1  178  Buy [milk]                           Semi-skimmed, the big one.  Groceries  errand  2026-03-02         -12.58
            2  1    Leave empties out for the [milkman]  Tuesday and Friday nights.  Home       milk                       -7.36
            2 of 2 (0 completed)
            lists: Groceries (1), Home (1)
            tags: errand (1), milk (1)
            """
        }
    }

    // in:notes searches notes only: Buy milk (title) and the milk tags drop out.
    @Test func inNotesRestrictsColumns() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("in:notes milk", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '{notes} : ("milk"*)')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'milk', 'milk'),
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
            #  id   title                              snippet                                                                                   list       tags     due         flags  rank
            -  ---  ---------------------------------  ----------------------------------------------------------------------------------------  ---------  -------  ----------  -----  -----
            1  114  Oat drink for Priya                …doesn't split in coffee like the normal one does with [milk].                            Groceries                              -3.47
            2  175  Weekly shop 🛒                      Bread, [milk], butter, bananas, porridge oats, chicken thighs, rice, tinned tomatoes x4…  Groceries  errand   2026-03-07         -2.87
            3  124  Pause deliveries while we're away  …cancel the [milk] before noon on the Wednesday before. Newsagent just needs…             Home       milk     2026-03-25  !      -2.62
            4  152  Ingredients for crème brûlée       …600ml double cream, 100ml whole [milk], 1 vanilla pod, 6 egg yolks…                      Groceries  weekend  2026-03-07         -2.25
            4 of 4 (0 completed)
            lists: Groceries (3), Home (1)
            tags: errand (1), milk (1), weekend (1)
            """
        }
    }

    // in:tags searches the tags column only.
    @Test func inTagsRestrictsColumns() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("in:tags milk", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '{tags} : ("milk"*)')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'milk', 'milk'),
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
            #  id   title                              snippet                                                     list     tags  due         flags  rank
            -  ---  ---------------------------------  ----------------------------------------------------------  -------  ----  ----------  -----  -----
            1  171  Pay the Parker's Dairy invoice     February: £23.60.                                           Finance  milk  2026-03-06         -5.88
            2  124  Pause deliveries while we're away  Away 27 March to 5 April. Parker's Dairy: cancel the milk…  Home     milk  2026-03-25  !      -5.88
            3  1    Leave empties out for the milkman  Tuesday and Friday nights.                                  Home     milk                     -5.88
            3 of 3 (0 completed)
            lists: Home (2), Finance (1)
            tags: milk (3)
            """
        }
    }

    // An unknown key is text: re:invent searches for the words "re" and "invent".
    @Test func unknownKeyIsText() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("re:invent", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"re:invent"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 're:invent', 're:invent'),
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
            #  id   title                      snippet                                                          list  tags  due               flags  rank
            -  ---  -------------------------  ---------------------------------------------------------------  ----  ----  ----------------  -----  ------
            1  132  Register for [re:Invent]?  Early-bird ends in May. Check the travel budget first.           Work        2026-05-15        !      -12.08
            2  131  1:1 with Tom               …he asked about [re:Invent] in December, say yes if he submits…  Work        2026-03-03 10:00         -1.53
            2 of 2 (0 completed)
            lists: Work (2)
            """
        }
    }

    // A known key with a bad value is a problem noted under the table; the rest still searches.
    @Test func badFilterValueIsANoteNotAnError() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("priority:urgent plumber", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"plumber"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'plumber', 'plumber'),
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
            #  id   title                                         snippet                                                             list  tags         due         flags        rank
            -  ---  --------------------------------------------  ------------------------------------------------------------------  ----  -----------  ----------  -----------  ------
            1  153  Call the [plumber] about the boiler pressure  Keeps dropping below 1 bar overnight. Ask if they can come before…  Home  call,urgent  2026-03-03  !!! flagged  -12.80
            1 of 1 (0 completed)
            lists: Home (1)
            tags: call (1), urgent (1)
            note: priority:urgent — expected none, low, medium or high
            """
        }
    }
}
