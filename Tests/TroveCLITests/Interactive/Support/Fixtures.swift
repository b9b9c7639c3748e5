import Foundation
import TroveSearch
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

    /// A keyset cursor after the reminder `id`, as the search library writes one.
    static func cursor(after id: Int64) -> SearchCursor {
        let text = Data("rank\u{1F}\(id)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return SearchCursor(text)!
    }

    /// The id a cursor made by ``cursor(after:)`` continues after.
    static func id(of cursor: SearchCursor) -> Int64? {
        var base64 = cursor.description.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64) else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\u{1F}").dropFirst().first.flatMap { Int64($0) }
    }

    /// A page of the rows `ids`, provisional or final, with a next-page cursor when `next`.
    static func page(_ ids: [Int64], query: String = "", provisional: Bool = false, total: Int? = nil, next: Int64? = nil) -> ResultPage {
        ResultPage(rows: ids.map { row($0, "item \($0)") }, total: total, queryText: query,
                   isProvisional: provisional, next: next.map { cursor(after: $0) })
    }

    /// A state that has started and shown `page` for the empty query.
    static func started(_ page: ResultPage, height: Int = 10) -> InteractiveState {
        var state = InteractiveState(size: size, mode: .inline(height: height))
        _ = state.handle(.start)
        _ = state.handle(.results(page, generation: 1, elapsed: .milliseconds(1)))
        return state
    }
}
