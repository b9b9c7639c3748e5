import Testing
import TroveSearch
import TroveStore
import TroveTestSupport

/// Every script searchable by part of a word: Chinese, Japanese and Thai are written without
/// spaces, and Hebrew and Arabic words carry prefixes, so a word is found inside a longer
/// token through schema 6's substring (trigram) index, or with LIKE over the rows that hold
/// such text when it has fewer than three characters.
@Suite struct SubstringSnapshotTests {
    static let store = Task {
        try await seededStore(records: [
            ReminderRecord(title: "给奶奶打电话 关于春节", list: "Home"),
            ReminderRecord(title: "春节快乐", list: "Home"),
            ReminderRecord(title: "买酱油", notes: "超市 春节前", list: "Groceries"),
            ReminderRecord(title: "לקנות חלב", notes: "ובבית יש לחם", list: "Groceries"),
            ReminderRecord(title: "ซื้อนมที่ร้าน", list: "Groceries"),
            ReminderRecord(title: "اتصل بالطبيب", notes: "والكتاب", list: "Health"),
            ReminderRecord(title: "Call grandma about the spring festival", list: "Home"),
            ReminderRecord(title: "牛乳を買う", list: "Groceries"),
            ReminderRecord(title: "Ring 奶奶 on Sunday", notes: "Her evening, our morning.", list: "Home"),
        ])
    }

    // Two characters inside a sentence: LIKE over the reminders with such text. FTS5 cannot
    // rank these matches, so title matches come first, the shortest title first (春节快乐
    // before the longer 给奶奶打电话 关于春节), then the notes-only match (买酱油).
    @Test func twoChineseCharactersInsideASentence() async throws {
        let database = try await Self.store.value.database
        await assertSearch("春节", on: database) {
            #"""
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH '"春节"*') UNION SELECT "substring_rows"."id" FROM "reminders" AS "substring_rows" WHERE (("substring_rows"."title" GLOB '*[֐-𯿿]*' AND "substring_rows"."title" GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*') OR ("substring_rows"."notes" GLOB '*[֐-𯿿]*' AND "substring_rows"."notes" GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*')) AND ("substring_rows"."title" LIKE '%春节%' ESCAPE '\' OR "substring_rows"."notes" LIKE '%春节%' ESCAPE '\')))
            ORDER BY
              (("reminders"."title" LIKE '%春节%' ESCAPE '\')) DESC,
              iif((("reminders"."title" LIKE '%春节%' ESCAPE '\')) > 0, length("reminders"."title"), 0),
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
            #  id  title          snippet   list       tags  due  flags  rank
            -  --  -------------  --------  ---------  ----  ---  -----  ----
            1  2   [春节]快乐                   Home
            2  1   给奶奶打电话 关于[春节]            Home
            3  3   买酱油            超市 [春节]前  Groceries
            3 of 3 (0 completed)
            lists: Home (2), Groceries (1)
            """
        }
    }

    // Three or more: a phrase of trigrams.
    @Test func threeChineseCharactersUseTheTrigramIndex() async throws {
        let database = try await Self.store.value.database
        await assertSearch("奶奶打", on: database) {
            #"""
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH '"奶奶打"*') UNION SELECT "rowid" FROM "reminders_substrings" WHERE "reminders_substrings" MATCH '"奶奶打"'))
            ORDER BY
              (("reminders"."title" LIKE '%奶奶打%' ESCAPE '\')) DESC,
              iif((("reminders"."title" LIKE '%奶奶打%' ESCAPE '\')) > 0, length("reminders"."title"), 0),
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
            #  id  title          snippet  list  tags  due  flags  rank
            -  --  -------------  -------  ----  ----  ---  -----  ----
            1  1   给[奶奶打]电话 关于春节           Home
            1 of 1 (0 completed)
            lists: Home (1)
            """
        }
    }

    // A Hebrew word inside a prefixed one: בית in ובבית ("and in the house").
    @Test func hebrewWordInsideAPrefixedWord() async throws {
        let database = try await Self.store.value.database
        await assertSearch("בית", on: database) {
            #"""
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH '"בית"*') UNION SELECT "rowid" FROM "reminders_substrings" WHERE "reminders_substrings" MATCH '"בית"'))
            ORDER BY
              (("reminders"."title" LIKE '%בית%' ESCAPE '\')) DESC,
              iif((("reminders"."title" LIKE '%בית%' ESCAPE '\')) > 0, length("reminders"."title"), 0),
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
            #  id  title      snippet         list       tags  due  flags  rank
            -  --  ---------  --------------  ---------  ----  ---  -----  ----
            1  4   לקנות חלב  וב[בית] יש לחם  Groceries
            1 of 1 (0 completed)
            lists: Groceries (1)
            """
        }
    }

    // Thai has no spaces: นม (milk) inside ซื้อนมที่ร้าน.
    @Test func thaiWordInsideASentence() async throws {
        let database = try await Self.store.value.database
        await assertSearch("นม", on: database) {
            #"""
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH '"นม"*') UNION SELECT "substring_rows"."id" FROM "reminders" AS "substring_rows" WHERE (("substring_rows"."title" GLOB '*[֐-𯿿]*' AND "substring_rows"."title" GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*') OR ("substring_rows"."notes" GLOB '*[֐-𯿿]*' AND "substring_rows"."notes" GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*')) AND ("substring_rows"."title" LIKE '%นม%' ESCAPE '\' OR "substring_rows"."notes" LIKE '%นม%' ESCAPE '\')))
            ORDER BY
              (("reminders"."title" LIKE '%นม%' ESCAPE '\')) DESC,
              iif((("reminders"."title" LIKE '%นม%' ESCAPE '\')) > 0, length("reminders"."title"), 0),
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
            #  id  title       snippet  list       tags  due  flags  rank
            -  --  ----------  -------  ---------  ----  ---  -----  ----
            1  5   ซื้อ[นม]ที่ร้าน           Groceries
            1 of 1 (0 completed)
            lists: Groceries (1)
            """
        }
    }

    // Arabic: كتاب inside والكتاب ("and the book").
    @Test func arabicWordInsideAPrefixedWord() async throws {
        let database = try await Self.store.value.database
        await assertSearch("كتاب", on: database) {
            #"""
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH '"كتاب"*') UNION SELECT "rowid" FROM "reminders_substrings" WHERE "reminders_substrings" MATCH '"كتاب"'))
            ORDER BY
              (("reminders"."title" LIKE '%كتاب%' ESCAPE '\')) DESC,
              iif((("reminders"."title" LIKE '%كتاب%' ESCAPE '\')) > 0, length("reminders"."title"), 0),
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
            #  id  title         snippet    list    tags  due  flags  rank
            -  --  ------------  ---------  ------  ----  ---  -----  ----
            1  6   اتصل بالطبيب  وال[كتاب]  Health
            1 of 1 (0 completed)
            lists: Health (1)
            """
        }
    }

    // Columns, exclusions and OR work as for any other word.
    @Test func inNotesExclusionsAndOr() async throws {
        let database = try await Self.store.value.database
        await assertSearch("in:notes 春节", on: database) {
            #"""
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH '{notes} : ("春节"*)') UNION SELECT "substring_rows"."id" FROM "reminders" AS "substring_rows" WHERE (("substring_rows"."title" GLOB '*[֐-𯿿]*' AND "substring_rows"."title" GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*') OR ("substring_rows"."notes" GLOB '*[֐-𯿿]*' AND "substring_rows"."notes" GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*')) AND ("substring_rows"."notes" LIKE '%春节%' ESCAPE '\')))
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
            #  id  title  snippet   list       tags  due  flags  rank
            -  --  -----  --------  ---------  ----  ---  -----  ----
            1  3   买酱油    超市 [春节]前  Groceries
            1 of 1 (0 completed)
            lists: Groceries (1)
            """
        }
        await assertSearch("春节 -快乐", on: database) {
            #"""
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE (NOT ("reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH '"快乐"'))))
              AND ("reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH '"春节"') UNION SELECT "substring_rows"."id" FROM "reminders" AS "substring_rows" WHERE (("substring_rows"."title" GLOB '*[֐-𯿿]*' AND "substring_rows"."title" GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*') OR ("substring_rows"."notes" GLOB '*[֐-𯿿]*' AND "substring_rows"."notes" GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*')) AND ("substring_rows"."title" LIKE '%春节%' ESCAPE '\' OR "substring_rows"."notes" LIKE '%春节%' ESCAPE '\')))
              AND (NOT ("reminders"."id" IN (SELECT "substring_rows"."id" FROM "reminders" AS "substring_rows" WHERE (("substring_rows"."title" GLOB '*[֐-𯿿]*' AND "substring_rows"."title" GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*') OR ("substring_rows"."notes" GLOB '*[֐-𯿿]*' AND "substring_rows"."notes" GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*')) AND ("substring_rows"."title" LIKE '%快乐%' ESCAPE '\' OR "substring_rows"."notes" LIKE '%快乐%' ESCAPE '\'))))
            ORDER BY
              (("reminders"."title" LIKE '%春节%' ESCAPE '\')) DESC,
              iif((("reminders"."title" LIKE '%春节%' ESCAPE '\')) > 0, length("reminders"."title"), 0),
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
            #  id  title          snippet   list       tags  due  flags  rank
            -  --  -------------  --------  ---------  ----  ---  -----  ----
            1  1   给奶奶打电话 关于[春节]            Home
            2  3   买酱油            超市 [春节]前  Groceries
            2 of 2 (0 completed)
            lists: Groceries (1), Home (1)
            """
        }
        await assertSearch("春节 OR grandma", on: database) {
            #"""
            SELECT …
            FROM "reminders"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH '"春节" OR "grandma"*') UNION SELECT "substring_rows"."id" FROM "reminders" AS "substring_rows" WHERE (("substring_rows"."title" GLOB '*[֐-𯿿]*' AND "substring_rows"."title" GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*') OR ("substring_rows"."notes" GLOB '*[֐-𯿿]*' AND "substring_rows"."notes" GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*')) AND ("substring_rows"."title" LIKE '%春节%' ESCAPE '\' OR "substring_rows"."notes" LIKE '%春节%' ESCAPE '\')))
            ORDER BY
              (("reminders"."title" LIKE '%春节%' ESCAPE '\')) DESC,
              iif((("reminders"."title" LIKE '%春节%' ESCAPE '\')) > 0, length("reminders"."title"), 0),
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
            #  id  title                                   snippet   list       tags  due  flags  rank
            -  --  --------------------------------------  --------  ---------  ----  ---  -----  ----
            1  2   [春节]快乐                                            Home
            2  1   给奶奶打电话 关于[春节]                                     Home
            3  3   买酱油                                     超市 [春节]前  Groceries
            4  7   Call grandma about the spring festival            Home
            4 of 4 (0 completed)
            lists: Home (3), Groceries (1)
            """
        }
    }

    // With an ordinary word beside it, the ordinary word drives the ranked match and the
    // substring narrows it.
    @Test func mixedWithALatinWord() async throws {
        let database = try await Self.store.value.database
        await assertSearch("ring 奶奶", on: database) {
            #"""
            SELECT …
            FROM "reminders_fts"
            CROSS JOIN "reminders" ON "reminders"."id" = "reminders_fts"."rowid"
            JOIN "lists" ON "lists"."id" = "reminders"."list_id"
            WHERE ("reminders_fts" MATCH '"ring"')
              AND ("reminders"."id" IN (SELECT "reminders_fts"."rowid" FROM "reminders_fts" WHERE ("reminders_fts" MATCH '"奶奶"*') UNION SELECT "substring_rows"."id" FROM "reminders" AS "substring_rows" WHERE (("substring_rows"."title" GLOB '*[֐-𯿿]*' AND "substring_rows"."title" GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*') OR ("substring_rows"."notes" GLOB '*[֐-𯿿]*' AND "substring_rows"."notes" GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*')) AND ("substring_rows"."title" LIKE '%奶奶%' ESCAPE '\' OR "substring_rows"."notes" LIKE '%奶奶%' ESCAPE '\')))
            ORDER BY
              trove_rank("reminders_fts", "reminders"."is_completed", 5.0, 1.0, 2.0, 0.75, 0.75, 0.75, 1.2, 0.5, 0.25, 0.5, 0.7, 1.0, '', ''),
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
            #  id  title                snippet                    list  tags  due  flags  rank
            -  --  -------------------  -------------------------  ----  ----  ---  -----  -----
            1  9   [Ring] 奶奶 on Sunday  Her evening, our morning.  Home                    -3.11
            1 of 1 (0 completed)
            lists: Home (1)
            """
        }
    }
}
