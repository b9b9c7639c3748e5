import Foundation
import Testing
import TroveStore

@Suite struct JSONLinesWriterTests {
    @Test func writesTheCanonicalShapeWithEveryFieldInOrder() throws {
        let records = [
            ReminderRecord(
                id: 7, uid: "0193a1c2-0000-7000-8000-000000000007",
                title: "Buy milk", notes: "2 litres", list: "Groceries", tags: ["dairy", "shop"], priority: .medium,
                isFlagged: true, isCompleted: true, completedAt: Moments.mar1Midnight, due: .time(Moments.mar2At1700),
                repeat: RepeatRule(.weekly, interval: 2, byDay: [.init(.monday), .init(.thursday)]),
                createdAt: Moments.feb20At0915, updatedAt: Moments.mar1Midnight,
                completions: [Completion(due: .day(day("2026-02-23")), completedAt: Moments.feb20At0915), Completion(due: nil, completedAt: nil)],
                icalendar: ["CLASS:PRIVATE", "BEGIN:VALARM", "TRIGGER:-PT15M", "END:VALARM"]),
            ReminderRecord(title: "Call", due: .day(day("2026-03-02"))),
        ]
        let expected = """
            {"id":7,"uid":"0193a1c2-0000-7000-8000-000000000007","title":"Buy milk","notes":"2 litres","list":"Groceries","tags":["dairy","shop"],"priority":"medium","flagged":true,"completed":true,"completedAt":"2026-03-01T00:00:00.000Z","due":"2026-03-02T17:00:00.000Z","repeat":"FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH","createdAt":"2026-02-20T09:15:00.000Z","updatedAt":"2026-03-01T00:00:00.000Z","completions":[{"due":"2026-02-23","completedAt":"2026-02-20T09:15:00.000Z"},{"due":null,"completedAt":null}],"icalendar":["CLASS:PRIVATE","BEGIN:VALARM","TRIGGER:-PT15M","END:VALARM"]}
            {"id":null,"uid":null,"title":"Call","notes":"","list":null,"tags":[],"priority":"none","flagged":false,"completed":false,"completedAt":null,"due":"2026-03-02","repeat":null,"createdAt":null,"updatedAt":null,"completions":[],"icalendar":[]}

            """
        #expect(try writeAll(.jsonl, records).text == expected)
        #expect(try readAll(.jsonl, expected).records == records)
    }

    @Test(arguments: [
        ("a\"b", #""a\"b""#),
        ("back\\slash", #""back\\slash""#),
        ("new\nline\r\ttab", #""new\nline\r\ttab""#),
        ("nul\u{0}bell\u{7}esc\u{1B}us\u{1F}", #""nul\u0000bell\u0007esc\u001bus\u001f""#),
        ("é 😀 日本", "\"é 😀 日本\""),
        ("del\u{7F}/", "\"del\u{7F}/\""),
    ])
    func escapesOnlyQuotesBackslashesAndControlCharacters(title: String, json: String) throws {
        let text = try writeAll(.jsonl, [ReminderRecord(title: title)]).text
        #expect(text.hasPrefix("{\"id\":null,\"uid\":null,\"title\":\(json),\"notes\""))
        #expect(try readAll(.jsonl, text).records.first?.title == title)
    }

    @Test func exportImportExportIsByteIdenticalForHostileContent() throws {
        let first = try writeAll(.jsonl, hostileRecords).text
        let imported = try readAll(.jsonl, first).records
        #expect(imported == hostileRecords)
        let second = try writeAll(.jsonl, imported).text
        #expect(Array(second.utf8) == Array(first.utf8))
    }

    @Test func keepsMillisecondsExactly() throws {
        // NB: summing 0.1 + 0.02 + 0.003 in Double reads .123 back as .122999…, which truncates to .122.
        for millis in [1, 123, 999, 7, 500] {
            let date = Date(timeIntervalSince1970: 1_771_578_900 + Double(millis) / 1000)
            let text = try writeAll(.jsonl, [ReminderRecord(title: "t", createdAt: date)]).text
            #expect(text.contains("\"createdAt\":\"2026-02-20T09:15:00.\(String(format: "%03d", millis))Z\""))
            let again = try writeAll(.jsonl, readAll(.jsonl, text).records).text
            #expect(again == text)
        }
    }

    @Test func writesNothingForNoRecords() throws {
        #expect(try writeAll(.jsonl, []).text == "")
    }
}
