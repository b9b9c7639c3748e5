import Foundation
import Testing
import TroveSearch
import TroveStore
@testable import TroveCLI

@Suite struct SearchOutputTests {
    @Test(arguments: [
        (ColorChoice.auto, true, [String: String](), true),
        (.auto, false, [:], false),
        (.auto, true, ["NO_COLOR": "1"], false),
        (.auto, true, ["NO_COLOR": ""], true),
        (.auto, true, ["TERM": "dumb"], false),
        (.always, false, ["NO_COLOR": "1"], true),
        (.never, true, [:], false),
    ])
    func colourFollowsTheChoiceTheTerminalAndNoColor(choice: ColorChoice, isTerminal: Bool, environment: [String: String], expected: Bool) {
        #expect(choice.isEnabled(isTerminal: isTerminal, environment: environment) == expected)
    }

    @Test func jsonEscapesAndKeepsKeyOrder() throws {
        let value = JSONValue.object([
            "b": .string("quote \" slash \\ nl \n bell \u{7} é 🎉"), "a": .array([1, true, .null, .number(-1.5e-6)]),
        ])
        let compact = value.serialized()
        #expect(compact == #"{"b":"quote \" slash \\ nl \n bell \u0007 é 🎉","a":[1,true,null,-1.5e-06]}"#)
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(value.serialized(pretty: true).utf8)) as? [String: Any])
        #expect(decoded["b"] as? String == "quote \" slash \\ nl \n bell \u{7} é 🎉")
        #expect((decoded["a"] as? [Any])?.count == 4)
    }

    @Test func prettyJSONIndentsByTwoAndWritesEmptyContainersInline() {
        let value = JSONValue.object(["hits": .array([]), "next": .object(["offset": 2])])
        #expect(value.serialized(pretty: true) == "{\n  \"hits\": [],\n  \"next\": {\n    \"offset\": 2\n  }\n}")
    }

    @Test func hitJSONHasEveryFieldWithDueAsDayOrUTCMoment() throws {
        var hit = SearchHit(id: 9, title: "T", notes: "N", list: "L", tags: ["x"], priority: .medium, isFlagged: true,
                            due: .day(CalendarDay(year: 2026, month: 3, day: 2)!), titleHighlighted: "[T]", snippet: "N", rank: -2)
        var object = try #require(try JSONSerialization.jsonObject(with: Data(SearchJSON.hit(hit).serialized().utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["id", "title", "notes", "list", "tags", "priority", "flagged", "completed", "due",
                                     "rank", "titleHighlighted", "snippet", "matchedFields", "repeat", "repeats", "typo"])
        #expect(object["typo"] as? Bool == false)
        #expect(object["repeat"] is NSNull)
        #expect(object["due"] as? String == "2026-03-02")
        #expect(object["priority"] as? String == "medium")
        #expect(object["completed"] as? Bool == false)
        hit.repeatRule = RepeatRule(.weekly, interval: 2, byDay: [.init(.monday), .init(.thursday)])
        object = try #require(try JSONSerialization.jsonObject(with: Data(SearchJSON.hit(hit).serialized().utf8)) as? [String: Any])
        #expect(object["repeat"] as? String == "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH")
        #expect(object["repeats"] as? String == "↻ every 2 weeks on Mon, Thu")
        hit.due = nil
        object = try #require(try JSONSerialization.jsonObject(with: Data(SearchJSON.hit(hit).serialized().utf8)) as? [String: Any])
        #expect(object["due"] is NSNull)
        // 1_772_443_800 s is 2026-03-02 09:30 UTC.
        #expect(SearchJSON.dueText(.time(Date(timeIntervalSince1970: 1_772_443_800))) == "2026-03-02T09:30:00.000Z")
    }

    @Test(arguments: [
        ("plain", "plain"),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("two\nlines", "\"two\nlines\""),
        ("crlf\r\nline", "\"crlf\r\nline\""),
        ("", ""),
    ])
    func csvQuotesOnlyWhatNeedsIt(field: String, expected: String) {
        #expect(SearchDelimited.quoteCSV(field) == expected)
    }

    @Test func tsvEscapesTabsNewlinesAndBackslashes() {
        #expect(SearchDelimited.escapeTSV("a\tb\nc\r\\d") == "a\\tb\\nc\\r\\\\d")
        #expect(SearchDelimited.tsv.row(["1", "x\ty"]) == "1\tx\\ty\n")
        #expect(SearchDelimited.csv.row(["1", "x,y"]) == "1,\"x,y\"\r\n")
    }

    @Test func explainShowsControlCharactersAsPictures() {
        #expect(SearchExplainRenderer.visible("'\u{2}'") == "'␂'")
        let explanation = SearchExplanation(
            query: .parse("milk", exact: true), engine: "fts",
            statements: [.init(purpose: "hits", sql: "SELECT 1 WHERE x MATCH ?", bindings: ["'\"milk\"'"])])
        #expect(SearchExplainRenderer.render(explanation) == """
            query:   engine=fts terms=[+milk] filters=[]
            engine:  fts

            hits:
              SELECT 1 WHERE x MATCH ?
              bindings: 1: '"milk"'

            """)
    }
}
