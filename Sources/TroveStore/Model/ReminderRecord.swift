public import Foundation

/// One reminder as it travels in and out of Trove: the shape every import format reads into
/// and every export format writes from.
///
/// JSON Lines, the canonical format, spells it:
/// `{"id":1,"uid":"0190…","title":"Buy milk","notes":"","list":"Groceries","tags":["dairy"],
///   "priority":"low","flagged":false,"completed":false,"completedAt":null,"due":"2026-03-02",
///   "repeat":null,"createdAt":null,"updatedAt":null,"completions":[],"icalendar":[]}`
public struct ReminderRecord: Hashable, Sendable {
    /// The id it had where it was exported; an import keeps it when no reminder has it yet.
    public var id: Int64?
    /// The permanent identity an import matches on: a UUID for reminders Trove made, or the
    /// UID an iCalendar file gave it, kept as written. Nil gets a new UUID.
    public var uid: String?
    /// Required and never empty.
    public var title: String
    /// Free text, searched with the title; empty when there is none.
    public var notes: String
    /// The list's name; nil means the default list.
    public var list: String?
    /// Tag names, in the order given, without duplicates (compared case-insensitively); at most
    /// ``maxTags``.
    public var tags: [String]
    /// None, low, medium or high.
    public var priority: Priority
    /// Whether it is flagged.
    public var isFlagged: Bool
    /// Whether it is completed.
    public var isCompleted: Bool
    /// When it was completed; nil on a completed record means the time is unknown.
    public var completedAt: Date?
    /// When it is due: a day, or a moment; nil when it has no due date.
    public var due: DueDate?
    /// How it repeats; completing it moves `due` to the next occurrence.
    public var `repeat`: RepeatRule?
    /// When it was created; nil on import means now.
    public var createdAt: Date?
    /// When it last changed; nil on import means now.
    public var updatedAt: Date?
    /// Past occurrences of a repeating reminder that were completed, oldest first.
    public var completions: [Completion]
    /// iCalendar content lines Trove does not model (VALARM, RELATED-TO, CLASS, X-…), unfolded,
    /// kept verbatim so that an iCalendar export writes them back.
    public var icalendar: [String]
    /// Set on an iCalendar VTODO that overrides one occurrence (RECURRENCE-ID) of the repeating
    /// to-do with the same UID: the importer records it as that reminder's completion rather
    /// than a second reminder.
    public var recurrenceID: DueDate?

    /// The most tags one reminder may have, on every path (add, edit, import, the library):
    /// more is refused with `StoreError.tooManyTags`, naming the count and this limit. Work per
    /// tag is linear below it (`scripts/many-tags` measures it).
    public static let maxTags = 10_000

    /// A reminder to add or import. Only `title` is required.
    ///
    /// ```swift
    /// try await store.add(ReminderRecord(title: "Buy milk", list: "Groceries", tags: ["dairy"], priority: .high))
    /// ```
    public init(
        id: Int64? = nil,
        uid: String? = nil,
        title: String,
        notes: String = "",
        list: String? = nil,
        tags: [String] = [],
        priority: Priority = .none,
        isFlagged: Bool = false,
        isCompleted: Bool = false,
        completedAt: Date? = nil,
        due: DueDate? = nil,
        repeat: RepeatRule? = nil,
        createdAt: Date? = nil,
        updatedAt: Date? = nil,
        completions: [Completion] = [],
        icalendar: [String] = [],
        recurrenceID: DueDate? = nil
    ) {
        self.id = id
        self.uid = uid
        self.title = title
        self.notes = notes
        self.list = list
        self.tags = tags
        self.priority = priority
        self.isFlagged = isFlagged
        self.isCompleted = isCompleted
        self.completedAt = completedAt
        self.due = due
        self.repeat = `repeat`
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.completions = completions
        self.icalendar = icalendar
        self.recurrenceID = recurrenceID
    }
}

/// One completed occurrence of a repeating reminder.
public struct Completion: Hashable, Sendable {
    /// The occurrence's due date.
    public var due: DueDate?
    /// When it was completed; nil when unknown.
    public var completedAt: Date?

    /// A completed occurrence that was due at `due` and completed at `completedAt`.
    public init(due: DueDate?, completedAt: Date?) {
        self.due = due
        self.completedAt = completedAt
    }
}
