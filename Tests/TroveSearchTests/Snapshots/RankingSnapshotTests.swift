import Foundation
import Testing
import TroveSearch
import TroveStore
import TroveTestSupport

/// Trove's ranking (``TroveRanking``) on the seed data, each beside plain bm25 where the two
/// differ: per-field BM25 lets a title hit win over long notes, the exact title and tag boosts,
/// and completion as a soft signal.
@Suite struct RankingSnapshotTests {
    /// The request `assertSearch("…")` sends, under another ranking.
    static func request(_ text: String, ranking: SearchRanking, limit: Int = 10) -> SearchRequest {
        var request = SearchRequest(
            text: text, limit: limit, highlight: .brackets, today: ReminderStore.seedPinnedDay,
            timeZone: TimeZone(identifier: "UTC")!)
        request.ranking = ranking
        return request
    }

    // "Renew passport" holds the word in its short title; bm25 divided that by the whole row,
    // long notes included, and put a tag-and-notes match first.
    @Test func passportPutsRenewPassportFirst() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("passport", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"passport"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'passport', 'passport'),
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
            #  id  title                                       snippet                                                                              list    tags           due         flags        rank
            -  --  ------------------------------------------  -----------------------------------------------------------------------------------  ------  -------------  ----------  -----------  ------
            1  67  Renew [passport]                            Mine expires in August and Spain wants three months left on arrival…                 Travel  urgent         2026-03-06  !!! flagged  -10.26
            2  77  Scan travel documents                       [Passport] photo pages, EHIC, insurance certificate. Save to the shared drive, not…  Travel  passport       2026-03-20               -6.00
            3  74  Packing list for Málaga                     [Passports] (all four!), EHIC cards, chargers and the travel adaptor, sun cream…     Travel  kids,passport  2026-03-26               -4.53
            4  68  Check the kids' travel documents            Leo's [passport] runs out in 2027, Mia's in 2028. Both…                              Travel  kids,passport  2026-02-08  done         -3.88
            5  70  São Paulo conference: check the visa rules  …Rules for UK [passport] holders changed recently, check the consulate page, not…    Travel                 2026-06-30  !            -3.01
            5 of 5 (1 completed)
            lists: Travel (5)
            tags: passport (3), kids (2), urgent (1)
            """
        }
        await assertSearch(Self.request("passport", ranking: .bm25), on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"passport"*')
            ORDER BY
              "reminders"."is_completed",
              "reminders_fts"."rank",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 11 OFFSET 0
            """
        } results: {
            """
            #  id  title                                       snippet                                                                              list    tags           due         flags        rank
            -  --  ------------------------------------------  -----------------------------------------------------------------------------------  ------  -------------  ----------  -----------  -----
            1  77  Scan travel documents                       [Passport] photo pages, EHIC, insurance certificate. Save to the shared drive, not…  Travel  passport       2026-03-20               -6.28
            2  67  Renew [passport]                            Mine expires in August and Spain wants three months left on arrival…                 Travel  urgent         2026-03-06  !!! flagged  -6.25
            3  74  Packing list for Málaga                     [Passports] (all four!), EHIC cards, chargers and the travel adaptor, sun cream…     Travel  kids,passport  2026-03-26               -4.56
            4  70  São Paulo conference: check the visa rules  …Rules for UK [passport] holders changed recently, check the consulate page, not…    Travel                 2026-06-30  !            -3.04
            5  68  Check the kids' travel documents            Leo's [passport] runs out in 2027, Mia's in 2028. Both…                              Travel  kids,passport  2026-02-08  done         -6.28
            5 of 5 (1 completed)
            lists: Travel (5)
            tags: passport (3), kids (2), urgent (1)
            """
        }
    }

    // The reminders that are calls (the word in the title, the `call` tag) come before notes
    // that mention a call; "Call with the Zürich office", with its long agenda, is among them.
    @Test func callPutsTheCallsFirst() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("call", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"call"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'call', 'call'),
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
            #   id   title                                               snippet                                                                 list     tags         due               flags        rank
            --  ---  --------------------------------------------------  ----------------------------------------------------------------------  -------  -----------  ----------------  -----------  -----
            1   111  [Call] with the Zürich office                       …Before the [call], read Lukas's e-mail from last week properly…        Work     call         2026-03-05 13:00               -6.49
            2   153  [Call] the plumber about the boiler pressure        Keeps dropping below 1 bar overnight. Ask if they can come before…      Home     call,urgent  2026-03-03        !!! flagged  -6.24
            3   120  [Call] O'Brien's about the fence panel              The panel between us and no. 14 blew down in the storm…                 Home     call,garden  2026-03-05        !!           -6.17
            4   157  Draft the e-mail announcing the new on-[call] rota  Keep it short. Link the calendar, not a spreadsheet.                    Work     email        2026-03-06                     -5.29
            5   79   [Call] the GP about the blood test results                                                                                  Health   call,doctor  2026-02-13        !! done      -4.32
            6   101  Chase IT for a [callback] about the laptop          …They promised a [callback] within 48 hours and that was last Tuesday.  Work     call         2026-02-26        !!           -4.29
            7   99   Thank Dana for covering on-[call]                                                                                           Work                                    done         -3.96
            8   121  Dispute the double charge on the credit card        …[Call] the number on the back of the card and ask for…                 Finance  call         2026-03-03        !!           -3.64
            9   166  Позвонить маме                                      Ask about her test results, and about Easter plans.                     Home     call         2026-03-02                     -3.11
            10  176  Text the dog walker about Thursday                  Sam can't do Thursday 5 March. Ask if Friday works instead…             Home     call         2026-03-04                     -3.11
            10 of 22 (3 completed)
            next: cursor
            lists: Home (8), Work (6), Health (3), Travel (2), Finance (1), Garden (1), Home Office (1)
            tags: call (18), doctor (2), garden (2), email (1), kids (1), urgent (1), weekend (1)
            """
        }
    }

    // The whole query is the title: "Dentist appointment" before "Book dentist appointment for the kids".
    @Test func exactTitleComesFirst() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("dentist appointment", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"dentist" AND "appointment"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'appointment', 'dentist appointment'),
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
            #  id  title                                      snippet                                                           list    tags              due               flags    rank
            -  --  -----------------------------------------  ----------------------------------------------------------------  ------  ----------------  ----------------  -------  -----------
            1  51  [Dentist] [appointment]                    Check-up and clean with Dr Okafor. Bring the new insurance card.  Health  doctor            2026-03-04 09:20  flagged  -3145753.98
            2  72  Book [dentist] [appointment] for the kids  Both are overdue for the six-month check-up.                      Health  call,doctor,kids  2026-02-20        !!       -20.06
            2 of 2 (0 completed)
            lists: Health (2)
            tags: doctor (2), call (1), kids (1)
            """
        }
    }

    // "Bin bags" was done, and its title is the query; "Weekly shop" only lists bin bags in its
    // notes. A clearly better completed match is not buried under open ones; bm25 (open first) buries it.
    @Test func completedExactAnswerIsNotBuried() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("bin bags", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"bin" AND "bags"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'bags', 'bin bags'),
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
            WHERE ("reminders_fts" MATCH '"bin" AND ("bags"* OR "bag")')
              AND (NOT ("reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH '"bin" AND "bags"*'))))
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'bags', 'bin bags'),
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
            #  id   title          snippet                                                                       list       tags    due         flags  rank
            -  ---  -------------  ----------------------------------------------------------------------------  ---------  ------  ----------  -----  -----------
            1  37   [Bin] [bags]                                                                                 Groceries                      done   -2097168.92
            2  175  Weekly shop 🛒  …tomatoes x4, washing-up liquid, [bin] [bags]. Check whether we need coffee.  Groceries  errand  2026-03-07         -7.79
            2 of 2 (1 completed)
            lists: Groceries (2)
            tags: errand (1)
            """
        }
        await assertSearch(Self.request("bin bags", ranking: .bm25), on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"bin" AND "bags"*')
            ORDER BY
              "reminders"."is_completed",
              "reminders_fts"."rank",
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
            WHERE ("reminders_fts" MATCH '"bin" AND ("bags"* OR "bag")')
              AND (NOT ("reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH '"bin" AND "bags"*'))))
            ORDER BY
              "reminders"."is_completed",
              "reminders_fts"."rank",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 9 OFFSET 0
            """
        } results: {
            """
            #  id   title          snippet                                                                       list       tags    due         flags  rank
            -  ---  -------------  ----------------------------------------------------------------------------  ---------  ------  ----------  -----  ------
            1  175  Weekly shop 🛒  …tomatoes x4, washing-up liquid, [bin] [bags]. Check whether we need coffee.  Groceries  errand  2026-03-07         -6.54
            2  37   [Bin] [bags]                                                                                 Groceries                      done   -16.05
            2 of 2 (1 completed)
            lists: Groceries (2)
            tags: errand (1)
            """
        }
    }

    // Every Christmas reminder was done; the loft's long notes mention the decorations once.
    // Three completed title matches still come before that open mention.
    @Test func completedTitleMatchesBeatAnOpenMentionInLongNotes() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("christmas", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"christmas"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'christmas', 'christmas'),
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
            #  id  title                                  snippet                                                                            list       tags     due         flags    rank
            -  --  -------------------------------------  ---------------------------------------------------------------------------------  ---------  -------  ----------  -------  -----
            1  12  [Christmas] food order                 Turkey crown for 8, pigs in blankets, the cheese board. Collection slot…           Groceries           2025-12-05  !! done  -7.44
            2  2   [Christmas] party: book the venue                                                                                         Work                2025-11-28  done     -7.16
            3  26  Send thank-you cards from [Christmas]                                                                                     Home       kids     2026-01-15  ! done   -7.03
            4  39  Sort out the loft                      …piles: keep, charity shop, tip. [Christmas] decorations go back in the labelled…  Home       weekend                       -0.80
            4 of 4 (3 completed)
            lists: Home (2), Groceries (1), Work (1)
            tags: kids (1), weekend (1)
            """
        }
    }

    // A close call: "Renew library card" (done) and "Return library books" (open) both hold the
    // word in a title of three words; the open one comes first (and the other open match too).
    @Test func openReminderWinsACloseCall() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("library", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"library"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'library', 'library'),
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
            #  id   title                                         snippet                                                               list     tags               due         flags  rank
            -  ---  --------------------------------------------  --------------------------------------------------------------------  -------  -----------------  ----------  -----  ------
            1  105  Return [library] books                        Due back Wednesday. Leo's one about measuring light (the chapter on…  Reading  books,errand,kids  2026-03-04  !!     -11.36
            2  130  Booking for the author talk at the [library]  Free, but you have to book. Thursday 26th, 7pm.                       Reading  books              2026-03-10         -10.36
            3  15   Renew [library] card                                                                                                Reading                     2025-12-15  done   -7.95
            3 of 3 (1 completed)
            lists: Reading (3)
            tags: books (2), errand (1), kids (1)
            """
        }
    }
}
