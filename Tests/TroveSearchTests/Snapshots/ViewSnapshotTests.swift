import Testing
import TroveSearch
import TroveTestSupport

/// The default view, sort orders, ranking tiebreakers, completed reminders and suggestions.
@Suite struct ViewSnapshotTests {
    // No text, no filters: open reminders, soonest due first, no due date last.
    @Test func emptyQueryIsOpenByDueDate() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("", on: database) {
            """
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders"."is_completed" = 0)
            ORDER BY
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
            #   id   title                                         snippet                                                                           list       tags              due         flags        rank
            --  ---  --------------------------------------------  --------------------------------------------------------------------------------  ---------  ----------------  ----------  -----------  ----
            1   72   Book dentist appointment for the kids         Both are overdue for the six-month check-up.                                      Health     call,doctor,kids  2026-02-20  !!
            2   103  Follow up with legal on the NDA               ref:ABC-123 again. They closed the ticket by mistake.                             Work       email,urgent      2026-02-24  !!! flagged
            3   101  Chase IT for a callback about the laptop      Battery is swelling and the trackpad lifts. Ticket ref:IT-4821. They promised a…  Work       call              2026-02-26  !!
            4   88   Check PayPal for the refund from the airline  They said 7 to 10 working days, on 12 Feb.                                        Finance                      2026-02-26
            5   64   Set up a payment plan for the tax bill        The Self Assessment balance came in higher than expected. HMRC's Time to…         Finance    tax,urgent        2026-02-27  !!! flagged
            6   128  Sign Leo's permission slip                    Trip to the Science Museum. £12 and a packed lunch.                               Home       kids              2026-02-27  !!
            7   149  Email Priya the Q1 numbers                    She needs revenue AND churn, split by region, not just the totals.                Work       email             2026-03-02  !!
            8   178  Buy milk                                      Semi-skimmed, the big one.                                                        Groceries  errand            2026-03-02
            9   166  Позвонить маме                                Ask about her test results, and about Easter plans.                               Home       call              2026-03-02
            10  143  Transfer 500 to the holiday pot               The standing order should do this but it failed last month.                       Finance                      2026-03-02
            10 of 132 (47 completed)
            next: cursor
            lists: Home (28), Work (23), Groceries (15), Travel (15), Finance (14), Health (12), Reading (11), Home Office (8), Garden (6)
            tags: errand (17), call (16), kids (13), books (11), weekend (11), email (8), garden (7), tax (6), car (5), doctor (5), urgent (4), milk (3), passport (2)
            """
        }
    }

    // Filters only, completed included on request: open before completed, then due date.
    // NB: `list:garden` ends the text: the names it starts (Garden), compared as stored.
    @Test func filtersOnlyWithCompletedIncluded() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("list:garden", on: database, limit: 20, includeCompleted: true) {
            """
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE (("reminders"."list_id" = (SELECT "id" FROM "lists" WHERE "name" = 'Garden')))
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
            #  id   title                                 snippet                                                                            list    tags            due         flags  rank
            -  ---  ------------------------------------  ---------------------------------------------------------------------------------  ------  --------------  ----------  -----  ----
            1  116  Sow tomato seeds indoors              Gardeners' Delight and Sungold. Windowsill in the spare room, the propagator lid…  Garden  garden          2026-03-08
            2  129  Order compost                         8 bags of peat-free. Delivery is free over £40.                                    Garden  garden          2026-03-10
            3  167  Mow the lawn                          First cut of the year, blades high.                                                Garden  garden,weekend  2026-03-21
            4  155  Plant the dahlia tubers 🌱             Not before mid-April because of frost. The garden centre has 50% off…              Garden  garden          2026-04-18
            5  96   Clean out the pond filter                                                                                                Garden  garden,weekend              !
            6  31   Ask about the allotment waiting list                                                                                     Garden  call,garden                 !
            7  58   Prune the roses                                                                                                          Garden  garden          2026-02-15  done
            8  8    Put the bird feeders back up                                                                                             Garden  garden                      done
            9  5    Turn the compost heap                                                                                                    Garden  garden                      done
            9 of 9 (3 completed)
            lists: Garden (9)
            tags: garden (9), weekend (2), call (1)
            """
        }
    }

    // With text, completed matches are included but come after every open one, whatever their
    // bm25 score (the five completed "Book …" titles score best). The trailing space ends the
    // word, so only "book" matches, not booking or bookshelf.
    @Test func completedMatchesSortAfterOpenOnes() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("book ", on: database, limit: 20) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"book"')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'book'),
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 21 OFFSET 0

            -- word form hits, after the exact ones:
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"book" OR "books" OR "booking" OR "booked" OR "bookings"')
              AND (NOT ("reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH '"book"'))))
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
            #   id   title                                              snippet                                                                               list     tags               due         flags     rank
            --  ---  -------------------------------------------------  ------------------------------------------------------------------------------------  -------  -----------------  ----------  --------  -----
            1   112  Zürich trip ✈️ [book] flights                       Tue 17 to Thu 19 March. Expense code TRV-26-014. Aisle…                               Travel                      2026-03-04  !!        -4.48
            2   83   [Book] an eye test                                 Glasses are two years old and reading the screen is getting harder.                   Health   doctor             2026-04-15  !         -4.48
            3   72   [Book] dentist appointment for the kids            Both are overdue for the six-month check-up.                                          Health   call,doctor,kids   2026-02-20  !!        -4.22
            4   104  [Book] the carpet cleaner for the stairs           ABC Carpet Care quoted £85 last time. Ask if they'll do…                              Home     call               2026-03-16            -4.11
            5   117  [Book] club: Middlemarch chapters 1 to 12          Meeting on the 19th at Sophie's. My turn to bring dessert…                            Reading  books              2026-03-19            -4.11
            6   160  Look up the C++ [book] Jun recommended             A Tour of C++, third edition, not the old one.                                        Reading  books                                    -4.11
            7   78   Write down the [book] recommendations from dinner  Priya: Tomorrow, and Tomorrow, and Tomorrow. Marcus: something about the history of…  Reading  books                                    -4.11
            8   140  [Book] train to Leeds for the client workshop      Off-peak return. The booking reference goes in the shared travel sheet.               Work                        2026-03-09            -4.00
            9   35   [Book] flights to Málaga ✈️                         27 March out, 5 April back. Four seats together, one checked bag.                     Travel                      2026-01-31  !!! done  -3.13
            10  36   [Book] hotel in Málaga                             Booking ref 7QX2LM. Family room near the old town, with a pool.                       Travel                      2026-02-01  !! done   -3.13
            11  2    Christmas party: [book] the venue                                                                                                        Work                        2025-11-28  done      -3.04
            12  32   [Book] the ferry for half-term                                                                                                           Travel                      2026-02-10  done      -2.96
            13  119  Order The Naïve and the Sentimental Novelist       Pamuk's lectures. Came up at [book] club.                                             Reading  books                          !         -2.91
            14  82   [Book] meeting room for the design review          Need the big screen. 8 people.                                                        Work                                    done      -2.87
            15  130  Booking for the author talk at the library         Free, but you have to [book]. Thursday 26th, 7pm.                                     Reading  books              2026-03-10            -2.81
            16  105  Return library [books]                             Due back Wednesday. Leo's one about measuring light (the chapter on…                  Reading  books,errand,kids  2026-03-04  !!        -5.28
            17  50   Airport parking                                    [Booked], confirmation in e-mail.                                                     Travel                                  done      -3.69
            18  90   Find a quote for Ravi's wedding speech             "Love is not about finding the right person, but creating a right…                    Reading  books              2026-05-20  !         -3.66
            19  43   Subscribe to the LRB?                              Intro offer: 12 issues for £12.                                                       Reading  books                          !         -3.66
            20  60   Audiobook for the drive to the Lakes               Project Hail Mary? Everyone says it works better as audio.                            Reading  books                                    -3.66
            20 of 30 (9 completed)
            next: cursor
            lists: Reading (14), Travel (8), Work (4), Health (2), Home (2)
            tags: books (14), kids (3), call (2), car (2), doctor (2), errand (2), passport (1), weekend (1)
            """
        }
    }

    // includeCompleted: false drops them; the footer still counts them.
    @Test func completedExcludedOnRequest() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("book ", on: database, includeCompleted: false) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"book"')
              AND ("reminders"."is_completed" = 0)
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'book'),
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
            #   id   title                                              snippet                                                                               list     tags              due         flags  rank
            --  ---  -------------------------------------------------  ------------------------------------------------------------------------------------  -------  ----------------  ----------  -----  -----
            1   112  Zürich trip ✈️ [book] flights                       Tue 17 to Thu 19 March. Expense code TRV-26-014. Aisle…                               Travel                     2026-03-04  !!     -4.48
            2   83   [Book] an eye test                                 Glasses are two years old and reading the screen is getting harder.                   Health   doctor            2026-04-15  !      -4.48
            3   72   [Book] dentist appointment for the kids            Both are overdue for the six-month check-up.                                          Health   call,doctor,kids  2026-02-20  !!     -4.22
            4   104  [Book] the carpet cleaner for the stairs           ABC Carpet Care quoted £85 last time. Ask if they'll do…                              Home     call              2026-03-16         -4.11
            5   117  [Book] club: Middlemarch chapters 1 to 12          Meeting on the 19th at Sophie's. My turn to bring dessert…                            Reading  books             2026-03-19         -4.11
            6   160  Look up the C++ [book] Jun recommended             A Tour of C++, third edition, not the old one.                                        Reading  books                                -4.11
            7   78   Write down the [book] recommendations from dinner  Priya: Tomorrow, and Tomorrow, and Tomorrow. Marcus: something about the history of…  Reading  books                                -4.11
            8   140  [Book] train to Leeds for the client workshop      Off-peak return. The booking reference goes in the shared travel sheet.               Work                       2026-03-09         -4.00
            9   119  Order The Naïve and the Sentimental Novelist       Pamuk's lectures. Came up at [book] club.                                             Reading  books                         !      -2.91
            10  130  Booking for the author talk at the library         Free, but you have to [book]. Thursday 26th, 7pm.                                     Reading  books             2026-03-10         -2.81
            10 of 21 (9 completed)
            next: cursor
            lists: Reading (11), Travel (4), Health (2), Home (2), Work (2)
            tags: books (11), kids (3), call (2), car (2), doctor (2), errand (2), passport (1), weekend (1)
            """
        }
    }

    // Without text there is no rank: the tiebreakers alone order the hits, due date (all-day
    // before a time on the same day), then priority, then newest.
    @Test func filtersOnlyOrderIsDueThenPriorityThenNewest() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("tag:kids", on: database, limit: 20) {
            """
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE (("reminders"."id" IN (SELECT "reminder_id" FROM "reminder_tags" WHERE "tag_id" = (SELECT "id" FROM "tags" WHERE "name" = 'kids'))))
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
            #   id   title                                                    snippet                                                                          list       tags               due               flags        rank
            --  ---  -------------------------------------------------------  -------------------------------------------------------------------------------  ---------  -----------------  ----------------  -----------  ----
            1   72   Book dentist appointment for the kids                    Both are overdue for the six-month check-up.                                     Health     call,doctor,kids   2026-02-20        !!
            2   128  Sign Leo's permission slip                               Trip to the Science Museum. £12 and a packed lunch.                              Home       kids               2026-02-27        !!
            3   105  Return library books                                     Due back Wednesday. Leo's one about measuring light (the chapter on the…         Reading    books,errand,kids  2026-03-04        !!
            4   170  Refill Leo's inhaler 💊                                   Blue one. The school needs a spare as well.                                      Health     doctor,kids        2026-03-05        !!! flagged
            5   174  Mia's swimming kit                                       Goggles snapped. New ones, and a swim hat in a size that…                        Home       errand,kids        2026-03-05
            6   94   Assemble bookshelf for Mia's room                        IKEA Billy, 80cm. Needs wall anchors, so check we still have the…                Home       kids,weekend       2026-03-07
            7   142  Check the payment for Leo's climbing party went through  Deposit £60, balance due on the day.                                             Finance    kids               2026-03-09
            8   133  Order Leo's birthday cake                                Chocolate, with a climbing wall on it if they can. Serves 20.                    Home       errand,kids        2026-03-11        !!
            9   138  Parents' evening                                         Mr Hughes at 17:40, Ms Adeyemi at 18:00. Ask about Leo's reading…                Home       kids               2026-03-11 17:40  !!
            10  135  Birthday party snacks                                    Crisps (no nuts), juice boxes x15, fruit platter. Pick up on Friday…             Groceries  errand,kids        2026-03-13        !!
            11  134  Cake candles 🎂                                           Number 8 and a pack of the sparkly ones.                                         Groceries  kids               2026-03-13
            12  80   Leo's birthday party 🎂                                   Saturday 14th, 2 to 4pm at the climbing centre. 12 kids confirmed…               Home       kids               2026-03-14 14:00  !!! flagged
            13  74   Packing list for Málaga                                  Passports (all four!), EHIC cards, chargers and the travel adaptor, sun cream,…  Travel     kids,passport      2026-03-26
            13 of 13 (4 completed)
            lists: Home (6), Groceries (2), Health (2), Finance (1), Reading (1), Travel (1)
            tags: kids (13), errand (4), doctor (2), books (1), call (1), passport (1), weekend (1)
            """
        }
    }

    // sort: .due orders matches by due date, no date last, whatever their rank.
    @Test func sortByDue() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("call", on: database, sort: .due) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"call"*')
            ORDER BY
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
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
            #   id   title                                         snippet                                                                 list     tags              due               flags        rank
            --  ---  --------------------------------------------  ----------------------------------------------------------------------  -------  ----------------  ----------------  -----------  -----
            1   79   [Call] the GP about the blood test results                                                                            Health   call,doctor       2026-02-13        !! done      -4.32
            2   72   Book dentist appointment for the kids         Both are overdue for the six-month check-up.                            Health   call,doctor,kids  2026-02-20        !!           -2.04
            3   101  Chase IT for a [callback] about the laptop    …They promised a [callback] within 48 hours and that was last Tuesday.  Work     call              2026-02-26        !!           -4.29
            4   166  Позвонить маме                                Ask about her test results, and about Easter plans.                     Home     call              2026-03-02                     -3.11
            5   153  [Call] the plumber about the boiler pressure  Keeps dropping below 1 bar overnight. Ask if they can come before…      Home     call,urgent       2026-03-03        !!! flagged  -6.24
            6   121  Dispute the double charge on the credit card  …[Call] the number on the back of the card and ask for…                 Finance  call              2026-03-03        !!           -3.64
            7   131  1:1 with Tom                                  …On-[call] rota: he has done three weekends in a row, fix…              Work                       2026-03-03 10:00               -0.74
            8   176  Text the dog walker about Thursday            Sam can't do Thursday 5 March. Ask if Friday works instead…             Home     call              2026-03-04                     -3.11
            9   120  [Call] O'Brien's about the fence panel        The panel between us and no. 14 blew down in the storm…                 Home     call,garden       2026-03-05        !!           -6.17
            10  111  [Call] with the Zürich office                 …Before the [call], read Lukas's e-mail from last week properly…        Work     call              2026-03-05 13:00               -6.49
            10 of 22 (3 completed)
            next: cursor
            lists: Home (8), Work (6), Health (3), Travel (2), Finance (1), Garden (1), Home Office (1)
            tags: call (18), doctor (2), garden (2), email (1), kids (1), urgent (1), weekend (1)
            """
        }
    }

    // sort: .priority puts high first, then the tiebreakers.
    @Test func sortByPriority() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("call", on: database, sort: .priority) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"call"*')
            ORDER BY
              "reminders"."priority" DESC,
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
            #   id   title                                         snippet                                                                 list     tags              due         flags        rank
            --  ---  --------------------------------------------  ----------------------------------------------------------------------  -------  ----------------  ----------  -----------  -----
            1   153  [Call] the plumber about the boiler pressure  Keeps dropping below 1 bar overnight. Ask if they can come before…      Home     call,urgent       2026-03-03  !!! flagged  -6.24
            2   72   Book dentist appointment for the kids         Both are overdue for the six-month check-up.                            Health   call,doctor,kids  2026-02-20  !!           -2.04
            3   101  Chase IT for a [callback] about the laptop    …They promised a [callback] within 48 hours and that was last Tuesday.  Work     call              2026-02-26  !!           -4.29
            4   121  Dispute the double charge on the credit card  …[Call] the number on the back of the card and ask for…                 Finance  call              2026-03-03  !!           -3.64
            5   120  [Call] O'Brien's about the fence panel        The panel between us and no. 14 blew down in the storm…                 Home     call,garden       2026-03-05  !!           -6.17
            6   85   Renew home insurance                          Current policy ends 28 March. Get at least two other quotes before…     Home     call              2026-03-20  !!           -3.11
            7   84   Travel insurance renewal                      Annual multi-trip policy renews on 1 April. Make sure the knee…         Travel   call              2026-03-20  !!           -3.11
            8   89   Set up the payments dashboard alerts          Error rate over 2% for 5 minutes pages the on-[call]; latency…          Work                                   !!           -1.85
            9   79   [Call] the GP about the blood test results                                                                            Health   call,doctor       2026-02-13  !! done      -4.32
            10  31   Ask about the allotment waiting list                                                                                  Garden   call,garden                   !            -2.43
            10 of 22 (3 completed)
            next: cursor
            lists: Home (8), Work (6), Health (3), Travel (2), Finance (1), Garden (1), Home Office (1)
            tags: call (18), doctor (2), garden (2), email (1), kids (1), urgent (1), weekend (1)
            """
        }
    }

    // sort: .created is newest first.
    @Test func sortByCreated() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("call", on: database, sort: .created) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"call"*')
            ORDER BY
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 11 OFFSET 0
            """
        } results: {
            """
            #   id   title                                               snippet                                                             list     tags          due               flags        rank
            --  ---  --------------------------------------------------  ------------------------------------------------------------------  -------  ------------  ----------------  -----------  -----
            1   176  Text the dog walker about Thursday                  Sam can't do Thursday 5 March. Ask if Friday works instead…         Home     call          2026-03-04                     -3.11
            2   166  Позвонить маме                                      Ask about her test results, and about Easter plans.                 Home     call          2026-03-02                     -3.11
            3   157  Draft the e-mail announcing the new on-[call] rota  Keep it short. Link the calendar, not a spreadsheet.                Work     email         2026-03-06                     -5.29
            4   153  [Call] the plumber about the boiler pressure        Keeps dropping below 1 bar overnight. Ask if they can come before…  Home     call,urgent   2026-03-03        !!! flagged  -6.24
            5   151  Ask Nikos to water the plants while we're away                                                                          Travel   call          2026-03-22                     -3.11
            6   150  Κάλεσε τον Νίκο για το Σαββατοκύριακο               Borrow the blowtorch and the long ladder.                           Home     call,weekend  2026-03-06                     -2.43
            7   131  1:1 with Tom                                        …On-[call] rota: he has done three weekends in a row, fix…          Work                   2026-03-03 10:00               -0.74
            8   126  给奶奶打电话                                              Sunday evening her time is best.                                    Home     call          2026-03-08                     -3.11
            9   121  Dispute the double charge on the credit card        …[Call] the number on the back of the card and ask for…             Finance  call          2026-03-03        !!           -3.64
            10  120  [Call] O'Brien's about the fence panel              The panel between us and no. 14 blew down in the storm…             Home     call,garden   2026-03-05        !!           -6.17
            10 of 22 (3 completed)
            next: cursor
            lists: Home (8), Work (6), Health (3), Travel (2), Finance (1), Garden (1), Home Office (1)
            tags: call (18), doctor (2), garden (2), email (1), kids (1), urgent (1), weekend (1)
            """
        }
    }

    // Nothing matches exactly: the typo matches (passport, one typo away) come marked `typo`,
    // and the nearest indexed words are suggested.
    @Test func misspelledWordGetsSuggestions() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("pasport", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"pasport"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'pasport', 'pasport'),
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
            WHERE ("reminders_fts" MATCH '"pasport"* OR "passport"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'pasport', 'pasport'),
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
            #  id  title                                       snippet                                                                              list    tags           due         flags             rank
            -  --  ------------------------------------------  -----------------------------------------------------------------------------------  ------  -------------  ----------  ----------------  -----
            1  67  Renew [passport]                            Mine expires in August and Spain wants three months left on arrival…                 Travel  urgent         2026-03-06  !!! flagged typo  -6.78
            2  77  Scan travel documents                       [Passport] photo pages, EHIC, insurance certificate. Save to the shared drive, not…  Travel  passport       2026-03-20  typo              -6.00
            3  74  Packing list for Málaga                     [Passports] (all four!), EHIC cards, chargers and the travel adaptor, sun cream…     Travel  kids,passport  2026-03-26  typo              -4.53
            4  68  Check the kids' travel documents            Leo's [passport] runs out in 2027, Mia's in 2028. Both…                              Travel  kids,passport  2026-02-08  done typo         -3.88
            5  70  São Paulo conference: check the visa rules  …Rules for UK [passport] holders changed recently, check the consulate page, not…    Travel                 2026-06-30  ! typo            -3.01
            5 of 5 (1 completed, 5 with typos)
            lists: Travel (5)
            tags: passport (3), kids (2), urgent (1)
            hint: No reminder contains pasport. Did you mean: passport, passports?
            suggestions: passport | passports
            """
        }
    }

    // Each misspelled word gets its own suggestions; the typo matches need both corrected.
    @Test func twoMisspelledWords() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("dentst apointment", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"dentst" AND "apointment"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'apointment', 'dentst apointment'),
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
            WHERE ("reminders_fts" MATCH '("dentst" OR "dentist") AND ("apointment"* OR "appointmen"*)')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'apointment', 'dentst apointment'),
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
            #  id  title                                      snippet                                                           list    tags              due               flags         rank
            -  --  -----------------------------------------  ----------------------------------------------------------------  ------  ----------------  ----------------  ------------  ------
            1  51  [Dentist] [appointment]                    Check-up and clean with Dr Okafor. Bring the new insurance card.  Health  doctor            2026-03-04 09:20  flagged typo  -20.07
            2  72  Book [dentist] [appointment] for the kids  Both are overdue for the six-month check-up.                      Health  call,doctor,kids  2026-02-20        !! typo       -14.15
            2 of 2 (0 completed, 2 with typos)
            lists: Health (2)
            tags: doctor (2), call (1), kids (1)
            hint: No reminder contains dentst or apointment. Did you mean: dentist appointment?
            """
        }
    }
}
