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

    static let reminder = Reminder(
        id: 9, uid: "u-9", list: "L", title: "T", notes: "N", priority: .medium, isFlagged: true,
        due: .day(CalendarDay(year: 2026, month: 3, day: 2)!), createdAt: Date(timeIntervalSince1970: 1_771_578_900),
        updatedAt: Date(timeIntervalSince1970: 1_771_578_900), tags: ["x", "y,z"])
    static let hit = SearchHit(
        id: 9, title: "T", notes: "N", list: "L", tags: ["x", "y,z"], priority: .medium, isFlagged: true,
        due: .day(CalendarDay(year: 2026, month: 3, day: 2)!), titleHighlighted: "[T]", snippet: "N",
        matchedFields: [.title, .notes], rank: -2)

    /// Issue 15: a hit is the reminder as every output writes it (``ReminderJSON``), then the
    /// hit's own fields; before, search wrote its own subset with its own date formatter.
    @Test func hitJSONIsTheReminderThenTheHitsOwnFields() throws {
        let line = SearchJSON.hit(Self.hit, Self.reminder).serialized()
        #expect(line == #"{"id":9,"uid":"u-9","title":"T","notes":"N","list":"L","tags":["x","y,z"],"priority":"medium","flagged":true,"completed":false,"completedAt":null,"due":"2026-03-02","repeat":null,"createdAt":"2026-02-20T09:15:00.000Z","updatedAt":"2026-02-20T09:15:00.000Z","completions":[],"icalendar":[],"repeats":null,"rank":-2.0,"titleHighlighted":"[T]","snippet":"N","matchedFields":["notes","title"],"typo":false,"wordForm":false}"#)
        #expect(line.hasPrefix(ReminderJSON.object(Self.reminder).serialized().dropLast()))
    }

    /// CSV.swift writes every CSV: search's rows are `trove export --format csv`'s cells, then the hit's own.
    @Test func csvAndTSVRowsAreTheExportCellsThenTheHitsOwn() throws {
        let csv = try SearchDelimited.csv.render([(Self.hit, Self.reminder)])
        #expect(csv == "id,uid,title,notes,list,tags,priority,flagged,completed,completedAt,due,repeat,createdAt,updatedAt,completions,icalendar,"
            + "rank,titleHighlighted,snippet,matchedFields,typo,wordForm\r\n"
            + "9,u-9,T,N,L,\"x,y,z\",medium,true,false,,2026-03-02,,2026-02-20T09:15:00.000Z,2026-02-20T09:15:00.000Z,,,-2.0,[T],N,\"notes,title\",false,false\r\n")
        let exported = ByteSink()
        var writer = CSVReminderWriter(exported)
        try writer.write(Self.reminder.record)
        try writer.finish()
        let exportRow = exported.text.split(separator: "\r\n")[1]
        #expect(csv.split(separator: "\r\n")[1].hasPrefix(exportRow + ","))

        let tsv = try SearchDelimited.tsv.render([(Self.hit, Self.reminder)])
        #expect(tsv.split(separator: "\n")[1] == "9\tu-9\tT\tN\tL\tx,y,z\tmedium\ttrue\tfalse\t\t2026-03-02\t\t2026-02-20T09:15:00.000Z\t2026-02-20T09:15:00.000Z\t\t\t-2.0\t[T]\tN\tnotes,title\tfalse\tfalse")
    }

    /// A repeating reminder's hit carries its rule as export writes it (`repeat`) and as the
    /// text output says it (`repeats`).
    @Test func hitJSONCarriesTheRepeatRuleBothWays() throws {
        var reminder = Self.reminder
        var object = try #require(try JSONSerialization.jsonObject(with: Data(SearchJSON.hit(Self.hit, reminder).serialized().utf8)) as? [String: Any])
        #expect(object["repeat"] is NSNull)
        #expect(object["repeats"] is NSNull)
        reminder.repeat = RepeatRule(.weekly, interval: 2, byDay: [.init(.monday), .init(.thursday)])
        object = try #require(try JSONSerialization.jsonObject(with: Data(SearchJSON.hit(Self.hit, reminder).serialized().utf8)) as? [String: Any])
        #expect(object["repeat"] as? String == "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH")
        #expect(object["repeats"] as? String == "↻ every 2 weeks on Mon, Thu")
    }

    @Test func tsvEscapesTabsNewlinesAndBackslashes() {
        #expect(SearchDelimited.escapeTSV("a\tb\nc\r\\d") == "a\\tb\\nc\\r\\\\d")
    }

    @Test func explainCutsLongBindingsToTheirStartAndLength() {
        let ids = "X'" + String(repeating: "0600000000000000", count: 1_000) + "'"
        let explanation = SearchExplanation(
            query: .parse("milk", exact: true), engine: "fts",
            statements: [.init(purpose: "counts", sql: "SELECT trove_has(?, 1)", bindings: [ids, String(repeating: "a", count: 120)])])
        let lines = SearchExplainRenderer.render(explanation).split(separator: "\n")
        #expect(lines.last == "  bindings: 1: \(ids.prefix(60))… (16003 characters)  2: \(String(repeating: "a", count: 120))")
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
