@testable import TroveCLI

/// Small rows and pages for the interactive tests.
enum Fixtures {
    static func row(_ id: Int64, _ title: String, snippet: String = "", completed: Bool = false) -> ResultRow {
        ResultRow(id: id, title: HighlightedText(marked: title, open: "[", close: "]"),
                  snippet: HighlightedText(marked: snippet, open: "[", close: "]"), isCompleted: completed)
    }

    static func page(_ ids: ClosedRange<Int64>, query: String = "", snippets: Bool = false) -> ResultPage {
        ResultPage(rows: ids.map { row($0, "item \($0)", snippet: snippets ? "note \($0)" : "") }, queryText: query)
    }

    static let size = TerminalSize(columns: 60, rows: 24)

    /// A state that has started and shown `page` for the empty query.
    static func started(_ page: ResultPage, height: Int = 10) -> InteractiveState {
        var state = InteractiveState(size: size, mode: .inline(height: height))
        _ = state.handle(.start)
        _ = state.handle(.results(page, generation: 1, elapsed: .milliseconds(1)))
        return state
    }
}
