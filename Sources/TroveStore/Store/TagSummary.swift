/// A tag and how many reminders carry it, as `ReminderStore.tags()` returns them.
public struct TagSummary: Hashable, Sendable {
    public var name: String
    public var count: Int

    public init(name: String, count: Int) {
        self.name = name
        self.count = count
    }
}
