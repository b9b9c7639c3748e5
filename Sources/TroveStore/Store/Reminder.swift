public import Foundation

/// One stored reminder: its id, the list it is in, and everything the index searches.
///
/// ```swift
/// let reminder = try await store.add(ReminderRecord(title: "Buy milk", list: "Groceries", tags: ["errand"]))
/// reminder.id    // 1
/// reminder.uid   // "0193a1c2-…", permanent
/// reminder.list  // "Groceries"
/// reminder.tags  // ["errand"]
/// ```
public struct Reminder: Hashable, Sendable, Identifiable {
    /// The row id in `reminders`: what `trove show 7` and `reminder(id:)` take. Not kept across export and import into another store; ``uid`` is.
    public var id: Int64
    /// The permanent identity: never reused, kept by export and import.
    public var uid: String
    /// The list's name, as the list spells it.
    public var list: String
    /// What it says; never empty.
    public var title: String
    /// Free text, searched with the title; empty when there is none.
    public var notes: String
    /// None, low, medium or high.
    public var priority: Priority
    /// Whether it is flagged.
    public var isFlagged: Bool
    /// Whether it is completed.
    public var isCompleted: Bool
    /// Nil when not completed, or completed at a time nobody recorded (an imported task).
    public var completedAt: Date?
    /// When it is due: a day, or a moment; nil when it has no due date.
    public var due: DueDate?
    /// How it repeats; nil when it does not.
    public var `repeat`: RepeatRule?
    /// When it was added (or, for an import, when the file says it was created).
    public var createdAt: Date
    /// When it last changed.
    public var updatedAt: Date
    /// Tag names as the tags spell them, in the order they were given.
    public var tags: [String]
    /// Completed occurrences of a repeating reminder, oldest first.
    public var completions: [Completion]
    /// iCalendar content lines kept verbatim from an import.
    public var icalendar: [String]

    /// A reminder with these values; the store makes the real ones.
    public init(
        id: Int64, uid: String = "", list: String, title: String, notes: String = "", priority: Priority = .none,
        isFlagged: Bool = false, isCompleted: Bool = false, completedAt: Date? = nil, due: DueDate? = nil,
        repeat: RepeatRule? = nil, createdAt: Date, updatedAt: Date, tags: [String] = [],
        completions: [Completion] = [], icalendar: [String] = []
    ) {
        self.id = id
        self.uid = uid
        self.list = list
        self.title = title
        self.notes = notes
        self.priority = priority
        self.isFlagged = isFlagged
        self.isCompleted = isCompleted
        self.completedAt = completedAt
        self.due = due
        self.repeat = `repeat`
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.tags = tags
        self.completions = completions
        self.icalendar = icalendar
    }

    /// The reminder as import and export formats carry it: every field, id and uid included.
    public var record: ReminderRecord {
        ReminderRecord(
            id: id, uid: uid, title: title, notes: notes, list: list, tags: tags, priority: priority,
            isFlagged: isFlagged, isCompleted: isCompleted, completedAt: completedAt, due: due, repeat: `repeat`,
            createdAt: createdAt, updatedAt: updatedAt, completions: completions, icalendar: icalendar)
    }
}
