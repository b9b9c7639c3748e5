import Testing
import TroveSearch
import TroveTestSupport

/// Words, prefixes, phrases, exclusions and OR against the seed data.
@Suite struct TermSnapshotTests {
    // "milk" is the last word, so a prefix: it is in two titles (milk, milkman), three tags and
    // four notes. The titles outrank the tags, the tags outrank the notes. The one snapshot
    // that shows every result column (the others show `SELECT …`).
    @Test func titleOutranksTagOutranksNotes() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("milk", on: database, selectList: .full) {
            """
            SELECT
              "reminders"."id" AS "id",
              "reminders"."title" AS "title",
              "reminders"."notes" AS "notes",
              "lists"."name" AS "list",
              "reminders"."tags" AS "tags",
              "reminders"."priority" AS "priority",
              "reminders"."is_flagged" AS "is_flagged",
              "reminders"."is_completed" AS "is_completed",
              "reminders"."due_date" AS "due_date",
              highlight("reminders_fts", 0, '[', ']') AS "title_highlighted",
              snippet("reminders_fts", 1, '[', ']', '…', 12) AS "snippet",
              (trove_matched("reminders_fts", 0)) AS "matched_title",
              (trove_matched("reminders_fts", 1)) AS "matched_notes",
              (trove_matched("reminders_fts", 2)) AS "matched_tags",
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'milk', 'milk') AS "rank",
              NULL AS "key0",
              "reminders"."is_completed" AS "key1",
              ("reminders"."due_date" IS NULL) AS "key2",
              ifnull("reminders"."due_date", '') AS "key3",
              "reminders"."priority" AS "key4",
              "reminders"."created_at" AS "key5"
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"milk"*')
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
            #  id   title                                snippet                                                                                   list       tags     due         flags  rank
            -  ---  -----------------------------------  ----------------------------------------------------------------------------------------  ---------  -------  ----------  -----  -----
            1  178  Buy [milk]                           Semi-skimmed, the big one.                                                                Groceries  errand   2026-03-02         -9.35
            2  1    Leave empties out for the [milkman]  Tuesday and Friday nights.                                                                Home       milk                        -6.60
            3  124  Pause deliveries while we're away    …cancel the [milk] before noon on the Wednesday before. Newsagent just needs…             Home       milk     2026-03-25  !      -5.27
            4  171  Pay the Parker's Dairy invoice       February: £23.60.                                                                         Finance    milk     2026-03-06         -4.75
            5  114  Oat drink for Priya                  …doesn't split in coffee like the normal one does with [milk].                            Groceries                              -2.99
            6  175  Weekly shop 🛒                        Bread, [milk], butter, bananas, porridge oats, chicken thighs, rice, tinned tomatoes x4…  Groceries  errand   2026-03-07         -2.48
            7  152  Ingredients for crème brûlée         …600ml double cream, 100ml whole [milk], 1 vanilla pod, 6 egg yolks…                      Groceries  weekend  2026-03-07         -1.94
            7 of 7 (0 completed)
            lists: Groceries (4), Home (2), Finance (1)
            tags: milk (3), errand (2), weekend (1)
            """
        }
    }

    // "passport" is in one title, three tags and several notes; as the last word it is a
    // prefix, so "Passports" matches too.
    // KNOWN ISSUE (not fixed): FTS5's bm25 sums the weighted hits (10 title, 5 tags, 1 notes)
    // and then divides by the length of the WHOLE row, so "Renew passport" (title hit, 50 words
    // of notes) scores -6.25 against "Scan travel documents" (tag + notes hits, short notes)
    // at -6.28: the title match is not first. Fixing it needs a rank of our own (per-column
    // length or a title bonus), not a weight change.
    @Test func passportTagAndNotesHitOutranksTheLongTitleHit() async throws {
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
    }

    // Two words AND together: only reminders with both "walk" and "dog"; "walker" is not "walk",
    // "walking" is a form of it and follows the exact matches.
    @Test func wordsAreAndJoined() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("walk dog", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"walk" AND "dog"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'dog', 'walk dog'),
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
            WHERE ("reminders_fts" MATCH '("walk" OR "walking") AND "dog"*')
              AND (NOT ("reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH '"walk" AND "dog"*'))))
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'dog', 'walk dog'),
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
            #  id   title                                   snippet                                                         list    tags     due               flags  rank
            -  ---  --------------------------------------  --------------------------------------------------------------  ------  -------  ----------------  -----  ------
            1  33   [Walk] the [dog] before work                                                                            Home             2026-03-02 07:00         -17.52
            2  162  [Walk] the [dog]                        Long one by the river, he's been cooped up all week.            Home    weekend  2026-02-28        done   -12.84
            3  55   [Walking] holiday in the Lake District  …a [walking] pole for the knee, and someone to mind the [dog].  Travel  weekend  2026-05-02               -8.87
            3 of 3 (1 completed)
            lists: Home (2), Travel (1)
            tags: weekend (2)
            """
        }
    }

    // While typing, the last word is a prefix: walk, walking and walker all match.
    @Test func lastWordIsAPrefixWhileTyping() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("walk", on: database) {
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
            LIMIT 11 OFFSET 0
            """
        } results: {
            """
            #   id   title                                                snippet                                                                    list       tags           due               flags  rank
            --  ---  ---------------------------------------------------  -------------------------------------------------------------------------  ---------  -------------  ----------------  -----  -----
            1   33   [Walk] the dog before work                                                                                                      Home                      2026-03-02 07:00         -7.63
            2   34   Go for a [walk] at lunch                             30 minutes, three times a week.                                            Health                                             -7.49
            3   162  [Walk] the dog                                       Long one by the river, he's been cooped up all week.                       Home       weekend        2026-02-28        done   -5.55
            4   59   Buy new [walking] boots                              For the Lake District in May. Try them on in the shop…                     Travel                    2026-04-20        !      -5.02
            5   55   [Walking] holiday in the Lake District               …maps, the good waterproofs, a [walking] pole for the knee, and someone…   Travel     weekend        2026-05-02               -4.86
            6   176  Text the dog [walker] about Thursday                 Sam can't do Thursday 5 March. Ask if Friday works instead…                Home       call           2026-03-04               -4.74
            7   107  Buy a new [walker] for Grandad                       The physio said a wheeled one with a seat. Ask the mobility…               Home       errand         2026-03-12        !!     -4.74
            8   86   Ask about the [walking] group at the leisure centre  Tuesday mornings, they meet at the café by the entrance.                   Health     call                                    -4.36
            9   173  Dog food                                             Large bag, the salmon one. The [walker] says we're nearly out.             Groceries                                          -2.84
            10  74   Packing list for Málaga                              …rabbit), books for the plane, [walking] sandals, a light jacket for the…  Travel     kids,passport  2026-03-26               -0.97
            10 of 11 (1 completed)
            next: cursor
            lists: Home (4), Health (3), Travel (3), Groceries (1)
            tags: call (2), weekend (2), errand (1), kids (1), passport (1)
            """
        }
    }

    // A trailing space ends the word: while typing "walk " only the word walk matches, then its
    // forms (walking) below every exact match; never walker.
    @Test func trailingSpaceEndsThePrefix() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("walk ", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"walk"')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'walk'),
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
            WHERE ("reminders_fts" MATCH '"walk" OR "walking"')
              AND (NOT ("reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH '"walk"'))))
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'walk'),
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
            #  id   title                                                snippet                                                                    list    tags           due               flags  rank
            -  ---  ---------------------------------------------------  -------------------------------------------------------------------------  ------  -------------  ----------------  -----  -----
            1  33   [Walk] the dog before work                                                                                                      Home                   2026-03-02 07:00         -6.98
            2  34   Go for a [walk] at lunch                             30 minutes, three times a week.                                            Health                                          -6.78
            3  162  [Walk] the dog                                       Long one by the river, he's been cooped up all week.                       Home    weekend        2026-02-28        done   -5.19
            4  59   Buy new [walking] boots                              For the Lake District in May. Try them on in the shop…                     Travel                 2026-04-20        !      -6.37
            5  55   [Walking] holiday in the Lake District               …maps, the good waterproofs, a [walking] pole for the knee, and someone…   Travel  weekend        2026-05-02               -6.17
            6  86   Ask about the [walking] group at the leisure centre  Tuesday mornings, they meet at the café by the entrance.                   Health  call                                    -5.53
            7  74   Packing list for Málaga                              …rabbit), books for the plane, [walking] sandals, a light jacket for the…  Travel  kids,passport  2026-03-26               -1.23
            8  45   Physio exercises for the knee                        …it afterwards if it aches. [Walking] is fine, but no running until…       Health                                          -1.22
            8 of 8 (1 completed)
            lists: Health (3), Travel (3), Home (2)
            tags: weekend (2), call (1), kids (1), passport (1)
            """
        }
    }

    // A quoted phrase needs its words adjacent and in order.
    @Test func quotedPhraseMatchesAdjacentWords() async throws {
        let database = try await SeededSearch.database()
        await assertSearch(#""dentist appointment""#, on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"dentist appointment"')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'dentist appointment'),
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
            #  id  title                                    snippet                                                           list    tags              due               flags    rank
            -  --  ---------------------------------------  ----------------------------------------------------------------  ------  ----------------  ----------------  -------  -----------
            1  51  [Dentist appointment]                    Check-up and clean with Dr Okafor. Bring the new insurance card.  Health  doctor            2026-03-04 09:20  flagged  -3145738.45
            2  72  Book [dentist appointment] for the kids  Both are overdue for the six-month check-up.                      Health  call,doctor,kids  2026-02-20        !!       -7.36
            2 of 2 (0 completed)
            lists: Health (2)
            tags: doctor (2), call (1), kids (1)
            """
        }
    }

    // -word drops every reminder containing it, in any column.
    @Test func excludedWordDropsMatches() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("dentist -kids", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"dentist" NOT "kids"')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'dentist'),
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
            #  id  title                  snippet                                                           list    tags    due               flags    rank
            -  --  ---------------------  ----------------------------------------------------------------  ------  ------  ----------------  -------  -----
            1  51  [Dentist] appointment  Check-up and clean with Dr Okafor. Bring the new insurance card.  Health  doctor  2026-03-04 09:20  flagged  -8.31
            1 of 1 (0 completed)
            lists: Health (1)
            tags: doctor (1)
            """
        }
    }

    // -"phrase" drops only reminders with the whole phrase: "walk" without "the dog".
    @Test func excludedPhraseDropsOnlyThePhrase() async throws {
        let database = try await SeededSearch.database()
        await assertSearch(#"walk -"the dog""#, on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"walk" NOT "the dog"')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'walk'),
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
            WHERE ("reminders_fts" MATCH '("walk" OR "walking") NOT "the dog"')
              AND (NOT ("reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH '"walk" NOT "the dog"'))))
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'walk'),
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 10 OFFSET 0
            """
        } results: {
            """
            #  id  title                                                snippet                                                                    list    tags           due         flags  rank
            -  --  ---------------------------------------------------  -------------------------------------------------------------------------  ------  -------------  ----------  -----  -----
            1  34  Go for a [walk] at lunch                             30 minutes, three times a week.                                            Health                                    -6.78
            2  59  Buy new [walking] boots                              For the Lake District in May. Try them on in the shop…                     Travel                 2026-04-20  !      -6.37
            3  86  Ask about the [walking] group at the leisure centre  Tuesday mornings, they meet at the café by the entrance.                   Health  call                              -5.53
            4  74  Packing list for Málaga                              …rabbit), books for the plane, [walking] sandals, a light jacket for the…  Travel  kids,passport  2026-03-26         -1.23
            5  45  Physio exercises for the knee                        …it afterwards if it aches. [Walking] is fine, but no running until…       Health                                    -1.22
            5 of 5 (0 completed)
            lists: Health (3), Travel (2)
            tags: call (1), kids (1), passport (1)
            """
        }
    }

    // a OR b matches either word; both are highlighted where they occur.
    @Test func orMatchesEitherWord() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("plumber OR pharmacist", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"plumber" OR "pharmacist"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'pharmacist', ''),
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
            #  id   title                                         snippet                                                             list    tags         due         flags        rank
            -  ---  --------------------------------------------  ------------------------------------------------------------------  ------  -----------  ----------  -----------  ------
            1  139  Ask the [pharmacist] about hay fever tablets  The non-drowsy ones. Start them early this year.                    Health  errand                   !            -12.80
            2  153  Call the [plumber] about the boiler pressure  Keeps dropping below 1 bar overnight. Ask if they can come before…  Home    call,urgent  2026-03-03  !!! flagged  -8.02
            2 of 2 (0 completed)
            lists: Health (1), Home (1)
            tags: call (1), errand (1), urgent (1)
            """
        }
    }

    // OR binds tighter than AND: (milk OR bread) AND groceries-list words. One exact match does
    // not fill the page, so typo matches of butter (batter, better) are searched for: none.
    @Test func orGroupIsAndedWithTheNextWord() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("milk OR bread butter", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '("milk" OR "bread") AND "butter"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'butter', ''),
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
            WHERE ("reminders_fts" MATCH '("milk" OR "bread") AND ("butter"* OR "batter"* OR "better"*)')
              AND (NOT ("reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH '("milk" OR "bread") AND "butter"*'))))
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'butter', ''),
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 10 OFFSET 0
            """
        } results: {
            """
            #  id   title          snippet                                                                                       list       tags    due         flags  rank
            -  ---  -------------  --------------------------------------------------------------------------------------------  ---------  ------  ----------  -----  ------
            1  175  Weekly shop 🛒  [Bread], [milk], [butter], bananas, porridge oats, chicken thighs, rice, tinned tomatoes x4…  Groceries  errand  2026-03-07         -11.40
            1 of 1 (0 completed)
            lists: Groceries (1)
            tags: errand (1)
            """
        }
    }
}
