import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveSearch
import TroveTestSupport

/// Searching an app's own table through a ``SearchIndex``: the reminders' query language and
/// ranking over the notes of ``NotesFixture``.
@Suite struct SearchIndexSearchTests {
    let index = NotesFixture.index

    // Weight 10 on the title: "Sourdough loaf" comes before two bodies that mention it.
    @Test func titleHitRanksFirst() throws {
        let db = try NotesFixture.database()
        assertSearch("sourdough", in: index, on: db, selectList: .full) {
            """
            SELECT
              "notes"."id" AS "key",
              coalesce("notes"."title", '') AS "value_0",
              coalesce(highlight("trove_notes_fts", 0, '[', ']'), '') AS "highlighted_0",
              trove_matched("trove_notes_fts", 0) AS "matched_0",
              coalesce("notes"."body", '') AS "value_1",
              coalesce(highlight("trove_notes_fts", 1, '[', ']'), '') AS "highlighted_1",
              trove_matched("trove_notes_fts", 1) AS "matched_1",
              coalesce(snippet("trove_notes_fts", 1, '[', ']', '…', 12), '') AS "snippet",
              trove_rank_fields("trove_notes_fts", 1.2, 0.5, 0.5, 1.0, 0.25, -1, 'sourdough', 'sourdough', 10.0, 0.75, 1.0, 0.75) AS "score"
            FROM "trove_notes_fts"
            CROSS JOIN "notes" ON ("notes"."id" = "trove_notes_fts"."rowid")
            WHERE ("trove_notes_fts" MATCH '"sourdough"*')
            ORDER BY
              "score" ASC,
              "notes"."id" ASC
            LIMIT 10 OFFSET 0
            """
        } results: {
            """
            #  key  rank   title             body                                                                                                                                                          snippet
            -  ---  -----  ----------------  ------------------------------------------------------------------------------------------------------------------------------------------------------------  ----------------------------------------------------------------------
            1  1    -2.05  [Sourdough] loaf  Feed the starter the night before; bake hot with steam                                                                                                        Feed the starter the night before; bake hot with steam
            2  2    -0.74  Weekly groceries  flour, butter, eggs and a jar for the [sourdough] starter                                                                                                     flour, butter, eggs and a jar for the [sourdough] starter
            3  5    -0.43  Bread notes       A long note on bread: the crumb, the crust, hydration and the flour, and why a [sourdough] needs patience, time and a warm kitchen more than any recipe says  …the crumb, the crust, hydration and the flour, and why a [sourdough]…
            3 of 3
            folder: Baking (2), Shopping (1)
            """
        }
    }

    // NB: the value ends the text, so it is still being typed: a prefix (LIKE ignores ASCII
    // case too); `folder:baking ` with a space compares the whole value with NOCASE `=`.
    @Test func textFilterIgnoresCase() throws {
        let db = try NotesFixture.database()
        assertSearch("flour folder:baking", in: index, on: db) {
            #"""
            SELECT …
            FROM "trove_notes_fts"
            CROSS JOIN "notes" ON ("notes"."id" = "trove_notes_fts"."rowid")
            WHERE ("trove_notes_fts" MATCH '"flour"')
              AND ("notes"."folder" LIKE 'baking%' ESCAPE '\')
            ORDER BY
              "score" ASC,
              "notes"."id" ASC
            LIMIT 10 OFFSET 0
            """#
        } results: {
            """
            #  key  rank   title        body                                                                                                                                                          snippet
            -  ---  -----  -----------  ------------------------------------------------------------------------------------------------------------------------------------------------------------  ----------------------------------------------------------------------
            1  3    -0.80  Pancakes     Whisk [flour], milk and eggs; rest the batter                                                                                                                 Whisk [flour], milk and eggs; rest the batter
            2  5    -0.43  Bread notes  A long note on bread: the crumb, the crust, hydration and the [flour], and why a sourdough needs patience, time and a warm kitchen more than any recipe says  …the crumb, the crust, hydration and the [flour], and why a sourdough…
            2 of 2
            folder: Baking (2)
            """
        }
    }

    // NB: a note without a folder is not in Travel, so -folder:travel keeps it.
    @Test func negatedFilterKeepsRowsWithoutAValue() throws {
        let db = try NotesFixture.database()
        assertSearch("lisbon -folder:travel", in: index, on: db) {
            """
            SELECT …
            FROM "trove_notes_fts"
            CROSS JOIN "notes" ON ("notes"."id" = "trove_notes_fts"."rowid")
            WHERE ("trove_notes_fts" MATCH '"lisbon"')
              AND (NOT IFNULL(("notes"."folder" COLLATE "NOCASE" = 'travel'), 0))
            ORDER BY
              "score" ASC,
              "notes"."id" ASC
            LIMIT 10 OFFSET 0
            """
        } results: {
            """
            #  key  rank   title            body                                                  snippet
            -  ---  -----  ---------------  ----------------------------------------------------  ----------------------------------------------------
            1  6    -1.23  Camera settings  Aperture priority for street photography in [Lisbon]  Aperture priority for street photography in [Lisbon]
            1 of 1
            """
        }
    }

    @Test func boolFilterWithoutWordsListsByKey() throws {
        let db = try NotesFixture.database()
        assertSearch("pinned:yes", in: index, on: db) {
            """
            SELECT …
            FROM "notes"
            WHERE ("notes"."pinned" = 1)
            ORDER BY
              "notes"."id" ASC
            LIMIT 10 OFFSET 0
            """
        } results: {
            """
            #  key  rank  title           body                                                    snippet
            -  ---  ----  --------------  ------------------------------------------------------  ------------------------------------------------------
            1  1          Sourdough loaf  Feed the starter the night before; bake hot with steam  Feed the starter the night before; bake hot with steam
            2  4          Trip to Lisbon  Book the train; pack the camera                         Book the train; pack the camera
            2 of 2
            folder: Baking (1), Travel (1)
            """
        }
    }

    @Test func phraseExclusionAndOr() throws {
        let db = try NotesFixture.database()
        assertSearch(#""sourdough starter" -loaf"#, in: index, on: db) {
            """
            SELECT …
            FROM "trove_notes_fts"
            CROSS JOIN "notes" ON ("notes"."id" = "trove_notes_fts"."rowid")
            WHERE ("trove_notes_fts" MATCH '"sourdough starter" NOT "loaf"')
            ORDER BY
              "score" ASC,
              "notes"."id" ASC
            LIMIT 10 OFFSET 0
            """
        } results: {
            """
            #  key  rank   title             body                                                       snippet
            -  ---  -----  ----------------  ---------------------------------------------------------  ---------------------------------------------------------
            1  2    -1.64  Weekly groceries  flour, butter, eggs and a jar for the [sourdough starter]  flour, butter, eggs and a jar for the [sourdough starter]
            1 of 1
            folder: Shopping (1)
            """
        }
        assertSearch("flour -pancakes", in: index, on: db) {
            """
            SELECT …
            FROM "trove_notes_fts"
            CROSS JOIN "notes" ON ("notes"."id" = "trove_notes_fts"."rowid")
            WHERE ("trove_notes_fts" MATCH '"flour" NOT "pancakes"')
            ORDER BY
              "score" ASC,
              "notes"."id" ASC
            LIMIT 10 OFFSET 0
            """
        } results: {
            """
            #  key  rank   title             body                                                                                                                                                          snippet
            -  ---  -----  ----------------  ------------------------------------------------------------------------------------------------------------------------------------------------------------  ----------------------------------------------------------------------
            1  2    -0.74  Weekly groceries  [flour], butter, eggs and a jar for the sourdough starter                                                                                                     [flour], butter, eggs and a jar for the sourdough starter
            2  5    -0.43  Bread notes       A long note on bread: the crumb, the crust, hydration and the [flour], and why a sourdough needs patience, time and a warm kitchen more than any recipe says  …the crumb, the crust, hydration and the [flour], and why a sourdough…
            2 of 2
            folder: Shopping (1), baking (1)
            """
        }
        assertSearch("pancakes OR lisbon", in: index, on: db) {
            """
            SELECT …
            FROM "trove_notes_fts"
            CROSS JOIN "notes" ON ("notes"."id" = "trove_notes_fts"."rowid")
            WHERE ("trove_notes_fts" MATCH '"pancakes" OR "lisbon"*')
            ORDER BY
              "score" ASC,
              "notes"."id" ASC
            LIMIT 10 OFFSET 0
            """
        } results: {
            """
            #  key  rank   title             body                                                  snippet
            -  ---  -----  ----------------  ----------------------------------------------------  ----------------------------------------------------
            1  3    -3.92  [Pancakes]        Whisk flour, milk and eggs; rest the batter           Whisk flour, milk and eggs; rest the batter
            2  4    -2.97  Trip to [Lisbon]  Book the train; pack the camera                       Book the train; pack the camera
            3  6    -1.23  Camera settings   Aperture priority for street photography in [Lisbon]  Aperture priority for street photography in [Lisbon]
            3 of 3
            folder: Baking (1), Travel (1)
            """
        }
    }

    // The last word is a prefix while typing; a trailing space ends it.
    @Test func lastWordIsAPrefixUnlessFollowedByASpace() throws {
        let db = try NotesFixture.database()
        #expect(try index.search("lisb", on: db).hits.map(\.key) == [4, 6])
        #expect(try index.search("lisb ", on: db).hits.isEmpty)
    }

    @Test func undeclaredReminderKeyAndBadValueAreProblems() throws {
        let db = try NotesFixture.database()
        assertSearch("bread list:Home pinned:maybe", in: index, on: db) {
            """
            SELECT …
            FROM "trove_notes_fts"
            CROSS JOIN "notes" ON ("notes"."id" = "trove_notes_fts"."rowid")
            WHERE ("trove_notes_fts" MATCH '"bread"')
            ORDER BY
              "score" ASC,
              "notes"."id" ASC
            LIMIT 10 OFFSET 0
            """
        } results: {
            """
            #  key  rank   title          body                                                                                                                                                          snippet
            -  ---  -----  -------------  ------------------------------------------------------------------------------------------------------------------------------------------------------------  ----------------------------------------------------------------
            1  5    -3.04  [Bread] notes  A long note on [bread]: the crumb, the crust, hydration and the flour, and why a sourdough needs patience, time and a warm kitchen more than any recipe says  A long note on [bread]: the crumb, the crust, hydration and the…
            1 of 1
            folder: baking (1)
            note: list:Home — this search index has no list: filter; its filters are folder:, pinned:
            note: pinned:maybe — expected yes or no
            """
        }
    }

    @Test func pagesCountAllMatchesAndFacetThem() throws {
        let db = try NotesFixture.database()
        let first = try index.search("flour", on: db, limit: 2)
        #expect(first.total == 3)
        #expect(first.nextOffset == 2)
        // NB: "Baking" and "baking" are one value, as `folder:baking` finds both; the group
        // shows the spelling first in binary order.
        #expect(first.facets["folder"] == [Facet(name: "Baking", count: 2), Facet(name: "Shopping", count: 1)])
        #expect(try index.search("flour folder:baking", on: db).total == 2)
        let second = try index.search("flour", on: db, limit: 2, offset: try #require(first.nextOffset))
        #expect(second.nextOffset == nil)
        #expect(Set(first.hits.map(\.key) + second.hits.map(\.key)) == [2, 3, 5])
    }

    // A facet after the first is read by its own statement; it groups the same way.
    @Test func everyFacetGroupsValuesAsItsFilterComparesThem() throws {
        let db = try NotesFixture.database()
        let twoFacets = try SearchIndex(
            name: "notes_by_pin", table: "notes", key: "id", fields: [.init("title"), .init("body")],
            filters: ["folder": .text("folder")], facets: ["pinned", "folder"])
        try twoFacets.migrate(db)
        let results = try twoFacets.search("flour", on: db)
        #expect(results.facets["pinned"] == [Facet(name: "0", count: 3)])
        #expect(results.facets["folder"] == [Facet(name: "Baking", count: 2), Facet(name: "Shopping", count: 1)])
        #expect(try twoFacets.search("flour folder:BAKING", on: db).total == 2)
    }

    @Test func hitsCarryValuesMatchedFieldsAndASnippetOfTheLongestField() throws {
        let db = try NotesFixture.database()
        let hit = try #require(try index.search("patience", on: db).hits.first)
        #expect(hit.key == 5)
        #expect(hit.values["title"] == "Bread notes")
        #expect(hit.highlighted["body"]?.contains("[patience]") == true)
        #expect(hit.matchedFields == ["body"])
        #expect(hit.snippet.contains("[patience]"))
        #expect(hit.snippet.count < NotesFixture.breadBody.count)
        #expect(hit.rank < 0)
    }

    @Test func searchBeforeMigrateSaysToMigrate() throws {
        let db = try NotesFixture.appDatabase()
        #expect(throws: SearchIndexError.notMigrated(index: "notes")) { try index.search("bread", on: db) }
        #expect(SearchIndexError.notMigrated(index: "notes").description.contains("call migrate(_:)"))
    }

    @Test func parseMapsDeclaredKeysOnly() {
        let query = index.parse("bread Folder:Baking -pinned:no re:invent")
        #expect(query.fieldFilters.map(\.description) == ["folder:Baking", "-pinned:no"])
        #expect(query.terms.map(\.description) == ["bread", "re:invent*"])
        #expect(query.problems.isEmpty)
        // The reminders' own parse is unchanged: folder: is text there.
        #expect(SearchQuery.parse("folder:Baking").fieldFilters.isEmpty)
        #expect(SearchQuery.parse("folder:Baking").terms.map(\.description) == ["folder:Baking*"])
    }

    @Test func incompleteFilterValueIsMarkedIncomplete() {
        let problem = index.parse("bread pinned:ye").problems.first
        #expect(problem?.isIncomplete == true)
        #expect(problem?.message == "pinned:ye — expected yes or no")
    }

    // MARK: Did-you-mean

    // Nothing matched (typo matching off, or a word too far even for it): the word no note
    // holds is named, and the index's own words are offered, nearest first; a word that
    // matches (flour) is kept.
    @Test func didYouMeanNamesTheWordAndOffersTheIndexsWords() throws {
        let db = try NotesFixture.database()
        let results = try index.search("sourdouhg flour", on: db, typos: .off)
        #expect(results.total == 0)
        #expect(results.didYouMean.unmatchedWords == ["sourdouhg"])
        #expect(results.didYouMean.queries.first == "sourdough flour")
        // The word being typed, misspelled: the index's nearest word.
        #expect(try index.search("lisbx", on: db, typos: .off).didYouMean.queries == ["lisbon"])
        // Four letters get no typo, so the typo tier finds nothing; did-you-mean reaches further.
        let bred = try index.search("bred", on: db)
        #expect(bred.total == 0)
        #expect(bred.didYouMean.queries.first == "bread")
        #expect(try index.search("trip or lisbon", on: db, exact: true).didYouMean.queries.first == "trip OR lisbon")
    }

    // Hits, or a query without words, get no suggestions; nor do the reminders' list and tag
    // filters, which an index does not have (they are reported as problems instead).
    @Test func didYouMeanIsEmptyWhenSomethingMatched() throws {
        let db = try NotesFixture.database()
        #expect(try index.search("sourdough", on: db).didYouMean == .none)
        #expect(try index.search("folder:nowhere", on: db).didYouMean == .none)
        let listed = try index.search("list:Wrok zzqxv", on: db)
        #expect(listed.didYouMean.unknownLists.isEmpty)
        #expect(listed.didYouMean.unmatchedWords == ["zzqxv"])
    }

    // The total and the first facet come from one statement: the notes without a folder count
    // toward the total but are no facet value, and past 100 values the facet keeps the 100
    // most common.
    @Test func theTotalCountsRowsThatAreNoFacetValue() throws {
        let db = try NotesFixture.database()
        for number in 1...105 {
            try db.execute("""
                INSERT INTO notes (title, folder) VALUES ('Tea tasting \(raw: String(number))', \(number <= 100 ? "Folder \(number)" : nil as String?))
                """)
        }
        try db.execute("INSERT INTO notes (title, folder) VALUES ('Tea and cake', 'Folder 7')")
        let results = try index.search("tea", on: db)
        #expect(results.total == 106)
        let folders = try #require(results.facets["folder"])
        #expect(folders.count == 100)
        #expect(folders.first == Facet(name: "Folder 7", count: 2))
        #expect(folders.map(\.count).reduce(0, +) == 101)
        #expect(try index.search("tea folder:nowhere", on: db).total == 0)
        #expect(try index.search("tea folder:nowhere", on: db).facets["folder"] == [])
    }

    // MARK: in:

    // `in:` names the index's own fields, in any case; a field it lacks is a problem that
    // names the fields it has (incomplete while it may still become one).
    @Test func inNamesTheIndexsFields() {
        #expect(index.parse("bread in:body").fields == ["body"])
        #expect(index.parse("bread in:body").description == "engine=fts terms=[+bread] filters=[] fields=[body]")
        #expect(index.parse("bread in:Title").fields == ["title"])
        #expect(index.parse("bread -in:title").fields == ["body"])
        #expect(index.parse("bread in:title in:body").fields == nil)
        #expect(index.parse("bread in:title in:body").problems.isEmpty)
        let tags = index.parse("bread in:tags")
        #expect(tags.problems.map(\.message) == ["in:tags — this search index has no field tags; its fields are title, body"])
        #expect(tags.problems.first?.isIncomplete == false)
        #expect(index.parse("bread in:bo").problems.first?.isIncomplete == true)
        #expect(index.parse("bread in:bo ").problems.first?.isIncomplete == false)
        #expect(index.parse("bread -in:title -in:body").problems.map(\.message)
            == ["-in:body — no column is left to search, so every column is searched; drop an -in:"])
        // The reminders' own in: is unchanged.
        #expect(SearchQuery.parse("bread in:title").columns == [.title])
        #expect(SearchQuery.parse("bread in:title").fields == nil)
    }

    // An index that declares an `in` filter keeps it: `in:` filters that column.
    @Test func anInFilterOfTheIndexsOwnWins() throws {
        let byPlace = try SearchIndex(
            name: "by_place", table: "notes", key: "id", fields: [.init("title")], filters: ["in": .text("folder")])
        let query = byPlace.parse("bread in:Baking")
        #expect(query.fields == nil)
        #expect(query.fieldFilters.map(\.description) == ["in:Baking"])
        #expect(query.problems.isEmpty)
    }

    // Lisbon is in note 4's title and note 6's body: in: picks one, as an FTS5 column filter.
    @Test func inSearchesOnlyTheNamedFields() throws {
        let db = try NotesFixture.database()
        assertSearch("lisbon in:body", in: index, on: db) {
            """
            SELECT …
            FROM "trove_notes_fts"
            CROSS JOIN "notes" ON ("notes"."id" = "trove_notes_fts"."rowid")
            WHERE ("trove_notes_fts" MATCH '{body} : ("lisbon")')
            ORDER BY
              "score" ASC,
              "notes"."id" ASC
            LIMIT 10 OFFSET 0
            """
        } results: {
            """
            #  key  rank   title            body                                                  snippet
            -  ---  -----  ---------------  ----------------------------------------------------  ----------------------------------------------------
            1  6    -1.84  Camera settings  Aperture priority for street photography in [Lisbon]  Aperture priority for street photography in [Lisbon]
            1 of 1
            """
        }
        #expect(try index.search("lisbon in:title", on: db).hits.map(\.key) == [4])
        #expect(try index.search("lisbon -in:title", on: db).hits.map(\.key) == [6])
        #expect(try index.search("lisbon", on: db).hits.map(\.key) == [4, 6])
        // A typo stays within the fields too.
        #expect(try index.search("lisbom in:title", on: db, exact: true).hits.map(\.key) == [4])
    }

    // MARK: Substrings

    /// The fixture with note 8, in Chinese: "call grandma" and "about the Spring Festival plans".
    func databaseWithChinese() throws -> SQLConnection {
        let db = try NotesFixture.database()
        try db.execute("INSERT INTO notes (id, title, body, folder) VALUES (8, '给奶奶打电话', '关于春节的安排', 'Family')")
        return db
    }

    // unicode61 keeps 给奶奶打电话 as one token, so a word inside it is found as a substring:
    // two characters by LIKE over the rows holding such text, three from the trigram index.
    @Test func wordsInsideAChineseSentenceAreFound() throws {
        let db = try databaseWithChinese()
        assertSearch("奶奶", in: index, on: db) {
            #"""
            SELECT …
            FROM "notes"
            WHERE ("notes"."id" IN (SELECT rowid FROM "trove_notes_fts" WHERE "trove_notes_fts" MATCH '"奶奶"*' UNION SELECT "trove_substring_rows"."id" FROM "notes" AS "trove_substring_rows" WHERE (("trove_substring_rows"."title" GLOB '*[֐-𯿿]*' AND "trove_substring_rows"."title" GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*') OR ("trove_substring_rows"."body" GLOB '*[֐-𯿿]*' AND "trove_substring_rows"."body" GLOB '*[֐-ۿݐ-ݿࢠ-ࣿ฀-໿ༀ-࿿က-႟ក-៿⺀-鿿가-힯豈-﫿ｦ-ﾟ𠀀-𯿿]*')) AND (("trove_substring_rows"."title" LIKE '%奶奶%' ESCAPE '\') OR ("trove_substring_rows"."body" LIKE '%奶奶%' ESCAPE '\'))))
            ORDER BY
              (("notes"."title" LIKE '%奶奶%' ESCAPE '\')) DESC,
              iif((("notes"."title" LIKE '%奶奶%' ESCAPE '\')) > 0, length("notes"."title"), 0) ASC,
              "notes"."id" ASC
            LIMIT 10 OFFSET 0
            """#
        } results: {
            """
            #  key  rank  title     body     snippet
            -  ---  ----  --------  -------  -------
            1  8          给[奶奶]打电话  关于春节的安排  关于春节的安排
            1 of 1
            folder: Family (1)
            """
        }
        let three = try index.search("春节的", on: db)
        #expect(three.hits.map(\.key) == [8])
        #expect(three.hits[0].highlighted["body"] == "关于[春节的]安排")
        #expect(three.hits[0].matchedFields == ["body"])
        #expect(try index.search("打电话 in:title", on: db).hits.map(\.key) == [8])
        #expect(try index.search("打电话 in:body", on: db).total == 0)
        #expect(try index.search("春节 in:body", on: db).hits.map(\.key) == [8])
        #expect(try index.search("春节 in:title", on: db).total == 0)
    }

    // A one- or two-character term is a LIKE over the rows the partial index lists; since
    // format 5 the index holds the searched fields too, so the LIKE reads it alone.
    @Test func shortSubstringsReadThePartialIndexAlone() throws {
        let db = try databaseWithChinese()
        for text in ["奶奶", "春", "奶奶 in:body"] {
            let statement = index.pageStatement(for: index.parse(text), limit: 10, offset: 0)
            let plan = try db.fetchAll("EXPLAIN QUERY PLAN " + statement).map { try $0[3] as String }
            #expect(plan.contains("SCAN trove_substring_rows USING COVERING INDEX trove_notes_substringrows"), "\(text): \(plan)")
        }
        #expect(try index.search("春", on: db).hits.map(\.key) == [8])
    }

    // FTS5 cannot score a query of substring words, so the notes whose title holds one come
    // first (as the reminders' title order), then by key; cursor pages follow that order.
    @Test func substringOnlyQueriesPutTitleMatchesFirst() throws {
        let db = try databaseWithChinese()
        try db.execute("INSERT INTO notes (id, title, body) VALUES (7, 'Birthday', '给奶奶买蛋糕')")
        #expect(try index.search("奶奶", on: db).hits.map(\.key) == [8, 7])
        #expect(try walk("奶奶", in: index, on: db, limit: 1) == [[8], [7]])
        #expect(try index.search("奶奶", on: db, limit: 1, offset: 1).hits.map(\.key) == [7])
        // Searched in the bodies only, the title says nothing: key order.
        #expect(try index.search("奶奶 in:body", on: db).hits.map(\.key) == [7])
        let cursor = try #require(try index.search("奶奶", on: db, limit: 1).next)
        #expect(throws: SearchIndexError.cursorNotForThisSearch(index: "notes")) {
            try index.search("lisbon", on: db, limit: 1, after: cursor)
        }
    }

    // Mixed with words: ANDed with a word, ORed in a group, and excluded.
    @Test func substringWordsCombineWithWords() throws {
        let db = try databaseWithChinese()
        #expect(try index.search("camera 奶奶", on: db).total == 0)
        #expect(Set(try index.search("lisbon OR 奶奶", on: db).hits.map(\.key)) == [4, 6, 8])
        #expect(try index.search("-奶奶", on: db).hits.map(\.key) == [1, 2, 3, 4, 5, 6])
        #expect(try index.search("-春节的", on: db).hits.map(\.key) == [1, 2, 3, 4, 5, 6])
    }

    // The triggers keep the substring index in step: an edit that drops the Chinese takes the
    // note out, one that adds it puts it in, and a deleted note is gone.
    @Test func theSubstringIndexFollowsEditsAndDeletes() throws {
        let db = try databaseWithChinese()
        try db.execute("UPDATE notes SET title = 'Call grandma', body = 'plans' WHERE id = 8")
        #expect(try index.search("奶奶", on: db).total == 0)
        #expect(try index.search("春节的", on: db).total == 0)
        try db.execute("UPDATE notes SET body = '春节的安排' WHERE id = 2")
        #expect(try index.search("春节的", on: db).hits.map(\.key) == [2])
        #expect(try index.search("春节", on: db).hits.map(\.key) == [2])
        try db.execute("DELETE FROM notes WHERE id = 2")
        #expect(try index.search("春节的", on: db).total == 0)
        // The FTS5 integrity check compares the trigram index with its content, row for row.
        try db.execute("INSERT INTO trove_notes_substrings(trove_notes_substrings, rank) VALUES ('integrity-check', 1)")
    }

    // MARK: Typos and word forms

    /// The fixture with note 7, "Camara strap": one letter off the camera of notes 4 and 6.
    func databaseWithCamara() throws -> SQLConnection {
        let db = try NotesFixture.database()
        try db.execute("INSERT INTO notes (id, title, body, folder) VALUES (7, 'Camara strap', 'leather', 'Gear')")
        return db
    }

    // No note holds the word as typed: the notes with the word it is one letter pair from are
    // found, each marked as a typo match, the title hit first as ever.
    @Test func aMisspelledWordFindsTheIndexsWordAsTypoMatches() throws {
        let db = try NotesFixture.database()
        let results = try index.search("sourdouhg", on: db)
        #expect(results.hits.map(\.key) == [1, 2, 5])
        #expect(results.hits.map(\.isTypo) == [true, true, true])
        #expect(results.total == 3)
        #expect(results.typoCount == 3)
        #expect(results.hits[0].highlighted["title"] == "[Sourdough] loaf")
        // Nothing matched exactly: did-you-mean names the word, as the reminders' engine does.
        #expect(results.didYouMean == DidYouMean(unmatchedWords: ["sourdouhg"], queries: ["sourdough"]))
        // Off, nothing matches, and did-you-mean says what to try instead.
        let off = try index.search("sourdouhg", on: db, typos: .off)
        #expect(off.total == 0)
        #expect(off.didYouMean.queries.first == "sourdough")
    }

    // Exact matches first (the title hit before the body hit), then the typo match; the total
    // and the facets count both tiers; with typos off only the exact matches.
    @Test func typoMatchesFollowEveryExactMatch() throws {
        let db = try databaseWithCamara()
        assertSearch("camera", in: index, on: db) {
            """
            SELECT …
            FROM "trove_notes_fts"
            CROSS JOIN "notes" ON ("notes"."id" = "trove_notes_fts"."rowid")
            WHERE ("trove_notes_fts" MATCH '"camera"*')
            ORDER BY
              "score" ASC,
              "notes"."id" ASC
            LIMIT 10 OFFSET 0
            """
        } results: {
            """
            #  key  rank   typo  title              body                                                snippet
            -  ---  -----  ----  -----------------  --------------------------------------------------  --------------------------------------------------
            1  6    -3.45        [Camera] settings  Aperture priority for street photography in Lisbon  Aperture priority for street photography in Lisbon
            2  4    -1.40        Trip to Lisbon     Book the train; pack the [camera]                   Book the train; pack the [camera]
            3  7    -3.29  typo  [Camara] strap     leather                                             leather
            3 of 3 (1 with typos)
            folder: Gear (1), Travel (1)
            """
        }
        let off = try index.search("camera", on: db, typos: .off)
        #expect(off.hits.map(\.key) == [6, 4])
        #expect(off.total == 2)
        #expect(off.typoCount == 0)
        #expect(off.facets["folder"] == [Facet(name: "Travel", count: 1)])
    }

    // Pages cross from the exact tier to the typo tier the same way by offset and by cursor:
    // one hit a page, [6], [4], then the typo match [7], and the last page has no next.
    @Test func pagesCrossFromExactToTypoMatches() throws {
        let db = try databaseWithCamara()
        #expect(try walk("camera", in: index, on: db, limit: 1) == [[6], [4], [7]])
        #expect(try walk("camera", in: index, on: db, limit: 2) == [[6, 4], [7]])
        var byOffset: [[Int64]] = []
        var offset: Int? = 0
        while let start = offset {
            let page = try index.search("camera", on: db, limit: 2, offset: start)
            byOffset.append(page.hits.map(\.key))
            offset = page.nextOffset
        }
        #expect(byOffset == [[6, 4], [7]])
        let last = try index.search("camera", on: db, limit: 2, offset: 2)
        #expect(last.hits.map(\.isTypo) == [true])
        #expect(last.next == nil)
        #expect(last.total == 3)
    }

    // A cursor among the typo matches, passed back with typos off and an index without word
    // forms, has no tier to lead into: refused, rather than an empty page that reads as the end.
    // With word forms on, that tier still exists (it holds the forms).
    @Test func aTypoCursorWithTyposOffIsRefused() throws {
        let db = try databaseWithCamara()
        try db.execute("INSERT INTO notes (id, title, body, folder) VALUES (8, 'Camara bag', 'canvas', 'Gear')")
        let first = try index.search("camera", on: db, limit: 3)
        #expect(first.hits.map(\.isTypo) == [false, false, true])
        let next = try #require(first.next)
        #expect(try index.search("camera", on: db, limit: 3, after: next).hits.map(\.key) == [8])
        let noForms = try SearchIndex(
            table: "notes", key: "id", fields: index.fields, filters: ["folder": .text("folder"), "pinned": .bool("pinned")],
            facets: ["folder"], wordForms: .off)
        #expect(throws: SearchIndexError.cursorNotForThisSearch(index: "notes")) {
            try noForms.search("camera", on: db, limit: 3, after: next, typos: .off)
        }
    }

    // The index's own words join and split as the reminders' do: "sour dough" is sourdough,
    // "aperturepriority" the phrase "aperture priority"; both exact, not typos.
    @Test func joinedAndSplitWordsMatchTheIndexsForms() throws {
        let db = try NotesFixture.database()
        let joined = try index.search("sour dough", on: db)
        #expect(Set(joined.hits.map(\.key)) == [1, 2, 5])
        #expect(joined.typoCount == 0)
        let split = try index.search("aperturepriority", on: db)
        #expect(split.hits.map(\.key) == [6])
        #expect(split.typoCount == 0)
    }

    // MARK: Keyset pages

    /// Every page of `text` from the first, following `next`.
    func walk(_ text: String, in index: SearchIndex, on db: SQLConnection, limit: Int) throws -> [[Int64]] {
        var pages: [[Int64]] = []
        var results = try index.search(text, on: db, limit: limit)
        pages.append(results.hits.map(\.key))
        while let next = results.next {
            results = try index.search(text, on: db, limit: limit, after: next)
            pages.append(results.hits.map(\.key))
            try #require(pages.count <= 10, "pages never end: \(pages)")
        }
        return pages
    }

    // Pages of one hit, by score: together they are the one big page, in its order, and the
    // last page has no next.
    @Test func keysetPagesFollowTheRanking() throws {
        let db = try NotesFixture.database()
        for text in ["the", "flour", "sourdough", "lisbon OR bread"] {
            let all = try index.search(text, on: db, limit: 100).hits.map(\.key)
            let pages = try walk(text, in: index, on: db, limit: 1)
            #expect(pages.flatMap { $0 } == all, "\(text)")
            #expect(pages.allSatisfy { $0.count == 1 })
        }
        #expect(try index.search("sourdough", on: db, limit: 100).next == nil)
    }

    // A note that ranks first is added between two pages: an offset would show page 1's last
    // hit again, the cursor continues after it.
    @Test func aRowAddedBetweenPagesIsNotRepeatedOrSkipped() throws {
        let db = try NotesFixture.database()
        let first = try index.search("flour", on: db, limit: 2)
        try db.execute("INSERT INTO notes (id, title, body, folder) VALUES (9, 'Flour', 'flour', 'Baking')")
        let rest = try walk("flour", in: index, on: db, limit: 2)
        let second = try index.search("flour", on: db, limit: 100, after: try #require(first.next)).hits.map(\.key)
        let before = first.hits.map(\.key)
        #expect(Set(before).isDisjoint(with: second))
        #expect(Set(before + second) == Set(rest.flatMap { $0 }).subtracting([9]))
        #expect(try index.search("flour", on: db, limit: 2, offset: 2).hits.map(\.key).contains(before[1]))
    }

    // A column sort, descending, over a column with a NULL (note 6 has no folder): NULLs come
    // last, ties (1 and 3 in Baking) go by key, and text compares by its bytes, as the column
    // has no collation: "baking" (note 5) before "Travel" before "Shopping" before "Baking".
    @Test func keysetPagesFollowAColumnSortWithNulls() throws {
        let db = try NotesFixture.database()
        let byFolder = try SearchIndex(
            name: "by_folder", table: "notes", key: "id", fields: [.init("title"), .init("body")],
            sort: .column("folder", descending: true))
        try byFolder.migrate(db)
        for text in ["", "the", "lisbon"] {
            let all = try byFolder.search(text, on: db, limit: 100).hits.map(\.key)
            #expect(try walk(text, in: byFolder, on: db, limit: 1).flatMap { $0 } == all, "\(text)")
        }
        #expect(try byFolder.search("", on: db, limit: 100).hits.map(\.key) == [5, 4, 2, 1, 3, 6])
        let cursor = try #require(try byFolder.search("", on: db, limit: 1).next)
        #expect(throws: SearchIndexError.cursorNotForThisSearch(index: "notes")) {
            try index.search("", on: db, limit: 1, after: cursor)
        }
    }
}
