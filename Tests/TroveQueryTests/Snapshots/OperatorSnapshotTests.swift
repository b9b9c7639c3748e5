import Foundation
import InlineSnapshotTesting
import Testing
import TroveQuery

@Suite struct OperatorSnapshotTests {
    @Test func comparisonsWithValuesBindThem() {
        assertInlineSnapshot(
            of: Reminder.where {
                $0.priority == 1
                $0.priority != 2
                $0.priority < 3
                $0.priority <= 4
                $0.priority > 5
                $0.priority >= 6
            }.debugDescription,
            as: .lines
        ) {
            """
            SELECT "reminders".* FROM "reminders" WHERE ("reminders"."priority" = 1) AND ("reminders"."priority" <> 2) AND ("reminders"."priority" < 3) AND ("reminders"."priority" <= 4) AND ("reminders"."priority" > 5) AND ("reminders"."priority" >= 6)
            """
        }
    }

    @Test func comparingWithNilRendersIsNull() {
        assertInlineSnapshot(
            of: Reminder.where {
                $0.dueDate == nil
                $0.completedAt != nil
                $0.dueDate == "2026-03-02"
            }.debugDescription,
            as: .lines
        ) {
            """
            SELECT "reminders".* FROM "reminders" WHERE ("reminders"."due_date" IS NULL) AND ("reminders"."completed_at" IS NOT NULL) AND ("reminders"."due_date" = '2026-03-02')
            """
        }
    }

    @Test func comparingTwoColumnsBindsNothing() {
        let query = Reminder.where { $0.createdAt < $0.updatedAt; $0.createdAt == $0.updatedAt; $0.completedAt == $0.createdAt }
        #expect(query.render().bindings.isEmpty)
        assertInlineSnapshot(of: query.debugDescription, as: .lines) {
            """
            SELECT "reminders".* FROM "reminders" WHERE ("reminders"."created_at" < "reminders"."updated_at") AND ("reminders"."created_at" = "reminders"."updated_at") AND ("reminders"."completed_at" = "reminders"."created_at")
            """
        }
    }

    @Test func logicalOperatorsParenthesiseEveryOperand() {
        assertInlineSnapshot(
            of: Reminder.where { !$0.isCompleted && ($0.isFlagged || $0.priority >= 2) }.debugDescription,
            as: .lines
        ) {
            """
            SELECT "reminders".* FROM "reminders" WHERE ((NOT ("reminders"."is_completed")) AND (("reminders"."is_flagged") OR ("reminders"."priority" >= 2)))
            """
        }
    }

    @Test func nullInAndBetween() {
        assertInlineSnapshot(
            of: Reminder.where {
                $0.completedAt.isNull
                $0.dueDate.isNotNull
                $0.priority.in([1, 3])
                $0.priority.between(1, and: 3)
            }.debugDescription,
            as: .lines
        ) {
            """
            SELECT "reminders".* FROM "reminders" WHERE ("reminders"."completed_at" IS NULL) AND ("reminders"."due_date" IS NOT NULL) AND ("reminders"."priority" IN (1, 3)) AND ("reminders"."priority" BETWEEN 1 AND 3)
            """
        }
    }

    @Test func inAnEmptyListIsFalseNotInParentheses() {
        let query = Reminder.where { $0.id.in([]) }
        #expect(!query.render().sql.contains("IN ()"))
        assertInlineSnapshot(of: query.debugDescription, as: .lines) {
            """
            SELECT "reminders".* FROM "reminders" WHERE (0)
            """
        }
    }

    @Test func inASubquery() {
        assertInlineSnapshot(
            of: Reminder.where { $0.id.in(ReminderTag.where { $0.tagID == 3 }.select { $0.reminderID }) }.debugDescription,
            as: .lines
        ) {
            """
            SELECT "reminders".* FROM "reminders" WHERE ("reminders"."id" IN (SELECT "reminder_tags"."reminder_id" FROM "reminder_tags" WHERE ("reminder_tags"."tag_id" = 3)))
            """
        }
    }

    @Test func textOperatorsEscapeLikeWildcards() {
        assertInlineSnapshot(
            of: Reminder.where {
                $0.title.contains("50%")
                $0.title.hasPrefix("a_c")
                $0.notes.hasSuffix(#"C:\"#)
                $0.dueDate.contains("03")
            }.debugDescription,
            as: .lines
        ) {
            #"""
            SELECT "reminders".* FROM "reminders" WHERE ("reminders"."title" LIKE '%50\%%' ESCAPE '\') AND ("reminders"."title" LIKE 'a\_c%' ESCAPE '\') AND ("reminders"."notes" LIKE '%C:\\' ESCAPE '\') AND ("reminders"."due_date" LIKE '%03%' ESCAPE '\')
            """#
        }
    }

    @Test func rawLikeGlobAndCollate() {
        assertInlineSnapshot(
            of: Reminder.where {
                $0.title.like("B_y%")
                $0.title.glob("Buy*")
                $0.title.collate(.nocase) == "milk"
            }.debugDescription,
            as: .lines
        ) {
            """
            SELECT "reminders".* FROM "reminders" WHERE ("reminders"."title" LIKE 'B_y%') AND ("reminders"."title" GLOB 'Buy*') AND ("reminders"."title" COLLATE "NOCASE" = 'milk')
            """
        }
    }

    @Test func arithmeticAndFunctions() {
        assertInlineSnapshot(
            of: List.select { ($0.position.max().ifNull(0) + 1, $0.id.count(distinct: true), countAll()) }.debugDescription,
            as: .lines
        ) {
            """
            SELECT (coalesce(max("lists"."position"), 0) + 1), count(DISTINCT "lists"."id"), count(*) FROM "lists"
            """
        }
    }
}
