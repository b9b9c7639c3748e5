import Testing
import TroveQuery
import TroveSQLite

/// MATCH, column filters, rank, bm25 weights, highlight and snippet against a real FTS5 table.
@Suite struct FTS5ExecutionTests {
    let db: SQLConnection

    init() throws {
        db = try SeededDatabase.make()
    }

    func rowids(_ query: SQLSelect<TableScope<ReminderSearch>, [SQLBinding]>) throws -> [Int64] {
        try db.all(query.select { $0.rowid }.order { $0.rowid })
    }

    @Test func tableMatchSearchesEveryColumn() throws {
        #expect(try rowids(ReminderSearch.match("take")) == [2, 3])
        #expect(try rowids(ReminderSearch.match("home")) == [2, 3])
        #expect(try rowids(ReminderSearch.match("walk AND dog")) == [3])
    }

    @Test func columnMatchSearchesOnlyThatColumn() throws {
        #expect(try rowids(ReminderSearch.all.where { $0.title.match("take") }) == [2])
        #expect(try rowids(ReminderSearch.all.where { $0.notes.match("take") }) == [3])
        #expect(try rowids(ReminderSearch.all.where { $0.tags.match("home OR errand") }) == [1, 2, 3])
        // The parentheses keep an OR inside the filter: "milk" is only in a title.
        #expect(try rowids(ReminderSearch.all.where { $0.notes.match("milk OR treats") }) == [3])
    }

    @Test func bm25WeightsDecideWhichColumnWins() throws {
        // "take" is in reminder 2's title and reminder 3's notes.
        let titleFirst = ReminderSearch.match("take").select { $0.rowid }.order { $0.bm25([\.title: 10, \.notes: 1]) }
        let notesFirst = ReminderSearch.match("take").select { $0.rowid }.order { $0.bm25([\.title: 1, \.notes: 10]) }
        #expect(try db.all(titleFirst) == [2, 3])
        #expect(try db.all(notesFirst) == [3, 2])
    }

    @Test func rankOrdersBestFirst() throws {
        // "walk" appears once in each title; reminder 3's shorter document ranks better.
        let ranked = try db.all(ReminderSearch.match("walk").select { ($0.rowid, $0.rank) }.order { $0.rank })
        #expect(ranked.map(\.0).sorted() == [2, 3])
        #expect(ranked[0].1 <= ranked[1].1)
    }

    @Test func highlightWrapsMatchesInTheDeclaredColumn() throws {
        let titles = try db.all(ReminderSearch.match("walk").select { $0.title.highlight("[", "]") }.order { $0.rowid })
        #expect(titles == ["Take a [walk]", "[Walk] the dog"])
        let notes = try db.all(ReminderSearch.match("park").select { $0.notes.highlight("<", ">") })
        #expect(notes == ["around the <park>"])
    }

    @Test func snippetCutsAroundTheMatch() throws {
        try db.execute(ReminderSearch.insert {
            $0.rowid.set(99)
            $0.title.set("Long")
            $0.notes.set("one two three four five six seven eight nine ten eleven twelve")
            $0.tags.set("")
        }.sql)
        let snippet = try #require(try db.all(ReminderSearch.match("seven").select { $0.notes.snippet("[", "]", "…", 3) }).first)
        #expect(snippet.contains("[seven]"))
        #expect(snippet.hasPrefix("…") && snippet.hasSuffix("…"))
        #expect(snippet.split(separator: " ").count == 3)
        let whole = try db.all(ReminderSearch.match("seven").select { $0.notes.snippet("[", "]", "…", 64) })
        #expect(whole == ["one two three four five six [seven] eight nine ten eleven twelve"])
    }

    @Test func joinReminderRowsToTheirIndexEntries() throws {
        let query = Reminder.join(ReminderSearch.self) { r, s in r.id == s.rowid }
            .where { r, s in s.match("walk OR milk"); !r.isCompleted }
            .select { r, s in (r.id, s.title.highlight("«", "»")) }
            .order { r, _ in r.id }
        let rows = try db.all(query)
        #expect(rows.map(\.0) == [1, 2])
        #expect(rows.map(\.1) == ["Buy «milk»", "Take a «walk»"])
    }
}
