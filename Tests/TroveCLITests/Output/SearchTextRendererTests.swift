import Foundation
import Testing
import TroveSearch
import TroveStore
@testable import TroveCLI

/// Hits as the search returns them for text output: matches marked with STX/ETX.
private enum Hits {
    static let today = CalendarDay(year: 2026, month: 3, day: 2)!
    static let utc = TimeZone(identifier: "UTC")!

    static let dentist = SearchHit(
        id: 7, title: "Call the dentist", notes: "Ask the dentist about the crown", list: "Health",
        tags: ["phone"], priority: .high, isFlagged: true, due: .day(today),
        titleHighlighted: "Call the \u{2}dentist\u{3}", snippet: "Ask the \u{2}dentist\u{3} about the crown")
    static let invoice = SearchHit(
        id: 123, title: "Dentist invoice", list: "Home", due: .day(today.adding(days: -3)),
        titleHighlighted: "\u{2}Dentist\u{3} invoice")
    static let booked = SearchHit(
        id: 40, title: "Book dentist", list: "Health", isCompleted: true, due: .day(today.adding(days: -10)),
        titleHighlighted: "Book \u{2}dentist\u{3}")

    static func resultSet(_ hits: [SearchHit], total: Int? = nil, completed: Int = 0, includesCompleted: Bool = true,
                          next: SearchPage? = nil) -> ResultSet {
        ResultSet(query: .parse("dentist"), engine: "fts", hits: hits, total: total ?? hits.count,
                  completedCount: completed, includesCompleted: includesCompleted, next: next)
    }
}

@Suite struct SearchTextRendererTests {
    let plain = SearchTextRenderer(color: false, today: Hits.today, timeZone: Hits.utc)

    @Test func alignsColumnsAndPutsTheSnippetUnderTheTitle() {
        let output = plain.render(Hits.resultSet([Hits.dentist, Hits.invoice, Hits.booked], completed: 1), position: .offset(0))
        // Ids right-aligned; ✓ only on the completed hit; "today" for today's date; the flag and
        // the priority only where set; the snippet starts under the title column.
        #expect(output == """
            \u{20} 7     Call the dentist  Health  today       !!!  ⚑  #phone
                    Ask the dentist about the crown
            123     Dentist invoice   Home    2026-02-27
             40  ✓  Book dentist      Health  2026-02-20

            3 of 3 (1 completed)

            """)
    }

    @Test func leavesOutColumnsNoHitUses() {
        let output = plain.render(Hits.resultSet([Hits.invoice]), position: .offset(0))
        #expect(output == "123  Dentist invoice  Home  2026-02-27\n\n1 of 1\n")
    }

    @Test func colourMarksMatchesAndResumesTheDimSnippetAfterEachMatch() {
        let colored = SearchTextRenderer(color: true, today: Hits.today, timeZone: Hits.utc)
        let output = colored.render(Hits.resultSet([Hits.dentist]), position: .offset(0))
        #expect(output.contains("Call the \u{1B}[1;33mdentist\u{1B}[22;39m"))
        // The snippet line is dim; after a match, dim is switched on again.
        #expect(output.contains("\u{1B}[2mAsk the \u{1B}[1;33mdentist\u{1B}[22;39m\u{1B}[2m about the crown\u{1B}[22m"))
        #expect(!plain.render(Hits.resultSet([Hits.dentist]), position: .offset(0)).contains("\u{1B}"))
    }

    @Test func customMarksWrapMatchesWhenColourIsOff() {
        var marked = plain
        marked.marks = HighlightStyle(open: "<", close: ">")
        #expect(marked.render(Hits.resultSet([Hits.invoice]), position: .offset(0)).hasPrefix("123  <Dentist> invoice  Home"))
    }

    @Test func overdueOpenDatesAreRedAndCompletedOnesAreNot() {
        let colored = SearchTextRenderer(color: true, today: Hits.today, timeZone: Hits.utc)
        #expect(colored.render(Hits.resultSet([Hits.invoice]), position: .offset(0)).contains("\u{1B}[31m2026-02-27\u{1B}[39m"))
        #expect(!colored.render(Hits.resultSet([Hits.booked]), position: .offset(0)).contains("\u{1B}[31m"))
    }

    @Test func escapeSequencesInStoredTextNeverReachTheTerminal() {
        var hostile = Hits.invoice
        hostile.titleHighlighted = "Evil \u{1B}[2J title\u{7}"
        hostile.snippet = "line one\nline two\ttabbed"
        let output = plain.render(Hits.resultSet([hostile]), position: .offset(0))
        #expect(!output.contains("\u{1B}"))
        #expect(!output.contains("\u{7}"))
        #expect(output.contains("Evil \u{FFFD}[2J title\u{FFFD}"))
        #expect(output.contains("line one line two tabbed"))
    }

    @Test func wideCharactersKeepTheColumnsAligned() {
        let wide = SearchHit(id: 1, title: "牛乳を買う", list: "Groceries", titleHighlighted: "牛乳を買う")
        let narrow = SearchHit(id: 2, title: "Milk", list: "Home", titleHighlighted: "Milk")
        let lines = plain.render(Hits.resultSet([wide, narrow]), position: .offset(0)).split(separator: "\n")
        // 牛乳を買う takes 10 columns, so "Milk" is padded to 10 as well.
        #expect(lines[0] == "1  牛乳を買う  Groceries")
        #expect(lines[1] == "2  Milk        Home")
    }

    @Test(arguments: [
        (SearchTextRenderer.Position.offset(0), 20, 340, 5, true, "20 of 340 (5 completed)"),
        (.offset(20), 20, 340, 0, true, "21–40 of 340"),
        (.afterCursor, 20, 340, 0, true, "20 more of 340"),
        (.offset(0), 3, 3, 2, false, "3 of 3 (2 completed not shown; add --all)"),
    ])
    func summarySaysWhereThePageIsAndWhatIsLeftOut(
        position: SearchTextRenderer.Position, count: Int, total: Int, completed: Int, includes: Bool, expected: String
    ) {
        let hits = Array(repeating: Hits.invoice, count: count)
        let resultSet = Hits.resultSet(hits, total: total, completed: completed, includesCompleted: includes)
        #expect(plain.summary(resultSet, position: position) == expected)
    }

    @Test func nextPageHintOffersBothWaysOnlyWhenThereIsANextPage() throws {
        let cursor = try #require(SearchCursor("cmFuax8xMDMfaTAfaTAfdDIwMjYtMTEtMTYfaTMfdDIwMjYtMTEtMTAgMTE6MTE6MDAuMDAw"))
        let more = Hits.resultSet([Hits.invoice, Hits.dentist], total: 9, next: .after(cursor))
        #expect(plain.nextHint(more, position: .offset(4)) == "Next page: --offset 6 or --after \(cursor)")
        #expect(plain.nextHint(more, position: .afterCursor) == "Next page: --after \(cursor)")
        #expect(plain.nextHint(Hits.resultSet([Hits.invoice]), position: .offset(0)) == nil)
    }

    @Test func onATerminalTheHintIsShortTheCursorIsForJSON() throws {
        let cursor = try #require(SearchCursor("cmFuax8xMDMfaTAfaTAfdDIwMjYtMTEtMTYfaTMfdDIwMjYtMTEtMTAgMTE6MTE6MDAuMDAw"))
        let more = Hits.resultSet([Hits.invoice, Hits.dentist], total: 9, next: .after(cursor))
        var terminal = plain
        terminal.terminalWidth = 80
        #expect(terminal.nextHint(more, position: .offset(4)) == "Next page: --offset 6")
        // After --after the offset is unknown: the cursor is the only way on.
        #expect(terminal.nextHint(more, position: .afterCursor) == "Next page: --after \(cursor)")
    }

    @Test func onATerminalLinesFitItsWidthTitlesGivingWayFirst() {
        let long = SearchHit(
            id: 5, title: "Sort out the spare room before the family visit next month", list: "Home",
            due: .day(Hits.today.adding(days: 1)), titleHighlighted: "Sort out the spare room before the family visit next month",
            snippet: String(repeating: "boxes and more boxes ", count: 10))
        var terminal = plain
        terminal.terminalWidth = 40
        let output = terminal.render(Hits.resultSet([Hits.dentist, long]), position: .offset(0))
        // The title column gives way first (to 16 columns), so both due dates still show; what
        // is still too wide is cut at the line's end: the dentist's priority, flag and tag.
        #expect(output == """
            7  Call the dentist  Health  today     …
               Ask the dentist about the crown
            5  Sort out the sp…  Home    tomorrow
               boxes and more boxes boxes and more …

            2 of 2

            """)
        #expect(output.split(separator: "\n").allSatisfy { DisplayWidth.of($0) <= 40 })
        // Piped, the same hits keep every character.
        let piped = plain.render(Hits.resultSet([long]), position: .offset(0))
        #expect(piped.contains("Sort out the spare room before the family visit next month  Home  tomorrow"))
    }

    @Test func withoutColourOnATerminalMatchesAreBoldAndUnderlinedAndColumnsStillAlign() {
        var terminal = SearchTextRenderer(color: false, marks: SearchTextRenderer.emphasis, today: Hits.today, timeZone: Hits.utc)
        terminal.terminalWidth = 200
        let output = terminal.render(Hits.resultSet([Hits.dentist, Hits.invoice]), position: .offset(0))
        #expect(output.contains("Call the \u{1B}[1;4mdentist\u{1B}[22;24m"))
        #expect(!output.contains("\u{1B}[3"))  // no colour codes
        let stripped = output.replacing(/\u{1B}\[[0-9;]*m/, with: "")
        #expect(stripped == plain.render(Hits.resultSet([Hits.dentist, Hits.invoice]), position: .offset(0)))
    }

    @Test func ansiTextCutsWithoutSplittingASequence() {
        let text = "Call the \u{1B}[1;4mdentist\u{1B}[22;24m today"
        #expect(ANSIText.width(text) == 22)
        #expect(ANSIText.truncate(text, to: 22) == text)
        #expect(ANSIText.truncate(text, to: 12) == "Call the \u{1B}[1;4mde…\u{1B}[0m")
        #expect(ANSIText.truncate("牛乳を買う", to: 6) == "牛乳…")
    }

    @Test func dueDatesReadRelativeToTodayWithTheLocalTime() {
        #expect(plain.dueText(.day(Hits.today)) == "today")
        #expect(plain.dueText(.day(Hits.today.adding(days: 1))) == "tomorrow")
        #expect(plain.dueText(.day(Hits.today.adding(days: -1))) == "yesterday")
        #expect(plain.dueText(.day(Hits.today.adding(days: 5))) == "2026-03-07")
        let nineThirty = Hits.today.start(in: Hits.utc).addingTimeInterval(9.5 * 3600)
        #expect(plain.dueText(.time(nineThirty)) == "today 09:30")
        var tokyo = plain
        tokyo.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        #expect(tokyo.dueText(.time(nineThirty)) == "today 18:30")
        #expect(plain.dueText(nil) == "")
    }

    @Test func noResultsMessageSuggestsWordsAndCompletedMatches() {
        var resultSet = Hits.resultSet([], completed: 2, includesCompleted: false)
        resultSet.suggestions = ["dentist", "denim"]
        #expect(plain.noResultsMessage(resultSet, text: "dentst") == """
            No reminders match dentst.
            2 completed ones match; add --all to see them.
            Did you mean: dentist, denim?

            """)
        #expect(plain.noResultsMessage(Hits.resultSet([]), text: " ") == "No reminders to show.\n")
    }
}
