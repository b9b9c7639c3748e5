import Foundation
import Testing
import TroveQuery
import TroveSQLite
import TroveSearch
import TroveStore
import TroveTestSupport

/// A ``SearchIndex``'s filters beyond one value of a column: integer ranges, dates (with
/// `due:`'s words) and values looked up in another table (tags, a folder's name).
///
/// | id | title        | year | updated_at                  | folder_id   | tags            |
/// |----|--------------|------|-----------------------------|-------------|-----------------|
/// | 1  | Bread one    | 2019 | 2026-03-05 (a day)          | 1 (Baking)  | bread, weekend  |
/// | 2  | Bread two    | 2020 | 2026-03-05T23:30:00Z        | 1 (Baking)  | bread           |
/// | 3  | Bread three  | 2022 | 2026-03-06 08:00:00         | 2 (Travel)  | Weekend         |
/// | 4  | Bread four   | 2024 | 1772884800 (03-07 12:00 UTC)| NULL        |                 |
/// | 5  | Bread five   | NULL | 2026-03-04T10:00:00+02:00   | 2 (Travel)  | lisbon          |
/// | 6  | Bread six    | 2021 | NULL                        | 1 (Baking)  |                 |
/// | 7  | Bread seven  | 2023 | not a date                  | NULL        |                 |
@Suite struct SearchIndexFilterKindsTests {
    static let index: SearchIndex = {
        do {
            return try SearchIndex(
                table: "notes", key: "id", fields: [.init("title", weight: 10)],
                filters: [
                    "year": .integer("year"), "updated": .date("updated_at"),
                    "tag": .lookup("id", table: "note_tags", key: "note_id", value: "tag"),
                    "folder": .lookup("folder_id", table: "folders", key: "id", value: "name"),
                ])
        } catch {
            preconditionFailure("the declaration is valid: \(error)")
        }
    }()

    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    static func database() throws -> SQLConnection {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE folders (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        try db.execute("INSERT INTO folders VALUES (1, 'Baking'), (2, 'Travel')")
        try db.execute("""
            CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, year INTEGER, updated_at, folder_id INTEGER)
            """)
        try db.execute("""
            INSERT INTO notes VALUES
              (1, 'Bread one', 2019, '2026-03-05', 1),
              (2, 'Bread two', 2020, '2026-03-05T23:30:00Z', 1),
              (3, 'Bread three', 2022, '2026-03-06 08:00:00', 2),
              (4, 'Bread four', 2024, 1772884800, NULL),
              (5, 'Bread five', NULL, '2026-03-04T10:00:00+02:00', 2),
              (6, 'Bread six', 2021, NULL, 1),
              (7, 'Bread seven', 2023, 'not a date', NULL)
            """)
        try db.execute("CREATE TABLE note_tags (note_id INTEGER NOT NULL, tag TEXT NOT NULL)")
        try db.execute("""
            INSERT INTO note_tags VALUES (1, 'bread'), (1, 'weekend'), (2, 'bread'), (3, 'Weekend'), (5, 'lisbon')
            """)
        try index.migrate(db)
        return db
    }

    /// The keys of every hit, in key order (the titles tie on every word).
    func keys(
        _ text: String, on db: SQLConnection, today: CalendarDay = CalendarDay("2026-03-05")!,
        timeZone: TimeZone = .gmt
    ) throws -> [Int64] {
        let query = Self.index.parse(text, today: today, timeZone: timeZone)
        #expect(query.problems.isEmpty, "\(text): \(query.problems)")
        return try Self.index.search(query, on: db, limit: 50).hits.map(\.key).sorted()
    }

    // MARK: - Integer ranges

    @Test func integerRangesIncludeBothEnds() throws {
        let db = try Self.database()
        #expect(try keys("bread year:2020..2022", on: db) == [2, 3, 6])
        #expect(try keys("bread year:2022..", on: db) == [3, 4, 7])
        #expect(try keys("bread year:..2020", on: db) == [1, 2])
        #expect(try keys("year:2021..2021", on: db) == [6])
        // A NULL year is in no range, so leaving a range out keeps it.
        #expect(try keys("bread -year:2020..2022", on: db) == [1, 4, 5, 7])
        // Two values of one key OR: a range and a number.
        #expect(try keys("year:..2019 year:2024", on: db) == [1, 4])
    }

    @Test func integerRangeDescribesItselfAsTyped() {
        let query = Self.index.parse("bread year:2020..2022 -year:..2019 year:2024..")
        #expect(query.fieldFilters.map(\.description) == ["year:2020..2022 OR year:2024..", "-year:..2019"])
    }

    @Test func badIntegerRangesAreProblemsThatSayWhy() {
        func reason(_ text: String) -> String? { Self.index.parse(text + " ").problems.first?.reason }
        #expect(reason("year:2022..2020") == "the range ends before it starts; write the smaller number first")
        #expect(reason("year:..") == "a range needs at least one number, like 2020..")
        #expect(reason("year:20x0..") == "20x0 is not a whole number; write a range like 2020..2024")
        #expect(reason("year:soon") == "expected a whole number, or a range like 2020..2024, 2020.. or ..2024")
        // While typed, a range on its way is incomplete, not wrong; a letter is wrong at once.
        #expect(Self.index.parse("bread year:2020.").problems.first?.isIncomplete == true)
        // On the way to 2020..2024, 2020..20 ends before it starts: incomplete, not yet wrong.
        #expect(Self.index.parse("bread year:2020..20").problems.first?.isIncomplete == true)
        #expect(Self.index.parse("bread year:2020x").problems.first?.isIncomplete == false)
    }

    // MARK: - Dates

    @Test func aDayHoldsItsAllDayValuesAndTheInstantsThatFallOnItInTheTimeZone() throws {
        let db = try Self.database()
        // In UTC, 23:30Z on the 5th is the 5th; 10:00+02:00 on the 4th is 08:00Z on the 4th.
        #expect(try keys("updated:2026-03-05", on: db) == [1, 2])
        #expect(try keys("updated:2026-03-04", on: db) == [5])
        // In Berlin (UTC+1 in March), 23:30Z on the 5th is 00:30 on the 6th; the all-day value
        // stays the 5th.
        #expect(try keys("updated:2026-03-05", on: db, timeZone: Self.berlin) == [1])
        #expect(try keys("updated:2026-03-06", on: db, timeZone: Self.berlin) == [2, 3])
        // Unix seconds: 1772884800 is 2026-03-07 12:00 UTC.
        #expect(try keys("updated:2026-03-07", on: db) == [4])
    }

    @Test func dateRangesAndNone() throws {
        let db = try Self.database()
        #expect(try keys("updated:2026-03-05..", on: db) == [1, 2, 3, 4])
        #expect(try keys("updated:..2026-03-05", on: db) == [1, 2, 5])
        #expect(try keys("updated:2026-03-05..2026-03-06", on: db) == [1, 2, 3])
        #expect(try keys("updated:none", on: db) == [6])
        // Not a date is in no range, and not none either: a text that reads as no day.
        #expect(try keys("bread -updated:none", on: db) == [1, 2, 3, 4, 5, 7])
        #expect(try keys("bread -updated:2026-03-05..", on: db) == [5, 6, 7])
    }

    @Test func dueWordsAreReadAgainstTheDayTheQueryIsParsed() throws {
        let db = try Self.database()
        let thursday = CalendarDay("2026-03-05")!
        #expect(try keys("updated:today", on: db, today: thursday) == [1, 2])
        #expect(try keys("updated:tomorrow", on: db, today: thursday) == [3])
        #expect(try keys("updated:overdue", on: db, today: thursday) == [5])
        #expect(try keys("updated:week", on: db, today: CalendarDay("2026-03-01")!) == [1, 2, 3, 4, 5])
        // 2026-03-02 is a Monday: `fri` is the 6th.
        #expect(try keys("updated:fri", on: db, today: CalendarDay("2026-03-02")!) == [3])
        let week = Self.index.parse("updated:week", today: CalendarDay("2026-03-02")!)
        #expect(week.fieldFilters.map(\.description) == ["updated:2026-03-02..2026-03-08"])
        #expect(Self.index.parse("updated:today", today: thursday).fieldFilters.map(\.description) == ["updated:2026-03-05"])
    }

    @Test func badDatesAreProblemsThatSayWhy() {
        func reason(_ text: String) -> String? { Self.index.parse(text + " ").problems.first?.reason }
        #expect(reason("updated:2026-02-30") == "2026-02-30 is not a calendar date; check the month and day")
        #expect(reason("updated:2026-03-06..2026-03-01") == "the range ends before it starts; write the earlier date first")
        #expect(reason("updated:someday")?.hasPrefix("expected today, on:today, tomorrow") == true)
        #expect(Self.index.parse("bread updated:2026-03").problems.first?.isIncomplete == true)
        #expect(Self.index.parse("bread updated:overd").problems.first?.isIncomplete == true)
        #expect(Self.index.parse("bread updated:xyz").problems.first?.isIncomplete == false)
    }

    // MARK: - Lookups

    @Test func aLookupFindsTheRowsWhoseOtherTableHoldsTheWord() throws {
        let db = try Self.database()
        #expect(try keys("bread tag:bread", on: db) == [1, 2])
        #expect(try keys("#WEEKEND", on: db) == [1, 3])
        #expect(try keys("tag:bread tag:lisbon", on: db) == [1, 2, 5])
        #expect(try keys("bread -tag:weekend", on: db) == [2, 4, 5, 6, 7])
        #expect(try keys("tag:bread tag:weekend -folder:travel", on: db) == [1, 2])
        #expect(try keys("folder:baking", on: db) == [1, 2, 6])
        // A NULL folder is in no folder, so leaving Baking out keeps it.
        #expect(try keys("bread -folder:Baking", on: db) == [3, 4, 5, 7])
        #expect(try keys("tag:nothing", on: db) == [])
    }

    // NB: `#Weekend` ends the text, so it is still being typed: a prefix of the tags.
    @Test func aLookupIsASubqueryOnTheOtherTable() throws {
        let db = try Self.database()
        assertSearch("bread #Weekend", in: Self.index, on: db) {
            #"""
            SELECT …
            FROM "trove_notes_fts"
            CROSS JOIN "notes" ON ("notes"."id" = "trove_notes_fts"."rowid")
            WHERE ("trove_notes_fts" MATCH '"bread"')
              AND ("notes"."id" IN (SELECT "trove_lookup"."note_id" FROM "note_tags" AS "trove_lookup" WHERE "trove_lookup"."tag" LIKE 'Weekend%' ESCAPE '\'))
            ORDER BY
              "score" ASC,
              "notes"."id" ASC
            LIMIT 10 OFFSET 0
            """#
        } results: {
            """
            #  key  rank   title          snippet
            -  ---  -----  -------------  -------------
            1  1    -0.13  [Bread] one    [Bread] one
            2  3    -0.13  [Bread] three  [Bread] three
            2 of 2
            """
        }
    }

    @Test func aLookupsWordAsAFacetCountsTheLookedUpValuesAsItsFilterFindsThem() throws {
        let db = try Self.database()
        // Tags first: the total is counted on its own, as a note has any number of tags.
        let faceted = try SearchIndex(
            table: "notes", key: "id", fields: [.init("title", weight: 10)], filters: Self.index.filters,
            facets: ["tag", "folder"])
        try faceted.migrate(db)
        let bread = try faceted.search("bread", on: db)
        #expect(bread.total == 7)
        // bread (1, 2), weekend (1) and Weekend (3) as one, lisbon (5); the untagged count nowhere.
        #expect(bread.facets["tag"] == [Facet(name: "Weekend", count: 2), Facet(name: "bread", count: 2), Facet(name: "lisbon", count: 1)])
        #expect(bread.facets["folder"] == [Facet(name: "Baking", count: 3), Facet(name: "Travel", count: 2)])
        for facet in bread.facets["tag"]! {
            #expect(try faceted.search("bread tag:\(facet.name.lowercased())", on: db).total == facet.count)
        }
        let weekend = try faceted.search("bread #weekend", on: db)
        #expect(weekend.total == 2)
        #expect(weekend.facets["tag"] == [Facet(name: "Weekend", count: 2), Facet(name: "bread", count: 1)])
        #expect(weekend.facets["folder"] == [Facet(name: "Baking", count: 1), Facet(name: "Travel", count: 1)])
    }

    /// Boundary numbers and dates, broken ranges, quotes and other scripts as every kind's
    /// value, plain and negated, with and without text: each search answers (a value it
    /// cannot read is a problem of the query), and none fails in SQLite.
    @Test func hostileFilterValuesAreProblemsNeverSQLiteErrors() throws {
        let db = try Self.database()
        let values = [
            "", "..", "...", "....", "1..2..3", "-", "--1", "+5", "0", "-0", "9223372036854775807",
            "-9223372036854775808", "9223372036854775808", "..9223372036854775807", "-9223372036854775808..",
            "1e3", "0x10", " 1", "0000-01-01", "0001-01-01", "9999-12-31", "9999-12-31..", "..0001-01-01",
            "10000-01-01", "2026-13-01", "2026-02-29", "2024-02-29", "2026-03-05T09:30:00Z", "2026-03-05..2026-03-05",
            "\"next fri\"", "\"\"", "\"a\"\"b\"", "'; DROP TABLE notes; --", "%", "_", "\\", "*", "NULL", "none",
            "today", "overdue", "week", "Ünïcödé", "給奶奶", "🍞", "\u{0}", String(repeating: "9", count: 400),
        ]
        var searches = 0, withProblems = 0
        for key in ["year", "updated", "tag", "folder"] {
            for value in values {
                for text in ["\(key):\(value)", "bread -\(key):\(value)", "\(key):\(value) #bread"] {
                    let result = try Self.index.search(text, on: db, limit: 5)
                    searches += 1
                    if !result.query.problems.isEmpty { withProblems += 1 }
                }
            }
        }
        #expect(searches == 4 * values.count * 3)
        // Many values are no number or date; a text value is never a problem.
        #expect(withProblems > 0 && withProblems < searches)
    }

    @Test func migrateNamesALookupTableOrColumnThatIsMissing() throws {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, year INTEGER, updated_at, folder_id INTEGER)")
        try db.execute("CREATE TABLE folders (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        #expect(throws: SearchIndexError.missingTable(index: "notes", table: "note_tags")) { try Self.index.migrate(db) }
        try db.execute("CREATE TABLE note_tags (note_id INTEGER NOT NULL, label TEXT NOT NULL)")
        #expect(throws: SearchIndexError.missingColumn(index: "notes", table: "note_tags", column: "tag")) {
            try Self.index.migrate(db)
        }
        #expect(
            SearchIndexError.missingTable(index: "notes", table: "note_tags").description
                == "the SearchIndex notes reads the table note_tags, which this database does not have; create the table (run the app's own migrations) before migrating the index")
    }

    @Test func aLookupsNamesMustBeIdentifiers() {
        #expect(throws: SearchIndexError.invalidName("note tags", role: "the table of filter tag:")) {
            try SearchIndex(
                table: "notes", key: "id", fields: [.init("title")],
                filters: ["tag": .lookup("id", table: "note tags", key: "note_id", value: "tag")])
        }
    }
}

/// ``SearchIndex/Filter/named(_:)``: words that stand for stored values, as the reminders' `is:`.
@Suite struct SearchIndexNamedFilterTests {
    static let index: SearchIndex = {
        do {
            return try SearchIndex(
                table: "mail", key: "id", fields: [.init("subject")],
                filters: ["is": .named(["Unread": .init("read", 0), "read": .init("read", 1), "starred": .init("state", "starred")])])
        } catch {
            preconditionFailure("the declaration is valid: \(error)")
        }
    }()

    func database() throws -> SQLConnection {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE mail (id INTEGER PRIMARY KEY, subject TEXT, read INTEGER NOT NULL, state TEXT)")
        try db.execute("""
            INSERT INTO mail VALUES (1, 'Invoice March', 0, NULL), (2, 'Invoice April', 1, 'starred'),
              (3, 'Invoice May', 0, 'starred'), (4, 'Lunch', 0, NULL)
            """)
        try Self.index.migrate(db)
        return db
    }

    func keys(_ text: String, _ db: SQLConnection) throws -> [Int64] {
        try Self.index.search(text, on: db).hits.map(\.key).sorted()
    }

    @Test func eachWordIsItsStoredValue() throws {
        let db = try database()
        #expect(try keys("invoice is:unread", db) == [1, 3])
        #expect(try keys("invoice is:READ", db) == [2])
        #expect(try keys("is:starred", db) == [2, 3])
        #expect(try keys("invoice is:unread is:starred", db) == [3])
        #expect(try keys("invoice -is:starred", db) == [1])
        #expect(try keys("is:read is:unread", db) == [1, 2, 3, 4], "one word twice: either")
    }

    @Test func anUnknownWordSaysWhichOnesThereAre() throws {
        let db = try database()
        let query = Self.index.parse("invoice is:archived ", exact: true)
        #expect(query.problems.map(\.message).contains { $0.contains("expected read, starred or unread") }, "\(query.problems)")
        // While typing, a word is a prefix of the filter's words, as the last word is.
        #expect(Self.index.parse("invoice is:unr").problems.isEmpty)
        #expect(try keys("invoice is:unr", db) == [1, 3])
        #expect(try keys("is:s", db) == [2, 3])
        #expect(Self.index.parse("invoice is:unr ").problems.map(\.message) == ["is:unr — expected read, starred or unread"])
    }

    @Test func aDeclarationWithoutWordsOrWithAColumnTheTableLacksIsRefused() throws {
        #expect(throws: SearchIndexError.noNamedValues(filter: "is")) {
            try SearchIndex(table: "mail", key: "id", fields: [.init("subject")], filters: ["is": .named([:])])
        }
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE mail (id INTEGER PRIMARY KEY, subject TEXT, read INTEGER)")
        let index = try SearchIndex(table: "mail", key: "id", fields: [.init("subject")], filters: ["is": .named(["starred": .init("state", "starred")])])
        #expect(throws: SearchIndexError.missingColumn(index: "mail", table: "mail", column: "state")) { try index.migrate(db) }
    }
}
