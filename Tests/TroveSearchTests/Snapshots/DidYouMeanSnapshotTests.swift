import Testing
import TroveSearch
import TroveTestSupport

/// Did-you-mean that helps: the word with no match is named, completions come first, and the
/// suggestions are whole queries with operators, fields, list and tag names and quoting fixed.
/// The `hint:` line is what `trove search` prints and the interactive header shows.
@Suite struct DidYouMeanSnapshotTests {
    // A word ended by a space has no match: its completions first (dentist), then the nearest.
    @Test func completionsComeFirst() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("dent ", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"dent"')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', 'dent'),
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
            hint: No reminder contains dent. Did you mean: dentist, dana, desk, done, debit?
            suggestions: dentist | dana | desk | done | debit
            """
        }
    }

    // Only the word that matches nothing is named; milk is left alone. No reminder holds
    // passport and milk together, so the corrected words are offered ORed (issue 19, item 4).
    @Test func theWordWithoutAMatchIsNamed() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("milk zzqxv", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"milk" AND "zzqxv"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'zzqxv', 'milk zzqxv'),
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
            hint: No reminder contains zzqxv.
            """
        }
        await assertSearch("passprot milk", on: database, typos: .off) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"passprot" AND "milk"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'milk', 'passprot milk'),
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
            hint: No reminder contains passprot. Did you mean: passport OR milk?
            """
        }
    }

    // `or` is a word; `OR` is the operator.
    @Test func lowerCaseOrBecomesTheOperator() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("dentist or passport", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"dentist" AND "or" AND "passport"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'passport', 'dentist or passport'),
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
            hint: Did you mean: dentist OR passport?
            """
        }
    }

    // title:x is how other search boxes spell Trove's in:title x.
    @Test func aFieldIsSpelledAsTroveSpellsIt() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("title:dentist", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"title:dentist"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'title:dentist', 'title:dentist'),
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
            hint: Did you mean: in:title dentist?
            """
        }
    }

    @Test func listAndTagNamesAreCorrected() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("list:Wrok", on: database) {
            """
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE (("reminders"."list_id" = (SELECT "id" FROM "lists" WHERE "name" = 'Wrok')))
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
            (no hits)
            0 of 0 (0 completed)
            hint: There is no list Wrok. Did you mean: list:Work?
            """
        }
        await assertSearch("#urgnt", on: database) {
            """
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE (("reminders"."id" IN (SELECT "reminder_id" FROM "reminder_tags" WHERE "tag_id" = (SELECT "id" FROM "tags" WHERE "name" = 'urgnt'))))
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
            (no hits)
            0 of 0 (0 completed)
            hint: There is no tag urgnt. Did you mean: #urgent?
            """
        }
    }

    // The list is "Home Office"; unquoted, list:Home took one word.
    @Test func aListNameWithASpaceIsQuoted() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("list:Home Office", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"Office"*')
              AND (("reminders"."list_id" = (SELECT "id" FROM "lists" WHERE "name" = 'Home')))
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'Office', 'Office'),
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
            hint: Did you mean: list:"Home Office"?
            """
        }
    }

    // Each word matches on its own, but no reminder has both: offer either.
    @Test func wordsThatNeverMeetAreOffered() async throws {
        let database = try await SeededSearch.database()
        await assertSearch("passport milk", on: database) {
            """
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"passport" AND "milk"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'milk', 'passport milk'),
              "reminders"."is_completed",
              ("reminders"."due_date" IS NULL),
              ifnull("reminders"."due_date", ''),
              "reminders"."priority" DESC,
              "reminders"."created_at" DESC,
              "reminders"."id"
            LIMIT 11 OFFSET 0

            -- typo and word form hits, after the exact ones:
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '("passport" OR "passports") AND "milk"*')
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, 'milk', 'passport milk'),
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
            hint: Did you mean: passport OR milk?
            """
        }
    }
}
