public import Foundation

/// One stored reminder: its id, the list it is in, and everything the index searches.
///
/// ```swift
/// let reminder = try await store.add(ReminderRecord(title: "Buy milk", list: "Groceries", tags: ["errand"]))
/// reminder.id    // 1
/// reminder.list  // "Groceries"
/// reminder.tags  // ["errand"]
/// ```
public struct Reminder: Hashable, Sendable, Identifiable {
    public var id: Int64
    /// The list's name, as the list spells it.
    public var list: String
    public var title: String
    public var notes: String
    public var priority: Priority
    public var isFlagged: Bool
    public var isCompleted: Bool
    /// Set exactly when `isCompleted` is.
    public var completedAt: Date?
    public var due: DueDate?
    public var createdAt: Date
    public var updatedAt: Date
    /// Tag names as the tags spell them, in the order they were given.
    public var tags: [String]

    public init(
        id: Int64, list: String, title: String, notes: String = "", priority: Priority = .none,
        isFlagged: Bool = false, isCompleted: Bool = false, completedAt: Date? = nil, due: DueDate? = nil,
        createdAt: Date, updatedAt: Date, tags: [String] = []
    ) {
        self.id = id
        self.list = list
        self.title = title
        self.notes = notes
        self.priority = priority
        self.isFlagged = isFlagged
        self.isCompleted = isCompleted
        self.completedAt = completedAt
        self.due = due
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.tags = tags
    }

    /// The reminder as import and export formats carry it: without id or `updatedAt`.
    public var record: ReminderRecord {
        ReminderRecord(
            title: title, notes: notes, list: list, tags: tags, priority: priority, isFlagged: isFlagged,
            isCompleted: isCompleted, completedAt: completedAt, due: due, createdAt: createdAt)
    }
}
