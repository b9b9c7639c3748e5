import Testing
import TroveSearch
import TroveTestSupport

/// `due:` filters relative to the pinned today, Monday 2026-03-02 (UTC).
@Suite struct DueSnapshotTests {
    // due:today: as Apple Reminders' Today list, what is due on 2026-03-02 (all-day, or a time
    // within that UTC day) and what is overdue and still open.
    @Test func dueToday() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("due:today", on: database) {
            """
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE (((("reminders"."due_date" IS NULL) = 0 AND ifnull("reminders"."due_date", '') >= '2026-03-02' AND ifnull("reminders"."due_date", '') <= '2026-03-03 00:00:00.000' AND "reminders"."due_date" >= '2026-03-02' AND "reminders"."due_date" <= '2026-03-03 00:00:00.000' AND ((length("reminders"."due_date") = 10 AND "reminders"."due_date" >= '2026-03-02' AND "reminders"."due_date" <= '2026-03-02') OR (length("reminders"."due_date") > 10 AND "reminders"."due_date" >= '2026-03-02 00:00:00.000' AND "reminders"."due_date" < '2026-03-03 00:00:00.000'))) OR ("reminders"."is_completed" = 0 AND ((length("reminders"."due_date") = 10 AND "reminders"."due_date" <= '2026-03-01') OR (length("reminders"."due_date") > 10 AND "reminders"."due_date" < '2026-03-02 00:00:00.000')))))
              AND ("reminders"."is_completed" = 0)
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
            10 of 11 (0 completed)
            next: cursor
            lists: Finance (3), Home (3), Work (3), Groceries (1), Health (1)
            tags: call (3), email (2), kids (2), urgent (2), doctor (1), errand (1), tax (1)
            """
        }
    }

    // due:on:today: all-day dates on 2026-03-02 and times within that UTC day, nothing overdue.
    @Test func dueOnToday() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("due:on:today", on: database) {
            """
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ((("reminders"."due_date" IS NULL) = 0 AND ifnull("reminders"."due_date", '') >= '2026-03-02' AND ifnull("reminders"."due_date", '') <= '2026-03-03 00:00:00.000' AND "reminders"."due_date" >= '2026-03-02' AND "reminders"."due_date" <= '2026-03-03 00:00:00.000' AND ((length("reminders"."due_date") = 10 AND "reminders"."due_date" >= '2026-03-02' AND "reminders"."due_date" <= '2026-03-02') OR (length("reminders"."due_date") > 10 AND "reminders"."due_date" >= '2026-03-02 00:00:00.000' AND "reminders"."due_date" < '2026-03-03 00:00:00.000'))))
              AND ("reminders"."is_completed" = 0)
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
            #  id   title                            snippet                                                             list       tags    due               flags  rank
            -  ---  -------------------------------  ------------------------------------------------------------------  ---------  ------  ----------------  -----  ----
            1  149  Email Priya the Q1 numbers       She needs revenue AND churn, split by region, not just the totals.  Work       email   2026-03-02        !!
            2  178  Buy milk                         Semi-skimmed, the big one.                                          Groceries  errand  2026-03-02
            3  166  Позвонить маме                   Ask about her test results, and about Easter plans.                 Home       call    2026-03-02
            4  143  Transfer 500 to the holiday pot  The standing order should do this but it failed last month.         Finance            2026-03-02
            5  33   Walk the dog before work                                                                             Home               2026-03-02 07:00
            5 of 5 (0 completed)
            lists: Home (2), Finance (1), Groceries (1), Work (1)
            tags: call (1), email (1), errand (1)
            """
        }
    }

    // due:tomorrow: 2026-03-03, timed ones included.
    @Test func dueTomorrow() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("due:tomorrow", on: database, limit: 20) {
            """
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ((("reminders"."due_date" IS NULL) = 0 AND ifnull("reminders"."due_date", '') >= '2026-03-03' AND ifnull("reminders"."due_date", '') <= '2026-03-04 00:00:00.000' AND "reminders"."due_date" >= '2026-03-03' AND "reminders"."due_date" <= '2026-03-04 00:00:00.000' AND ((length("reminders"."due_date") = 10 AND "reminders"."due_date" >= '2026-03-03' AND "reminders"."due_date" <= '2026-03-03') OR (length("reminders"."due_date") > 10 AND "reminders"."due_date" >= '2026-03-03 00:00:00.000' AND "reminders"."due_date" < '2026-03-04 00:00:00.000'))))
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
            #  id   title                                         snippet                                                                        list     tags         due               flags        rank
            -  ---  --------------------------------------------  -----------------------------------------------------------------------------  -------  -----------  ----------------  -----------  ----
            1  153  Call the plumber about the boiler pressure    Keeps dropping below 1 bar overnight. Ask if they can come before…             Home     call,urgent  2026-03-03        !!! flagged
            2  177  Read the incident report from Saturday        Before the post-mortem on Wednesday.                                           Work                  2026-03-03        !!
            3  159  Review Jun's C++ pull request                 The allocator change. Look at the benchmarks before approving; last time the…  Work                  2026-03-03        !!
            4  121  Dispute the double charge on the credit card  Café bill on 14 Feb was charged twice, £38.40 each. Call the…                  Finance  call         2026-03-03        !!
            5  168  Pick up dry cleaning                          Ticket 4471, ready after Tuesday.                                              Home     errand       2026-03-03
            6  156  Pick up prescription 💊                        Ready from Tuesday at the pharmacy on Station Rd. Ask about the…               Health   errand       2026-03-03
            7  131  1:1 with Tom                                  1. How the migration is going, any blockers. 2. His promotion case:…           Work                  2026-03-03 10:00
            8  161  Send the slides to the São Paulo team         They are 3 hours behind, so send before lunch and they have…                   Work     email        2026-03-03 11:00
            8 of 8 (0 completed)
            lists: Work (4), Home (2), Finance (1), Health (1)
            tags: call (2), errand (2), email (1), urgent (1)
            """
        }
    }

    // due:overdue: open reminders due before today, oldest due first; never completed ones.
    @Test func dueOverdue() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("due:overdue", on: database, limit: 30) {
            """
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE (("reminders"."is_completed" = 0 AND ((length("reminders"."due_date") = 10 AND "reminders"."due_date" <= '2026-03-01') OR (length("reminders"."due_date") > 10 AND "reminders"."due_date" < '2026-03-02 00:00:00.000'))))
            ORDER BY
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 31 OFFSET 0
            """
        } results: {
            """
            #  id   title                                         snippet                                                                           list     tags              due         flags        rank
            -  ---  --------------------------------------------  --------------------------------------------------------------------------------  -------  ----------------  ----------  -----------  ----
            1  72   Book dentist appointment for the kids         Both are overdue for the six-month check-up.                                      Health   call,doctor,kids  2026-02-20  !!
            2  103  Follow up with legal on the NDA               ref:ABC-123 again. They closed the ticket by mistake.                             Work     email,urgent      2026-02-24  !!! flagged
            3  101  Chase IT for a callback about the laptop      Battery is swelling and the trackpad lifts. Ticket ref:IT-4821. They promised a…  Work     call              2026-02-26  !!
            4  88   Check PayPal for the refund from the airline  They said 7 to 10 working days, on 12 Feb.                                        Finance                    2026-02-26
            5  64   Set up a payment plan for the tax bill        The Self Assessment balance came in higher than expected. HMRC's Time to…         Finance  tax,urgent        2026-02-27  !!! flagged
            6  128  Sign Leo's permission slip                    Trip to the Science Museum. £12 and a packed lunch.                               Home     kids              2026-02-27  !!
            6 of 6 (0 completed)
            lists: Finance (2), Work (2), Health (1), Home (1)
            tags: call (2), kids (2), urgent (2), doctor (1), email (1), tax (1)
            """
        }
    }

    // due:A..B is inclusive at both ends.
    @Test func dueClosedRange() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("due:2026-03-05..2026-03-06", on: database, limit: 20) {
            """
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ((("reminders"."due_date" IS NULL) = 0 AND ifnull("reminders"."due_date", '') >= '2026-03-05' AND ifnull("reminders"."due_date", '') <= '2026-03-07 00:00:00.000' AND "reminders"."due_date" >= '2026-03-05' AND "reminders"."due_date" <= '2026-03-07 00:00:00.000' AND ((length("reminders"."due_date") = 10 AND "reminders"."due_date" >= '2026-03-05' AND "reminders"."due_date" <= '2026-03-06') OR (length("reminders"."due_date") > 10 AND "reminders"."due_date" >= '2026-03-05 00:00:00.000' AND "reminders"."due_date" < '2026-03-07 00:00:00.000'))))
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
            #   id   title                                             snippet                                                                         list       tags          due               flags        rank
            --  ---  ------------------------------------------------  ------------------------------------------------------------------------------  ---------  ------------  ----------------  -----------  ----
            1   170  Refill Leo's inhaler 💊                            Blue one. The school needs a spare as well.                                     Health     doctor,kids   2026-03-05        !!! flagged
            2   120  Call O'Brien's about the fence panel              The panel between us and no. 14 blew down in the storm.…                        Home       call,garden   2026-03-05        !!
            3   115  Pay the water bill                                                                                                                Finance                  2026-03-05        !!
            4   174  Mia's swimming kit                                Goggles snapped. New ones, and a swim hat in a size that…                       Home       errand,kids   2026-03-05
            5   111  Call with the Zürich office                       Agenda: handover of the reporting dashboards, who owns the alerts, time zones…  Work       call          2026-03-05 13:00
            6   67   Renew passport                                    Mine expires in August and Spain wants three months left on arrival,…           Travel     urgent        2026-03-06        !!! flagged
            7   171  Pay the Parker's Dairy invoice                    February: £23.60.                                                               Finance    milk          2026-03-06
            8   158  Reply to Marcus about the contract                He wants the draft by Friday. Tracked as ref:ABC-123 in the legal…              Work       email         2026-03-06
            9   157  Draft the e-mail announcing the new on-call rota  Keep it short. Link the calendar, not a spreadsheet.                            Work       email         2026-03-06
            10  150  Κάλεσε τον Νίκο για το Σαββατοκύριακο             Borrow the blowtorch and the long ladder.                                       Home       call,weekend  2026-03-06
            11  147  Gluten-free bread for Ava's visit                                                                                                 Groceries                2026-03-06
            11 of 11 (0 completed)
            lists: Home (3), Work (3), Finance (2), Groceries (1), Health (1), Travel (1)
            tags: call (3), email (2), kids (2), doctor (1), errand (1), garden (1), milk (1), urgent (1), weekend (1)
            """
        }
    }

    // due:A.. has no end: everything due on or after June 1st.
    @Test func dueOpenEndedRange() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("due:2026-06-01..", on: database) {
            """
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE (((length("reminders"."due_date") = 10 AND "reminders"."due_date" >= '2026-06-01') OR (length("reminders"."due_date") > 10 AND "reminders"."due_date" >= '2026-06-01 00:00:00.000')))
              AND ("reminders"."is_completed" = 0)
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
            #  id  title                                       snippet                                                                           list    tags  due         flags  rank
            -  --  ------------------------------------------  --------------------------------------------------------------------------------  ------  ----  ----------  -----  ----
            1  93  Øresund bridge toll for the summer trip     Driving Copenhagen to Malmö in July. The BroPas discount might be worth…          Travel  car   2026-06-01  !
            2  70  São Paulo conference: check the visa rules  Conference is in October. Rules for UK passport holders changed recently, check…  Travel        2026-06-30  !
            3  63  Get the chimney swept before next winter                                                                                      Home          2026-09-15
            3 of 3 (0 completed)
            lists: Travel (2), Home (1)
            tags: car (1)
            """
        }
    }

    // due:..B has no start; with is:completed it lists finished reminders due by 2025-12-31.
    @Test func dueOpenStartedRange() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("due:..2025-12-31 is:completed", on: database) {
            """
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE (((length("reminders"."due_date") = 10 AND "reminders"."due_date" <= '2025-12-31') OR (length("reminders"."due_date") > 10 AND "reminders"."due_date" < '2026-01-01 00:00:00.000')))
              AND (("reminders"."is_completed" = 1))
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
            #  id  title                            snippet                                                                   list       tags    due         flags    rank
            -  --  -------------------------------  ------------------------------------------------------------------------  ---------  ------  ----------  -------  ----
            1  3   Flu jab                                                                                                    Health     doctor  2025-11-20  done
            2  2   Christmas party: book the venue                                                                            Work               2025-11-28  done
            3  9   Change smoke alarm batteries     9V x3 (hall, landing, loft)                                               Home       errand  2025-11-30  done
            4  12  Christmas food order             Turkey crown for 8, pigs in blankets, the cheese board. Collection slot…  Groceries          2025-12-05  !! done
            5  17  Donate to the school fundraiser                                                                            Finance    kids    2025-12-12  done
            6  15  Renew library card                                                                                         Reading            2025-12-15  done
            6 of 6 (6 completed)
            lists: Finance (1), Groceries (1), Health (1), Home (1), Reading (1), Work (1)
            tags: doctor (1), errand (1), kids (1)
            """
        }
    }

    // due:none with a list: Garden's open reminders without a date. NB: `list:garden` ends the
    // text, so it is read as the names it starts (only Garden) and compared as stored.
    @Test func dueNoneInAList() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("due:none list:garden", on: database) {
            """
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE (("reminders"."due_date" IS NULL))
              AND (("reminders"."list_id" = (SELECT "id" FROM "lists" WHERE "name" = 'Garden')))
              AND ("reminders"."is_completed" = 0)
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
            #  id  title                                 snippet  list    tags            due  flags  rank
            -  --  ------------------------------------  -------  ------  --------------  ---  -----  ----
            1  96  Clean out the pond filter                      Garden  garden,weekend       !
            2  31  Ask about the allotment waiting list           Garden  call,garden          !
            2 of 2 (2 completed)
            lists: Garden (2)
            tags: garden (2), call (1), weekend (1)
            """
        }
    }

    // due:week with text: this week's (today + 6 days) "call" reminders.
    @Test func dueWeekWithText() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("call due:week", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"call"')
              AND ((("reminders"."due_date" IS NULL) = 0 AND ifnull("reminders"."due_date", '') >= '2026-03-02' AND ifnull("reminders"."due_date", '') <= '2026-03-09 00:00:00.000' AND "reminders"."due_date" >= '2026-03-02' AND "reminders"."due_date" <= '2026-03-09 00:00:00.000' AND ((length("reminders"."due_date") = 10 AND "reminders"."due_date" >= '2026-03-02' AND "reminders"."due_date" <= '2026-03-08') OR (length("reminders"."due_date") > 10 AND "reminders"."due_date" >= '2026-03-02 00:00:00.000' AND "reminders"."due_date" < '2026-03-09 00:00:00.000'))))
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
            #   id   title                                               snippet                                                             list     tags          due               flags        rank
            --  ---  --------------------------------------------------  ------------------------------------------------------------------  -------  ------------  ----------------  -----------  -----
            1   111  [Call] with the Zürich office                       …Before the [call], read Lukas's e-mail from last week properly…    Work     call          2026-03-05 13:00               -4.41
            2   153  [Call] the plumber about the boiler pressure        Keeps dropping below 1 bar overnight. Ask if they can come before…  Home     call,urgent   2026-03-03        !!! flagged  -4.16
            3   120  [Call] O'Brien's about the fence panel              The panel between us and no. 14 blew down in the storm…             Home     call,garden   2026-03-05        !!           -4.09
            4   121  Dispute the double charge on the credit card        …charged twice, £38.40 each. [Call] the number on the back of…      Finance  call          2026-03-03        !!           -3.41
            5   157  Draft the e-mail announcing the new on-[call] rota  Keep it short. Link the calendar, not a spreadsheet.                Work     email         2026-03-06                     -3.22
            6   166  Позвонить маме                                      Ask about her test results, and about Easter plans.                 Home     call          2026-03-02                     -3.11
            7   176  Text the dog walker about Thursday                  Sam can't do Thursday 5 March. Ask if Friday works instead…         Home     call          2026-03-04                     -3.11
            8   126  给奶奶打电话                                              Sunday evening her time is best.                                    Home     call          2026-03-08                     -3.11
            9   150  Κάλεσε τον Νίκο για το Σαββατοκύριακο               Borrow the blowtorch and the long ladder.                           Home     call,weekend  2026-03-06                     -2.43
            10  131  1:1 with Tom                                        …On-[call] rota: he has done three weekends in a row, fix…          Work                   2026-03-03 10:00               -0.74
            10 of 10 (0 completed)
            lists: Home (6), Work (3), Finance (1)
            tags: call (8), email (1), garden (1), urgent (1), weekend (1)
            """
        }
    }
}
