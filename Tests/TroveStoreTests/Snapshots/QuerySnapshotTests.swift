import Testing
import TroveQuery
import TroveStore
import TroveTestSupport

/// `assertQuery` on the builder's tables against the seeded store: the SQL and the rows.
@Suite struct QuerySnapshotTests {
    private static let store = Task { try await seededStore() }

    // Open flagged reminders by due date: the ten flagged reminders of the seed are all open.
    @Test func openFlaggedByDueDate() async throws {
        let store = try await Self.store.value
        await assertQuery(
            ReminderTable.where { $0.isFlagged && !$0.isCompleted }
                .select { ($0.id, $0.title, $0.dueDate) }
                .order { $0.dueDate.asc(nulls: .last); $0.id },
            on: store.database) {
            """
            SELECT
              "reminders"."id",
              "reminders"."title",
              "reminders"."due_date"
            FROM "reminders"
            WHERE (("reminders"."is_flagged") AND (NOT ("reminders"."is_completed")))
            ORDER BY
              "reminders"."due_date" ASC NULLS LAST,
              "reminders"."id"
            """
        } results: {
            """
            id   title                                       due_date
            ---  ------------------------------------------  -----------------------
            103  Follow up with legal on the NDA             2026-02-24
            64   Set up a payment plan for the tax bill      2026-02-27
            153  Call the plumber about the boiler pressure  2026-03-03
            51   Dentist appointment                         2026-03-04 09:20:00.000
            127  Prep Q&A for the all-hands                  2026-03-04 15:00:00.000
            170  Refill Leo's inhaler 💊                      2026-03-05
            67   Renew passport                              2026-03-06
            97   Performance reviews                         2026-03-13
            80   Leo's birthday party 🎂                      2026-03-14 14:00:00.000
            61   Use the ISA allowance before 5 April        2026-04-03
            """
        }
    }

    // contains() escapes LIKE's wildcards: "50%" matches the two "50% off" notes, not "500".
    @Test func containsMatchesAPercentSignLiterally() async throws {
        let store = try await Self.store.value
        await assertQuery(
            ReminderTable.where { $0.notes.contains("50%") }.select { ($0.id, $0.title) }.order { $0.id },
            on: store.database) {
            #"""
            SELECT
              "reminders"."id",
              "reminders"."title"
            FROM "reminders"
            WHERE ("reminders"."notes" LIKE '%50\%%' ESCAPE '\')
            ORDER BY
              "reminders"."id"
            """#
        } results: {
            """
            id   title
            ---  -------------------------
            154  Coffee beans
            155  Plant the dahlia tubers 🌱
            """
        }
    }

    // A join with grouping: open reminders per list, most first, ties by name (132 open in all).
    @Test func openRemindersPerList() async throws {
        let store = try await Self.store.value
        await assertQuery(
            ListTable.join(ReminderTable.self) { l, r in l.id == r.listID }
                .where { _, r in !r.isCompleted }
                .group { l, _ in l.id }
                .select { l, r in (l.name, r.id.count()) }
                .order { l, r in r.id.count().desc(); l.name },
            on: store.database) {
            """
            SELECT
              "lists"."name",
              count("reminders"."id")
            FROM "lists"
            JOIN "reminders" ON ("lists"."id" = "reminders"."list_id")
            WHERE (NOT ("reminders"."is_completed"))
            GROUP BY
              "lists"."id"
            ORDER BY
              count("reminders"."id") DESC,
              "lists"."name"
            """
        } results: {
            """
            name         count("reminders"."id")
            -----------  -----------------------
            Home         28
            Work         23
            Groceries    15
            Travel       15
            Finance      14
            Health       12
            Reading      11
            Home Office  8
            Garden       6
            """
        }
    }
}
