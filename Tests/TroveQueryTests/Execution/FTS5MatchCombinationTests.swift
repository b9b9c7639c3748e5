import Testing
import TroveQuery
import TroveSQLite

/// Full-text matches combine inside ONE FTS5 query, which SQLite always runs, instead of as
/// SQL `OR`/`NOT` around several MATCHes, which it rejects at run time in a join.
@Suite struct FTS5MatchCombinationTests {
    let db: SQLConnection

    init() throws {
        db = try SeededDatabase.make()
    }

    func joinedIDs(
        @WhereBuilder _ predicates: (TableScope<Reminder>, TableScope<ReminderSearch>) -> WhereClause
    ) throws -> [Int64] {
        try db.all(Reminder.join(ReminderSearch.self) { r, s in r.id == s.rowid }
            .where { scope in predicates(scope.0, scope.1) }.select { r, _ in r.id }.order { r, _ in r.id })
    }

    // The issue's example: `f.title.match(p) || f.notes.match(p)` compiled to two MATCHes
    // joined by OR, which SQLite refuses in a join ("unable to use function MATCH in the
    // requested context"). It now renders one MATCH that SQLite runs.
    @Test func orOfColumnMatchesRunsInAJoinAsOneMatch() throws {
        #expect(throws: SQLiteError.self) {
            try db.fetchAll("""
                SELECT reminders.id FROM reminders JOIN reminders_fts ON reminders.id = reminders_fts.rowid
                WHERE (reminders_fts MATCH \("{title} : (take)")) OR (reminders_fts MATCH \("{notes} : (take)"))
                """)
        }
        let query = Reminder.join(ReminderSearch.self) { r, s in r.id == s.rowid }
            .where { r, s in s.title.match("take") || s.notes.match("take"); !r.isCompleted }
            .select { r, _ in r.id }
        #expect(query.debugDescription.hasSuffix(
            #"WHERE ("reminders_fts" MATCH '({title} : (take)) OR ({notes} : (take))') AND (NOT ("reminders"."is_completed"))"#))
        // "Take a walk" by its title; "Walk the dog" (notes "take treats") is completed.
        #expect(try db.all(query) == [2])
        #expect(try joinedIDs { _, s in s.title.match("take") || s.notes.match("take") } == [2, 3])
    }

    // Each word in any of the columns: "walk" in the title, "park" in the notes.
    @Test func multiColumnFilterFindsWordsSpreadOverTheColumns() throws {
        let spread = ReminderSearch.all.where { $0.match("walk park", in: \.title, \.notes) }
        #expect(spread.debugDescription.hasSuffix(#"WHERE ("reminders_fts" MATCH '{title notes} : (walk park)')"#))
        #expect(try joinedIDs { _, s in s.match("walk park", in: \.title, \.notes) } == [2])
        // The OR of per-column matches needs both words in one column: no reminder has that.
        #expect(try joinedIDs { _, s in s.title.match("walk park") || s.notes.match("walk park") } == [])
    }

    @Test func andAndExcludingStayOneMatch() throws {
        let both = TableScope<ReminderSearch>().title.match("walk") && TableScope<ReminderSearch>().tags.match("home")
        #expect(both.pattern == "({title} : (walk)) AND ({tags} : (home))")
        #expect(try joinedIDs { _, s in s.title.match("walk") && s.tags.match("home") } == [2, 3])
        #expect(try joinedIDs { _, s in s.match("take").excluding(s.notes.match("treats")) } == [2])
        // Several match terms in one `where` are AND-joined MATCHes, which SQLite runs too.
        #expect(try joinedIDs { _, s in s.match("walk"); s.tags.match("home") } == [2, 3])
    }

    // What makes `!match`, and `match || predicate`, fail to compile: a match is not a
    // Boolean expression, and `!`, `||` and `&&` over SQL predicates take only those.
    @Test func aMatchIsNotABooleanExpression() {
        let match: Any = TableScope<ReminderSearch>().title.match("walk")
        #expect(!(match is any SQLTypedExpression))
        #expect(SQLColumn<String>("title").contains("walk") as Any is any SQLTypedExpression<Bool>)
    }
}
