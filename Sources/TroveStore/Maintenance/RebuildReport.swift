/// What `ReminderStore.rebuildIndex()` did besides refilling the index.
public struct RebuildReport: Hashable, Sendable {
    /// Derived objects it dropped and made again from the schema, because they were missing
    /// or defined otherwise: `["reminders_fts"]` for an index made without its prefix indexes.
    public var recreated: [String]

    /// A report naming the objects that were recreated.
    public init(recreated: [String]) {
        self.recreated = recreated
    }
}
