import Foundation
import Testing
import TroveQuery
import TroveSQLite
@testable import TroveSearch
import TroveStore
import TroveTestSupport

/// What a declaration says beyond fields and filters, each of which the reminders need to be
/// one (issue 18): tiebreakers after the score, a field of names that the ranking favours when
/// a whole name is the query, a due date that only open rows can be overdue by, and done rows
/// left out of a search without words.
///
/// | id | title      | due        | priority | done | tags          | folder |
/// |----|------------|------------|----------|------|---------------|--------|
/// | 1  | Water      | NULL       | 1        | 0    |               | Home   |
/// | 2  | Water      | 2026-03-05 | 1        | 0    |               | Home   |
/// | 3  | Water      | 2026-03-01 | 3        | 0    | call          | Home   |
/// | 4  | Water      | 2026-03-01 | 0        | 0    |               | Work   |
/// | 5  | Water      | 2026-02-20 | 2        | 1    |               | Work   |
/// | 6  | Water      | 2026-02-27 | NULL     | 0    | recall, plan  | Home   |
/// | 7  | Recall plan| 2026-03-02 | 0        | 0    | call back     | Work   |
/// | 8  | Call       | NULL       | 0        | 1    | call          | Home   |
@Suite struct SearchIndexTiebreakerTests {
    static let today = CalendarDay(year: 2026, month: 3, day: 2)!

    static func index(
        tiebreakers: [SearchIndex.Tiebreaker], names: Bool = true, hides: Bool = true, demoted: Bool = true
    ) throws -> SearchIndex {
        try SearchIndex(
            table: "notes", key: "id", fields: [.init("title", weight: 5), .init("tags", weight: 2, holdsNames: names)],
            filters: [
                "folder": .text("folder"), "due": .deadline("due", done: "done"),
                "is": .named(["done": .init("done", 1), "open": .init("done", 0)]),
            ],
            facets: ["folder"], tiebreakers: tiebreakers, demoted: demoted ? "done" : nil, hidesDemotedWhenBrowsing: hides)
    }

    static let reminders: [SearchIndex.Tiebreaker] = [.ascending("due"), .descending("priority")]

    static func database(_ index: SearchIndex) async throws -> SQLiteDatabase {
        let database = try SQLiteDatabase.inMemory()
        try await database.write { db in
            try db.execute("""
                CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, due TEXT, priority INTEGER, done INTEGER NOT NULL,
                    tags TEXT NOT NULL DEFAULT '', folder TEXT)
                """)
            try db.execute("""
                INSERT INTO notes VALUES
                  (1, 'Water', NULL, 1, 0, '', 'Home'), (2, 'Water', '2026-03-05', 1, 0, '', 'Home'),
                  (3, 'Water', '2026-03-01', 3, 0, 'call', 'Home'), (4, 'Water', '2026-03-01', 0, 0, '', 'Work'),
                  (5, 'Water', '2026-02-20', 2, 1, '', 'Work'), (6, 'Water', '2026-02-27', NULL, 0, 'recall, plan', 'Home'),
                  (7, 'Recall plan', '2026-03-02', 0, 0, 'call back', 'Work'), (8, 'Call', NULL, 0, 1, 'call', 'Home')
                """)
            try index.migrate(db)
        }
        return database
    }

    static func keys(_ text: String, _ index: SearchIndex, in database: SQLiteDatabase, limit: Int = 20) async throws -> [Int64] {
        try await database.read { db in
            try index.search(index.parse(text, today: today, timeZone: .gmt), on: db, limit: limit).hits.map(\.key)
        }
    }

    // Rows tied on the score go by the tiebreakers: soonest due (none last), then highest
    // priority (none last), then key; the done row ranks lower, as `demoted` has it.
    @Test func tiesGoByTheTiebreakersThenTheKey() async throws {
        let index = try Self.index(tiebreakers: Self.reminders)
        let database = try await Self.database(index)
        #expect(try await Self.keys("water", index, in: database) == [6, 3, 4, 2, 1, 5])
        let plain = try Self.index(tiebreakers: [])
        #expect(try await Self.keys("water", plain, in: database) == [1, 2, 3, 4, 6, 5])
        let nullsFirst = try Self.index(tiebreakers: [.descending("priority", nullsLast: false), .ascending("due")])
        // NB: priority, none first: 6 (none), 3 (3), then 2 and 1 (1) by due, none last, then 4 (0).
        #expect(try await Self.keys("water", nullsFirst, in: database) == [6, 3, 2, 1, 4, 5])
        // NB: without words, every row is tied: the tiebreakers are the whole order.
        #expect(try await Self.keys("folder:home", index, in: database) == [6, 3, 2, 1])
        #expect(index.pageStatement(for: index.parse("water")).debugDescription.contains(
            #"ORDER BY "score" ASC, ("notes"."due" IS NULL) ASC, "notes"."due" ASC, ("notes"."priority" IS NULL) ASC, "notes"."priority" DESC, "notes"."id" ASC"#))
    }

    // Pages after a cursor continue the same order, NULLs and ties included, with or without
    // words: every row once.
    @Test(arguments: ["water", "", "folder:home", "is:done", "wa", "c"])
    func cursorsWalkTheTiebreakersOrder(text: String) async throws {
        let index = try Self.index(tiebreakers: Self.reminders)
        let database = try await Self.database(index)
        let all = try await Self.keys(text, index, in: database)
        var walked: [Int64] = []
        var cursor: SearchCursor?
        repeat {
            let after = cursor
            let page = try await database.read { db in
                try index.search(index.parse(text, today: Self.today, timeZone: .gmt), on: db, limit: 2, after: after)
            }
            walked += page.hits.map(\.key)
            cursor = page.next
        } while cursor != nil && walked.count < 20
        #expect(walked == all, "\(text)")
        #expect(!all.isEmpty)
    }

    // A cursor after a ranked hit holds the score the page read and the tiebreakers read from
    // the row alone: the same values, to the bit, as scoring that row again gives.
    @Test(arguments: ["water", "wa", "call", "c", "plan"])
    func aCursorHoldsTheRowsOrderValues(text: String) async throws {
        let index = try Self.index(tiebreakers: Self.reminders)
        let database = try await Self.database(index)
        let query = index.parse(text, today: Self.today, timeZone: .gmt)
        let (page, scored) = try await database.read { db in
            let page = try index.search(query, on: db, limit: 1)
            let last = try #require(page.hits.last)
            let statements = IndexStatements(index: index, query: query, style: .brackets)
            let sql = try #require(statements.currentValue(of: last.key))
            let row = try #require(try db.fetchOne(sql))
            return (page, (0..<statements.orderKeys.count).map { row[$0] })
        }
        let cursor = try #require(page.next)
        #expect(cursor.keys == scored, "\(text)")
        #expect(cursor.keys.count == 5)
    }

    // The copy of the facet values and the walk that finds the first page decline an order
    // they cannot give, so the answer is the page statement's (with and without a demoted
    // column, which the walk declines on its own).
    @Test(arguments: ["water", "wa", "w", "folder:home", "water folder:work", "c", ""], [false, true])
    func theAcceleratedPathsGiveTheStatementsAnswer(text: String, demoted: Bool) async throws {
        let index = try Self.index(tiebreakers: Self.reminders, demoted: demoted)
        let database = try await Self.database(index)
        let cache = VocabularyCache(database: database, index: index)
        try await cache.buildNow()
        let plain = try await SearchIndex.$ranksPagesInIndexAlone.withValue(false) {
            try await index.search(text, in: database, limit: 3)
        }
        let (withCopy, walked) = try await SearchIndex.$bestWalkMinimum.withValue(0) {
            (try await index.search(text, in: database, limit: 3, vocabulary: cache), try await index.search(text, in: database, limit: 3))
        }
        #expect(withCopy == plain, "\(text)")
        #expect(walked == plain, "\(text)")
    }

    // A whole name equal to the query word ranks its row above one whose names only hold the
    // word inside a name ("recall") or beside another word ("call back").
    @Test func aNameEqualToTheWordRanksFirst() async throws {
        let index = try Self.index(tiebreakers: [])
        let database = try await Self.database(index)
        let scores = try await database.read { db in
            try index.search(index.parse("call"), on: db).hits.map { ($0.key, $0.rank) }
        }
        let withoutNames = try Self.index(tiebreakers: [], names: false)
        let plainScores = try await database.read { db in
            try withoutNames.search(withoutNames.parse("call"), on: db).hits.map { ($0.key, $0.rank) }
        }
        // NB: 3's tags are "call": boosted; 7's "call back" is not one name equal to the word.
        let boosted = Dictionary(uniqueKeysWithValues: scores), plain = Dictionary(uniqueKeysWithValues: plainScores)
        let (boostedThree, plainThree) = (try #require(boosted[3]), try #require(plain[3]))
        #expect(boostedThree < plainThree)
        #expect(boosted[7] == plain[7])
        #expect(scores.map(\.0).firstIndex(of: 3)! < scores.map(\.0).firstIndex(of: 7)!)
        #expect(throws: SearchIndexError.severalNameFields(index: "notes", columns: ["title", "tags"])) {
            try SearchIndex(
                table: "notes", key: "id", fields: [.init("title", holdsNames: true), .init("tags", holdsNames: true)])
        }
    }

    // A due date of rows that get done: overdue is open and past; today is today or overdue;
    // other words as a date's.
    @Test func aDeadlineIsOverdueOnlyWhenOpen() async throws {
        let index = try Self.index(tiebreakers: [], hides: false)
        let database = try await Self.database(index)
        #expect(try await Self.keys("due:overdue", index, in: database).sorted() == [3, 4, 6])
        #expect(try await Self.keys("due:today", index, in: database).sorted() == [3, 4, 6, 7])
        #expect(try await Self.keys("due:2026-02-20", index, in: database) == [5])
        #expect(try await Self.keys("due:none", index, in: database).sorted() == [1, 8])
        #expect(try await Self.keys("-due:overdue water", index, in: database).sorted() == [1, 2, 5])
        #expect(index.parse("due:overdue due:today", today: Self.today).fieldFilters.map(\.description) == [
            "due:..2026-03-01 open OR due:2026-03-02+overdue"
        ])
    }

    // Without words, done rows are left out unless a filter decides on them; with words they
    // are found, ranked lower; an index that does not ask keeps them.
    @Test func doneRowsAreLeftOutOfBrowsing() async throws {
        let index = try Self.index(tiebreakers: [])
        let database = try await Self.database(index)
        #expect(try await Self.keys("", index, in: database).sorted() == [1, 2, 3, 4, 6, 7])
        #expect(try await Self.keys("folder:home", index, in: database).sorted() == [1, 2, 3, 6])
        #expect(try await Self.keys("is:done", index, in: database).sorted() == [5, 8])
        #expect(try await Self.keys("-is:open", index, in: database).sorted() == [5, 8])
        #expect(try await Self.keys("due:overdue", index, in: database).sorted() == [3, 4, 6])
        #expect(try await Self.keys("call", index, in: database).contains(8))
        let total = try await database.read { db in try index.search(index.parse("folder:home"), on: db).total }
        #expect(total == 4)
        let keeps = try Self.index(tiebreakers: [], hides: false)
        #expect(try await Self.keys("folder:home", keeps, in: database).sorted() == [1, 2, 3, 6, 8])
    }

    // A counted facet looked up in a view is refused by `migrate` with the facet named, not
    // with SQLite's "cannot create AFTER trigger on view".
    @Test func aFacetLookedUpInAViewIsAClearError() async throws {
        let db = try SQLConnection.inMemory()
        try db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL)")
        try db.execute("CREATE TABLE note_tags (note_id INTEGER, tag TEXT)")
        try db.execute("CREATE VIEW tag_names AS SELECT note_id, tag FROM note_tags")
        let index = try SearchIndex(
            table: "notes", key: "id", fields: [.init("title")],
            filters: ["tag": .lookup("id", table: "tag_names", key: "note_id", value: "tag")], facets: ["tag"])
        let error = #expect(throws: SearchIndexError.self) { try index.migrate(db) }
        #expect(error == .facetLookupInView(index: "notes", facet: "tag", view: "tag_names"))
        #expect(error?.description.contains("tag_names, which is a view") == true)
        // NB: as a filter alone, the view is read and not watched.
        let filtering = try SearchIndex(
            table: "notes", key: "id", fields: [.init("title")],
            filters: ["tag": .lookup("id", table: "tag_names", key: "note_id", value: "tag")])
        try filtering.migrate(db)
    }
}

/// The walk that finds a first page's keys, for an index whose page order is not the walk's
/// (a demoted column, tiebreakers): its best scores as open are candidates, and the page read
/// among them is kept only when its last row scores no worse than any match left out could.
@Suite struct SearchIndexDemotedWalkTests {
    /// Done rows titled just "Bread" score best as open; open rows mention bread in a longer
    /// title or only in the body, so the page's first rows are not the walk's best.
    static func database(doneFirst: Int, open: Int) async throws -> (SQLiteDatabase, SearchIndex) {
        let index = try SearchIndex(
            table: "notes", key: "id", fields: [.init("title", weight: 5), .init("body")], filters: ["folder": .text("folder")],
            facets: ["folder"], tiebreakers: [.descending("priority")], demoted: "done")
        let database = try SQLiteDatabase.inMemory()
        try await database.write { db in
            try db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT, folder TEXT, priority INTEGER, done INTEGER)")
            var id = 0
            for number in 0..<doneFirst {
                id += 1
                // NB: "Bread picnic" starts with the word, one tier above "Picnic bread" as open
                // and level with it once demoted: those open rows then come first.
                let title = number.isMultiple(of: 2) ? "Bread" : "Bread picnic"
                try db.execute("INSERT INTO notes VALUES (\(id), \(title), 'baked', 'Home', \(number % 3), 1)")
            }
            for number in 0..<open {
                id += 1
                let title = ["Bread and butter for the \(number) picnic", "Picnic \(number)", "Picnic bread"][number % 3]
                try db.execute("INSERT INTO notes VALUES (\(id), \(title), 'bread rolls and more bread', 'Work', \(number % 4), 0)")
            }
            try index.migrate(db)
        }
        return (database, index)
    }

    @Test(arguments: [(3, 5), (12, 30), (40, 6), (0, 9)], [(2, 0), (5, 0), (3, 4), (10, 10)])
    func theWalksPageIsThePageStatements(rows: (done: Int, open: Int), page: (limit: Int, offset: Int)) async throws {
        let (database, index) = try await Self.database(doneFirst: rows.done, open: rows.open)
        let cache = VocabularyCache(database: database, index: index)
        try await cache.buildNow()
        for text in ["bread", "b", "br", "picnic", "bread -picnic", "\"bread rolls\""] {
            let plain = try await SearchIndex.$ranksPagesInIndexAlone.withValue(false) {
                try await index.search(text, in: database, limit: page.limit, offset: page.offset)
            }
            let uses = cache.factsUses
            let walked = try await SearchIndex.$bestWalkMinimum.withValue(0) {
                try await index.search(text, in: database, limit: page.limit, offset: page.offset, vocabulary: cache)
            }
            #expect(walked == plain, "\(text) \(rows) \(page)")
            #expect(cache.factsUses == uses + 1, "counted from the copy: \(text)")
        }
    }
}
