public import TroveSearch
import Foundation
import TroveStore

/// A result set as a plain-text table, for snapshots: one row per hit in rank order, then the
/// counts, the facets, did-you-mean (`hint:` as `trove search` says it, then every suggested
/// query when there are several) and any problems found in the query.
///
/// ```swift
/// renderSearchTable(resultSet)   // "milk" on the seed data, brackets
/// // #  id   title                           snippet                     list       tags    due         flags  rank
/// // -  ---  ------------------------------  --------------------------  ---------  ------  ----------  -----  -----
/// // 1  178  Buy [milk]                      Semi-skimmed, the big one.  Groceries  errand  2026-03-02         -6.46
/// // 2  171  Pay the Parker's Dairy invoice  February: £23.60.           Finance    milk    2026-03-06         -5.97
/// // …
/// // 7 of 7 (0 completed)
/// // lists: Groceries (4), Home (2), Finance (1)
/// // tags: milk (3), errand (2), weekend (1)
/// ```
///
/// `flags` holds `!`, `!!` or `!!!` for low, medium and high priority, `flagged`, `done` and
/// `typo` (a typo match, after the exact ones; the footer counts them).
/// `rank` is the request's ranking score to two places, negated (smaller is better; Trove's
/// ranking unless the request asks for bm25), blank when the engine does not rank; two hits
/// with the same printed rank are ordered by the tiebreakers.
///
/// - Parameter resultSet: What a search returned; its titles and snippets keep their marks.
/// - Returns: The table and footer lines, joined by "\n".
public func renderSearchTable(_ resultSet: ResultSet) -> String {
    var lines: [String] = []
    if !resultSet.hits.isEmpty {
        let rows = resultSet.hits.enumerated().map { offset, hit in
            [
                String(offset + 1), String(hit.id), hit.titleHighlighted, hit.snippet, hit.list,
                hit.tags.joined(separator: ","), hit.due.map(dueText) ?? "", flags(of: hit),
                hit.rank == 0 ? "" : String(format: "%.2f", hit.rank),
            ]
        }
        lines.append(renderTable(rows, header: ["#", "id", "title", "snippet", "list", "tags", "due", "flags", "rank"]))
    } else {
        lines.append("(no hits)")
    }
    lines.append("\(resultSet.hits.count) of \(resultSet.total) (\(resultSet.completedCount) completed"
        + (resultSet.typoCount > 0 ? ", \(resultSet.typoCount) with typos)" : ")"))
    if let next = resultSet.next {
        switch next {
        case .first: break
        case .offset(let count): lines.append("next: offset \(count)")
        case .after: lines.append("next: cursor")
        }
    }
    if !resultSet.listFacets.isEmpty {
        lines.append("lists: " + resultSet.listFacets.map(\.description).joined(separator: ", "))
    }
    if !resultSet.tagFacets.isEmpty {
        lines.append("tags: " + resultSet.tagFacets.map(\.description).joined(separator: ", "))
    }
    if !resultSet.didYouMean.isEmpty {
        lines.append("hint: " + resultSet.didYouMean.sentences.joined(separator: " "))
        if resultSet.suggestions.count > 1 { lines.append("suggestions: " + resultSet.suggestions.joined(separator: " | ")) }
    }
    for problem in resultSet.query.problems {
        lines.append("note: " + problem.message)
    }
    for notice in resultSet.query.notices {
        lines.append("notice: " + notice)
    }
    return lines.joined(separator: "\n")
}

/// `2026-03-02`, or `2026-03-02 20:00` (UTC) for a due time.
private func dueText(_ due: DueDate) -> String {
    let text = due.storageText
    return text.count > 16 ? String(text.prefix(16)) : text
}

private func flags(of hit: SearchHit) -> String {
    var flags: [String] = []
    if hit.priority != .none { flags.append(String(repeating: "!", count: hit.priority.rawValue)) }
    if hit.isFlagged { flags.append("flagged") }
    if hit.isCompleted { flags.append("done") }
    if hit.isTypo { flags.append("typo") }
    return flags.joined(separator: " ")
}
