/// A tag and how many reminders carry it, as `ReminderStore.tags()` returns them.
public struct TagSummary: Hashable, Sendable {
    /// The tag's name, as it spells it.
    public var name: String
    /// How many reminders carry it.
    public var count: Int

    /// A summary with these values; ``ReminderStore/tags()`` reads the real ones.
    public init(name: String, count: Int) {
        self.name = name
        self.count = count
    }
}
