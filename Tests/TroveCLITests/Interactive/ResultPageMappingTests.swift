import Foundation
import Testing
@testable import TroveCLI
import TroveSearch
import TroveStore

@Suite struct ResultPageMappingTests {
    static let (open, close) = (ResultPage.markers.open, ResultPage.markers.close)

    @Test func hitsBecomeRowsWithTheirMatchesHighlightedAndCountsKept() {
        let hit = SearchHit(
            id: 12, title: "Call [the] dentist", notes: "ask\nabout\tthe bill", list: "Health", tags: ["call", "doctor"],
            priority: .high, isFlagged: true, isCompleted: false, due: .day(CalendarDay("2026-03-03")!),
            titleHighlighted: "Call [the] \(Self.open)dentist\(Self.close)",
            snippet: "ask\nabout\tthe \(Self.open)bill\(Self.close)")
        let resultSet = ResultSet(query: .parse("dentist"), engine: "fts", hits: [hit], total: 7, completedCount: 3)
        let page = ResultPage(resultSet, text: "dentist", today: CalendarDay("2026-03-02")!, timeZone: .gmt)
        #expect(page.total == 7)
        #expect(page.completedCount == 3)
        #expect(page.queryText == "dentist")
        let row = try! #require(page.rows.first)
        // Brackets in the title are text, not highlight marks.
        #expect(row.title.runs == [.init("Call [the] "), .init("dentist", isMatch: true)])
        // Line breaks and tabs in notes become spaces: a snippet is one screen line.
        #expect(row.snippet.runs == [.init("ask about the "), .init("bill", isMatch: true)])
        #expect(row.id == 12)
        #expect(row.list == "Health")
        #expect(row.tags == ["call", "doctor"])
        #expect(row.due == "tomorrow")
        #expect(row.priority == 3)
        #expect(row.isFlagged)
        #expect(!row.isCompleted)
    }

    @Test func queryProblemsAndSuggestionsBecomeTheHint() {
        let today = CalendarDay("2026-03-02")!
        let problem = ResultSet(query: .parse("milk is:banana"), engine: "fts")
        let problemHint = ResultPage(problem, text: "milk is:banana", today: today, timeZone: .gmt).hint
        #expect(problemHint?.hasPrefix("is:banana — ") == true)

        let nothing = ResultSet(query: .parse("dentst"), engine: "fts", suggestions: ["dentist", "dent", "dense", "denim"])
        #expect(ResultPage(nothing, text: "dentst", today: today, timeZone: .gmt).hint == "Did you mean: dentist, dent, dense, denim?")

        // The header says what `trove search` prints, sentence for sentence.
        let named = ResultSet(
            query: .parse("passprot milk"), engine: "fts",
            didYouMean: DidYouMean(unmatchedWords: ["passprot"], queries: ["passport milk"]))
        #expect(ResultPage(named, text: "passprot milk", today: today, timeZone: .gmt).hint
            == "No reminder contains passprot. Did you mean: passport milk?")
        let renderer = SearchTextRenderer(color: false, today: today)
        #expect(renderer.noResultsMessage(named, text: "passprot milk")
            == "No reminders match passprot milk.\nNo reminder contains passprot.\nDid you mean: passport milk?\n")

        let found = ResultSet(query: .parse("milk"), engine: "fts", hits: [SearchHit(id: 1, title: "Milk", list: "Groceries")], total: 1)
        #expect(ResultPage(found, text: "milk", today: today, timeZone: .gmt).hint == nil)
    }

    // `is:comp` with nothing after it may still become is:completed: no hint while it is typed.
    @Test func aFilterStillBeingTypedIsNoHintButANoticeIs() {
        let today = CalendarDay("2026-03-02")!
        let typing = ResultSet(query: .parse("milk is:comp"), engine: "fts")
        #expect(ResultPage(typing, text: "milk is:comp", today: today, timeZone: .gmt).hint == nil)
        let typed = ResultSet(query: .parse("milk is:comp "), engine: "fts")
        #expect(ResultPage(typed, text: "milk is:comp ", today: today, timeZone: .gmt).hint?.hasPrefix("is:comp — ") == true)
        let pasted = String(repeating: "a ", count: 5_000)
        let merged = ResultSet(query: .parse(pasted), engine: "fts")
        #expect(ResultPage(merged, text: pasted, today: today, timeZone: .gmt).hint
            == "The query's 5,000 words were merged into 1: repeated words count once.")
    }

    /// A provisional page of a search with words is being ranked; one of filters alone already
    /// has its final rows and is only being counted.
    @Test func aProvisionalPageSaysWhatItIsWaitingFor() {
        let today = CalendarDay("2026-03-02")!
        let hit = SearchHit(id: 1, title: "Milk", list: "Groceries")
        let words = ResultSet(query: .parse("mi"), engine: "fts", hits: [hit], total: 201, isProvisional: true)
        #expect(ResultPage(words, text: "mi", today: today, timeZone: .gmt).pendingWork == "ranking…")
        let filters = ResultSet(query: .parse("is:flagged"), engine: "fts", hits: [hit], total: 21, isProvisional: true)
        #expect(ResultPage(filters, text: "is:flagged", today: today, timeZone: .gmt).pendingWork == "counting…")
        let nothingYet = ResultSet(query: .parse("dentst"), engine: "fts", isProvisional: true)
        #expect(ResultPage(nothingYet, text: "dentst", today: today, timeZone: .gmt).pendingWork == "searching…")
    }

    @Test func aHitWithoutNotesOrDueHasAnEmptySnippetAndNoDue() {
        let hit = SearchHit(id: 1, title: "Milk", list: "Groceries")
        let page = ResultPage(ResultSet(query: .parse(""), engine: "fts", hits: [hit], total: 1), text: "",
                              today: CalendarDay("2026-03-02")!, timeZone: .gmt)
        #expect(page.rows.first?.snippet.isEmpty == true)
        #expect(page.rows.first?.due == nil)
    }

    @Test func theSlowTestEngineIsRegisteredOnlyWhenAsked() throws {
        let plain = EngineRegistry.trove(environment: [:])
        #expect(try !(plain.engine(named: "fts") is SlowTestEngine))
        let slow = EngineRegistry.trove(environment: ["TROVE_TEST_SLOW_MS": "50"])
        #expect(try slow.engine(named: "fts") is SlowTestEngine)
    }
}
