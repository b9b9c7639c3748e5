import Testing
import TroveQuery
import TroveSQLite

/// `contains`, `hasPrefix` and `hasSuffix` match `%`, `_` and `\` literally.
@Suite struct LikeEscapingExecutionTests {
    let db: SQLConnection

    init() throws {
        db = try SeededDatabase.make()
    }

    @Test func percentMatchesOnlyAPercent() throws {
        #expect(try db.ids(Reminder.where { $0.title.contains("50%") }) == [4])
        // NB: the hazard being escaped: a raw LIKE treats % as a wildcard and also finds "500".
        #expect(try db.ids(Reminder.where { $0.title.like("%50%%") }) == [4, 5])
    }

    @Test func underscoreMatchesOnlyAnUnderscore() throws {
        #expect(try db.ids(Reminder.where { $0.title.contains("a_c") }) == [6])
        #expect(try db.ids(Reminder.where { $0.title.hasPrefix("a_") }) == [6])
        #expect(try db.ids(Reminder.where { $0.title.like("a_c%") }) == [6, 7])
    }

    @Test func backslashMatchesOnlyABackslash() throws {
        #expect(try db.ids(Reminder.where { $0.notes.contains(#"C:\"#) }) == [6])
        #expect(try db.ids(Reminder.where { $0.notes.hasSuffix(#"\path"#) }) == [6])
        #expect(try db.ids(Reminder.where { $0.notes.hasPrefix("C:") }) == [6, 7])
    }

    /// Each special character is replaced in a decoy by something its wildcard meaning would
    /// match; only the literal text may be found.
    @Test(arguments: [#"50%_a\b"#, "%", "_", #"\"#, #"\%"#, "%%__"])
    func escapedPatternMatchesItselfExactly(text: String) throws {
        let decoy = String(text.map { $0 == "%" ? "9" : $0 == "_" ? "Q" : $0 == "\\" ? "/" : $0 })
        let db = try SQLConnection.inMemory()
        try db.execute(FixtureSchema.ddl)
        try db.execute(List.insert { $0.id.set(1); $0.name.set("L") }.sql)
        try db.execute(Reminder.insert(["x\(text)y", "x\(decoy)y", "xy"]) { $0.listID.set(1); $0.title.set($1) }.sql)
        for query in [
            Reminder.where { $0.title.contains(text) },
            Reminder.where { $0.title.hasPrefix("x" + text) },
            Reminder.where { $0.title.hasSuffix(text + "y") },
        ] {
            #expect(try db.all(query.select { $0.title }) == ["x\(text)y"])
        }
    }
}
