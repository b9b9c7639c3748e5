import Testing
import TroveQuery
import TroveSQLite

/// No user value is ever spliced into SQL text: it travels in the bindings, byte for byte.
@Suite struct HostileValueTests {
    static let hostile = [
        "Robert'); DROP TABLE reminders;--",
        #"say "hi" -- \n"#,
        #"50%_\ off"#,
        "semi;colon; DELETE FROM lists",
        "nul\u{0}byte",
        "emoji 🧺👩‍👩‍👧 family",
        "{title} : NEAR(a b) OR *",
        "''\\''",
    ]

    static func statements(for value: String) -> [SQLFragment] {
        [
            Reminder.where { $0.title == value || $0.notes != value || $0.dueDate == value }.sql,
            Reminder.where { $0.title.contains(value); $0.title.hasPrefix(value); $0.title.hasSuffix(value) }.sql,
            Reminder.where { $0.title.like(value); $0.title.glob(value); $0.title.in([value, value]) }.sql,
            Reminder.where { $0.title.between(value, and: value) }.order { $0.title }.sql,
            Reminder.insert { $0.title.set(value); $0.notes.set(value) }.sql,
            Tag.insert([value, value]) { $0.name.set($1) }.onConflictDoNothing().sql,
            Reminder.where { $0.notes == value }.update { $0.title.set(value) }.sql,
            Reminder.where { $0.title == value }.delete().sql,
            ReminderSearch.match(value).select { ($0.title.highlight(value, value), $0.notes.snippet(value, value, value, 8)) }.sql,
            ReminderSearch.all.where { $0.tags.match(value) }.sql,
        ]
    }

    @Test(arguments: hostile)
    func valuesNeverReachTheSQLText(value: String) {
        for statement in Self.statements(for: value) {
            let (sql, bindings) = statement.render()
            #expect(!sql.contains(value), "spliced into: \(sql)")
            #expect(sql.filter { $0 == "?" }.count == bindings.count)
            #expect(bindings.contains { if case .text(let text) = $0 { text.contains(value) || text.contains(SQLColumn<String>.escapeLike(value)) } else { false } })
        }
    }

    @Test(arguments: hostile)
    func bindingsHoldTheValueExactly(value: String) {
        #expect(Reminder.where { $0.title == value }.render().bindings == [.text(value)])
        #expect(Reminder.insert { $0.title.set(value) }.render().bindings == [.text(value)])
        #expect(ReminderSearch.match(value).render().bindings == [.text(value)])
        #expect(ReminderSearch.all.where { $0.title.match(value) }.render().bindings == [.text("{title} : (\(value))")])
    }

    @Test(arguments: hostile)
    func hostileValuesRoundTripThroughTheDatabase(value: String) throws {
        let db = try SeededDatabase.make()
        try db.execute(Reminder.insert { $0.listID.set(1); $0.title.set(value); $0.notes.set(value) }.sql)
        #expect(try db.all(Reminder.where { $0.title == value }.select { $0.title }) == [value])
        #expect(try db.all(Reminder.where { $0.notes.contains(value) }.select { $0.notes }) == [value])
        #expect(try db.fetchValue(List.count().sql, as: Int.self) == 3)
        #expect(try db.fetchValue(Reminder.count().sql, as: Int.self) == 8)
    }

    @Test func escapeLikeEscapesTheEscapeCharacterFirst() {
        #expect(SQLColumn<String>.escapeLike(#"50%_a\b"#) == #"50\%\_a\\b"#)
        #expect(SQLColumn<String>.escapeLike("plain") == "plain")
    }
}
