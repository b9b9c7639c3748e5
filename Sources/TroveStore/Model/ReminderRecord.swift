public import Foundation

/// One reminder as it travels in and out of Trove: the shape every import format reads into
/// and every export format writes from. It has no id; the store assigns ids.
///
/// JSON Lines, the canonical format, spells it:
/// `{"title":"Buy milk","notes":"","list":"Groceries","tags":["dairy"],"priority":"low",
///   "flagged":false,"completed":false,"completedAt":null,"due":"2026-03-02","createdAt":null}`
public struct ReminderRecord: Hashable, Sendable {
    /// Required and never empty.
    public var title: String
    public var notes: String
    /// The list's name; nil means the default list.
    public var list: String?
    /// Tag names, in the order given, without duplicates (compared case-insensitively).
    public var tags: [String]
    public var priority: Priority
    public var isFlagged: Bool
    public var isCompleted: Bool
    public var completedAt: Date?
    public var due: DueDate?
    public var createdAt: Date?

    public init(
        title: String,
        notes: String = "",
        list: String? = nil,
        tags: [String] = [],
        priority: Priority = .none,
        isFlagged: Bool = false,
        isCompleted: Bool = false,
        completedAt: Date? = nil,
        due: DueDate? = nil,
        createdAt: Date? = nil
    ) {
        self.title = title
        self.notes = notes
        self.list = list
        self.tags = tags
        self.priority = priority
        self.isFlagged = isFlagged
        self.isCompleted = isCompleted
        self.completedAt = completedAt
        self.due = due
        self.createdAt = createdAt
    }
}
