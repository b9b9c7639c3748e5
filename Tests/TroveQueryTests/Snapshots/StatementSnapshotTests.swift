import Foundation
import InlineSnapshotTesting
import Testing
import TroveQuery

/// SELECT clauses, joins, and INSERT/UPDATE/DELETE.
@Suite struct StatementSnapshotTests {
    @Test func typedSelectionOrderLimitOffset() {
        let query = Reminder.where { !$0.isCompleted }
            .select { ($0.id, $0.title, $0.dueDate) }
            .order { $0.priority.desc(); $0.dueDate.asc(nulls: .last); $0.title.collate(.nocase); $0.createdAt.desc(nulls: .first) }
            .limit(20, offset: 40)
        assertInlineSnapshot(of: query.debugDescription, as: .lines) {
            """
            SELECT "reminders"."id", "reminders"."title", "reminders"."due_date" FROM "reminders" WHERE (NOT ("reminders"."is_completed")) ORDER BY "reminders"."priority" DESC, "reminders"."due_date" ASC NULLS LAST, "reminders"."title" COLLATE "NOCASE", "reminders"."created_at" DESC NULLS FIRST LIMIT 20 OFFSET 40
            """
        }
    }

    @Test func offsetWithoutLimitUsesLimitMinusOne() {
        #expect(Reminder.all.offset(5).debugDescription == #"SELECT "reminders".* FROM "reminders" LIMIT -1 OFFSET 5"#)
    }

    @Test func countDropsOrderingAndCountsLimitedRowsAsASubquery() {
        assertInlineSnapshot(of: Reminder.where { $0.isFlagged }.order { $0.title }.count().debugDescription, as: .lines) {
            """
            SELECT count(*) FROM "reminders" WHERE ("reminders"."is_flagged")
            """
        }
        assertInlineSnapshot(of: Reminder.where { $0.isFlagged }.limit(3).count().debugDescription, as: .lines) {
            """
            SELECT count(*) FROM (SELECT "reminders".* FROM "reminders" WHERE ("reminders"."is_flagged") LIMIT 3)
            """
        }
        assertInlineSnapshot(of: Reminder.count().debugDescription, as: .lines) {
            """
            SELECT count(*) FROM "reminders"
            """
        }
    }

    @Test func groupByWithHavingAndDistinct() {
        assertInlineSnapshot(
            of: Reminder.group { $0.listID }.having { _ in countAll() > 2 }.select { ($0.listID, countAll()) }.debugDescription,
            as: .lines
        ) {
            """
            SELECT "reminders"."list_id", count(*) FROM "reminders" GROUP BY "reminders"."list_id" HAVING (count(*) > 2)
            """
        }
        assertInlineSnapshot(of: Reminder.select { $0.listID }.distinct().debugDescription, as: .lines) {
            """
            SELECT DISTINCT "reminders"."list_id" FROM "reminders"
            """
        }
    }

    @Test func innerAndLeftJoins() {
        let withList = Reminder.join(List.self) { r, l in r.listID == l.id }
            .where { r, l in l.name == "Groceries" && !r.isCompleted }
            .select { r, l in (r.title, l.name) }
            .order { r, l in l.position; r.title }
        assertInlineSnapshot(of: withList.debugDescription, as: .lines) {
            """
            SELECT "reminders"."title", "lists"."name" FROM "reminders" JOIN "lists" ON ("reminders"."list_id" = "lists"."id") WHERE (("lists"."name" = 'Groceries') AND (NOT ("reminders"."is_completed"))) ORDER BY "lists"."position", "reminders"."title"
            """
        }

        let listsWithCounts = List.leftJoin(Reminder.self) { l, r in l.id == r.listID }
            .group { l, _ in l.id }
            .select { l, r in (l.name, r.id.count()) }
        assertInlineSnapshot(of: listsWithCounts.debugDescription, as: .lines) {
            """
            SELECT "lists"."name", count("reminders"."id") FROM "lists" LEFT JOIN "reminders" ON ("lists"."id" = "reminders"."list_id") GROUP BY "lists"."id"
            """
        }
    }

    @Test func joinsOfThreeAndFourTables() {
        let tagged = Reminder.join(ReminderTag.self) { r, rt in r.id == rt.reminderID }
            .join(Tag.self) { _, rt, t in rt.tagID == t.id }
            .leftJoin(List.self) { r, _, _, l in r.listID == l.id }
            .where { _, _, t, _ in t.name == "home" }
            .select { r, _, t, l in (r.title, t.name, l.name) }
        assertInlineSnapshot(of: tagged.debugDescription, as: .lines) {
            """
            SELECT "reminders"."title", "tags"."name", "lists"."name" FROM "reminders" JOIN "reminder_tags" ON ("reminders"."id" = "reminder_tags"."reminder_id") JOIN "tags" ON ("reminder_tags"."tag_id" = "tags"."id") LEFT JOIN "lists" ON ("reminders"."list_id" = "lists"."id") WHERE ("tags"."name" = 'home')
            """
        }
    }

    @Test func insertOneRowManyRowsAndDefaults() {
        let created = Date(timeIntervalSince1970: 1_772_443_800)
        assertInlineSnapshot(
            of: Reminder.insert {
                $0.listID.set(1)
                $0.title.set("Buy milk")
                $0.completedAt.set(nil)
                $0.createdAt.set(created)
            }.returning { $0.id }.debugDescription,
            as: .lines
        ) {
            """
            INSERT INTO "reminders" ("list_id", "title", "completed_at", "created_at") VALUES (1, 'Buy milk', NULL, '2026-03-02 09:30:00.000') RETURNING "id"
            """
        }
        assertInlineSnapshot(of: Tag.insert(["home", "work"]) { $0.name.set($1) }.debugDescription, as: .lines) {
            """
            INSERT INTO "tags" ("name") VALUES ('home'), ('work')
            """
        }
        assertInlineSnapshot(of: List.insert { _ in }.debugDescription, as: .lines) {
            """
            INSERT INTO "lists" DEFAULT VALUES
            """
        }
    }

    @Test func insertOnConflict() {
        assertInlineSnapshot(of: Tag.insert { $0.name.set("home") }.onConflictDoNothing().debugDescription, as: .lines) {
            """
            INSERT INTO "tags" ("name") VALUES ('home') ON CONFLICT DO NOTHING
            """
        }
        assertInlineSnapshot(
            of: Tag.insert { $0.id.set(1); $0.name.set("home") }
                .onConflict { $0.id } doUpdate: { $0.name.set($0.name.excluded) }
                .returning { ($0.id, $0.name) }.debugDescription,
            as: .lines
        ) {
            """
            INSERT INTO "tags" ("id", "name") VALUES (1, 'home') ON CONFLICT ("id") DO UPDATE SET "name" = "excluded"."name" RETURNING "id", "name"
            """
        }
    }

    @Test func updateAndDeleteWithWhere() {
        let now = Date(timeIntervalSince1970: 1_772_443_800)
        assertInlineSnapshot(
            of: Reminder.where { $0.id == 7 }.update {
                $0.title.set("Milk")
                $0.priority.set($0.priority + 1)
                $0.dueDate.set(nil)
                $0.updatedAt.set(now)
            }.debugDescription,
            as: .lines
        ) {
            """
            UPDATE "reminders" SET "title" = 'Milk', "priority" = ("reminders"."priority" + 1), "due_date" = NULL, "updated_at" = '2026-03-02 09:30:00.000' WHERE ("reminders"."id" = 7)
            """
        }
        assertInlineSnapshot(of: List.all.update { $0.position.set($0.position - 1) }.debugDescription, as: .lines) {
            """
            UPDATE "lists" SET "position" = ("lists"."position" - 1)
            """
        }
        assertInlineSnapshot(of: Reminder.where { $0.id.in([1, 2]) }.delete().debugDescription, as: .lines) {
            """
            DELETE FROM "reminders" WHERE ("reminders"."id" IN (1, 2))
            """
        }
        assertInlineSnapshot(of: Reminder.delete().debugDescription, as: .lines) {
            """
            DELETE FROM "reminders"
            """
        }
    }

    @Test func selectionDecodesRowsIntoItsTypes() throws {
        let query = Reminder.select { ($0.id, $0.title, $0.dueDate, $0.isFlagged) }
        let row = try query.decode([.integer(3), .text("Milk"), .null, .integer(1)])
        #expect(row.0 == 3 && row.1 == "Milk" && row.2 == nil && row.3 == true)
        #expect(throws: SQLDecodingError.self) { try query.decode([.null, .text("Milk"), .null, .integer(1)]) }
        #expect(try Reminder.count().decode([.integer(12)]) == 12)
        #expect(try Reminder.all.decode([.integer(1), .text("x")]) == [.integer(1), .text("x")])
    }
}
