import InlineSnapshotTesting
import Testing
import TroveQuery

/// Named result columns, expressions spliced into SQL, `anyOf`, a `WhereClause` built on its
/// own, and an FTS5 column filter from a list decided at run time: what the search engines
/// compose their statements with.
@Suite struct ResultColumnSnapshotTests {
    @Test func namedColumnsRenderAsAliases() {
        let r = TableScope<Reminder>()
        let title = ResultColumn<String>("title"), total = ResultColumn<Int>("total")
        let highlighted = ResultColumn<String?>("title_highlighted")
        let list: SQLFragment = [
            r.title.named(title), countAll().named(total),
            TableScope<ReminderSearch>().title.highlight("[", "]").named(highlighted),
        ].joined(separator: ", ")
        assertInlineSnapshot(of: list.debugDescription, as: .lines) {
            """
            "reminders"."title" AS "title", count(*) AS "total", highlight("reminders_fts", 0, '[', ']') AS "title_highlighted"
            """
        }
        #expect(ResultColumn<Double>("score").reference.queryFragment.debugDescription == #""score""#)
    }

    @Test func expressionsInterpolateWithTheirBindings() {
        let r = TableScope<Reminder>(), l = TableScope<List>()
        let on: SQLFragment = "JOIN \(identifier: List.tableName) ON \(l.id) = \(r.listID) AND \(r.title.contains("50%"))"
        #expect(on.render().bindings == [.text(#"%50\%%"#)])
        assertInlineSnapshot(of: on.debugDescription, as: .lines) {
            #"""
            JOIN "lists" ON "lists"."id" = "reminders"."list_id" AND "reminders"."title" LIKE '%50\%%' ESCAPE '\'
            """#
        }
    }

    @Test func anyOfParenthesisesEachOfSeveralAndLeavesOneAsItIs() {
        let r = TableScope<Reminder>()
        #expect(anyOf([TypedExpression<Bool>]()).queryFragment.debugDescription == "0")
        #expect(anyOf([r.isFlagged]).queryFragment.debugDescription == #""reminders"."is_flagged""#)
        assertInlineSnapshot(of: anyOf([r.title, r.notes].map { $0.contains("walk") }).queryFragment.debugDescription, as: .lines) {
            #"""
            ("reminders"."title" LIKE '%walk%' ESCAPE '\') OR ("reminders"."notes" LIKE '%walk%' ESCAPE '\')
            """#
        }
    }

    @Test func whereClauseBuiltOnItsOwnJoinsLikeAWhere() {
        let r = TableScope<Reminder>()
        let words = ["take", "walk"]
        let clause = WhereClause {
            for word in words { anyOf([r.title, r.notes].map { $0.contains(word) }) }
            !r.isCompleted
        }
        #expect(clause.terms.count == 3)
        let query = Reminder.where { _ in clause }
        assertInlineSnapshot(of: query.debugDescription, as: .lines) {
            #"""
            SELECT "reminders".* FROM "reminders" WHERE (("reminders"."title" LIKE '%take%' ESCAPE '\') OR ("reminders"."notes" LIKE '%take%' ESCAPE '\')) AND (("reminders"."title" LIKE '%walk%' ESCAPE '\') OR ("reminders"."notes" LIKE '%walk%' ESCAPE '\')) AND (NOT ("reminders"."is_completed"))
            """#
        }
    }

    @Test func matchInAListOfColumnsFiltersOnlyWhenTheListHasSome() {
        let s = TableScope<ReminderSearch>()
        #expect(s.match(#""walk""#, in: [\.title, \.tags]).pattern == #"{title tags} : ("walk")"#)
        #expect(s.match(#""walk""#, in: []).pattern == #""walk""#)
        #expect(s.match(#""walk""#, in: [\.notes]) == s.notes.match(#""walk""#))
    }
}
