import Foundation
import TroveQuery
import TroveStore

/// Filters as SQL conditions on `reminders`, with `due:` resolved against a given day.
struct FilterSQL {
    var today: CalendarDay
    var timeZone: TimeZone
    /// Whether rows come from a MATCH, which tests each of its rows against a `tag:` filter;
    /// otherwise the filter is the set of the tag's reminders. See ``condition(_:)-filter``.
    var rowsComeFromText = false
    /// Sets of reminders read beforehand, by tag name as the filter spells it: a `tag:` filter
    /// with a set here is a test against it (see ``SearchExecutor/tagSetsBesideAList(on:)``).
    var tagSets: [String: IDSet] = [:]

    /// One clause: its filters ORed; negated as `NOT ifnull(…, 0)` so a NULL due date counts as
    /// "not matching" rather than dropping the row.
    func condition(_ clause: FilterClause) -> SQLFragment {
        let any: SQLFragment = "(\(clause.anyOf.map(condition).joined(separator: " OR ")))"
        return clause.isNegated ? "(NOT ifnull(\(any), 0))" : any
    }

    /// The reminders' columns, qualified (`"reminders"."due_date"`).
    private let r = SearchTables.reminders
    /// The columns of the lists, tags and reminder_tags tables, unqualified (`"name"`), for the
    /// subqueries that read one table each.
    private let list = ListTable.columns, tag = TagTable.columns, link = ReminderTagTable.columns
    /// The same tables' columns, qualified, for the `EXISTS` probe that joins two of them.
    private let linkScope = TableScope<ReminderTagTable>(), tagScope = TableScope<TagTable>()

    /// One filter as a condition. Flags compare with literal 0 and 1, not bound values, so
    /// SQLite can use the indexes that schema 3 declares on `is_completed = 0`.
    ///
    /// ```swift
    /// filters.condition(.list("Work"))
    /// // ("reminders"."list_id" = (SELECT "id" FROM "lists" WHERE "name" = ?))
    /// ```
    func condition(_ filter: SearchFilter) -> SQLFragment {
        switch filter {
        case .status(.open): "(\(r.isCompleted) = 0)"
        case .status(.completed): "(\(r.isCompleted) = 1)"
        case .status(.flagged): "(\(r.isFlagged) = 1)"
        case .status(.unflagged): "(\(r.isFlagged) = 0)"
        case .list(let name):
            // NB: lists.name is declared COLLATE NOCASE, so `=` ignores ASCII case. It is also
            // UNIQUE, so this is `=` to one id (NULL, matching nothing, when there is no such
            // list) rather than `IN (…)`: SQLite cannot know an IN list holds one value, so it
            // would sort the whole list's matches instead of walking reminders_by_list in order.
            "(\(r.listID) = (SELECT \(list.id) FROM \(identifier: ListTable.tableName) WHERE \(list.name) = \(name)))"
        case .tag(let name) where tagSets[name] != nil:
            tagSets[name]!.contains(r.id)
        case .tag(let name) where rowsComeFromText:
            """
            (EXISTS (SELECT 1 FROM \(identifier: ReminderTagTable.tableName) \
            JOIN \(identifier: TagTable.tableName) ON \(tagScope.id) = \(linkScope.tagID) \
            WHERE \(linkScope.reminderID) = \(r.id) AND \(tagScope.name) = \(name)))
            """
        case .tag(let name):
            // NB: without text, every reminder is a candidate. Probing each one's tags (EXISTS,
            // as above) made `trove search tag:errand` take 3.9 s at 1M reminders (its counts
            // and facets 1.1-1.4 s each), and the first page of a tag no reminder has 130 ms;
            // with the set of the tag's reminders, read once from reminder_tags_by_tag, 1.5 s
            // and 62 ms. With text, only the text's matches are probed, and building the set
            // first would cost more than the probes (~30 ms for a tag on 19% of reminders).
            // tags.name is UNIQUE (NOCASE), so `=` to one id.
            """
            (\(r.id) IN (SELECT \(link.reminderID) FROM \(identifier: ReminderTagTable.tableName) \
            WHERE \(link.tagID) = (SELECT \(tag.id) FROM \(identifier: TagTable.tableName) WHERE \(tag.name) = \(name))))
            """
        case .priority(let priority): "(\(r.priority) = \(priority.rawValue))"
        case .due(let due): condition(due)
        }
    }

    func condition(_ due: DueFilter) -> SQLFragment {
        switch due {
        case .today:
            // NB: as Apple Reminders' Today list: what is due today, and what is overdue and
            // still open (a reminder completed late is done, not "today").
            "(\(days(from: today, through: today)) OR \(condition(.overdue)))"
        case .onlyToday: days(from: today, through: today)
        case .tomorrow: days(from: today.adding(days: 1), through: today.adding(days: 1))
        case .week: days(from: today, through: today.adding(days: 6))
        case .on(let day): days(from: day, through: day)
        case .range(let from, let through): days(from: from, through: through)
        case .natural(let phrase):
            // NB: read from the start of the search's today, in its time zone, so `due:fri` is
            // the same day as `trove add --due fri` run that day. A phrase that no longer
            // reads (out of range from this today) matches nothing.
            if let day = try? NaturalDate(now: today.start(in: timeZone), timeZone: timeZone).parse(phrase).day(in: timeZone) {
                days(from: day, through: day)
            } else {
                "0"
            }
        case .none: "(\(r.dueDate) IS NULL)"
        case .overdue:
            "(\(r.isCompleted) = 0 AND \(days(from: nil, through: today.adding(days: -1))))"
        }
    }

    /// Due on a day in `from...through` in ``timeZone``; nil ends are open.
    ///
    /// NB: an all-day date (`YYYY-MM-DD`, 10 characters) is a day already and compares as text
    /// with the days; a timed one is UTC and compares with the UTC instants where those days
    /// start and end in ``timeZone``. Comparing the two forms with each other would be wrong.
    ///
    /// When both ends are known, both forms lie in one range of text, from the smaller lower
    /// bound to the larger upper one, and the condition starts with that range, written both
    /// as `reminders_in_due_order` holds the column and as `reminders_by_due` does, so that a
    /// search in due order walks just the range of either index instead of every open
    /// reminder from the overdue ones on:
    ///
    /// ```swift
    /// // (("reminders"."due_date" IS NULL) = 0 AND ifnull("reminders"."due_date", '') >= ? AND ifnull(…) <= ?
    /// //   AND "reminders"."due_date" >= ? AND "reminders"."due_date" <= ? AND ((length(…) = 10 AND …) OR (…)))
    /// ```
    /// `is:open due:week` at 1,000,000 reminders with none due that week: 1.3 s → 0.01 s.
    /// NB: not for an open end (`overdue`): with one end, SQLite walked the whole range
    /// (0.9 s for the page of `overdue` instead of 1 ms), and `is_completed IN (0, 1)` in front,
    /// to let searches that count completed reminders start at the range too, made `due:today`
    /// slower (0.18 → 0.95 s); neither is written.
    private func days(from: CalendarDay?, through: CalendarDay?) -> SQLFragment {
        let due = r.dueDate
        var allDay: [SQLFragment] = ["length(\(due)) = 10"]
        var timed: [SQLFragment] = ["length(\(due)) > 10"]
        var bounds: (lowest: String, highest: String)?
        if let from {
            let day = from.description, start = SQLDateText.format(from.start(in: timeZone))
            allDay.append("\(due) >= \(day)")
            timed.append("\(due) >= \(start)")
            if let through, let next = through.advanced(byDays: 1) {
                bounds = (min(day, start), max(through.description, SQLDateText.format(next.start(in: timeZone))))
            }
        }
        if let through {
            allDay.append("\(due) <= \(through.description)")
            // NB: after 9999-12-31 there is no bound to write: "10000-01-01 …" sorts before
            // "2026-…" as text, and would leave out every timed due date.
            if let next = through.advanced(byDays: 1) {
                timed.append("\(due) < \(SQLDateText.format(next.start(in: timeZone)))")
            }
        }
        let exact: SQLFragment = "((\(allDay.joined(separator: " AND "))) OR (\(timed.joined(separator: " AND "))))"
        guard let bounds else { return exact }
        let range: [SQLFragment] = [
            "(\(due) IS NULL) = 0", "ifnull(\(due), '') >= \(bounds.lowest)", "ifnull(\(due), '') <= \(bounds.highest)",
            "\(due) >= \(bounds.lowest)", "\(due) <= \(bounds.highest)",
        ]
        return "(\(range.joined(separator: " AND ")) AND \(exact))"
    }
}

extension SearchRequest {
    /// The request's filters as SQL, `due:` read against its day and time zone.
    var filterSQL: FilterSQL {
        FilterSQL(today: today, timeZone: timeZone, rowsComeFromText: true)
    }
}
