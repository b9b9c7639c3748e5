import Foundation

/// The one JSON form of a reminder: what `trove export` writes per line, what `trove show
/// --format json` prints and the journal stores, what each hit of `trove search --format
/// json|jsonl` starts with, and what Enter prints in the interactive search with `--format json`.
///
/// ```swift
/// ReminderJSON.object(reminder).serialized()
/// // {"id":7,"uid":"0193…","title":"Buy milk","notes":"","list":"Groceries","tags":["dairy"],"priority":"low",
/// //  "flagged":false,"completed":false,"completedAt":null,"due":"2026-03-02","repeat":null,
/// //  "createdAt":"2026-02-20T09:15:00.000Z","updatedAt":"2026-02-20T09:15:00.000Z","completions":[],"icalendar":[]}
/// ```
///
/// Every field is always present, in this order (`id` and `uid` are null for a record not yet
/// stored). Dates are UTC `YYYY-MM-DDTHH:MM:SS.SSSZ`; a due day is `YYYY-MM-DD`; `priority` is
/// `none`, `low`, `medium` or `high`; `repeat` is the RRULE value. A new field of the reminder
/// is added in ``members(_:)`` and so reaches every output at once.
public enum ReminderJSON {
    /// The members of a reminder's object, in order.
    public static func members(_ record: ReminderRecord) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = []
        members.reserveCapacity(16)
        members.append(.init(key: "id", value: record.id.map(JSONValue.integer) ?? .null))
        members.append(.init(key: "uid", value: record.uid.map(JSONValue.string) ?? .null))
        members.append(.init(key: "title", value: .string(record.title)))
        members.append(.init(key: "notes", value: .string(record.notes)))
        members.append(.init(key: "list", value: record.list.map(JSONValue.string) ?? .null))
        members.append(.init(key: "tags", value: .array(record.tags.map(JSONValue.string))))
        members.append(.init(key: "priority", value: .string(record.priority.name)))
        members.append(.init(key: "flagged", value: .bool(record.isFlagged)))
        members.append(.init(key: "completed", value: .bool(record.isCompleted)))
        members.append(.init(key: "completedAt", value: date(record.completedAt)))
        members.append(.init(key: "due", value: due(record.due)))
        members.append(.init(key: "repeat", value: record.repeat.map { .string($0.rrule) } ?? .null))
        members.append(.init(key: "createdAt", value: date(record.createdAt)))
        members.append(.init(key: "updatedAt", value: date(record.updatedAt)))
        members.append(.init(key: "completions", value: .array(record.completions.map { completion in
            .object([.init(key: "due", value: due(completion.due)), .init(key: "completedAt", value: date(completion.completedAt))])
        })))
        members.append(.init(key: "icalendar", value: .array(record.icalendar.map(JSONValue.string))))
        return members
    }

    /// A stored reminder as one object.
    public static func object(_ reminder: Reminder) -> JSONValue {
        .object(members(reminder.record))
    }

    /// `2026-03-02`, or `2026-03-02T09:30:00.000Z`: a due date as every output writes it.
    public static func dueText(_ due: DueDate) -> String {
        Timestamp.dueText(due)
    }

    private static func due(_ due: DueDate?) -> JSONValue {
        due.map { .string(Timestamp.dueText($0)) } ?? .null
    }

    private static func date(_ date: Date?) -> JSONValue {
        date.map { .string(Timestamp.iso($0)) } ?? .null
    }
}
