import Foundation
import Testing
import TroveStore

@Suite struct ICalendarFormatTests {
    /// A calendar holding one VTODO with these properties, CRLF-terminated.
    private func calendar(_ properties: [String], header: [String] = []) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0"] + header + ["BEGIN:VTODO"] + properties + ["END:VTODO", "END:VCALENDAR"])
            .map { $0 + "\r\n" }.joined()
    }

    @Test(arguments: [
        (["SUMMARY:Buy milk"], ReminderRecord(title: "Buy milk")),
        (["summary:lower case names"], ReminderRecord(title: "lower case names")),
        (["SUMMARY:t", "DUE;VALUE=DATE:20260302"], ReminderRecord(title: "t", due: .day(day("2026-03-02")))),
        (["SUMMARY:t", "DUE:20260302"], ReminderRecord(title: "t", due: .day(day("2026-03-02")))),
        (["SUMMARY:t", "DUE:20260302T170000Z"], ReminderRecord(title: "t", due: .time(Moments.mar2At1700))),
        (["SUMMARY:t", "DUE:20260302T170000"], ReminderRecord(title: "t", due: .time(Moments.mar2At1700))),
        (["SUMMARY:t", "DUE;TZID=Europe/Berlin:20260302T180000"], ReminderRecord(title: "t", due: .time(Moments.mar2At1700))),
        (["SUMMARY:t", "DUE;TZID=\"America/New_York\":20260701T110000"], ReminderRecord(title: "t", due: .time(Moments.jul1At1500))),
        (["SUMMARY:t", "PRIORITY:1"], ReminderRecord(title: "t", priority: .high)),
        (["SUMMARY:t", "PRIORITY:4"], ReminderRecord(title: "t", priority: .high)),
        (["SUMMARY:t", "PRIORITY:5"], ReminderRecord(title: "t", priority: .medium)),
        (["SUMMARY:t", "PRIORITY:6"], ReminderRecord(title: "t", priority: .low)),
        (["SUMMARY:t", "PRIORITY:9"], ReminderRecord(title: "t", priority: .low)),
        (["SUMMARY:t", "PRIORITY:0"], ReminderRecord(title: "t")),
        (["SUMMARY:t", "STATUS:COMPLETED"], ReminderRecord(title: "t", isCompleted: true)),
        (["SUMMARY:t", "STATUS:NEEDS-ACTION"], ReminderRecord(title: "t")),
        (
            ["SUMMARY:t", "COMPLETED:20260301T000000Z"],
            ReminderRecord(title: "t", isCompleted: true, completedAt: Moments.mar1Midnight)
        ),
        (["SUMMARY:t", "CREATED:20260220T091500Z"], ReminderRecord(title: "t", createdAt: Moments.feb20At0915)),
        (["SUMMARY:t", "CATEGORIES:a,b\\,c", "CATEGORIES:d,A"], ReminderRecord(title: "t", tags: ["a", "b,c", "d"])),
        (
            ["SUMMARY:t", #"DESCRIPTION:one\ntwo\Nthree\, four\; five\\six"#],
            ReminderRecord(title: "t", notes: "one\ntwo\nthree, four; five\\six")
        ),
        (["SUMMARY:Buy mi", " lk and", "\t bread"], ReminderRecord(title: "Buy milk and bread")),
        (["SUMMARY:t", "X-TROVE-LIST:Work", "X-TROVE-FLAGGED:TRUE"], ReminderRecord(title: "t", list: "Work", isFlagged: true)),
        (
            ["SUMMARY:t", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:alarm text", "TRIGGER:-PT15M", "END:VALARM"],
            ReminderRecord(title: "t")
        ),
    ])
    func parsesProperties(properties: [String], expected: ReminderRecord) throws {
        #expect(try readAll(.ics, calendar(properties)).records == [expected])
    }

    @Test func readsLineFeedOnlyFilesAndSkipsOtherComponents() throws {
        let text = """
            BEGIN:VCALENDAR
            BEGIN:VTIMEZONE
            TZID:Europe/Berlin
            BEGIN:STANDARD
            DTSTART:19701025T030000
            END:STANDARD
            END:VTIMEZONE
            BEGIN:VEVENT
            SUMMARY:A meeting, not a reminder
            END:VEVENT
            BEGIN:VTODO
            SUMMARY:First
            END:VTODO
            BEGIN:VTODO
            SUMMARY:Second
            END:VTODO
            END:VCALENDAR
            """
        #expect(try readAll(.ics, text).records.map(\.title) == ["First", "Second"])
    }

    @Test func takesTheListFromTheTodoThenTheArgumentThenTheCalendarName() throws {
        let text = calendar(["SUMMARY:t"], header: ["X-WR-CALNAME:Family"])
        #expect(try readAll(.ics, text).records.first?.list == "Family")
        #expect(try readAll(.ics, text, list: "Inbox").records.first?.list == "Inbox")
        let own = calendar(["SUMMARY:t", "X-TROVE-LIST:Work"], header: ["X-WR-CALNAME:Family"])
        #expect(try readAll(.ics, own, list: "Inbox").records.first?.list == "Work")
    }

    @Test func warnsOnceAboutAnUnknownTimeZoneAndReadsItAsUTC() throws {
        let text = calendar(["SUMMARY:t", "DUE;TZID=W. Europe Standard Time:20260302T170000"])
            + calendar(["SUMMARY:u", "DUE;TZID=W. Europe Standard Time:20260302T170000"])
        let (records, warnings) = try readAll(.ics, text)
        #expect(records.map(\.due) == [.time(Moments.mar2At1700), .time(Moments.mar2At1700)])
        #expect(warnings == [#"unknown time zone "W. Europe Standard Time" (first on line 5); its times were read as UTC"#])
    }

    @Test(arguments: [
        ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:t\r\nDESCRIPTION:cut he", 2, nil as String?, "BEGIN:VTODO is never closed"),
        ("BEGIN:VCALENDAR\nBEGIN:VTODO\nDUE:20260302\nEND:VTODO\nEND:VCALENDAR\n", 2, "SUMMARY", "has no SUMMARY"),
        ("BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY: \nEND:VTODO\n", 2, "SUMMARY", "the title is empty"),
        ("BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:t\nDUE:2026-03-02\nEND:VTODO\n", 4, "DUE", #"got "2026-03-02""#),
        ("BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:t\nDUE;VALUE=DATE:20260302T170000Z\nEND:VTODO\n", 4, "DUE", "expected a date YYYYMMDD"),
        ("BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:t\nCOMPLETED:20261301T000000Z\nEND:VTODO\n", 4, "COMPLETED", "expected a date-time"),
        ("BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:t\nPRIORITY:high\nEND:VTODO\n", 4, "PRIORITY", "expected a number 0–9"),
        ("BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:t\nEND:VEVENT\n", 4, nil, "END:VEVENT does not close an open component"),
        ("BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:t\nBEGIN:VTODO\n", 4, nil, "BEGIN:VTODO inside the VTODO that begins on line 2"),
        ("BEGIN:VCALENDAR\nBEGIN:VTODO\nno colon here\n", 3, nil, "not an iCalendar content line"),
    ])
    func rejectsBadInputNamingLineAndProperty(text: String, line: Int, property: String?, message: String) throws {
        let error = readError(.ics, text)
        #expect(error?.line == line)
        #expect(error?.field == property)
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }

    @Test func writesAVCalendarWithCRLFLines() throws {
        let record = ReminderRecord(
            title: "Buy milk; bread, eggs", notes: "two\nlines", list: "Groceries", tags: ["dairy", "a,b"],
            priority: .low, isFlagged: true, isCompleted: true, completedAt: Moments.mar1Midnight,
            due: .day(day("2026-03-02")), createdAt: Moments.feb20At0915)
        let text = try writeAll(.ics, [record]).text
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.first == "BEGIN:VCALENDAR")
        #expect(lines.count > 1 && lines[1...].filter { $0.hasPrefix("UID:") }.count == 1)
        let withoutUID = lines.filter { !$0.hasPrefix("UID:") }
        #expect(withoutUID == [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Trove//Trove//EN",
            "BEGIN:VTODO", "DTSTAMP:20260220T091500Z", #"SUMMARY:Buy milk\; bread\, eggs"#, #"DESCRIPTION:two\nlines"#,
            #"CATEGORIES:dairy,a\,b"#, "PRIORITY:9", "STATUS:COMPLETED", "COMPLETED:20260301T000000Z",
            "DUE;VALUE=DATE:20260302", "CREATED:20260220T091500Z", "X-TROVE-LIST:Groceries", "X-TROVE-FLAGGED:TRUE",
            "END:VTODO", "END:VCALENDAR", "",
        ])
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    @Test func writesTheCalendarNameWhenGiven() throws {
        let sink = ByteSink()
        var writer = ReminderFormat.ics.makeWriter(sink, calendarName: "Groceries")
        try writer.finish()
        #expect(sink.text.contains("\r\nX-WR-CALNAME:Groceries\r\n"))
    }

    @Test func foldsLongLinesAt75OctetsWithoutSplittingCharacters() throws {
        let title = String(repeating: "日本語テキストé😀 ", count: 20)
        let text = try writeAll(.ics, [ReminderRecord(title: title)]).text
        let physical = text.components(separatedBy: "\r\n")
        #expect(physical.allSatisfy { $0.utf8.count <= 75 })
        #expect(physical.filter { $0.hasPrefix(" ") }.count > 5)
        // Each physical line is valid UTF-8 on its own, so no character was cut in two.
        let bytes = Array(text.utf8)
        for lineStart in bytes.indices where lineStart > 1 && bytes[lineStart - 1] == 0x0A {
            #expect(bytes[lineStart] == 0x20 || bytes[lineStart] & 0xC0 != 0x80)
            if bytes[lineStart] == 0x20, lineStart + 1 < bytes.count { #expect(bytes[lineStart + 1] & 0xC0 != 0x80) }
        }
        #expect(try readAll(.ics, text).records.first?.title == title)
    }

    @Test func givesStableUIDsAndNumbersRepeats() throws {
        let record = ReminderRecord(title: "Same", createdAt: Moments.feb20At0915)
        func uids(_ records: [ReminderRecord]) throws -> [String] {
            try writeAll(.ics, records).text.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }
        }
        let first = try uids([record, record])
        #expect(first.count == 2 && first[0] != first[1])
        #expect(first[0].hasSuffix("-1@trove") && first[1].hasSuffix("-2@trove"))
        var completed = record
        completed.isCompleted = true
        #expect(try uids([completed]) == [first[0]])
        #expect(try uids([ReminderRecord(title: "Other", createdAt: Moments.feb20At0915)]) != [first[0]])
    }

    @Test func roundTripsRecords() throws {
        let records = [
            ReminderRecord(
                title: "Quote \" backslash \\ emoji 🎉", notes: "line one\nline two\ttab, comma; semi\\", list: "Ünïcödé",
                tags: ["日本語", "with space", "a;b", "c,d"], priority: .high, isFlagged: true, createdAt: Moments.feb20At0915),
            ReminderRecord(
                title: "Medium", list: "Other list", priority: .medium, isCompleted: true, completedAt: Moments.mar1Midnight,
                due: .time(Moments.mar2At1700)),
            ReminderRecord(title: "Low", priority: .low, isCompleted: true, due: .day(day("2026-03-02"))),
        ]
        let text = try writeAll(.ics, records).text
        #expect(try readAll(.ics, text).records == records)
    }

    @Test func dropsControlCharactersAndMillisecondsWithWarnings() throws {
        let written = try writeAll(.ics, [hostileRecords[0], hostileRecords[1]])
        #expect(written.warnings.count == 2)
        let records = try readAll(.ics, written.text).records
        #expect(records[1].notes == "NUL  bell  esc  CRLF\nend")
        #expect(records[0].createdAt == Moments.feb20At0915)
    }
}
