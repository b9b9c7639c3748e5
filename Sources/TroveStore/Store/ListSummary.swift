/// A list and how many reminders it holds, as `ReminderStore.lists()` returns them.
public struct ListSummary: Hashable, Sendable {
    public var name: String
    /// Lists sort by position, then name; new lists go last.
    public var position: Int
    public var openCount: Int
    public var completedCount: Int

    public init(name: String, position: Int, openCount: Int, completedCount: Int) {
        self.name = name
        self.position = position
        self.openCount = openCount
        self.completedCount = completedCount
    }
}
