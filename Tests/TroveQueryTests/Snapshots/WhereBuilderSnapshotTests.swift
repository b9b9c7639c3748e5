import InlineSnapshotTesting
import Testing
import TroveQuery

/// The `where` result builder: loops, branches and optionals, each term parenthesised.
@Suite struct WhereBuilderSnapshotTests {
    static func search(_ text: String) -> SQLSelect<TableScope<Reminder>, [SQLBinding]> {
        Reminder.where {
            for term in text.split(separator: " ") {
                $0.title.contains(term) || $0.notes.contains(term)
            }
        }
    }

    @Test func loopWithNoTermsHasNoWhereAtAll() {
        let query = Self.search("")
        #expect(!query.render().sql.contains("WHERE"))
        assertInlineSnapshot(of: query.debugDescription, as: .lines) {
            """
            SELECT "reminders".* FROM "reminders"
            """
        }
    }

    @Test func loopWithOneTermKeepsTheOrInsideItsParentheses() {
        assertInlineSnapshot(of: Self.search("walk").debugDescription, as: .lines) {
            #"""
            SELECT "reminders".* FROM "reminders" WHERE (("reminders"."title" LIKE '%walk%' ESCAPE '\') OR ("reminders"."notes" LIKE '%walk%' ESCAPE '\'))
            """#
        }
    }

    @Test func loopWithThreeTermsAndsOneParenthesisedTermPerIteration() {
        let query = Self.search("take the walk")
        #expect(query.render().bindings == ["%take%", "%take%", "%the%", "%the%", "%walk%", "%walk%"].map(SQLBinding.text))
        assertInlineSnapshot(of: query.debugDescription, as: .lines) {
            #"""
            SELECT "reminders".* FROM "reminders" WHERE (("reminders"."title" LIKE '%take%' ESCAPE '\') OR ("reminders"."notes" LIKE '%take%' ESCAPE '\')) AND (("reminders"."title" LIKE '%the%' ESCAPE '\') OR ("reminders"."notes" LIKE '%the%' ESCAPE '\')) AND (("reminders"."title" LIKE '%walk%' ESCAPE '\') OR ("reminders"."notes" LIKE '%walk%' ESCAPE '\'))
            """#
        }
    }

    @Test func emptyBuilderHasNoWhere() {
        let query = Reminder.where { _ in }
        #expect(query.render().sql == #"SELECT "reminders".* FROM "reminders""#)
    }

    @Test(arguments: [true, false])
    func ifWithoutElseAddsATermOnlyWhenTrue(onlyFlagged: Bool) {
        let query = Reminder.where {
            $0.isCompleted == false
            if onlyFlagged { $0.isFlagged }
        }
        let expected = onlyFlagged
            ? #"SELECT "reminders".* FROM "reminders" WHERE ("reminders"."is_completed" = 0) AND ("reminders"."is_flagged")"#
            : #"SELECT "reminders".* FROM "reminders" WHERE ("reminders"."is_completed" = 0)"#
        #expect(query.debugDescription == expected)
    }

    @Test func ifElseChoosesOneBranch() {
        func query(completed: Bool) -> String {
            Reminder.where {
                if completed { $0.completedAt != nil } else { $0.completedAt == nil || $0.priority > 2 }
            }.debugDescription
        }
        assertInlineSnapshot(of: query(completed: true), as: .lines) {
            """
            SELECT "reminders".* FROM "reminders" WHERE ("reminders"."completed_at" IS NOT NULL)
            """
        }
        assertInlineSnapshot(of: query(completed: false), as: .lines) {
            """
            SELECT "reminders".* FROM "reminders" WHERE (("reminders"."completed_at" IS NULL) OR ("reminders"."priority" > 2))
            """
        }
    }

    enum Due { case overdue, today, none }

    @Test func switchPicksTheCaseTerm() {
        func query(_ due: Due) -> String {
            Reminder.where {
                switch due {
                case .overdue: $0.dueDate < "2026-03-02"
                case .today: $0.dueDate == "2026-03-02"
                case .none: $0.dueDate == nil
                }
            }.debugDescription
        }
        assertInlineSnapshot(of: [query(.overdue), query(.today), query(.none)].joined(separator: "\n"), as: .lines) {
            """
            SELECT "reminders".* FROM "reminders" WHERE ("reminders"."due_date" < '2026-03-02')
            SELECT "reminders".* FROM "reminders" WHERE ("reminders"."due_date" = '2026-03-02')
            SELECT "reminders".* FROM "reminders" WHERE ("reminders"."due_date" IS NULL)
            """
        }
    }

    @Test func optionalValuesAndOptionalPredicates() {
        let listID: Int64? = 4
        let noPriority: Int? = nil
        let extra: TypedExpression<Bool>? = nil
        let query = Reminder.where {
            if let listID { $0.listID == listID }
            if let noPriority { $0.priority == noPriority }
            extra
            $0.title.hasPrefix("a") as TypedExpression<Bool>?
        }
        assertInlineSnapshot(of: query.debugDescription, as: .lines) {
            #"""
            SELECT "reminders".* FROM "reminders" WHERE ("reminders"."list_id" = 4) AND ("reminders"."title" LIKE 'a%' ESCAPE '\')
            """#
        }
    }

    @Test func chainedWhereCallsAndTogether() {
        let query = Self.search("milk").where { $0.isFlagged }.where { _ in }.where { $0.priority == 1 || $0.priority == 2 }
        assertInlineSnapshot(of: query.debugDescription, as: .lines) {
            #"""
            SELECT "reminders".* FROM "reminders" WHERE (("reminders"."title" LIKE '%milk%' ESCAPE '\') OR ("reminders"."notes" LIKE '%milk%' ESCAPE '\')) AND ("reminders"."is_flagged") AND (("reminders"."priority" = 1) OR ("reminders"."priority" = 2))
            """#
        }
    }

    @Test func reusableClauseSplicesItsTerms() {
        let open = WhereClause(terms: [Reminder.columns.isCompleted.queryFragment])
        let query = Reminder.where { open; $0.isFlagged }
        #expect(query.debugDescription == #"SELECT "reminders".* FROM "reminders" WHERE ("is_completed") AND ("reminders"."is_flagged")"#)
    }
}
