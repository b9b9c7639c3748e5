import Foundation
import Testing
import TroveStore
@testable import TroveCLI

@Suite struct ModelTests {
    @Test(arguments: [
        ("Buy [milk]", [("Buy ", false), ("milk", true)]),
        ("[milk] and [eggs]", [("milk", true), (" and ", false), ("eggs", true)]),
        ("no match", [("no match", false)]),
        ("", []),
        ("open [only", [("open ", false), ("only", false)]),
        ("[]empty", [("empty", false)]),
    ])
    func highlightedTextSplitsMarkedText(_ marked: String, _ runs: [(String, Bool)]) {
        let text = HighlightedText(marked: marked, open: "[", close: "]")
        #expect(text.runs.map(\.text) == runs.map(\.0))
        #expect(text.runs.map(\.isMatch) == runs.map(\.1))
    }

    static let row = ResultRow(id: 7, title: HighlightedText(marked: "Buy [milk]", open: "[", close: "]"),
                               list: "Groceries", tags: ["dairy"], due: "Mar 2")

    @Test func plainSelectionIsIdTabTitle() {
        #expect(Self.row.plainLine == "7\tBuy milk")
    }

    /// Issue 15: Enter with --format json printed `due` as display text ("Mar 2") and
    /// `priority` as 0–3, unlike every other output; it now prints the reminder exactly as
    /// `trove export` writes it.
    @Test func jsonSelectionIsTheReminderAsExportWritesIt() async throws {
        let store = try await ReminderStore.inMemory()
        let added = try await store.add(ReminderRecord(
            uid: "u-1", title: "Buy \"oat\" milk", notes: "a/b", list: "Groceries", tags: ["dairy", "errand"], priority: .low,
            due: .day(CalendarDay("2026-03-02")!), createdAt: Date(timeIntervalSince1970: 1_771_578_900),
            updatedAt: Date(timeIntervalSince1970: 1_771_578_900)))
        let row = ResultRow(id: added.id, title: "Buy \"oat\" milk", list: "Groceries", due: "Mar 2", priority: 1)
        let line = try await SelectionOutput.line(for: row, format: .json, store: store)
        #expect(line == #"{"id":1,"uid":"u-1","title":"Buy \"oat\" milk","notes":"a/b","list":"Groceries","tags":["dairy","errand"],"priority":"low","flagged":false,"completed":false,"completedAt":null,"due":"2026-03-02","repeat":null,"createdAt":"2026-02-20T09:15:00.000Z","updatedAt":"2026-02-20T09:15:00.000Z","completions":[],"icalendar":[]}"#)
        let sink = ByteSink()
        var writer = JSONLinesWriter(sink)
        _ = try await store.export(to: &writer)
        #expect(sink.text == line + "\n")
    }

    /// Issue 51: `--format json` printed one object when nothing was marked and an array when
    /// something was; now json is always an array and jsonl always one object per line.
    @Test func enterPrintsOneShapePerFormatForOneReminderOrSeveral() async throws {
        let store = try await ReminderStore.inMemory()
        let first = try await store.add(ReminderRecord(title: "Buy milk"))
        let second = try await store.add(ReminderRecord(title: "Call mum"))
        let rows = [first, second].map { ResultRow(id: $0.id, title: HighlightedText(marked: $0.title, open: "[", close: "]")) }
        let lines = [
            try await SelectionOutput.line(for: rows[0], format: .json, store: store),
            try await SelectionOutput.line(for: rows[1], format: .json, store: store),
        ]
        #expect(try await SelectionOutput.text(for: [rows[0]], format: .json, store: store) == "[\(lines[0])]\n")
        #expect(try await SelectionOutput.text(for: rows, format: .json, store: store) == "[\(lines[0]),\(lines[1])]\n")
        #expect(try await SelectionOutput.text(for: [rows[0]], format: .jsonl, store: store) == "\(lines[0])\n")
        #expect(try await SelectionOutput.text(for: rows, format: .jsonl, store: store) == "\(lines[0])\n\(lines[1])\n")
        #expect(try await SelectionOutput.text(for: rows, format: .plain, store: store) == "\(first.id)\tBuy milk\n\(second.id)\tCall mum\n")
    }

    @Test(arguments: [
        ([:], true),
        (["NO_COLOR": "1"], false),
        (["NO_COLOR": ""], true),  // no-color.org: only a non-empty value counts
        (["TERM": "dumb"], false),
        (["TERM": "xterm-256color"], true),
    ])
    func colourDefaultHonoursNoColor(_ environment: [String: String], _ expected: Bool) {
        #expect(InteractiveOptions.colourDefault(environment: environment) == expected)
    }

    @Test func styledTextTruncatesAcrossSegmentsKeepingStyles() {
        var text = StyledText("Buy ", .bold)
        text.append("milk", .match)
        let cut = text.truncated(to: 6)
        #expect(cut.plain == "Buy m…")
        #expect(cut.segments.map(\.style) == [.bold, .match])
        #expect(text.padded(to: 10).plain == "Buy milk  ")
    }
}
