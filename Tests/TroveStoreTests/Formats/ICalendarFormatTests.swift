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
        (["SUMMARY:t", "CATEGORIES:a,b\\,c", "CATEGORIES:d,A"], ReminderRecord(title: "t", tags: ["a", "b，c", "d"])),
        (
            ["SUMMARY:t", #"DESCRIPTION:one\ntwo\Nthree\, four\; five\\six"#],
            ReminderRecord(title: "t", notes: "one\ntwo\nthree, four; five\\six")
        ),
        (["SUMMARY:Buy mi", " lk and", "\t bread"], ReminderRecord(title: "Buy milk and bread")),
        (["SUMMARY:t", "X-TROVE-LIST:Work", "X-TROVE-FLAGGED:TRUE"], ReminderRecord(title: "t", list: "Work", isFlagged: true)),
        (
            ["SUMMARY:t", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:alarm text", "TRIGGER:-PT15M", "END:VALARM"],
            ReminderRecord(title: "t", icalendar: ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:alarm text", "TRIGGER:-PT15M", "END:VALARM"])
        ),
        (["UID:abc@example.com", "SUMMARY:t", "CLASS:PRIVATE", "RELATED-TO;RELTYPE=PARENT:p@x", "X-APPLE-SORT-ORDER:3"],
         ReminderRecord(uid: "abc@example.com", title: "t", icalendar: ["CLASS:PRIVATE", "RELATED-TO;RELTYPE=PARENT:p@x", "X-APPLE-SORT-ORDER:3"])),
        (["DESCRIPTION:first line\\nsecond"], ReminderRecord(title: "first line", notes: "first line\nsecond")),
        ([String](), ReminderRecord(title: "(untitled)")),
        (["SUMMARY:t", "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "DUE;VALUE=DATE:20260302"],
         ReminderRecord(title: "t", due: .day(day("2026-03-02")), repeat: RepeatRule(.weekly, interval: 2, byDay: [.init(.monday), .init(.thursday)]))),
        (["SUMMARY:t", "RRULE:FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2"], ReminderRecord(title: "t", icalendar: ["RRULE:FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2"])),
        (["SUMMARY:t", "STATUS:IN-PROCESS", "PERCENT-COMPLETE:40"], ReminderRecord(title: "t", icalendar: ["STATUS:IN-PROCESS", "PERCENT-COMPLETE:40"])),
        (["SUMMARY:t", "DTSTAMP:20260301T000000Z"], ReminderRecord(title: "t", updatedAt: Moments.mar1Midnight)),
        (["SUMMARY:t", "DTSTAMP:20260220T091500Z", "LAST-MODIFIED:20260301T000000Z"], ReminderRecord(title: "t", updatedAt: Moments.mar1Midnight)),
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
        let text = calendar(["SUMMARY:t", "DUE;TZID=Somewhere/Nowhere:20260302T170000"])
            + calendar(["SUMMARY:u", "DUE;TZID=Somewhere/Nowhere:20260302T170000"])
        let (records, warnings) = try readAll(.ics, text)
        #expect(records.map(\.due) == [.time(Moments.mar2At1700), .time(Moments.mar2At1700)])
        #expect(warnings == [#"unknown time zone "Somewhere/Nowhere" (first on line 5) with no VTIMEZONE in the file; its times were read as UTC"#])
    }

    // Regression: a TZID the file defines in its own VTIMEZONE (Outlook's Windows names) was read as UTC.
    @Test func honoursTheFilesOwnVTimezoneRules() throws {
        let zone = [
            "BEGIN:VTIMEZONE", "TZID:Custom Zone", "BEGIN:STANDARD", "DTSTART:16010101T030000", "TZOFFSETFROM:+0200",
            "TZOFFSETTO:+0100", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD", "BEGIN:DAYLIGHT",
            "DTSTART:16010101T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3",
            "END:DAYLIGHT", "END:VTIMEZONE",
        ]
        let text = calendar(["SUMMARY:winter", "DUE;TZID=Custom Zone:20260302T180000"], header: zone)
            + calendar(["SUMMARY:summer", "DUE;TZID=Custom Zone:20260701T170000"], header: zone)
            + calendar(["SUMMARY:windows name, no VTIMEZONE", "DUE;TZID=W. Europe Standard Time:20260302T180000"])
        let (records, warnings) = try readAll(.ics, text)
        #expect(records.map(\.due) == [.time(Moments.mar2At1700), .time(Moments.jul1At1500), .time(Moments.mar2At1700)])
        #expect(warnings.isEmpty)
    }

    @Test func readsFloatingTimesAsLocalTimeAndSaysSo() throws {
        let text = calendar(["SUMMARY:t", "DUE:20260302T180000", "CREATED:20260701T170000"])
        var reader = ICalendarReader(LineReader(string: text), localTimeZone: TimeZone(identifier: "Europe/Berlin")!)
        let record = try reader.next()
        #expect(record?.due == .time(Moments.mar2At1700))
        #expect(record?.createdAt == Moments.jul1At1500)
        #expect(reader.warnings == ["2 floating times (no time zone, RFC 5545 §3.3.5 form 1) were read as local time (Europe/Berlin)"])
    }

    // Regression: a fold inside a multi-byte character made the file "not UTF-8".
    @Test func restoresAFoldInsideAMultiByteCharacter() throws {
        var bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\n".utf8)
        let summary = Array("SUMMARY:東京 🌸".utf8)
        let cut = summary.count - 2  // inside the 4-byte 🌸
        bytes += summary[..<cut] + Array("\r\n ".utf8) + summary[cut...] + Array("\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
        var reader = ICalendarReader(LineReader(bytes: bytes))
        #expect(try reader.next()?.title == "東京 🌸")
    }

    @Test func aCompletedOccurrenceIsMarkedAsOneAndACompletedTaskWithoutATimeKeepsItUnknown() throws {
        let text = calendar(["UID:w@x", "SUMMARY:Water", "RRULE:FREQ=WEEKLY", "DUE;VALUE=DATE:20260309"])
            + calendar(["UID:w@x", "RECURRENCE-ID;VALUE=DATE:20260302", "STATUS:COMPLETED"])
        let records = try readAll(.ics, text).records
        #expect(records.count == 2)
        #expect(records[1].recurrenceID == .day(day("2026-03-02")))
        #expect(records[1].isCompleted && records[1].completedAt == nil)
    }

    @Test func countsSkippedEvents() throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:e\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        var reader = ICalendarReader(LineReader(string: text))
        #expect(try reader.next() == nil)
        #expect(reader.skippedEvents == 2)
        #expect(reader.warnings == ["skipped 2 events (VEVENT): Trove imports to-dos"])
    }

    @Test(arguments: [
        ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:t\r\nDESCRIPTION:cut he", 2, nil as String?, "BEGIN:VTODO is never closed"),
        ("BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:t\nTZOFFSETFROM:+0100\nEND:VTODO\nBEGIN:VTIMEZONE\nBEGIN:STANDARD\nTZOFFSETTO:+1\n", 8, "TZOFFSETTO", "§3.3.14"),
        ("BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:t\nRECURRENCE-ID:2026\nEND:VTODO\n", 4, "RECURRENCE-ID", "§3.3.5"),
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
            "BEGIN:VTODO", "DTSTAMP:20260220T091500Z", "LAST-MODIFIED:20260220T091500Z", #"SUMMARY:Buy milk\; bread\, eggs"#, #"DESCRIPTION:two\nlines"#,
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
        // An iCalendar file always carries a UID and a DTSTAMP (RFC 5545 §3.6.2): they come back as
        // the uid and updatedAt; everything else is as written.
        let read = try readAll(.ics, text).records
        #expect(read.map { record in
            var record = record
            record.uid = nil
            record.updatedAt = nil
            return record
        } == records.map { record in
            // A tag name holds no comma, so an escaped comma in CATEGORIES comes back as "，".
            var record = record
            record.tags = record.tags.map { $0.replacingOccurrences(of: ",", with: "，") }
            return record
        })
        #expect(read.allSatisfy { $0.uid != nil })
    }

    @Test func dropsControlCharactersAndMillisecondsWithWarnings() throws {
        let written = try writeAll(.ics, [hostileRecords[0], hostileRecords[1]])
        #expect(written.warnings.count == 2)
        let records = try readAll(.ics, written.text).records
        #expect(records[1].notes == "NUL  bell  esc  CRLF\nend")
        #expect(records[0].createdAt == Moments.feb20At0915)
    }
}
