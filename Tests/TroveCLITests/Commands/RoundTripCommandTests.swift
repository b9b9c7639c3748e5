import Foundation
import Testing
import TroveStore

/// export → import into an empty database → export, through the real `trove`, for every format,
/// on a database holding every awkward value we could think of. Byte-identical each time; where
/// a format cannot carry a field, the second half of each test shows exactly what happens.
@Suite(.serialized) struct RoundTripCommandTests {
    /// A UTC moment in the proleptic Gregorian calendar (Foundation's formatters switch to the
    /// Julian calendar before 1582, which would move year 1 by two days).
    static func moment(_ iso: String) -> Date {
        guard case .time(let date)? = DueDate(storageText: iso) else { fatalError("not a moment: \(iso)") }
        return date
    }

    /// Every awkward value: CRLF, tabs, `+x @y key:value` in titles, emoji, RTL, 4 MB notes, every
    /// priority, dates at years 1 and 9999, a repeat with completions, kept iCalendar lines, a
    /// completion whose time nobody knows, and a reminder with nothing but a title.
    static var awkward: [ReminderRecord] {
        let big = String(repeating: "abcdefghijklmnopqrstuvwxyz0123456789ÄÖÜ\n", count: 4_000_000 / 44)
        let created = moment("2026-02-20T09:15:00.123Z")
        return [
            ReminderRecord(
                id: 1, uid: "0193a1c2-0000-7000-8000-000000000001", title: "Call +Family @phone about due:soon key:value",
                notes: "line one\r\nline two\ttab, comma; semi \\ backslash \"quote\" %20 literal", list: "Home Office",
                tags: ["a;b", "with space", "Ünïcödé"], priority: .high, isFlagged: true,
                due: .time(moment("2026-03-02T17:00:00.500Z")), createdAt: created, updatedAt: moment("2026-02-21T10:00:00.456Z")),
            ReminderRecord(
                id: 2, uid: "0193a1c2-0000-7000-8000-000000000002", title: "x marks the spot 🎉 👩‍👩‍👧",
                notes: "Emoji 😀 and RTL: שלום עולם, مرحبا بالعالم", list: "עברית", tags: ["日本語"], priority: .medium,
                due: .day(CalendarDay(year: 1, month: 1, day: 1)!), createdAt: moment("0001-01-01T00:00:00Z"),
                updatedAt: moment("0001-01-01T00:00:00Z")),
            ReminderRecord(
                id: 3, uid: "0193a1c2-0000-7000-8000-000000000003", title: "(A) 2026-01-01 not a priority\tnor a date",
                notes: big, list: "Big", priority: .low, isCompleted: true, completedAt: moment("9999-12-31T23:59:59.999Z"),
                due: .day(CalendarDay(year: 9999, month: 12, day: 31)!), createdAt: moment("2026-02-20T09:15:00Z"),
                updatedAt: moment("2026-02-22T00:00:00Z")),
            ReminderRecord(
                id: 5, uid: "tasks.org-5271937361204862233", title: "Water the plants", list: "Home",
                priority: .none, due: .day(CalendarDay(year: 2026, month: 3, day: 9)!),
                repeat: RepeatRule(.weekly, interval: 2, byDay: [.init(.monday), .init(.thursday)]),
                createdAt: moment("2026-01-05T08:00:00Z"), updatedAt: moment("2026-03-02T19:00:00Z"),
                completions: [
                    Completion(due: .day(CalendarDay(year: 2026, month: 2, day: 23)!), completedAt: moment("2026-02-23T18:00:00Z")),
                    Completion(due: .day(CalendarDay(year: 2026, month: 2, day: 26)!), completedAt: nil),
                ],
                icalendar: ["CLASS:PRIVATE", "RELATED-TO;RELTYPE=PARENT:parent@example.com", "X-APPLE-SORT-ORDER:7",
                            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "DESCRIPTION:Reminder", "END:VALARM"]),
            ReminderRecord(
                id: 8, uid: "0193a1c2-0000-7000-8000-000000000008", title: "Done, but nobody wrote down when", list: "Home",
                isCompleted: true, completedAt: nil, createdAt: moment("2026-02-01T00:00:00Z"), updatedAt: moment("2026-02-01T00:00:00Z")),
            ReminderRecord(
                id: 9, uid: "0193a1c2-0000-7000-8000-000000000009", title: "Monthly, last Friday, 6 times", list: "Work",
                due: .time(moment("2026-03-27T08:30:00Z")),
                repeat: RepeatRule(.monthly, byDay: [.init(.friday, ordinal: -1)], end: .count(6)),
                createdAt: moment("2026-02-02T00:00:00Z"), updatedAt: moment("2026-02-02T00:00:00Z")),
            ReminderRecord(
                id: 12, uid: "0193a1c2-0000-7000-8000-00000000000c", title: "Nothing else", list: "Reminders",
                createdAt: moment("2026-02-03T00:00:00Z"), updatedAt: moment("2026-02-03T00:00:00Z")),
        ]
    }

    /// The awkward database, made by importing its JSON Lines (which keeps the ids).
    static func makeDatabase(in folder: TemporaryFolder) throws -> (db: String, jsonl: String) {
        let sink = ByteSink()
        var writer = JSONLinesWriter(sink)
        for record in awkward { try writer.write(record) }
        try writer.finish()
        let path = folder.path("awkward.jsonl")
        try Data(sink.bytes).write(to: URL(fileURLWithPath: path))
        let db = folder.path("awkward.db")
        let imported = try TroveProcess.run(["import", path, "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("Imported \(path): 7 added, 0 updated, 0 unchanged."))
        return (db, path)
    }

    /// Exports `db` as `format`, imports that into an empty database, exports again.
    static func roundTrip(_ db: String, format: String, in folder: TemporaryFolder) throws -> (first: Data, second: Data, db: String) {
        let first = folder.path("first.\(format)"), second = folder.path("second.\(format)")
        let copy = folder.path("copy-\(format).db")
        let exported = try TroveProcess.run(["export", "--format", format, "-o", first, "--db", db])
        #expect(exported.status == 0, "\(exported.stderr)")
        let imported = try TroveProcess.run(["import", first, "--format", format, "--db", copy])
        #expect(imported.status == 0, "\(imported.stderr)")
        let again = try TroveProcess.run(["export", "--format", format, "-o", second, "--db", copy])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try TroveProcess.run(["check", "--db", copy]).status == 0)
        return (try Data(contentsOf: URL(fileURLWithPath: first)), try Data(contentsOf: URL(fileURLWithPath: second)), copy)
    }

    /// The reminders of `db` as records, through `trove export`.
    static func records(_ db: String) throws -> [ReminderRecord] {
        let exported = try TroveProcess.run(["export", "--db", db])
        var reader = JSONLinesReader(LineReader(string: exported.stdout))
        var records: [ReminderRecord] = []
        while let record = try reader.next() { records.append(record) }
        return records
    }

    @Test func jsonLinesIsByteIdenticalAndLosesNothing() throws {
        let folder = try TemporaryFolder()
        let (db, source) = try Self.makeDatabase(in: folder)
        let (first, second, copy) = try Self.roundTrip(db, format: "jsonl", in: folder)
        #expect(first == second)
        // The canonical shape loses nothing: the first export is the very file imported.
        #expect(first == (try Data(contentsOf: URL(fileURLWithPath: source))))
        #expect(try Self.records(copy) == Self.awkward)
    }

    @Test func csvIsByteIdenticalAndLosesNothing() throws {
        let folder = try TemporaryFolder()
        let (db, _) = try Self.makeDatabase(in: folder)
        let (first, second, copy) = try Self.roundTrip(db, format: "csv", in: folder)
        #expect(first == second)
        // Regression: a CRLF in notes came back as LF.
        #expect(try Self.records(copy) == Self.awkward)
    }

    @Test func iCalendarIsByteIdenticalAndKeepsWhatTheFormatCan() throws {
        let folder = try TemporaryFolder()
        let (db, _) = try Self.makeDatabase(in: folder)
        let (first, second, copy) = try Self.roundTrip(db, format: "ics", in: folder)
        #expect(first == second)
        let text = String(decoding: first, as: UTF8.self)
        // Regression: END:VCALENDAR was written twice, so no reader could read the file back.
        #expect(text.components(separatedBy: "END:VCALENDAR").count == 2)
        // What iCalendar cannot carry: milliseconds (whole seconds only), a carriage return (TEXT
        // has only \n, RFC 5545 §3.3.11), ids (UIDs identify), and a completed occurrence without
        // a due date (RECURRENCE-ID needs one). Everything else, repeat, kept lines and uids
        // included, comes back.
        var expected = Self.awkward
        for index in expected.indices {
            expected[index].id = Int64(index + 1)
            expected[index].notes = expected[index].notes.replacingOccurrences(of: "\r\n", with: "\n")
            for keyPath in [\ReminderRecord.createdAt, \.updatedAt, \.completedAt] {
                expected[index][keyPath: keyPath] = expected[index][keyPath: keyPath].map(Self.wholeSeconds)
            }
            if case .time(let date)? = expected[index].due { expected[index].due = .time(Self.wholeSeconds(date)) }
        }
        #expect(try Self.records(copy) == expected)
    }

    @Test func todoTxtIsByteIdenticalAndKeepsWhatTheFormatCan() throws {
        let folder = try TemporaryFolder()
        let (db, _) = try Self.makeDatabase(in: folder)
        let (first, second, copy) = try Self.roundTrip(db, format: "todotxt", in: folder)
        #expect(first == second)
        let text = String(decoding: first, as: UTF8.self)
        // Title words todo.txt would read as something else are escaped; others show them as written.
        #expect(text.hasPrefix(#"(A) 2026-02-20 Call \+Family \@phone about \due:soon key:value +Home%20Office"#))
        #expect(text.contains(#"(B) 0001-01-01 \x marks the spot"#))
        #expect(text.contains(#"x 9999-12-31 2026-02-20 \(A) 2026-01-01 not a priority nor a date +Big"#))
        // What todo.txt cannot carry: times of day (days only), updatedAt, runs of spaces and tabs
        // in a title, completed occurrences, kept iCalendar lines, and the creation date of a task
        // completed at an unknown time (the format puts it after the completion date).
        let copied = try Self.records(copy)
        #expect(copied.map(\.title) == Self.awkward.map { $0.title.split(whereSeparator: \.isWhitespace).joined(separator: " ") })
        #expect(copied.map(\.uid) == Self.awkward.map(\.uid))
        #expect(copied.map(\.notes) == Self.awkward.map(\.notes))
        #expect(copied.map(\.tags) == Self.awkward.map(\.tags))
        #expect(copied.map(\.list) == Self.awkward.map(\.list))
        #expect(copied.map(\.priority) == Self.awkward.map(\.priority))
        #expect(copied.map(\.repeat) == Self.awkward.map(\.repeat))
        #expect(copied.map(\.isCompleted) == Self.awkward.map(\.isCompleted))
        #expect(copied[0].due == .day(CalendarDay(year: 2026, month: 3, day: 2)!))
        #expect(copied.allSatisfy { $0.completions.isEmpty && $0.icalendar.isEmpty })
        #expect(copied[4].completedAt == nil)
    }

    /// Regression (issue 20, item 1): `+Urgent` came back as the title word `\+Urgent`, a task
    /// without a project as `+Reminders`, and `rec:1w` as `rec:+1w`. A file of lines with several
    /// projects is now written back byte for byte: import → export → import → export.
    @Test func todoTxtLinesWithSeveralProjectsComeBackAsWritten() throws {
        let folder = try TemporaryFolder()
        let source = folder.path("todo.txt")
        let lines = """
            (A) Call plumber +Home +Urgent @phone rec:1w
            (B) 2026-02-20 Plan the trip +Travel +Family +Budget @laptop @evening due:2026-03-02
            Buy stamps @errand
            Water the plants +Garden due:2026-03-09 rec:+1w
            x 2026-03-01 2026-02-20 Renew passport +Travel +Urgent pri:A

            """
        try lines.write(toFile: source, atomically: true, encoding: .utf8)
        let db = folder.path("first.db")
        let imported = try TroveProcess.run(["import", source, "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        let first = try TroveProcess.run(["export", "--format", "todotxt", "--db", db])
        #expect(first.status == 0, "\(first.stderr)")
        // The first export adds what the store gave each line (a creation day, a uid) and
        // nothing else: every project, context and rec: as written, no +Reminders.
        let exported = first.stdout.split(separator: "\n").map(String.init)
        #expect(exported.count == 5)
        #expect(exported[0].hasPrefix("(A) ") && exported[0].contains(" Call plumber +Home +Urgent @phone rec:1w uid:"))
        #expect(exported[1].hasPrefix("(B) 2026-02-20 Plan the trip +Travel +Family +Budget @laptop @evening due:2026-03-02 uid:"))
        #expect(exported[2].contains(" Buy stamps @errand uid:"))
        #expect(!exported[2].contains("+Reminders"))
        #expect(exported[3].contains(" Water the plants +Garden due:2026-03-09 rec:+1w uid:"))
        #expect(exported[4].hasPrefix("x 2026-03-01 2026-02-20 Renew passport +Travel +Urgent pri:A uid:"))
        // export → import → export: byte for byte.
        let (again, second, _) = try Self.roundTrip(db, format: "todotxt", in: folder)
        #expect(again == second)
        #expect(String(decoding: second, as: UTF8.self) == first.stdout)
        let shown = try TroveProcess.run(["show", "1", "--format", "json", "--db", db])
        #expect(shown.stdout.contains("\"list\":\"Home\""))
        #expect(shown.stdout.contains("\"tags\":[\"+Urgent\",\"phone\"]"))
    }

    /// export → import into the SAME database, through the real `trove`: nothing is updated and
    /// the store is byte for byte as it was, in every format, though iCalendar keeps whole
    /// seconds and todo.txt days and no occurrences or iCalendar properties.
    @Test(arguments: ["jsonl", "csv", "ics", "todotxt"])
    func reimportingAnExportIntoItsOwnStoreChangesNothing(_ format: String) throws {
        let folder = try TemporaryFolder()
        let (db, _) = try Self.makeDatabase(in: folder)
        let before = try TroveProcess.run(["export", "--db", db])
        let file = folder.path("export.\(format)")
        #expect(try TroveProcess.run(["export", "--format", format, "-o", file, "--db", db]).status == 0)
        let imported = try TroveProcess.run(["import", file, "--format", format, "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains(": 0 added, 0 updated, "), "\(imported.stdout)")
        let after = try TroveProcess.run(["export", "--db", db])
        #expect(after.stdout == before.stdout)
        #expect(try TroveProcess.run(["check", "--db", db]).status == 0)
    }

    static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970).rounded(.down))
    }
}
