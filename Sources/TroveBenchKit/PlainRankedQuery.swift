public import TroveSearch
import TroveStore

/// FTS5's own answer to a query, without Trove: `MATCH … ORDER BY rank LIMIT 20` (the table's
/// `bm25(10, 1, 5)`), plus the count of every match, as bare SQL for ``DirectConnection``.
/// It is the column that sits between Trove and an anchor engine in the anchor table.
///
/// ```swift
/// PlainRankedQuery(.parse("is:flagged milk", exact: true))?.ranked.sql
/// // SELECT reminders_fts.rowid FROM reminders_fts JOIN reminders ON reminders.id = reminders_fts.rowid
/// // WHERE reminders_fts MATCH ? AND (reminders.is_flagged = 1) ORDER BY rank LIMIT 20
/// ```
///
/// The MATCH text comes from ``FTS5Expression``, as Trove's own. A query of filters only has no
/// rank: it reads the newest 20 (`ORDER BY id DESC`). Completed reminders are matches as any
/// other (Trove's default for text).
public struct PlainRankedQuery: Hashable, Sendable {
    public var ranked: BoundStatement
    public var count: BoundStatement

    /// nil when FTS5 has nothing to match and no filter (an empty query or only `-word`s).
    public init?(_ query: SearchQuery, limit: Int = 20) {
        var conditions: [String] = [], bindings: [SQLValue] = []
        for clause in query.filters {
            guard let condition = Self.condition(clause, &bindings) else { return nil }
            conditions.append(condition)
        }
        let filter = conditions.map { " AND " + $0 }.joined()
        if let match = FTS5Expression(query: query).flatMap(\.positive) {
            let from = conditions.isEmpty
                ? "FROM reminders_fts WHERE reminders_fts MATCH ?"
                : "FROM reminders_fts JOIN reminders ON reminders.id = reminders_fts.rowid WHERE reminders_fts MATCH ?"
            let all: [SQLValue] = [.text(match)] + bindings
            ranked = BoundStatement(sql: "SELECT reminders_fts.rowid \(from)\(filter) ORDER BY rank LIMIT \(limit)", bindings: all)
            count = BoundStatement(sql: "SELECT count(*) \(from)\(filter)", bindings: all)
        } else if query.terms.isEmpty, query.excludedTerms.isEmpty, !conditions.isEmpty {
            let from = "FROM reminders WHERE " + conditions.joined(separator: " AND ")
            ranked = BoundStatement(sql: "SELECT reminders.id \(from) ORDER BY reminders.id DESC LIMIT \(limit)", bindings: bindings)
            count = BoundStatement(sql: "SELECT count(*) \(from)", bindings: bindings)
        } else {
            return nil
        }
    }

    /// One clause, its filters ORed, as Trove's engine reads them (list and tag names compare
    /// with the tables' NOCASE). nil for `due:`, which needs Trove's calendar.
    static func condition(_ clause: FilterClause, _ bindings: inout [SQLValue]) -> String? {
        var parts: [String] = []
        for filter in clause.anyOf {
            switch filter {
            case .status(.open): parts.append("reminders.is_completed = 0")
            case .status(.completed): parts.append("reminders.is_completed = 1")
            case .status(.flagged): parts.append("reminders.is_flagged = 1")
            case .status(.unflagged): parts.append("reminders.is_flagged = 0")
            case .list(let name):
                parts.append("reminders.list_id = (SELECT id FROM lists WHERE name = ?)")
                bindings.append(.text(name))
            case .tag(let name):
                parts.append("reminders.id IN (SELECT reminder_id FROM reminder_tags WHERE tag_id = (SELECT id FROM tags WHERE name = ?))")
                bindings.append(.text(name))
            case .priority(let priority):
                parts.append("reminders.priority = \(priority.rawValue)")
            case .due:
                return nil
            }
        }
        let any = "(" + parts.joined(separator: " OR ") + ")"
        return clause.isNegated ? "(NOT ifnull(\(any), 0))" : any
    }
}
