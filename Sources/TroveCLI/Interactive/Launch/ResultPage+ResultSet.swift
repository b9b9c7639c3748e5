import Foundation
import TroveSearch
import TroveStore

extension ResultPage {
    /// What the search library marks matches with for the interactive screen: two private-use
    /// characters, which no reminder's text is expected to hold, so `HighlightedText` can split
    /// on them without ambiguity (unlike `[`…`]`, which titles do contain).
    static let markers = HighlightStyle(open: "\u{E000}", close: "\u{E001}", ellipsis: "…")

    /// The screen's view of one answer from the search library.
    ///
    /// ```swift
    /// ResultPage(resultSet, text: "dentist", today: CalendarDay("2026-03-02")!, timeZone: .gmt)
    /// // rows: [ResultRow(id: 12, title: "Call the ⟨dentist⟩", list: "Health", due: "today", …)]
    /// // header: "1 of 1 (0 completed)"
    /// ```
    /// - Parameters:
    ///   - resultSet: Hits marked up with ``markers``.
    ///   - text: The query text it answers.
    ///   - today: What due dates are relative to ("today", "tomorrow").
    ///   - timeZone: Where timed due dates are shown.
    init(_ resultSet: ResultSet, text: String, today: CalendarDay, timeZone: TimeZone) {
        let (open, close) = (Self.markers.open, Self.markers.close)
        let rows = resultSet.hits.map { hit in
            ResultRow(
                id: hit.id,
                title: HighlightedText(marked: hit.titleHighlighted, open: open, close: close),
                snippet: HighlightedText(marked: Self.oneLine(hit.snippet), open: open, close: close),
                list: hit.list,
                tags: hit.tags,
                due: hit.due.map { DueText.format($0, today: today, timeZone: timeZone) },
                isCompleted: hit.isCompleted,
                isFlagged: hit.isFlagged,
                repeats: hit.repeatRule != nil,
                priority: hit.priority.rawValue,
                isTypo: hit.isTypo,
                isWordForm: hit.isWordForm
            )
        }
        var next: SearchCursor?
        if case .after(let cursor)? = resultSet.next { next = cursor }
        // NB: without words the provisional rows are the final page's, in its order (see
        // ResultSet.isProvisional); only the counts are still to come.
        self.init(
            rows: rows, total: resultSet.total, completedCount: resultSet.completedCount, queryText: text,
            isProvisional: resultSet.isProvisional,
            rowsAreFinal: !resultSet.isProvisional || resultSet.query.terms.isEmpty,
            next: next, hint: Self.hint(for: resultSet))
        typoCount = resultSet.typoCount
        wordFormCount = resultSet.wordFormCount
        if resultSet.query.terms.isEmpty {
            pendingWork = "counting…"
        } else if resultSet.hits.isEmpty {
            pendingWork = "searching…"
        }
    }

    /// The query's problems first, since they explain an empty or odd answer (but not a last
    /// filter still being typed, `is:comp`); then its notices (words merged or left out); else
    /// did-you-mean.
    static func hint(for resultSet: ResultSet) -> String? {
        let problems = resultSet.query.problems.filter { !$0.isIncomplete }
        if !problems.isEmpty {
            return problems.map(\.message).joined(separator: "; ")
        }
        if !resultSet.query.notices.isEmpty {
            return resultSet.query.notices.joined(separator: " ")
        }
        // NB: the same sentences `trove search` prints when nothing matched exactly.
        guard !resultSet.didYouMean.isEmpty else { return nil }
        return resultSet.didYouMean.sentences.joined(separator: " ")
    }

    /// Notes may hold line breaks and tabs; a snippet is shown on one screen line.
    private static func oneLine(_ text: String) -> String {
        guard text.contains(where: { $0.isNewline || $0 == "\t" }) else { return text }
        return text.split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " ")
    }
}
