/// A list and how many reminders it holds, as `ReminderStore.lists()` returns them.
public struct ListSummary: Hashable, Sendable {
    /// The list's name, as it spells it.
    public var name: String
    /// Lists sort by position, then name; new lists go last.
    public var position: Int
    /// How many of its reminders are not completed.
    public var openCount: Int
    /// How many of its reminders are completed.
    public var completedCount: Int

    /// A summary with these values; ``ReminderStore/lists()`` reads the real ones.
    public init(name: String, position: Int, openCount: Int, completedCount: Int) {
        self.name = name
        self.position = position
        self.openCount = openCount
        self.completedCount = completedCount
    }
}
