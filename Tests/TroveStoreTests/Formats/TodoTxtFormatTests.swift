import Foundation
import Testing
import TroveStore

@Suite struct TodoTxtFormatTests {
    @Test(arguments: [
        ("Buy milk", ReminderRecord(title: "Buy milk")),
        (
            "(A) 2026-02-20 Call Mum +Family @phone due:2026-03-02",
            ReminderRecord(
                title: "Call Mum", list: "Family", tags: ["phone"], priority: .high, due: .day(day("2026-03-02")),
                createdAt: Moments.feb20Midnight)
        ),
        ("(B) Medium", ReminderRecord(title: "Medium", priority: .medium)),
        ("(C) Low", ReminderRecord(title: "Low", priority: .low)),
        ("(Z) Also low", ReminderRecord(title: "Also low", priority: .low)),
        ("(a) lower-case is not a priority", ReminderRecord(title: "(a) lower-case is not a priority")),
        ("x Done", ReminderRecord(title: "Done", isCompleted: true)),
        ("x 2026-03-01 Done", ReminderRecord(title: "Done", isCompleted: true, completedAt: Moments.mar1Midnight)),
        (
            "x 2026-03-01 2026-02-20 Done pri:B",
            ReminderRecord(
                title: "Done", priority: .medium, isCompleted: true, completedAt: Moments.mar1Midnight,
                createdAt: Moments.feb20Midnight)
        ),
        ("xylophone lessons", ReminderRecord(title: "xylophone lessons")),
        ("X not completed", ReminderRecord(title: "X not completed")),
        // A second project is a tag that keeps its `+`, never title text (issue 20, item 1).
        ("Plan +Work trip +Travel", ReminderRecord(title: "Plan trip", list: "Work", tags: ["+Travel"])),
        ("Tags @a @b @A", ReminderRecord(title: "Tags", tags: ["a", "b"])),
        ("Read  t:2026-03-01  at 10:30 see https://example.com", ReminderRecord(title: "Read t:2026-03-01 at 10:30 see https://example.com")),
        // A rec: spelled otherwise than Trove writes it is kept, so the export writes it as read.
        ("Water rec:1w", ReminderRecord(title: "Water", repeat: RepeatRule(.weekly), icalendar: ["X-TROVE-REC:1w"])),
        ("Rent rec:+2m", ReminderRecord(title: "Rent", repeat: RepeatRule(.monthly, interval: 2))),
        ("Pages rec:1b", ReminderRecord(title: "Pages", repeat: RepeatRule(.daily, byDay: [.monday, .tuesday, .wednesday, .thursday, .friday].map { .init($0) }), icalendar: ["X-TROVE-REC:1b"])),
        ("Gym rrule:FREQ=WEEKLY;BYDAY=MO,TH uid:abc%20def", ReminderRecord(uid: "abc def", title: "Gym", repeat: RepeatRule(.weekly, byDay: [.init(.monday), .init(.thursday)]))),
        // Backslash-escaped words stay in the title, one backslash lighter (see TodoTxtEscaping).
        (#"\x marks \+Family \@phone \due:soon \\+kept"#, ReminderRecord(title: #"x marks +Family @phone due:soon \+kept"#)),
        (#"(A) \2026-01-01 plan \note:x"#, ReminderRecord(title: "2026-01-01 plan note:x", priority: .high)),
        (#"a\b \plain"#, ReminderRecord(title: #"a\b \plain"#)),
        (
            "Encoded +Home%20Office @with%20space note:line%201%0Aline%202%25 flagged:yes",
            ReminderRecord(
                title: "Encoded", notes: "line 1\nline 2%", list: "Home Office", tags: ["with space"], isFlagged: true)
        ),
        ("Keep +100% raw", ReminderRecord(title: "Keep raw", list: "100%")),
        ("Lone + and @ stay", ReminderRecord(title: "Lone + and @ stay")),
    ])
    func parsesTasks(line: String, expected: ReminderRecord) throws {
        #expect(try readAll(.todotxt, line).records == [expected])
    }

    @Test func skipsBlankLinesAndUsesTheListArgumentWithoutAProject() throws {
        let records = try readAll(.todotxt, "\u{FEFF}one\r\n\r\n   \r\ntwo +Work\r\n", list: "Inbox").records
        #expect(records.map(\.title) == ["one", "two"])
        #expect(records.map(\.list) == ["Inbox", "Work"])
    }

    @Test(arguments: [
        ("ok\nPay rent due:tomorrow", 2, "due:", #"expected a date YYYY-MM-DD, got "tomorrow""#),
        ("ok\nok\nPay rent due:2026-02-30", 3, "due:", "expected a date YYYY-MM-DD"),
        ("x Done pri:AB", 1, "pri:", "expected a letter A–Z"),
        ("ok\n+Work @phone due:2026-03-02", 2, nil, "the task has no text"),
    ])
    func rejectsBadTasksNamingLineAndKey(text: String, line: Int, key: String?, message: String) throws {
        let error = readError(.todotxt, text)
        #expect(error?.line == line)
        #expect(error?.field == key)
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }

    @Test func writesTodoTxtLines() throws {
        let records = [
            ReminderRecord(
                title: "Call Mum", notes: "Ask about\nSunday", list: "Family", tags: ["phone"], priority: .high,
                due: .day(day("2026-03-02")), createdAt: Moments.feb20Midnight),
            ReminderRecord(
                title: "Buy milk", list: "Groceries", priority: .low, isFlagged: true, isCompleted: true,
                completedAt: Moments.mar1Midnight, createdAt: Moments.feb20Midnight),
            ReminderRecord(title: "Multi\nline\ttitle", priority: .medium),
        ]
        #expect(try writeAll(.todotxt, records).text == """
            (A) 2026-02-20 Call Mum +Family @phone due:2026-03-02 note:Ask%20about%0ASunday
            x 2026-03-01 2026-02-20 Buy milk +Groceries pri:C flagged:yes
            (B) Multi line title

            """)
    }

    // Regression: title words such as +Family, @phone or due:soon were written as they are, so a
    // re-import moved reminders to other lists or refused Trove's own file.
    @Test(arguments: [
        ("Call +Family @phone about due:soon", #"Call \+Family \@phone about \due:soon"#),
        ("x marks the spot", #"\x marks the spot"#),
        ("(A) is not a priority", #"\(A) is not a priority"#),
        ("2026-01-01 is not a date", #"\2026-01-01 is not a date"#),
        (#"\+already escaped"#, #"\\+already escaped"#),
        ("ratio 2:1 and key:value stay", "ratio 2:1 and key:value stay"),
        ("+ and @ alone", "+ and @ alone"),
    ])
    func escapesTitleWordsThatWouldBeReadAsSomethingElse(title: String, line: String) throws {
        let record = ReminderRecord(title: title)
        let text = try writeAll(.todotxt, [record]).text
        #expect(text == line + "\n")
        #expect(try readAll(.todotxt, text).records == [record])
    }

    @Test func roundTripsWhatTheFormatKeeps() throws {
        let records = [
            ReminderRecord(
                title: "Quote \" backslash \\ emoji 🎉 日本語", notes: "line one\nline two\ttab %20 literal\r\nNUL \u{0}",
                list: "Home Office", tags: ["with space", "Ünïcödé"], priority: .high, isFlagged: true,
                due: .day(day("2026-03-02")), createdAt: Moments.feb20Midnight),
            ReminderRecord(
                title: "Done", priority: .medium, isCompleted: true, completedAt: Moments.mar1Midnight,
                createdAt: Moments.feb20Midnight),
            ReminderRecord(title: "Low", priority: .low),
        ]
        let written = try writeAll(.todotxt, records)
        #expect(written.warnings.isEmpty)
        #expect(try readAll(.todotxt, written.text).records == records)
    }

    // Regression (issue 20, item 1): the second project came back as the title word `\+Urgent`,
    // a task without a project as `+Reminders`, and `rec:1w` as `rec:+1w`.
    @Test(arguments: [
        "(A) Call plumber +Home +Urgent @phone rec:1w",
        "Water the plants +Garden @outside +Weekend rec:+1w",
        "Buy stamps @errand",
        "File taxes rec:2m",
    ])
    func aLineWithSeveralProjectsAndItsRecurrenceIsWrittenAsRead(line: String) throws {
        let records = try readAll(.todotxt, line).records
        let written = try writeAll(.todotxt, records)
        #expect(written.text == line + "\n")
        #expect(written.warnings.isEmpty)
    }

    @Test func theDefaultListIsWrittenOnlyBeforeAProjectTag() throws {
        let records = [
            ReminderRecord(title: "Plain", list: "Reminders"),
            ReminderRecord(title: "Tagged", list: "Reminders", tags: ["+Urgent", "phone"]),
        ]
        let text = try writeAll(.todotxt, records).text
        #expect(text == "Plain\nTagged +Reminders +Urgent @phone\n")
        #expect(try readAll(.todotxt, text).records.map(\.tags) == [[], ["+Urgent", "phone"]])
    }

    @Test func warnsAboutTimesOfDayItCannotKeep() throws {
        let record = ReminderRecord(title: "t", due: .time(Moments.mar2At1700), createdAt: Moments.feb20At0915)
        let written = try writeAll(.todotxt, [record])
        #expect(written.text == "2026-02-20 t due:2026-03-02\n")
        #expect(written.warnings == ["2 date(s) lost their time of day; todo.txt stores days only"])
    }
}
