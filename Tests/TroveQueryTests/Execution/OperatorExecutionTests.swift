import Testing
import TroveQuery
import TroveSQLite

/// Every operator, run against the seeded database; see `SeededDatabase` for the rows.
@Suite struct OperatorExecutionTests {
    let db: SQLConnection

    init() throws {
        db = try SeededDatabase.make()
    }

    @Test func comparisonsWithBoundValues() throws {
        #expect(try db.ids(Reminder.where { $0.priority == 0 }) == [2, 5, 6, 7])
        #expect(try db.ids(Reminder.where { $0.priority != 0 }) == [1, 3, 4])
        #expect(try db.ids(Reminder.where { $0.priority < 2 }) == [1, 2, 5, 6, 7])
        #expect(try db.ids(Reminder.where { $0.priority <= 2 }) == [1, 2, 3, 5, 6, 7])
        #expect(try db.ids(Reminder.where { $0.priority > 2 }) == [4])
        #expect(try db.ids(Reminder.where { $0.priority >= 2 }) == [3, 4])
        #expect(try db.ids(Reminder.where { $0.isFlagged == true }) == [1, 3])
        #expect(try db.ids(Reminder.where { $0.dueDate == "2026-03-02" }) == [4])
    }

    @Test func nilComparisonsAndNullChecks() throws {
        #expect(try db.ids(Reminder.where { $0.dueDate == nil }) == [2, 5, 6, 7])
        #expect(try db.ids(Reminder.where { $0.dueDate != nil }) == [1, 3, 4])
        #expect(try db.ids(Reminder.where { $0.completedAt.isNull }) == [1, 2, 4, 5, 6, 7])
        #expect(try db.ids(Reminder.where { $0.completedAt.isNotNull }) == [3])
    }

    @Test func logicalOperators() throws {
        #expect(try db.ids(Reminder.where { $0.isFlagged }) == [1, 3])
        #expect(try db.ids(Reminder.where { !$0.isFlagged }) == [2, 4, 5, 6, 7])
        #expect(try db.ids(Reminder.where { !$0.isCompleted && ($0.isFlagged || $0.priority >= 2) }) == [1, 4])
        #expect(try db.ids(Reminder.where { $0.priority == 1 || $0.priority == 3 }) == [1, 4])
    }

    @Test func inAndBetween() throws {
        #expect(try db.ids(Reminder.where { $0.priority.in([1, 3]) }) == [1, 4])
        #expect(try db.ids(Reminder.where { $0.id.in([]) }) == [])
        #expect(try db.ids(Reminder.where { $0.priority.between(1, and: 2) }) == [1, 3])
        let home = ReminderTag.where { $0.tagID == 1 }.select { $0.reminderID }
        #expect(try db.ids(Reminder.where { $0.id.in(home) }) == [2, 3])
    }

    @Test func textOperators() throws {
        #expect(try db.ids(Reminder.where { $0.title.contains("walk") }) == [2, 3])
        #expect(try db.ids(Reminder.where { $0.title.hasPrefix("Walk") }) == [3])
        #expect(try db.ids(Reminder.where { $0.title.hasSuffix("file") }) == [6, 7])
        #expect(try db.ids(Reminder.where { $0.dueDate.contains("03") }) == [1, 3, 4])
        #expect(try db.ids(Reminder.where { $0.title.like("B_y%") }) == [1, 5])
        #expect(try db.ids(Reminder.where { $0.title.glob("Buy*") }) == [1, 5])
        // NB: GLOB is case-sensitive where LIKE is not.
        #expect(try db.ids(Reminder.where { $0.title.glob("buy*") }) == [])
    }

    @Test func collateNocaseComparesIgnoringCase() throws {
        #expect(try db.ids(Reminder.where { $0.title == "buy milk" }) == [])
        #expect(try db.ids(Reminder.where { $0.title.collate(.nocase) == "buy milk" }) == [1])
        let titles = try db.all(Reminder.where { $0.id.in([1, 6]) }.select { $0.title }.order { $0.title.collate(.nocase) })
        #expect(titles == ["a_c file", "Buy milk"])
    }

    @Test func columnAgainstColumnAndArithmetic() throws {
        let pairs = try db.all(Reminder.join(List.self) { r, l in r.listID == l.id }
            .where { r, l in r.priority > l.position }
            .select { r, _ in r.id }.order { r, _ in r.id })
        #expect(pairs == [1, 3, 4])
        #expect(try db.all(List.select { $0.position.max().ifNull(0) + 1 }) == [3])
        #expect(try db.all(List.where { $0.id == 42 }.select { $0.position.max().ifNull(0) + 1 }) == [1])
    }
}
