import Foundation
import Testing
import TroveStore

@Suite struct CSVFormatTests {
    @Test(arguments: [
        ("title\nBuy milk\n", ReminderRecord(title: "Buy milk")),
        (
            "title,notes,list,tags,priority,flagged,completed,completedAt,due,createdAt\r\n"
                + "Buy milk,2 litres,Groceries,\"dairy, shop\",low,true,yes,2026-03-01T00:00:00Z,2026-03-02,2026-02-20T09:15:00.000Z\r\n",
            ReminderRecord(
                title: "Buy milk", notes: "2 litres", list: "Groceries", tags: ["dairy", "shop"], priority: .low,
                isFlagged: true, isCompleted: true, completedAt: Moments.mar1Midnight, due: .day(day("2026-03-02")),
                createdAt: Moments.feb20At0915)
        ),
        ("DUE,Title,Priority\n2026-03-02T17:00:00Z,Call,3\n", ReminderRecord(title: "Call", priority: .high, due: .time(Moments.mar2At1700))),
        ("title,notes\n\"Say \"\"hi\"\"\",\"two\nlines, with comma\"\n", ReminderRecord(title: "Say \"hi\"", notes: "two\nlines, with comma")),
        ("title,notes,list,tags,flagged\nx,,,,\n", ReminderRecord(title: "x")),
        ("title,tags\nx,\"a,,A, b ,\"\n", ReminderRecord(title: "x", tags: ["a", "b"])),
        ("title,flagged,completed\nx,0,FALSE\n", ReminderRecord(title: "x")),
        ("title,notes\nx,short row missing notes\ny\n", ReminderRecord(title: "x", notes: "short row missing notes")),
    ])
    func parsesRecords(text: String, expected: ReminderRecord) throws {
        #expect(try readAll(.csv, text).records.first == expected)
    }

    /// Spreadsheets in many locales separate cells with `;`, and `trove search --format tsv`
    /// with tabs: a header without commas that uses one of them sets it for the whole file.
    @Test func aHeaderWithoutCommasSetsSemicolonsOrTabs() throws {
        let semicolons = "\u{FEFF}title;notes;tags;due\r\nBuy milk;\"2 litres; oat\";dairy, shop;2026-03-02\r\nCall;\"a, b\";;\r\n"
        #expect(try readAll(.csv, semicolons).records == [
            ReminderRecord(title: "Buy milk", notes: "2 litres; oat", tags: ["dairy", "shop"], due: .day(day("2026-03-02"))),
            ReminderRecord(title: "Call", notes: "a, b"),
        ])
        let tabs = "title\tnotes\ttags\nBuy bread\t\"has\ta tab\"\terrand, shop\n"
        #expect(try readAll(.csv, tabs).records == [ReminderRecord(title: "Buy bread", notes: "has\ta tab", tags: ["errand", "shop"])])
        // A comma outside quotes keeps commas; a quoted `;` in a name does not count.
        #expect(try readAll(.csv, "title,notes\na;b,c\n").records == [ReminderRecord(title: "a;b", notes: "c")])
        #expect(try readAll(.csv, "title,\"no;tes\"\na,b\n").records.map(\.title) == ["a"])
        // An error names the column of the file's own separator.
        let error = readError(.csv, "title;notes\nx;\"a\"b\n")
        #expect(error?.field == "notes" && error?.line == 2)
    }

    @Test func skipsBlankLinesAndCountsLinesInsideQuotedFields() throws {
        let text = "title,notes\n\nA,\"one\ntwo\nthree\"\n\nB,\n,no title\n"
        let error = readError(.csv, text)
        #expect(error?.line == 8)
        #expect(error?.field == "title")
        #expect(error?.description.contains("line 8, column \"title\": the title is empty") == true)
    }

    @Test func warnsOnceAboutUnknownColumns() throws {
        let (records, warnings) = try readAll(.csv, "title,colour,size\na,red,1\nb,blue,2\n")
        #expect(records.map(\.title) == ["a", "b"])
        #expect(warnings == ["ignored unknown columns colour, size (in the header on line 1)"])
    }

    @Test(arguments: [
        ("notes,list\nx,y\n", 1, "title", "the header has no title column"),
        ("", 1, nil, "the file has no header row"),
        ("title,Title\nx,y\n", 1, "Title", "the column appears twice"),
        ("title,priority\nok,1\nx,urgent\n", 3, "priority", #"expected 0–3 or none/low/medium/high, got "urgent""#),
        ("title,flagged\nx,maybe\n", 2, "flagged", #"expected true or false, got "maybe""#),
        ("title,due\nx,next week\n", 2, "due", #"expected YYYY-MM-DD or an ISO 8601 date-time, got "next week""#),
        ("title,createdAt\nx,2026-02-30T00:00:00Z\n", 2, "createdAt", "expected an ISO 8601 date-time"),
        ("title,notes\nx,\"quoted\" then text\n", 2, "notes", "text follows the closing quote"),
        ("title,notes\nx,y,z\n", 2, nil, "the record has 3 cells but the header names 2 columns"),
        ("title,notes\nok,\nx,\"never closed\nmore text\n", 3, nil, "a quoted field opened on this line is never closed"),
    ])
    func rejectsBadInputNamingLineAndColumn(text: String, line: Int, column: String?, message: String) throws {
        let error = readError(.csv, text)
        #expect(error?.line == line)
        #expect(error?.field == column)
        if let column { #expect(error?.fieldKind == .column && error?.description.contains("column \"\(column)\"") == true) }
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }

    @Test func toleratesTrailingEmptyCellsFromSpreadsheets() throws {
        #expect(try readAll(.csv, "title,notes\nx,y,,\n").records == [ReminderRecord(title: "x", notes: "y")])
    }

    @Test func writesAHeaderAndQuotesOnlyWhatNeedsIt() throws {
        let records = [
            ReminderRecord(
                title: "Buy milk", list: "Groceries", tags: ["dairy", "shop"], priority: .low,
                due: .day(day("2026-03-02")), createdAt: Moments.feb20At0915),
            ReminderRecord(title: "Say \"hi\", then\nleave", isCompleted: true, completedAt: Moments.mar1Midnight),
        ]
        let header = "id,uid,title,notes,list,tags,priority,flagged,completed,completedAt,due,repeat,createdAt,updatedAt,completions,icalendar\r\n"
        let expected = header
            + ",,Buy milk,,Groceries,\"dairy,shop\",low,false,false,,2026-03-02,,2026-02-20T09:15:00.000Z,,,\r\n"
            + ",,\"Say \"\"hi\"\", then\nleave\",,,,none,false,true,2026-03-01T00:00:00.000Z,,,,,,\r\n"
        #expect(try writeAll(.csv, records).text == expected)
        #expect(try writeAll(.csv, []).text == header)
    }

    @Test func roundTripsRecords() throws {
        // Regression: CRLF inside a quoted field came back as LF (the framer joined lines with \n).
        let text = try writeAll(.csv, hostileRecords).text
        #expect(try readAll(.csv, text).records == hostileRecords)
    }

    @Test func carriesIdentityRepeatCompletionsAndKeptLines() throws {
        let record = ReminderRecord(
            id: 12, uid: "abc-1", title: "Water", due: .day(day("2026-03-09")),
            repeat: RepeatRule(.weekly, byDay: [.init(.monday)]), createdAt: Moments.feb20At0915, updatedAt: Moments.mar1Midnight,
            completions: [Completion(due: .day(day("2026-03-02")), completedAt: Moments.mar1Midnight), Completion(due: nil, completedAt: nil)],
            icalendar: ["CLASS:PRIVATE", "X-A;P=\"x,y\":z"])
        let text = try writeAll(.csv, [record]).text
        #expect(try readAll(.csv, text).records == [record])
    }

    @Test func warnsThatTagsWithCommasSplit() throws {
        let written = try writeAll(.csv, [ReminderRecord(title: "t", tags: ["a,b"])])
        #expect(written.warnings.count == 1)
        #expect(try readAll(.csv, written.text).records.first?.tags == ["a", "b"])
    }
}
