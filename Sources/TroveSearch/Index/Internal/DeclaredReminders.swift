import Foundation
import TroveQuery
package import TroveSQLite
import TroveStore

extension SearchIndex {
    /// The reminders as one declaration (issue 18, item 3), for the tests and the benchmark
    /// that compare it with the reminders' engine: the same fields and weights, the tags as
    /// the field of names, `list:`, `tag:`, `due:` (a deadline), `is:` and `p:`, the list and
    /// tag facets, the engine's tiebreakers, completed reminders ranked lower and left out of
    /// a search without words.
    ///
    /// Not yet the store's own: its FTS5 index sits beside the store's. Its `tag:` reads the
    /// store's own tables, through the links of `reminder_tags` to the names of `tags`.
    package static let declaredReminders: SearchIndex = {
        do {
            return try SearchIndex(
                name: "declared_reminders", table: "reminders", key: "id",
                fields: [.init("title", weight: 5), .init("notes"), .init("tags", weight: 2, holdsNames: true)],
                filters: [
                    "list": .lookup("list_id", table: "lists", key: "id", value: "name"),
                    "tag": .linked("id", links: "reminder_tags", from: "reminder_id", to: "tag_id", table: "tags", key: "id", value: "name"),
                    "due": .deadline("due_date", done: "is_completed"),
                    "is": .named([
                        "open": .init("is_completed", 0), "completed": .init("is_completed", 1),
                        "flagged": .init("is_flagged", 1), "unflagged": .init("is_flagged", 0),
                    ]),
                    "p": .named([
                        "none": .init("priority", 0), "low": .init("priority", 1),
                        "medium": .init("priority", 2), "high": .init("priority", 3),
                    ]),
                ],
                facets: ["list", "tag"],
                tiebreakers: [
                    .ascending("is_completed"), .ascending("due_date"), .descending("priority"), .descending("created_at"),
                ],
                demoted: "is_completed", hidesDemotedWhenBrowsing: true,
                // NB: what a reminder's hit shows besides its fields (``remindersResultSet(for:text:exact:on:helper:vocabulary:)``).
                columns: ["list_id", "priority", "is_flagged", "is_completed", "due_date", "repeat_rule"])
        } catch {
            preconditionFailure("the reminders' declaration is valid: \(error)")
        }
    }()

    /// Migrates ``declaredReminders`` in a reminders database, and drops the table of each
    /// reminder's tag names an earlier build's declaration read (`declared_reminder_tags`).
    ///
    /// ```swift
    /// // DROP TABLE IF EXISTS "declared_reminder_tags"; then migrate(db)
    /// ```
    package static func declareReminders(_ db: SQLConnection) throws {
        try db.execute("DROP TABLE IF EXISTS \"declared_reminder_tags\"")
        try declaredReminders.migrate(db)
    }
}

extension SearchIndex {
    /// The reminders' answer to `request` through ``declaredReminders``, in the engine's
    /// ``ResultSet``: the hits as ``SearchHit``s (the list's name, tags, priority, flag,
    /// completion, due date and repeat rule from the carried columns; the list names in one
    /// look-up for the page), the completed ones counted by ``IndexResultSet/demotedCount``,
    /// the list and tag facets. `text` and `exact` are what `request.query` was parsed from.
    ///
    /// ```swift
    /// try SearchIndex.remindersResultSet(for: SearchRequest(text: "dent"), text: "dent", exact: false, on: db)
    /// // the declaration's statements, then
    /// // SELECT "id", "name" FROM "lists" WHERE "id" IN (SELECT "value" FROM json_each('[1,3]'))
    /// ```
    ///
    /// `--all` and `--open` (``SearchRequest/includeCompleted``) are ``showing(demoted:)``.
    ///
    /// Nil for a request the declaration does not answer yet: a ranking other than Trove's, or
    /// an engine other than `!fts`, `!like` and `!raw`.
    package static func remindersResultSet(
        for request: SearchRequest, text: String, exact: Bool, on db: SQLConnection, helper: SQLiteReadHelper? = nil,
        vocabulary: VocabularyCache? = nil
    ) throws -> ResultSet? {
        guard request.ranking == .trove,
            ["fts", "like", "raw"].contains(request.query.engineName)
        else { return nil }
        // NB: the engine's sorts: soonest due (none last), highest priority, newest; each then
        // by the tiebreakers (open first, soonest due, highest priority, newest).
        let sort: Sort = switch request.sort {
        case .rank: .rank
        case .due: .column("due_date", nullsLast: true)
        case .priority: .column("priority", descending: true)
        case .created: .column("created_at", descending: true)
        }
        let index = try declaredReminders.sorted(by: sort)
            .showing(demoted: request.includeCompleted.map { $0 ? .listed : .hidden } ?? .asDeclared)
            .matching(wordForms: request.wordForms)
        let query = index.parse(text, exact: exact, today: request.today, timeZone: request.timeZone)
        let offset: Int, after: SearchCursor?
        switch request.page {
        case .first: (offset, after) = (0, nil)
        case .offset(let count): (offset, after) = (count, nil)
        case .after(let cursor): (offset, after) = (0, cursor)
        }
        let answer = try index.search(
            query, on: db, helper: helper, limit: request.limit, offset: offset, after: after, highlight: request.highlight,
            typos: request.typos, vocabulary: vocabulary)
        return try remindersResultSet(answer, for: request, on: db)
    }

    /// ``remindersResultSet(for:text:exact:on:helper:vocabulary:)`` on a database's readers: with a
    /// second idle reader, a large set's total and facets are read there while the page is
    /// ranked, as ``search(_:in:limit:offset:after:highlight:typos:vocabulary:)`` does.
    package static func remindersResultSet(
        for request: SearchRequest, text: String, exact: Bool, in database: SQLiteDatabase, vocabulary: VocabularyCache? = nil
    ) async throws -> ResultSet? {
        try await database.readWithHelper { db, helper in
            try remindersResultSet(for: request, text: text, exact: exact, on: db, helper: helper, vocabulary: vocabulary)
        }
    }

    /// ``remindersResultSet(for:text:exact:on:helper:vocabulary:)``'s conversion of the declaration's answer.
    static func remindersResultSet(_ answer: IndexResultSet, for request: SearchRequest, on db: SQLConnection) throws -> ResultSet {
        let listIDs = Set(try answer.hits.compactMap { try $0.column("list_id", as: Int64.self) })
        var lists: [Int64: String] = [:]
        if !listIDs.isEmpty {
            let rows = try db.fetchAll(
                "SELECT \"id\", \"name\" FROM \"lists\" WHERE \"id\" IN (SELECT \"value\" FROM json_each(\(IDList(listIDs.sorted()).json)))")
            for row in rows { lists[try row[0] as Int64] = try row[1] as String }
        }
        let hits = try answer.hits.map { hit -> SearchHit in
            let notes = hit.values["notes"] ?? "", tags = hit.values["tags"] ?? ""
            var converted = SearchHit(
                id: hit.key, title: hit.values["title"] ?? "", notes: notes,
                list: try hit.column("list_id", as: Int64.self).flatMap { lists[$0] } ?? "",
                tags: tags.isEmpty ? [] : tags.components(separatedBy: ", "),
                priority: Priority(rawValue: Int(try hit.column("priority", as: Int64.self) ?? 0)) ?? .none,
                isFlagged: try hit.column("is_flagged", as: Int64.self) ?? 0 != 0,
                isCompleted: try hit.column("is_completed", as: Int64.self) ?? 0 != 0,
                due: try hit.column("due_date", as: String.self).flatMap(DueDate.init(storageText:)),
                titleHighlighted: hit.highlighted["title"], snippet: notes.isEmpty ? "" : hit.snippet,
                matchedFields: Set(hit.matchedFields.compactMap(SearchColumn.init(rawValue:))), rank: hit.rank,
                repeatRule: try hit.column("repeat_rule", as: String.self).flatMap { try? RepeatRule(rrule: $0) },
                isTypo: hit.isTypo)
            converted.isWordForm = hit.isWordForm
            return converted
        }
        var resultSet = ResultSet(
            query: request.query, engine: request.query.engineName, hits: hits, total: answer.total, typoCount: answer.typoCount,
            completedCount: answer.isProvisional ? hits.filter(\.isCompleted).count : answer.demotedCount,
            includesCompleted: !answer.hidesDemoted, listFacets: answer.facets["list"] ?? [], tagFacets: answer.facets["tag"] ?? [],
            next: answer.next.map(SearchPage.after), didYouMean: answer.didYouMean, isProvisional: answer.isProvisional)
        resultSet.wordFormCount = answer.wordFormCount
        return resultSet
    }
}
