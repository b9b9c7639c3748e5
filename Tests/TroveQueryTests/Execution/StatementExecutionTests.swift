import Foundation
import Testing
import TroveQuery
import TroveSQLite

/// The CRUD a reminders store needs, written only with the builder.
@Suite struct StatementExecutionTests {
    let db: SQLConnection

    init() throws {
        db = try SeededDatabase.make()
    }

    @Test func insertReturningIdThenReadBack() throws {
        let created = Date(timeIntervalSince1970: 1_772_443_800)
        let insert = Reminder.insert {
            $0.listID.set(3)
            $0.title.set("Call mum")
            $0.dueDate.set(nil)
            $0.createdAt.set(created)
        }.returning { $0.id }
        let row = try #require(try db.fetchOne(insert.sql))
        let id = try insert.decode(row.values)
        #expect(id == 8)
        let read = try db.all(Reminder.where { $0.id == id }.select { ($0.title, $0.notes, $0.dueDate, $0.createdAt) })
        #expect(read.count == 1)
        #expect(read[0].0 == "Call mum" && read[0].1 == "" && read[0].2 == nil && read[0].3 == created)
    }

    @Test func insertManyRowsInOneStatement() throws {
        try db.execute(Tag.insert(["work", "later", "someday"]) { $0.name.set($1) }.sql)
        #expect(try db.all(Tag.select { $0.name }.order { $0.id }) == ["home", "errand", "work", "later", "someday"])
    }

    @Test func upsertDoNothingAndDoUpdate() throws {
        try db.execute(Tag.insert { $0.name.set("home") }.onConflictDoNothing().sql)
        #expect(try db.fetchValue(Tag.count().sql, as: Int.self) == 2)
        let upsert = Tag.insert { $0.id.set(2); $0.name.set("chores") }
            .onConflict { $0.id } doUpdate: { $0.name.set($0.name.excluded) }
            .returning { ($0.id, $0.name) }
        let row = try #require(try db.fetchOne(upsert.sql))
        let returned = try upsert.decode(row.values)
        #expect(returned.0 == 2 && returned.1 == "chores")
        #expect(try db.all(Tag.select { $0.name }.order { $0.id }) == ["home", "chores"])
    }

    @Test func updateWithExpressionsAndWhere() throws {
        try db.execute(Reminder.where { $0.listID == 1 }.update {
            $0.priority.set($0.priority + 1)
            $0.dueDate.set(nil)
        }.sql)
        #expect(db.changes == 2)
        let rows = try db.all(Reminder.where { $0.listID == 1 }.select { ($0.priority, $0.dueDate) }.order { $0.id })
        #expect(rows.map(\.0) == [2, 1])
        #expect(rows.allSatisfy { $0.1 == nil })
        #expect(try db.ids(Reminder.where { $0.priority == 0 }) == [5, 6, 7])
    }

    @Test func deleteOnlyWhatTheWhereSelects() throws {
        try db.execute(Reminder.where { $0.title.hasSuffix("file") }.delete().sql)
        #expect(try db.fetchValue(Reminder.count().sql, as: Int.self) == 5)
        try db.execute(ReminderTag.delete().sql)
        #expect(try db.fetchValue(ReminderTag.count().sql, as: Int.self) == 0)
    }

    @Test func joinsGroupAndHaving() throws {
        let counts = try db.all(List.leftJoin(Reminder.self) { l, r in l.id == r.listID }
            .group { l, _ in l.id }
            .select { l, r in (l.name, r.id.count()) }
            .order { l, _ in l.position })
        #expect(counts.map(\.0) == ["Groceries", "Home", "Empty"])
        #expect(counts.map(\.1) == [2, 5, 0])

        let busy = try db.all(Reminder.group { $0.listID }.having { _ in countAll() > 2 }.select { $0.listID })
        #expect(busy == [2])

        let homeTagged = try db.all(Reminder.join(ReminderTag.self) { r, rt in r.id == rt.reminderID }
            .join(Tag.self) { _, rt, t in rt.tagID == t.id }
            .join(List.self) { r, _, _, l in r.listID == l.id }
            .where { _, _, t, _ in t.name == "home" }
            .select { r, _, _, l in (r.title, l.name) }
            .order { r, _, _, _ in r.id })
        #expect(homeTagged.map(\.0) == ["Take a walk", "Walk the dog"])
        #expect(homeTagged.map(\.1) == ["Groceries", "Home"])
    }

    @Test func orderNullsLimitOffsetAndCount() throws {
        let byDue = Reminder.all.select { $0.id }.order { $0.dueDate.asc(nulls: .last); $0.id }
        #expect(try db.all(byDue) == [1, 4, 3, 2, 5, 6, 7])
        let byDueDescending = Reminder.all.select { $0.id }.order { $0.dueDate.desc(nulls: .first); $0.id }
        #expect(try db.all(byDueDescending) == [2, 5, 6, 7, 3, 4, 1])
        #expect(try db.all(byDue.limit(2, offset: 1)) == [4, 3])
        #expect(try db.all(byDue.offset(5)) == [6, 7])
        #expect(try db.fetchValue(Reminder.where { $0.isFlagged }.count().sql, as: Int.self) == 2)
        #expect(try db.fetchValue(Reminder.all.limit(3).count().sql, as: Int.self) == 3)
        #expect(try db.fetchValue(Reminder.select { $0.listID }.distinct().count().sql, as: Int.self) == 2)
    }
}
