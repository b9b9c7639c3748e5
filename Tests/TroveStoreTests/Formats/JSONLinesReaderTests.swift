import Foundation
import Testing
import TroveStore

@Suite struct JSONLinesReaderTests {
    @Test(arguments: [
        (#"{"title":"Buy milk"}"#, ReminderRecord(title: "Buy milk")),
        (
            #"{"title":"Buy milk","notes":"2 litres","list":"Groceries","tags":["dairy","shop"],"priority":"low","flagged":true,"completed":true,"completedAt":"2026-03-01T00:00:00.000Z","due":"2026-03-02","createdAt":"2026-02-20T09:15:00.000Z"}"#,
            ReminderRecord(
                title: "Buy milk", notes: "2 litres", list: "Groceries", tags: ["dairy", "shop"], priority: .low,
                isFlagged: true, isCompleted: true, completedAt: Moments.mar1Midnight, due: .day(day("2026-03-02")),
                createdAt: Moments.feb20At0915)
        ),
        (#"  { "title" : "x" , "tags" : [ "a" , "b" ] }  "#, ReminderRecord(title: "x", tags: ["a", "b"])),
        (#"{"title":"a\"b\\c\/d\ne\tf\u00e9\ud83d\ude00\u0000"}"#, ReminderRecord(title: "a\"b\\c/d\ne\tfé😀\u{0}")),
        (#"{"title":"t","priority":3}"#, ReminderRecord(title: "t", priority: .high)),
        (#"{"title":"t","priority":0}"#, ReminderRecord(title: "t", priority: .none)),
        (#"{"title":"t","priority":"MEDIUM"}"#, ReminderRecord(title: "t", priority: .medium)),
        (#"{"title":"t","priority":null}"#, ReminderRecord(title: "t")),
        (#"{"title":"t","due":"2026-03-02T17:00:00Z"}"#, ReminderRecord(title: "t", due: .time(Moments.mar2At1700))),
        (#"{"title":"t","due":"2026-03-02T18:00:00+01:00"}"#, ReminderRecord(title: "t", due: .time(Moments.mar2At1700))),
        (#"{"title":"t","due":"2026-03-02T17:00"}"#, ReminderRecord(title: "t", due: .time(Moments.mar2At1700))),
        (#"{"title":"t","createdAt":"2026-02-20"}"#, ReminderRecord(title: "t", createdAt: Moments.feb20Midnight)),
        (
            #"{"title":"t","notes":null,"list":null,"tags":null,"flagged":null,"completed":null,"completedAt":null,"due":null,"createdAt":null}"#,
            ReminderRecord(title: "t")
        ),
        (#"{"title":"t","tags":["Work","home","WORK"]}"#, ReminderRecord(title: "t", tags: ["Work", "home"])),
        (#"{"title":"t","list":""}"#, ReminderRecord(title: "t")),
        (#"{"\u0074itle":"escaped key","du\u0065":"2026-03-02\u005417:00:00Z"}"#, ReminderRecord(title: "escaped key", due: .time(Moments.mar2At1700))),
    ])
    func parsesFields(line: String, expected: ReminderRecord) throws {
        #expect(try readAll(.jsonl, line).records == [expected])
    }

    /// A file that is one JSON array (what many apps export) is refused with how to turn it
    /// into JSON Lines; an array on a later line is an ordinary syntax error.
    @Test(arguments: ["[{\"title\":\"a\"},{\"title\":\"b\"}]\n", "[\n  {\"title\": \"a\"}\n]\n", "\n  [ ]\n"])
    func aJSONArraySaysHowToConvertIt(text: String) throws {
        let error = try #require(readError(.jsonl, text))
        #expect(error.line == (text.hasPrefix("\n") ? 2 : 1))
        #expect(error.problem == "the line starts a JSON array; JSON Lines holds one object per line, with no [ ] around them")
        #expect(error.remedy.contains("jq -c '.[]'"))
    }

    @Test func skipsBlankLinesAndKeepsCountingThem() throws {
        let text = "\n{\"title\":\"a\"}\n   \n\n{\"title\":\"b\"}\n"
        #expect(try readAll(.jsonl, text).records.map(\.title) == ["a", "b"])
        let error = readError(.jsonl, "\n\n\n{\"title\":5}\n")
        #expect(error?.line == 4)
    }

    @Test func usesTheListArgumentOnlyForRecordsWithoutAList() throws {
        let text = "{\"title\":\"a\"}\n{\"title\":\"b\",\"list\":\"Work\"}\n{\"title\":\"c\",\"list\":null}"
        #expect(try readAll(.jsonl, text, list: "Inbox").records.map(\.list) == ["Inbox", "Work", "Inbox"])
    }

    @Test func skipsUnknownFieldsOfEveryShapeWithOneWarning() throws {
        let text = """
            {"title":"a"}
            {"title":"b","x":{"deep":[1,-2.5e+10,{"k":null}],"s":"\\u0041\\""},"n":-0.5E-3}
            {"t":true,"title":"c","x":[]}
            """
        let (records, warnings) = try readAll(.jsonl, text)
        #expect(records.map(\.title) == ["a", "b", "c"])
        #expect(warnings == ["ignored unknown fields x, n, t (first seen on line 2)"])
    }

    @Test(arguments: [
        (#"{"title":"a","priority":"urgent"}"#, "priority", #"expected 0–3 or none/low/medium/high, got "urgent""#),
        (#"{"title":"a","priority":7}"#, "priority", "expected 0–3 or none/low/medium/high, got 7"),
        (#"{"title":"a","priority":1.5}"#, "priority", "expected 0–3 or none/low/medium/high, got 1.5"),
        (#"{"title":"a","priority":true}"#, "priority", "expected 0–3 or none/low/medium/high, got a boolean"),
        (#"{"notes":"x"}"#, "title", "missing"),
        (#"{"title":"   "}"#, "title", "the title is empty"),
        (#"{"title":null}"#, "title", "expected a string, got null"),
        (#"{"title":5}"#, "title", "expected a string, got a number"),
        (#"{"title":"a","notes":[]}"#, "notes", "expected a string, got an array"),
        (#"{"title":"a","flagged":"yes"}"#, "flagged", "expected true or false, got a string"),
        (#"{"title":"a","completed":1}"#, "completed", "expected true or false, got a number"),
        (#"{"title":"a","tags":"x,y"}"#, "tags", "expected an array of strings, got a string"),
        (#"{"title":"a","tags":["x",2]}"#, "tags", "expected a string for each tag, got a number"),
        (#"{"title":"a","tags":["x",""]}"#, "tags", "tag 2 is blank"),
        (#"{"title":"a","due":"tomorrow"}"#, "due", #"expected YYYY-MM-DD or an ISO 8601 date-time, got "tomorrow""#),
        (#"{"title":"a","due":"2026-02-30"}"#, "due", #"expected YYYY-MM-DD or an ISO 8601 date-time, got "2026-02-30""#),
        (#"{"title":"a","completedAt":"2026-13-01T00:00:00Z"}"#, "completedAt", "expected an ISO 8601 date-time"),
        (#"{"title":"a","createdAt":1771578900}"#, "createdAt", "expected a date string or null, got a number"),
        // Issue 53: the last of a repeated key used to win without a word.
        (#"{"title":"first","title":"last"}"#, "title", "the key appears twice in one object"),
        (#"{"title":"a","\u0074itle":"b"}"#, "title", "the key appears twice in one object"),
        (#"{"title":"a","x":1,"x":2}"#, "x", "the key appears twice in one object"),
        (#"{"title":"a","completed":false,"completedAt":"2026-01-01T00:00:00Z"}"#, "completedAt",
         "a completion time is given but the reminder is not marked completed"),
        (#"{"title":"a","id":0}"#, "id", "expected an id from 1 to 9223372036854775807, got 0"),
        (#"{"title":"a","id":-1}"#, "id", "expected an id from 1 to 9223372036854775807, got -1"),
    ])
    func rejectsBadValuesNamingLineAndField(line: String, field: String, message: String) throws {
        let error = readError(.jsonl, "{\"title\":\"ok\"}\n\(line)\n")
        #expect(error?.line == 2)
        #expect(error?.field == field)
        #expect(error?.description.contains("line 2") == true)
        #expect(error?.description.contains("field \"\(field)\": \(message)") == true, "\(String(describing: error))")
    }

    @Test func reportsTheExampleMessageFromTheSpecification() throws {
        let text = String(repeating: "{\"title\":\"ok\"}\n", count: 11) + #"{"title":"a","priority":"urgent"}"#
        var error = try #require(readError(.jsonl, text))
        error.file = "tasks.jsonl"
        #expect(error.description.hasPrefix(#"tasks.jsonl, line 12, column 25, field "priority": expected 0–3 or none/low/medium/high, got "urgent". "#))
    }

    @Test(arguments: [
        (#"{"title":"a",}"#, 14, "expected a field name in double quotes, found '}'"),
        (#"{"title":"a" "notes":""}"#, 14, #"expected ',' or '}' after the value of "title""#),
        (#"["title"]"#, 1, "expected '{' starting a JSON object"),
        (#"{"title":"a"} x"#, 15, "unexpected text after the object"),
        (#"{"title":"a","notes":"b"#, 24, "the line ends before the JSON object does"),
        (#"{"title":"a","#, 14, "the line ends before the JSON object does"),
        (#"{"title":"a""#, 13, "the line ends before the JSON object does"),
        (#"{"title":"\ud800"}"#, 11, #"a lone surrogate \uD800"#),
        (#"{"title":"\ud800\u0041"}"#, 11, "a lone surrogate"),
        (#"{"title":"\udc00"}"#, 11, #"a lone low surrogate \uDC00"#),
        (#"{"title":"\u12"}"#, 11, "four hex digits"),
        (#"{"title":"\x"}"#, 11, #"an unknown escape \x"#),
        ("{\"title\":\"a\tb\"}", 12, "a control character (U+0009) inside a string"),
        (#"{"title":"a","n":01}"#, 19, "expected ',' or '}'"),
        (#"{"title":"a","n":1.}"#, 20, "expected a digit after the decimal point"),
        (#"{"title":"a","n":-}"#, 19, "expected a digit"),
        (#"{"title":"a","n":tru}"#, 18, "expected a JSON value"),
        (#"{"title":"a","n":'x'}"#, 18, "expected a digit"),
        (#"{"titlé":1,"x":}"#, 16, "expected a digit"),
    ])
    func reportsSyntaxErrorsWithLineAndColumn(line: String, column: Int, message: String) throws {
        let error = readError(.jsonl, "{\"title\":\"ok\"}\n\n\(line)")
        #expect(error?.line == 3)
        #expect(error?.column == column, "\(String(describing: error))")
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }

    @Test func refusesNestingDeeperThanTheLimitInsteadOfOverflowingTheStack() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = readError(.jsonl, "{\"title\":\"a\",\"x\":\(deep)}")
        #expect(error?.description.contains("nested more than 100 deep") == true)
    }

    @Test func treatsAFileCutMidObjectAsAnErrorOnItsLastLine() throws {
        let text = "{\"title\":\"a\"}\n{\"title\":\"b\"}\n{\"title\":\"c\",\"tags\":[\"x\""
        var reader = ReminderFormat.jsonl.makeReader(LineReader(string: text))
        #expect(try reader.next()?.title == "a")
        #expect(try reader.next()?.title == "b")
        #expect {
            _ = try reader.next()
        } throws: { error in
            let error = error as! FormatError
            return error.line == 3 && error.field == "tags" && error.description.contains("may be cut short")
        }
    }

    @Test func readsBOMAndCRLFFiles() throws {
        let text = "\u{FEFF}{\"title\":\"a\"}\r\n{\"title\":\"b\"}\r\n"
        #expect(try readAll(.jsonl, text).records.map(\.title) == ["a", "b"])
    }
}
