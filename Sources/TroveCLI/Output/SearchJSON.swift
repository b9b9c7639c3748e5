import Foundation
import TroveSearch
import TroveStore

/// `--format json` and `jsonl`: a result set, or one hit, as JSON.
///
/// ```swift
/// SearchJSON.hit(hit, reminder).serialized()
/// // {"id":12,"uid":"0193…","title":"Call the dentist","notes":"…","list":"Health","tags":["phone"],"priority":"high",
/// //  "flagged":false,"completed":false,"completedAt":null,"due":"2026-03-02","repeat":null,
/// //  "createdAt":"2026-02-20T09:15:00.000Z","updatedAt":"2026-02-20T09:15:00.000Z","completions":[],"icalendar":[],
/// //  "repeats":null,"rank":-3.1,"titleHighlighted":"Call the [dentist]","snippet":"…","matchedFields":["title"],"typo":false}
/// ```
///
/// A hit is the reminder exactly as ``ReminderJSON`` writes it everywhere (the line `trove
/// export` writes), followed by what only a hit has: `repeats` (the repeat rule as the text
/// output says it, `↻ every week`, or null), `rank` (the `--rank` score, negated: smaller is
/// better; 0 without text), `titleHighlighted`, `snippet` and `matchedFields`.
enum SearchJSON {
    /// The whole answer. `next` is null on the last page, else `{"offset": N, "after": "CURSOR"}`;
    /// feed either back as `--offset N` or `--after CURSOR` (`offset` is left out after `--after`).
    static func resultSet(_ resultSet: ResultSet, reminders: [Reminder], text: String, nextOffset: Int?) -> JSONValue {
        .object([
            "query": .object([
                "text": .string(text),
                "engine": .string(resultSet.engine),
                "parsed": .string(resultSet.query.description),
            ]),
            "total": .integer(Int64(resultSet.total)),
            "typoCount": .integer(Int64(resultSet.typoCount)),
            "wordFormCount": .integer(Int64(resultSet.wordFormCount)),
            "completedCount": .integer(Int64(resultSet.completedCount)),
            "includesCompleted": .bool(resultSet.includesCompleted),
            "hits": .array(zip(resultSet.hits, reminders).map(hit)),
            "next": next(resultSet.next, offset: nextOffset),
            "suggestions": .array(resultSet.suggestions.map(JSONValue.string)),
            "didYouMean": didYouMean(resultSet.didYouMean),
            "notices": .array(resultSet.query.notices.map(JSONValue.string)),
        ])
    }

    /// One hit: the reminder's members, then the hit's own.
    static func hit(_ hit: SearchHit, _ reminder: Reminder) -> JSONValue {
        .object(ReminderJSON.members(reminder.record) + [
            .init(key: "repeats", value: reminder.repeat.map { .string("↻ \($0)") } ?? .null),
            .init(key: "rank", value: .number(hit.rank)),
            .init(key: "titleHighlighted", value: .string(hit.titleHighlighted)),
            .init(key: "snippet", value: .string(hit.snippet)),
            .init(key: "matchedFields", value: .array(matchedFields(hit).map(JSONValue.string))),
            .init(key: "typo", value: .bool(hit.isTypo)),
            .init(key: "wordForm", value: .bool(hit.isWordForm)),
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

    /// `["notes", "title"]`: the columns with a match, in name order.
    static func matchedFields(_ hit: SearchHit) -> [String] {
        hit.matchedFields.map(\.rawValue).sorted()
    }

    private static func next(_ page: SearchPage?, offset: Int?) -> JSONValue {
        guard case .after(let cursor)? = page else { return .null }
        var members = [JSONValue.Member]()
        if let offset { members.append(.init(key: "offset", value: .integer(Int64(offset)))) }
        members.append(.init(key: "after", value: .string(cursor.description)))
        return .object(members)
    }
}
