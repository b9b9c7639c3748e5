import Testing
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
        #expect(Self.row.formatted(.plain) == "7\tBuy milk")
    }

    @Test func jsonSelectionHasEveryKeySorted() {
        #expect(Self.row.formatted(.json) ==
            #"{"completed":false,"due":"Mar 2","flagged":false,"id":7,"list":"Groceries","priority":0,"tags":["dairy"],"title":"Buy milk","typo":false}"#)
        let bare = ResultRow(id: 1, title: "a/b \"q\"", isTypo: true)
        #expect(bare.formatted(.json) ==
            #"{"completed":false,"due":null,"flagged":false,"id":1,"list":null,"priority":0,"tags":[],"title":"a/b \"q\"","typo":true}"#)
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
