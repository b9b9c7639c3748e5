import Foundation
import TroveSearch
import TroveStore

/// `--format json` and `jsonl`: a result set, or one hit, as JSON.
///
/// ```swift
/// SearchJSON.hit(hit).serialized()
/// // {"id":12,"title":"Call the dentist","notes":"…","list":"Health","tags":["phone"],"priority":"high",
/// //  "flagged":false,"completed":false,"due":"2026-03-02","rank":-3.1,"titleHighlighted":"Call the [dentist]",
/// //  "snippet":"…","matchedFields":["title"],"typo":false}
/// ```
///
/// `completed` is a boolean (a hit carries no completion date); `due` is null, a day
/// `YYYY-MM-DD`, or a moment in UTC `YYYY-MM-DDTHH:MM:SS.SSSZ`, as `trove export` writes them.
enum SearchJSON {
    /// The whole answer. `next` is null on the last page, else `{"offset": N, "after": "CURSOR"}`;
    /// feed either back as `--offset N` or `--after CURSOR` (`offset` is left out after `--after`).
    static func resultSet(_ resultSet: ResultSet, text: String, nextOffset: Int?) -> JSONValue {
        .object([
            "query": .object([
                "text": .string(text),
                "engine": .string(resultSet.engine),
                "parsed": .string(resultSet.query.description),
            ]),
            "total": .integer(Int64(resultSet.total)),
            "typoCount": .integer(Int64(resultSet.typoCount)),
            "completedCount": .integer(Int64(resultSet.completedCount)),
            "includesCompleted": .bool(resultSet.includesCompleted),
            "hits": .array(resultSet.hits.map(hit)),
            "next": next(resultSet.next, offset: nextOffset),
            "suggestions": .array(resultSet.suggestions.map(JSONValue.string)),
            "didYouMean": didYouMean(resultSet.didYouMean),
            "notices": .array(resultSet.query.notices.map(JSONValue.string)),
        ])
    }

    static func hit(_ hit: SearchHit) -> JSONValue {
        .object([
            "id": .integer(hit.id),
            "title": .string(hit.title),
            "notes": .string(hit.notes),
            "list": .string(hit.list),
            "tags": .array(hit.tags.map(JSONValue.string)),
            "priority": .string(hit.priority.name),
            "flagged": .bool(hit.isFlagged),
            "completed": .bool(hit.isCompleted),
            "due": hit.due.map { .string(dueText($0)) } ?? .null,
            "repeat": hit.repeatRule.map { .string($0.rrule) } ?? .null,
            "repeats": hit.repeatRule.map { .string("↻ \($0)") } ?? .null,
            "rank": .number(hit.rank),
            "titleHighlighted": .string(hit.titleHighlighted),
            "snippet": .string(hit.snippet),
            "matchedFields": .array(hit.matchedFields.sorted().map { .string($0.rawValue) }),
            "typo": .bool(hit.isTypo),
        ])
    }

    /// `{"sentences": [...], "unmatchedWords": [...], "unknownLists": [...], "unknownTags": [...]}`.
    private static func didYouMean(_ value: DidYouMean) -> JSONValue {
        .object([
            "sentences": .array(value.sentences.map(JSONValue.string)),
            "unmatchedWords": .array(value.unmatchedWords.map(JSONValue.string)),
            "unknownLists": .array(value.unknownLists.map(JSONValue.string)),
            "unknownTags": .array(value.unknownTags.map(JSONValue.string)),
        ])
    }

    private static func next(_ page: SearchPage?, offset: Int?) -> JSONValue {
        guard case .after(let cursor)? = page else { return .null }
        var members = [JSONValue.Member]()
        if let offset { members.append(.init(key: "offset", value: .integer(Int64(offset)))) }
        members.append(.init(key: "after", value: .string(cursor.description)))
        return .object(members)
    }

    /// `2026-03-02`, or `2026-03-02T09:30:00.000Z`.
    static func dueText(_ due: DueDate) -> String {
        switch due {
        case .day(let day): day.description
        case .time(let date): date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        }
    }
}
